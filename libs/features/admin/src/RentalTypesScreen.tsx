import { RENTAL_UNIT_WORDS, type CurrentUser, type RentalBuilding, type RentalKind, type RentalTypes, type UnitStatus } from '@arrendia/api-contract';
import { formatEuros, formatNumber, formatPercent } from '@arrendia/locale-es';
import { ROUTE_TITLES } from '@arrendia/remote-contract';
import { Badge, Card, CardDescription, CardTitle, DataTable, LoadError, MetricCard, MetricGrid, MutedText, PageHeader, SkeletonCard, SpreadRow, type StatusTone, TableScroll } from '@arrendia/ui';
import styled from 'styled-components';
import { Section } from './Section';
import { StyledLines } from './styles';
import { useRentalTypes } from './useAdmin';

/** What each screen calls its units and its buildings. */
const WORDS: Readonly<Record<RentalKind, { title: string; intro: string; units: string; occupied: string; buildings: string; empty: string }>> = {
  apartments: {
    title: ROUTE_TITLES['/apartments-management'],
    intro: 'Viviendas completas de toda la plataforma: ocupación por edificio y el plan que corresponde a la cartera.',
    units: 'Apartamentos',
    occupied: 'Ocupados',
    buildings: 'Ocupación por edificio',
    empty: 'Todavía no hay apartamentos en la plataforma',
  },
  rooms: {
    title: ROUTE_TITLES['/rooms-management'],
    intro: 'Habitaciones de pisos compartidos de toda la plataforma: cada piso, cada habitación y su inquilino, y el plan que corresponde a la cartera.',
    units: 'Habitaciones',
    occupied: 'Ocupadas',
    buildings: 'Pisos compartidos',
    empty: 'Todavía no hay habitaciones en pisos compartidos',
  },
};

const UNIT_STATUS_TONES: Readonly<Record<UnitStatus, StatusTone>> = { Alquilado: 'green', Reservado: 'blue', Disponible: 'grey', 'En mantenimiento': 'yellow' };

const StyledTrack = styled.div`
  height: 8px;
  min-width: 96px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
`;

const StyledFill = styled.div<{ $tone: StatusTone }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $tone }) => theme.tones[$tone].text};
`;

const StyledStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  margin: ${({ theme }) => theme.space.xl} 0;
`;

const StyledPrice = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

/** A bar of `value` out of `max` with its text beside it; a progressbar with its aria values. */
function Meter({ label, value, max, text, tone }: { label: string; value: number; max: number; text: string; tone: StatusTone }) {
  const width = max === 0 ? 0 : Math.min(100, (100 * value) / max);
  return (
    <StyledLines>
      <StyledTrack role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={Math.min(value, max)} aria-valuetext={text}>
        <StyledFill $tone={tone} style={{ width: `${width}%` }} />
      </StyledTrack>
      <MutedText>{text}</MutedText>
    </StyledLines>
  );
}

/** Occupancy of a building or the portfolio: green from 80 %, yellow from 50 %, red below. */
const occupancyTone = (rate: number): StatusTone => (rate >= 80 ? 'green' : rate >= 50 ? 'yellow' : 'red');

function OccupancyMeter({ name, figures }: { name: string; figures: Pick<RentalBuilding, 'units' | 'occupied' | 'occupancyRate'> }) {
  return (
    <Meter
      label={`Ocupación de ${name}`}
      value={figures.occupancyRate}
      max={100}
      text={`${figures.occupied} de ${figures.units} · ${formatPercent(figures.occupancyRate)}`}
      tone={occupancyTone(figures.occupancyRate)}
    />
  );
}

