import type { PropertyDetail } from '@arrendia/api-contract';
import { errorStatus } from '@arrendia/api-client';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import { Badge, Button, Card, CardDescription, CardTitle, PageHeader, Skeleton, StatusBadge, toast } from '@arrendia/ui';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { isSessionGone } from './formErrors';
import { addressLine, ArchiveBadge, formatArea } from './propertyParts';
import { useArchiveProperty, usePropertyDetail } from './useProperties';

const Sections = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(320px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Rows = styled.ul`
  list-style: none;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    padding-bottom: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Amount = styled.span<{ $negative: boolean }>`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $negative }) => ($negative ? theme.colors.dangerText : theme.colors.successText)};
`;

const BackLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primaryText};
`;

function ArchiveButton({ property }: { property: PropertyDetail }) {
  const archive = useArchiveProperty(property.id);
  const next = !property.isArchived;
  const onClick = () =>
    archive.mutate(next, {
      onSuccess: () => toast({ title: next ? 'Propiedad archivada' : 'Propiedad restaurada', description: property.propertyName }),
      onError: (error) => {
        if (!isSessionGone(error)) toast({ title: 'Error', description: next ? 'No se pudo archivar la propiedad' : 'No se pudo restaurar la propiedad', variant: 'destructive' });
      },
    });
  return (
    <Button variant="outline" onClick={onClick} disabled={archive.isPending}>
      {archive.isPending ? 'Guardando...' : property.isArchived ? 'Restaurar' : 'Archivar'}
    </Button>
  );
}

/** /properties/:id: facts, units with status and rent, the active contract, incidents and transactions. */
export function PropertyDetailView() {
  const { id = '' } = useParams();
  const { data: property, isPending, error } = usePropertyDetail(id);

  if (isPending) {
    return (
      <div aria-busy="true" aria-label="Cargando propiedad">
        <Skeleton height="2rem" width="40%" />
        <Sections>
          {[0, 1, 2].map((i) => (
            <Card key={i}>
              <Skeleton />
              <Skeleton width="70%" />
            </Card>
          ))}
        </Sections>
      </div>
    );
  }
  if (!property) {
    const missing = errorStatus(error) === 404 || errorStatus(error) === 400;
    return (
      <Card as="section" role={missing ? undefined : 'alert'}>
        <PageHeader
          title={missing ? 'Propiedad no encontrada' : 'No se pudo cargar la propiedad'}
          description={missing ? 'La propiedad que buscas no existe o no tienes acceso a ella.' : 'Inténtalo de nuevo en unos minutos.'}
        />
        <BackLink to="/properties">Volver a Propiedades</BackLink>
      </Card>
    );
  }

  const active = property.contracts.find((c) => c.contract.status === 'Activo');
  return (
    <>
      <BackLink to="/properties">← Volver a Propiedades</BackLink>
      <PageHeader
        title={property.propertyName}
        description={addressLine(property)}
        actions={
          <>
            <ArchiveBadge isArchived={property.isArchived} />
            <ArchiveButton property={property} />
          </>
        }
      />
      <Sections>
        <Card as="section" aria-labelledby="property-facts">
          <CardTitle as="h2" id="property-facts">
            Datos
          </CardTitle>
          <Facts>
            <dt>Dirección</dt>
            <dd>{[property.addressStreet, property.addressNumber, property.addressDetails].filter(Boolean).join(' ')}</dd>
            <dt>Ciudad</dt>
            <dd>
              {property.postalCode} {property.city} ({property.province}), {property.country}
            </dd>
            <dt>Superficie</dt>
            <dd>{property.totalAreaM2 ? formatArea(property.totalAreaM2) : '—'}</dd>
            <dt>Año de construcción</dt>
            <dd>{property.buildYear ?? '—'}</dd>
            <dt>Referencia catastral</dt>
            <dd>{property.refCatastral ?? '—'}</dd>
            {property.notes && (
              <>
                <dt>Notas</dt>
                <dd>{property.notes}</dd>
              </>
            )}
          </Facts>
        </Card>

        <Card as="section" aria-labelledby="property-units">
          <CardTitle as="h2" id="property-units">
            Unidades
          </CardTitle>
          {property.units.length === 0 ? (
            <CardDescription>Esta propiedad no tiene unidades.</CardDescription>
          ) : (
            <Rows>
              {property.units.map((unit) => (
                <li key={unit.id}>
                  <span>
                    {unit.unitName} {unit.areaM2 && <Muted>· {formatArea(unit.areaM2)}</Muted>}
                  </span>
                  <span>
                    <Badge $tone={unit.currentStatus === 'Alquilado' ? 'green' : unit.currentStatus === 'Disponible' ? 'blue' : 'yellow'}>{unit.currentStatus}</Badge>{' '}
                    {unit.baseRentPrice ? `${formatEuros(unit.baseRentPrice)}/mes` : <Muted>Sin renta</Muted>}
                  </span>
                </li>
              ))}
            </Rows>
          )}
        </Card>

        <Card as="section" aria-labelledby="property-contract">
          <CardTitle as="h2" id="property-contract">
            Contrato activo
          </CardTitle>
          {active ? (
            <Rows>
              <li>
                <Link to={`/contracts/${active.contract.id}`}>{active.contract.contractCode}</Link>
                <StatusBadge kind="contract" value={active.contract.status} />
              </li>
              <li>
                <span>{active.unit.unitName}</span>
                <span>{formatEuros(active.contract.rentAmount)}/mes</span>
              </li>
              <li>
                <Muted>
                  {formatDate(active.contract.startDate)} – {formatDate(active.contract.endDate)}
                </Muted>
              </li>
            </Rows>
          ) : (
            <CardDescription>No hay ningún contrato activo.</CardDescription>
          )}
        </Card>

        <Card as="section" aria-labelledby="property-incidents">
          <CardTitle as="h2" id="property-incidents">
            Incidencias
          </CardTitle>
          {property.incidents.length === 0 ? (
            <CardDescription>Sin incidencias.</CardDescription>
          ) : (
            <Rows>
              {property.incidents.map(({ incident, unit }) => (
                <li key={incident.id}>
                  <span>
                    {incident.title} <Muted>· {unit.unitName}</Muted>
                  </span>
                  <StatusBadge kind="incident" value={incident.status} />
                </li>
              ))}
            </Rows>
          )}
        </Card>

        <Card as="section" aria-labelledby="property-transactions">
          <CardTitle as="h2" id="property-transactions">
            Movimientos
          </CardTitle>
          {property.recentTransactions.length === 0 ? (
            <CardDescription>Sin movimientos.</CardDescription>
          ) : (
            <Rows>
              {property.recentTransactions.map(({ transaction, category }) => (
                <li key={transaction.id}>
                  <span>
                    {transaction.description ?? category?.categoryName ?? transaction.type} <Muted>· {formatDate(transaction.transactionDate)}</Muted>
                  </span>
                  <Amount $negative={transaction.type === 'Gasto'}>
                    {transaction.type === 'Gasto' ? '-' : '+'}
                    {formatEuros(transaction.amount)}
                  </Amount>
                </li>
              ))}
            </Rows>
          )}
        </Card>
      </Sections>
    </>
  );
}
