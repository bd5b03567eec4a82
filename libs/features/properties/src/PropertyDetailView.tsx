import type { PropertyDetail } from '@arrendia/api-contract';
import { errorStatus } from '@arrendia/api-client';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import { Badge, Button, Card, CardDescription, CardTitle, DetailGrid, FactList, LoadError, MutedText, PageHeader, RowList, Skeleton, StatusBadge, toast } from '@arrendia/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { isSessionGone } from '@arrendia/api-client';
import { PropertyFormDialog } from './PropertyFormDialog';
import { addressLine, ArchiveBadge, formatArea } from './propertyParts';
import { useArchiveProperty, usePropertyDetail } from './useProperties';

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

/** 'Editar': the property form in edit mode; saving refreshes this detail and the list. */
function EditButton({ property }: { property: PropertyDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Editar
      </Button>
      {open && <PropertyFormDialog open={open} onOpenChange={setOpen} property={property} />}
    </>
  );
}

/** /properties/:id: facts, units with status and rent, the active contract, incidents and transactions. */
export function PropertyDetailView() {
  const { id = '' } = useParams();
  const detail = usePropertyDetail(id);
  const { data: property, isPending, error } = detail;

  if (isPending) {
    return (
      <div aria-busy="true" aria-label="Cargando propiedad">
        <Skeleton height="2rem" width="40%" />
        <DetailGrid>
          {[0, 1, 2].map((i) => (
            <Card key={i}>
              <Skeleton />
              <Skeleton width="70%" />
            </Card>
          ))}
        </DetailGrid>
      </div>
    );
  }
  if (!property) {
    if (errorStatus(error) === 404 || errorStatus(error) === 400) {
      return (
        <Card as="section">
          <PageHeader title="Propiedad no encontrada" description="La propiedad que buscas no existe o no tienes acceso a ella." />
          <BackLink to="/properties">Volver a Propiedades</BackLink>
        </Card>
      );
    }
    // Any other failure may pass: the page says what it is and offers «Reintentar».
    return (
      <>
        <PageHeader title="Propiedad" />
        <LoadError retry={detail}>No se pudo cargar la propiedad</LoadError>
        <BackLink to="/properties">Volver a Propiedades</BackLink>
      </>
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
            <EditButton property={property} />
            <ArchiveButton property={property} />
          </>
        }
      />
      <DetailGrid>
        <Card as="section" aria-labelledby="property-facts">
          <CardTitle as="h2" id="property-facts">
            Datos
          </CardTitle>
          <FactList>
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
          </FactList>
        </Card>

        <Card as="section" aria-labelledby="property-units">
          <CardTitle as="h2" id="property-units">
            Unidades
          </CardTitle>
          {property.units.length === 0 ? (
            <CardDescription>Esta propiedad no tiene unidades.</CardDescription>
          ) : (
            <RowList>
              {property.units.map((unit) => (
                <li key={unit.id}>
                  <span>
                    {unit.unitName} {unit.areaM2 && <MutedText>· {formatArea(unit.areaM2)}</MutedText>}
                  </span>
                  <span>
                    <Badge $tone={unit.currentStatus === 'Alquilado' ? 'green' : unit.currentStatus === 'Disponible' ? 'blue' : 'yellow'}>{unit.currentStatus}</Badge>{' '}
                    {unit.baseRentPrice ? `${formatEuros(unit.baseRentPrice)}/mes` : <MutedText>Sin renta</MutedText>}
                  </span>
                </li>
              ))}
            </RowList>
          )}
        </Card>

        <Card as="section" aria-labelledby="property-contract">
          <CardTitle as="h2" id="property-contract">
            Contrato activo
          </CardTitle>
          {active ? (
            <RowList>
              <li>
                <Link to={`/contracts/${active.contract.id}`}>{active.contract.contractCode}</Link>
                <StatusBadge kind="contract" value={active.contract.status} />
              </li>
              <li>
                <span>{active.unit.unitName}</span>
                <span>{formatEuros(active.contract.rentAmount)}/mes</span>
              </li>
              <li>
                <MutedText>
                  {formatDate(active.contract.startDate)} – {formatDate(active.contract.endDate)}
                </MutedText>
              </li>
            </RowList>
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
            <RowList>
              {property.incidents.map(({ incident, unit }) => (
                <li key={incident.id}>
                  <span>
                    {incident.title} <MutedText>· {unit.unitName}</MutedText>
                  </span>
                  <StatusBadge kind="incident" value={incident.status} />
                </li>
              ))}
            </RowList>
          )}
        </Card>

        <Card as="section" aria-labelledby="property-transactions">
          <CardTitle as="h2" id="property-transactions">
            Movimientos
          </CardTitle>
          {property.recentTransactions.length === 0 ? (
            <CardDescription>Sin movimientos.</CardDescription>
          ) : (
            <RowList>
              {property.recentTransactions.map(({ transaction, category }) => (
                <li key={transaction.id}>
                  <span>
                    {transaction.description ?? category?.categoryName ?? transaction.type} <MutedText>· {formatDate(transaction.transactionDate)}</MutedText>
                  </span>
                  <Amount $negative={transaction.type === 'Gasto'}>
                    {transaction.type === 'Gasto' ? '-' : '+'}
                    {formatEuros(transaction.amount)}
                  </Amount>
                </li>
              ))}
            </RowList>
          )}
        </Card>
      </DetailGrid>
    </>
  );
}
