import { LISTING_MESSAGES, UNIT_STATUSES, UNIT_TYPE_NAMES, type CurrentUser, type DocumentRecord, type PropertyDetail, type PropertyUnit, type TransactionListItem } from '@arrendia/api-contract';
import { errorStatus } from '@arrendia/api-client';
import { formatDate, formatEuros, personName } from '@arrendia/locale-es';
import { can, canonicalRole } from '@arrendia/permissions';
import {
  AlertDialog,
  Badge,
  Button,
  Card,
  CardDescription,
  CardTitle,
  DetailGrid,
  FactList,
  ListFilters,
  ListFilterSelect,
  ListSearch,
  ListSortSelect,
  LoadError,
  MutedRow,
  MutedText,
  PagedList,
  PageHeader,
  RowActions,
  RowList,
  Select,
  Skeleton,
  SpreadRow,
  StatusBadge,
  toast,
} from '@arrendia/ui';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { PropertyAgencyFact } from './PropertyAgency';
import { PropertyFormDialog } from './PropertyFormDialog';
import { addressLine, ArchiveBadge, formatArea, unitTypeLabel } from './propertyParts';
import { ListingFormDialog } from './ListingFormDialog';
import { UnitFormDialog } from './UnitFormDialog';
import { useUpdateListing, useWithdrawListing } from './useListings';
import { useArchiveProperty, usePropertyDetail, usePropertyUnitList } from './useProperties';
import { usePropertyAgents } from '@arrendia/api-client';
import { useAssignAgent, useUpdateUnit } from './useUnits';

const Amount = styled.span<{ $negative: boolean }>`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $negative }) => ($negative ? theme.colors.dangerText : theme.colors.successText)};
`;

/** A movement's amount, and after it the actions a portal adds. */
const MovementEnd = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
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