function ApartmentsTable({ buildings }: { buildings: RentalBuilding[] }) {
  return (
    <TableScroll aria-label="Tabla de edificios">
      <DataTable aria-labelledby="rental-buildings">
        <thead>
          <tr>
            <th scope="col">Edificio</th>
            <th scope="col">Ciudad</th>
            <th scope="col" data-align="end">
              Apartamentos
            </th>
            <th scope="col" data-align="end">
              Ocupados
            </th>
            <th scope="col">Ocupación</th>
          </tr>
        </thead>
        <tbody>
          {buildings.map((b) => (
            <tr key={b.propertyId}>
              <th scope="row">{b.propertyName}</th>
              <td>{b.city}</td>
              <td data-align="end">{b.units}</td>
              <td data-align="end">{b.occupied}</td>
              <td>
                <OccupancyMeter name={b.propertyName} figures={b} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </TableScroll>
  );
}

/** One shared flat: its occupancy and each room with its state, tenant and rent. */
function SharedFlat({ building }: { building: RentalBuilding }) {
  const id = `flat-${building.propertyId}`;
  return (
    <Card as="article" aria-labelledby={id}>
      <SpreadRow>
        <div>
          <CardTitle id={id}>{building.propertyName}</CardTitle>
          <MutedText>{building.city}</MutedText>
        </div>
        <OccupancyMeter name={building.propertyName} figures={building} />
      </SpreadRow>
      <TableScroll aria-label={`Tabla de habitaciones de ${building.propertyName}`}>
        <DataTable aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">Habitación</th>
              <th scope="col">Estado</th>
              <th scope="col">Inquilino</th>
              <th scope="col" data-align="end">
                Renta
              </th>
            </tr>
          </thead>
          <tbody>
            {building.rooms?.map((room) => (
              <tr key={room.unitId}>
                <th scope="row">{room.name}</th>
                <td>
                  <Badge $tone={UNIT_STATUS_TONES[room.status]} data-tone={UNIT_STATUS_TONES[room.status]}>
                    {room.status}
                  </Badge>
                </td>
                <td>{room.tenantName ?? <MutedText>Sin inquilino</MutedText>}</td>
                <td data-align="end">{formatEuros(room.rent)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </TableScroll>
    </Card>
  );
}

/** The plans of spec §9 against the real count: how much of each limit the portfolio uses, and the plan it fits. */
function PlanCards({ data }: { data: RentalTypes }) {
  const noun = RENTAL_UNIT_WORDS[data.kind].plural;
  const count = data.totals.units;
  return (
    <Section id="rental-plans" title="Planes">
      <CardDescription>
        La plataforma tiene {formatNumber(count)} {noun}: el plan que le corresponde es {data.currentPlan}.
      </CardDescription>
      <MetricGrid>
        {data.plans.map((plan) => (
          <Card key={plan.name} as="article" aria-labelledby={`plan-${plan.name}`}>
            <SpreadRow>
              <CardTitle id={`plan-${plan.name}`}>{plan.name}</CardTitle>
              {plan.name === data.currentPlan && <Badge $tone="green">Se ajusta a la cartera</Badge>}
              {!plan.fits && <Badge $tone="red">Supera el límite</Badge>}
              {plan.highlight && <Badge $variant="accent">{plan.highlight}</Badge>}
            </SpreadRow>
            <StyledPrice>{`${plan.price} €/mes`}</StyledPrice>
            {plan.limit === null ? (
              <MutedText>
                {formatNumber(count)} {noun} · sin límite
              </MutedText>
            ) : (
              <Meter label={`Uso del plan ${plan.name}`} value={count} max={plan.limit} text={`${formatNumber(count)} de ${formatNumber(plan.limit)} ${noun}`} tone={plan.fits ? 'green' : 'red'} />
            )}
          </Card>
        ))}
      </MetricGrid>
    </Section>
  );
}

/**
 * The super admin's portfolio of one rental type (GET /api/admin/rental-types): totals, occupancy
 * per building (for rooms, each shared flat with its rooms, their state and tenant) and the plans
 * of spec §9 with the real count against each limit.
 */
export function RentalTypesScreen({ kind }: { kind: RentalKind; user?: CurrentUser | null }) {
  const words = WORDS[kind];
  const rentalTypes = useRentalTypes(kind);
  const { data, isError } = rentalTypes;
  const totals = data?.totals;
  return (
    <>
      <PageHeader title={words.title} description={words.intro} />
      {isError && <LoadError retry={rentalTypes}>No se pudo cargar la cartera</LoadError>}
      {!isError && (
        <MetricGrid aria-label="Totales">
          <MetricCard label="Edificios" value={totals ? formatNumber(totals.buildings) : null} />
          <MetricCard label={words.units} value={totals ? formatNumber(totals.units) : null} />
          <MetricCard label={words.occupied} value={totals ? formatNumber(totals.occupied) : null} />
          <MetricCard label="Ocupación" value={totals ? formatPercent(totals.occupancyRate) : null} />
        </MetricGrid>
      )}
      <StyledStack>
        {!data && !isError && <SkeletonCard label="Cargando edificios" />}
        {data && (
          <Section id="rental-buildings" title={words.buildings}>
            {data.buildings.length === 0 ? (
              <CardDescription>{words.empty}</CardDescription>
            ) : kind === 'apartments' ? (
              <ApartmentsTable buildings={data.buildings} />
            ) : (
              data.buildings.map((b) => <SharedFlat key={b.propertyId} building={b} />)
            )}
          </Section>
        )}
        {data && <PlanCards data={data} />}
      </StyledStack>
    </>
  );
}

/** 'Gestión de Apartamentos': whole dwellings. */
export function ApartmentsManagementScreen({ user }: { user: CurrentUser | null }) {
  return <RentalTypesScreen kind="apartments" user={user} />;
}

/** 'Gestión de Habitaciones': rooms of shared flats. */
export function RoomsManagementScreen({ user }: { user: CurrentUser | null }) {
  return <RentalTypesScreen kind="rooms" user={user} />;
}
