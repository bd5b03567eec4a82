import type { CurrentUser, PropertyListItem } from '@arrendia/api-contract';
import { formatEuros, formatNumber } from '@arrendia/locale-es';
import { Badge, CardDescription, CardList, CardTitle, ListState, MutedText, Skeleton, SpreadRow } from '@arrendia/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { DASHBOARD_PROPERTIES, useFirstProperties, usePropertyUnits } from './useDashboard';
import { DashboardSection } from './parts';

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding-bottom: ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const CardLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Units = styled.ul`
  list-style: none;
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li { display: flex; justify-content: space-between; gap: ${({ theme }) => theme.space.sm}; }
`;

const statusTone = (status: string) => (status === 'Alquilado' ? 'green' : status === 'Disponible' ? 'blue' : 'yellow');

function PropertyRow({ property }: { property: PropertyListItem }) {
  const { data: own } = usePropertyUnits(property.id);
  return (
    <Item>
      <SpreadRow>
        <CardLink to={`/properties/${property.id}`}>{property.propertyName}</CardLink>
        {property.isArchived ? <Badge>Archivada</Badge> : <Badge $tone="green">Activa</Badge>}
      </SpreadRow>
      <MutedText>
        {[property.addressStreet, property.addressNumber].filter(Boolean).join(' ')}, {property.city}
        {property.totalAreaM2 !== null && ` · ${formatNumber(property.totalAreaM2, Number(property.totalAreaM2) % 1 === 0 ? 0 : 2)} m²`}
      </MutedText>
      {own && own.length > 0 && (
        <Units aria-label={`Unidades de ${property.propertyName}`}>
          {own.map((unit) => (
            <li key={unit.id}>
              <span>{unit.unitName}</span>
              <span>
                <Badge $tone={statusTone(unit.currentStatus)}>{unit.currentStatus}</Badge> {unit.baseRentPrice ? `${formatEuros(unit.baseRentPrice)}/mes` : ''}
              </span>
            </li>
          ))}
        </Units>
      )}
      {own && own.length === 0 && <MutedText>Sin unidades</MutedText>}
    </Item>
  );
}

/** The first 3 properties with each unit's real status and rent; 'Ver N propiedades más' and the empty state (spec §2). */
export function PropertiesCard(_props: { user: CurrentUser | null }) {
  const properties = useFirstProperties();
  const { data } = properties;
  const more = data ? data.total - DASHBOARD_PROPERTIES : 0;
  return (
    <DashboardSection as="section" aria-labelledby="dashboard-properties">
      <CardTitle as="h2" id="dashboard-properties">
        Mis Propiedades
      </CardTitle>
      <ListState
        read={properties}
        variant="inline"
        loading="Cargando propiedades"
        skeleton={(busy) => (
          <CardList {...busy}>
            {Array.from({ length: DASHBOARD_PROPERTIES }, (_, i) => (
              <Item key={i}>
                <Skeleton width="50%" />
                <Skeleton width="70%" />
              </Item>
            ))}
          </CardList>
        )}
        error="No se pudieron cargar las propiedades"
        empty={data?.items.length === 0}
        whenEmpty={
          <>
            <CardDescription>No tienes propiedades</CardDescription>
            <CardLink to="/properties">Añadir Propiedad</CardLink>
          </>
        }
      >
        {(first) => (
          <>
            <CardList>
              {first.items.slice(0, DASHBOARD_PROPERTIES).map((property) => (
                <PropertyRow key={property.id} property={property} />
              ))}
            </CardList>
            {more > 0 && <CardLink to="/properties">{`Ver ${more} propiedades más`}</CardLink>}
          </>
        )}
      </ListState>
    </DashboardSection>
  );
}