const UnitText = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`;

/** 'Sin agente' in the select (its items cannot carry ''): sent as null. */
const NO_AGENT = 'sin-agente';

/**
 * 'Agente asignado': who of the managing agency is in charge of the property. Its manager (and the
 * super admin) choose among the agency's active agents; the choice is saved at once.
 */
function AgentSelect({ property, labelledBy }: { property: PropertyDetail; labelledBy: string }) {
  const agents = usePropertyAgents(property.id, true);
  const assign = useAssignAgent(property.id);
  const current = property.assignedAgent;
  // The assigned agent is offered even before (or without) the list, so the select can name it.
  const people = [...(current && !agents.data?.some((a) => a.id === current.id) ? [current] : []), ...(agents.data ?? [])];
  const onValueChange = (value: string) => {
    const agentUserId = value === NO_AGENT ? null : Number(value);
    if (agentUserId === (current?.id ?? null)) return;
    assign.mutate(agentUserId, {
      onSuccess: (agent) => toast(agent ? { title: 'Agente asignado', description: personName(agent) } : { title: 'Agente retirado', description: property.propertyName }),
      onError: (error) => {
        if (!isSessionGone(error)) toast({ title: 'Error', description: serverMessage(error) ?? 'No se pudo asignar el agente', variant: 'destructive' });
      },
    });
  };
  return (
    <Select
      aria-labelledby={labelledBy}
      value={current ? String(current.id) : NO_AGENT}
      onValueChange={onValueChange}
      disabled={assign.isPending}
      options={[{ value: NO_AGENT, label: 'Sin agente' }, ...people.map((p) => ({ value: String(p.id), label: personName(p) }))]}
    />
  );
}

/** The tones of a unit's status: rented green, free blue, reserved or in maintenance yellow. */
const unitTone = (status: PropertyUnit['currentStatus']) => (status === 'Alquilado' ? 'green' : status === 'Disponible' ? 'blue' : 'yellow');

/**
 * A unit's advert (issue 32, point 5): published, 'Editar anuncio' and 'Retirar anuncio' (asked
 * first); withdrawn, 'Editar anuncio' and 'Publicar de nuevo' while nothing forbids it.
 */
function ListingActions({ unit, listing, property, onListing }: { unit: PropertyUnit; listing: NonNullable<PropertyUnit['listing']>; property: PropertyDetail; onListing: (unit: PropertyUnit) => void }) {
  const withdraw = useWithdrawListing(property.id, listing.id);
  const republish = useUpdateListing(property.id, listing.id);
  const failed = (error: unknown, fallback: string) => {
    if (!isSessionGone(error)) toast({ title: 'Error', description: serverMessage(error) ?? fallback, variant: 'destructive' });
  };
  const onWithdraw = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => toast({ title: 'Anuncio retirado', description: unit.unitName }),
      onError: (error) => failed(error, 'No se pudo retirar el anuncio'),
    });
  const onRepublish = () =>
    republish.mutate(
      { isPublished: true },
      {
        onSuccess: () => toast({ title: 'Anuncio publicado', description: unit.unitName }),
        onError: (error) => failed(error, 'No se pudo publicar el anuncio'),
      },
    );
  // Why it cannot go back to the catalogue, if it cannot (the API's 409s).
  const blocked = unit.activeContract ? LISTING_MESSAGES.rented : property.isArchived ? LISTING_MESSAGES.archived : undefined;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => onListing(unit)} aria-label={`Editar anuncio de ${unit.unitName}`}>
        Editar anuncio
      </Button>
      {listing.isPublished ? (
        <AlertDialog
          trigger={
            <Button size="sm" variant="ghost" disabled={withdraw.isPending} aria-label={`Retirar anuncio de ${unit.unitName}`}>
              {withdraw.isPending ? 'Retirando...' : 'Retirar anuncio'}
            </Button>
          }
          title={`¿Retirar el anuncio de ${unit.unitName}?`}
          description="Dejará de verse en el catálogo público. El anuncio, sus fotos y sus contactos se conservan y puedes publicarlo de nuevo."
          confirmLabel="Retirar anuncio"
          destructive
          onConfirm={onWithdraw}
        />
      ) : (
        <Button size="sm" variant="ghost" onClick={onRepublish} disabled={republish.isPending || blocked !== undefined} title={blocked} aria-label={`Publicar de nuevo el anuncio de ${unit.unitName}`}>
          {republish.isPending ? 'Publicando...' : 'Publicar de nuevo'}
        </Button>
      )}
    </>
  );
}

/** One unit: what it is, its rent, status, occupancy and advert; 'Editar' and 'Archivar' / 'Restaurar', the advert's actions. */
function UnitRow({
  unit,
  property,
  onEdit,
  onListing,
  editable,
  documents,
}: {
  unit: PropertyUnit;
  property: PropertyDetail;
  onEdit: (unit: PropertyUnit) => void;
  onListing: (unit: PropertyUnit) => void;
  editable: boolean;
  documents?: DocumentsSlot;
}) {
  const update = useUpdateUnit(property.id, unit.id);
  const archiving = unit.isActive;
  const toggleArchive = () =>
    update.mutate(
      { isActive: !archiving },
      {
        onSuccess: () => toast({ title: archiving ? 'Unidad archivada' : 'Unidad restaurada', description: unit.unitName }),
        onError: (error) => {
          if (isSessionGone(error)) return;
          toast({ title: 'Error', description: serverMessage(error) ?? (archiving ? 'No se pudo archivar la unidad' : 'No se pudo restaurar la unidad'), variant: 'destructive' });
        },
      },
    );
  return (
    <li>
      <UnitText>
        <span>
          {unit.unitName} <MutedText>· {[unitTypeLabel(unit.unitType.typeName), unit.areaM2 && formatArea(unit.areaM2)].filter(Boolean).join(' · ')}</MutedText>
        </span>
        <MutedRow>
          {!unit.isActive && <Badge>Archivada</Badge>}
          <Badge $tone={unitTone(unit.currentStatus)}>{unit.currentStatus}</Badge>
          <span>{unit.baseRentPrice ? `${formatEuros(unit.baseRentPrice)}/mes` : 'Sin renta'}</span>
          {unit.activeContract ? <Link to={`/contracts/${unit.activeContract.id}`}>Contrato {unit.activeContract.contractCode}</Link> : <span>Libre</span>}
          {unit.listing && <Badge $tone={unit.listing.isPublished ? 'green' : 'yellow'}>{unit.listing.isPublished ? 'Publicado' : 'Anuncio retirado'}</Badge>}
          {/* The public site's page: a plain link, it is not a route of this app. */}
          {unit.listing?.isPublished && (
            <a href={`/property/${unit.listing.id}`} aria-label={`Ver anuncio de ${unit.unitName}`}>
              Ver anuncio
            </a>
          )}
          {/* A unit has no page of its own: its documents open from its row. */}
          {documents?.({ relatedEntityType: 'unit', relatedEntityId: unit.id, label: `${property.propertyName} · ${unit.unitName}`, canAttach: editable }, 'button')}
        </MutedRow>
      </UnitText>
      {editable && (
        <RowActions>
          <Button size="sm" variant="outline" onClick={() => onEdit(unit)} aria-label={`Editar ${unit.unitName}`}>
            Editar
          </Button>
          <Button size="sm" variant="ghost" onClick={toggleArchive} disabled={update.isPending} aria-label={`${archiving ? 'Archivar' : 'Restaurar'} ${unit.unitName}`}>
            {update.isPending ? 'Guardando...' : archiving ? 'Archivar' : 'Restaurar'}
          </Button>
          {unit.isActive && unit.listing && <ListingActions unit={unit} listing={unit.listing} property={property} onListing={onListing} />}
          {unit.isActive && !unit.listing && !unit.activeContract && (
            <Button
              size="sm"
              onClick={() => onListing(unit)}
              disabled={property.isArchived}
              title={property.isArchived ? LISTING_MESSAGES.archived : undefined}
              aria-label={`Publicar anuncio de ${unit.unitName}`}
            >
              Publicar anuncio
            </Button>
          )}
        </RowActions>
      )}
    </li>
  );
}

/** The orders 'Unidades' offers (api-contract PROPERTY_UNIT_SORTS); its own is the active units first, in the order they were added. */
const UNIT_ORDERS = [
  { value: 'unitName', label: 'Nombre (A–Z)' },
  { value: 'baseRentPrice', label: 'Renta más baja primero' },
  { value: '-baseRentPrice', label: 'Renta más alta primero' },
  { value: '-areaM2', label: 'Superficie mayor primero' },
] as const;

const UNIT_ARCHIVED_OPTIONS = [
  { value: 'false', label: 'Solo activas' },
  { value: 'true', label: 'Solo archivadas' },
] as const;

/**
 * 'Unidades': the property's units, paged, filtered and sorted on the server (issue 33), the active
 * ones first, with 'Añadir unidad' while the property is not archived.
 */
function UnitsCard({ property, editable, documents }: { property: PropertyDetail; editable: boolean; documents?: DocumentsSlot }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PropertyUnit | null>(null);
  const units = usePropertyUnitList(property.id);
  const { filters, setFilter } = units;
  // The unit whose advert is being published or edited: read from the list, so that it follows its refetches.
  const [listingUnitId, setListingUnitId] = useState<number | null>(null);
  const listingUnit = units.rows.find((unit) => unit.id === listingUnitId);
  return (
    <Card as="section" aria-labelledby="property-units">
      <SpreadRow>
        <CardTitle as="h2" id="property-units">
          Unidades
        </CardTitle>
        {editable && !property.isArchived && (
          <Button size="sm" onClick={() => setAdding(true)}>
            Añadir unidad
          </Button>
        )}
      </SpreadRow>
      <PagedList
        list={units}
        exportCsv
        noun="unidades"
        variant="inline"
        loading="Cargando unidades"
        error="No se pudieron cargar las unidades"
        filters={
          <ListFilters $columns="2fr repeat(4, 1fr)">
            <ListSearch label="Buscar unidades" value={filters.q} onChange={(v) => setFilter('q', v)} />
            <ListFilterSelect label="Estado" value={filters.status} onChange={(v) => setFilter('status', v)} options={UNIT_STATUSES.map((value) => ({ value, label: value }))} />
            <ListFilterSelect label="Tipo" value={filters.type} onChange={(v) => setFilter('type', v)} options={UNIT_TYPE_NAMES.map((value) => ({ value, label: unitTypeLabel(value) }))} />
            <ListFilterSelect label="Mostrar" allLabel="Todas" value={filters.archived} onChange={(v) => setFilter('archived', v)} options={UNIT_ARCHIVED_OPTIONS} />
            <ListSortSelect list={units} options={UNIT_ORDERS} />
          </ListFilters>
        }
        whenEmpty={<CardDescription>Esta propiedad no tiene unidades.</CardDescription>}
      >
        {(rows) => (
          <RowList aria-label={`Unidades de ${property.propertyName}`}>
            {rows.map((unit) => (
              <UnitRow key={unit.id} unit={unit} property={property} onEdit={setEditing} onListing={(u) => setListingUnitId(u.id)} editable={editable} documents={documents} />
            ))}
          </RowList>
        )}
      </PagedList>
      <UnitFormDialog open={adding} onOpenChange={setAdding} propertyId={property.id} />
      {editing && <UnitFormDialog open onOpenChange={(open) => !open && setEditing(null)} propertyId={property.id} unit={editing} />}
      {listingUnit && <ListingFormDialog open onOpenChange={(open) => !open && setListingUnitId(null)} property={property} unit={listingUnit} />}
    </Card>
  );
}

/** What a portal puts at the end of each of the detail's movements ('Editar' and 'Eliminar', issue 33). */
export type TransactionActionsSlot = (item: TransactionListItem) => ReactNode;

/** Every movement of the property, paged, as the portal composes it (feature-finances PropertyMovements, issue 33), instead of the detail's latest ones. */
export type MovementsSlot = (propertyId: number) => ReactNode;

/** A record's 'Documentos' as the portal composes it (feature-documents RecordDocuments, issue 33): a section, or a row's button. */
export type DocumentsSlot = (record: DocumentRecord, placement?: 'section' | 'button') => ReactNode;

/** /properties/:id: facts, units with status and rent (each with its documents), the active contract, incidents, transactions and documents. */
export function PropertyDetailView({
  user,
  transactionActions,
  movements,
  documents,
}: {
  user: CurrentUser | null;
  transactionActions?: TransactionActionsSlot;
  movements?: MovementsSlot;
  documents?: DocumentsSlot;
}) {
  const { id = '' } = useParams();
  const detail = usePropertyDetail(id);
  const { data: property, isPending, error } = detail;

  if (isPending) {
    return (
      <div role="group" aria-busy="true" aria-label="Cargando propiedad">
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
  // An agent edits only the properties in its charge (the API's rule); its agency's others it reads.
  const editable = canonicalRole(user?.role?.roleName) !== 'agente' || property.assignedAgent?.id === user?.id;
  return (
    <>
      <BackLink to="/properties">← Volver a Propiedades</BackLink>
      <PageHeader
        title={property.propertyName}
        description={addressLine(property)}
        actions={
          <>
            <ArchiveBadge isArchived={property.isArchived} />
            {editable && (
              <>
                <EditButton property={property} />
                <ArchiveButton property={property} />
              </>
            )}
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
            <dt>Agencia gestora</dt>
            <dd>
              <PropertyAgencyFact property={property} manageable={can(user?.role?.roleName, 'properties:agency')} />
            </dd>
            <dt id="property-agent">Agente asignado</dt>
            <dd>
              {can(user?.role?.roleName, 'properties:assign') && property.managerAgencyId !== null ? (
                <AgentSelect property={property} labelledBy="property-agent" />
              ) : property.assignedAgent ? (
                personName(property.assignedAgent)
              ) : (
                'Sin agente asignado'
              )}
            </dd>
            {property.notes && (
              <>
                <dt>Notas</dt>
                <dd>{property.notes}</dd>
              </>
            )}
          </FactList>
        </Card>

        <UnitsCard property={property} editable={editable} documents={documents} />

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
          {movements ? (
            movements(property.id)
          ) : property.recentTransactions.length === 0 ? (
            <CardDescription>Sin movimientos.</CardDescription>
          ) : (
            <RowList>
              {property.recentTransactions.map((item) => {
                const { transaction, category } = item;
                return (
                  <li key={transaction.id}>
                    <span>
                      {transaction.description ?? category?.categoryName ?? transaction.type} <MutedText>· {formatDate(transaction.transactionDate)}</MutedText>
                    </span>
                    <MovementEnd>
                      <Amount $negative={transaction.type === 'Gasto'}>
                        {transaction.type === 'Gasto' ? '-' : '+'}
                        {formatEuros(transaction.amount)}
                      </Amount>
                      {transactionActions?.(item)}
                    </MovementEnd>
                  </li>
                );
              })}
            </RowList>
          )}
        </Card>

        {documents?.({ relatedEntityType: 'property', relatedEntityId: property.id, label: property.propertyName, canAttach: editable })}
      </DetailGrid>
    </>
  );
}
