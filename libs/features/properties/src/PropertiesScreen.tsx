import type { CurrentUser, PropertyListItem } from '@arrendia/api-contract';
import { can, canonicalRole } from '@arrendia/permissions';
import { AlertDialog, Button, ButtonLink, Card, CardDescription, CardFooter, CardTitle, ListFilters, ListFilterSelect, ListSearch, ListSortSelect, PagedList, PageHeader, Skeleton, SpreadRow, toast } from '@arrendia/ui';
import { useState } from 'react';
import { Link, Route, Routes, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { addressLine, ArchiveBadge, formatArea } from './propertyParts';
import { PropertyDetailView, type DocumentsSlot, type MovementsSlot, type TransactionActionsSlot } from './PropertyDetailView';
import { PropertyFormDialog } from './PropertyFormDialog';
import { useDeleteProperty, usePropertyList } from './useProperties';

/** Spec §9: 6 loading placeholders on the properties screen. */
export const PROPERTY_SKELETONS = 6;

export const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  list-style: none;
  padding: 0;
`;

const TitleRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;


function PropertyCard({ property, onDelete }: { property: PropertyListItem; onDelete: (p: PropertyListItem) => void }) {
  return (
    <li>
      <Card as="article" aria-labelledby={`property-${property.id}`}>
        <TitleRow>
          <CardTitle as="h2" id={`property-${property.id}`}>
            {property.propertyName}
          </CardTitle>
          <ArchiveBadge isArchived={property.isArchived} />
        </TitleRow>
        <CardDescription>{addressLine(property)}</CardDescription>
        {property.totalAreaM2 !== null && <CardDescription>{formatArea(property.totalAreaM2)}</CardDescription>}
        <CardFooter>
          <ButtonLink as={Link} $variant="outline" $size="sm" to={`/properties/${property.id}`} aria-label={`Ver Detalles de ${property.propertyName}`}>
            Ver Detalles
          </ButtonLink>
          <Button variant="ghost" size="sm" onClick={() => onDelete(property)} aria-label={`Eliminar ${property.propertyName}`}>
            Eliminar
          </Button>
        </CardFooter>
      </Card>
    </li>
  );
}

/** `?ownerId=` of 'Ver cartera' (the delegated owner's dashboard), when it is a valid id. */
function ownerFilter(search: URLSearchParams): number | undefined {
  const raw = search.get('ownerId');
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

const FilterNote = styled(Card)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

/** Agency staff and delegates create properties for an owner they choose ('Propietario'). */
const CREATES_FOR_OTHERS = ['admin_agencia', 'agente', 'propietario_delegado'];

/** The orders the list offers (api-contract PROPERTY_SORTS); its own is the newest first. */
const PROPERTY_ORDERS = [
  { value: 'createdAt', label: 'Más antiguas primero' },
  { value: 'propertyName', label: 'Nombre (A–Z)' },
  { value: '-propertyName', label: 'Nombre (Z–A)' },
  { value: 'city', label: 'Ciudad (A–Z)' },
] as const;

const ARCHIVED_OPTIONS = [
  { value: 'false', label: 'Activas' },
  { value: 'true', label: 'Archivadas' },
] as const;

function PropertiesList({ user }: { user: CurrentUser | null }) {
  const [search, setSearch] = useSearchParams();
  const ownerId = ownerFilter(search);
  const properties = usePropertyList(ownerId);
  const { filters, setFilter } = properties;
  const ownerName = (useLocation().state as { ownerName?: unknown } | null)?.ownerName;
  const [creating, setCreating] = useState(search.get('nueva') === '1');
  const [toDelete, setToDelete] = useState<PropertyListItem | null>(null);
  const remove = useDeleteProperty();

  const setOpen = (open: boolean) => {
    setCreating(open);
    if (!open && search.has('nueva')) {
      search.delete('nueva');
      setSearch(search, { replace: true });
    }
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast({ title: 'Propiedad eliminada', description: 'La propiedad ha sido eliminada exitosamente' }),
      onError: (error) => {
        if (isSessionGone(error)) return;
        const reason = serverMessage(error);
        toast({ title: 'Error', description: reason ? `No se pudo eliminar la propiedad. ${reason}` : 'No se pudo eliminar la propiedad', variant: 'destructive' });
      },
    });
    setToDelete(null);
  };

  return (
    <>
      <PageHeader title="Propiedades" description="Gestiona tu cartera de inmuebles." actions={<Button onClick={() => setOpen(true)}>Añadir Propiedad</Button>} />
      {ownerId !== undefined && (
        <FilterNote as="section" aria-label="Filtro de cartera">
          <SpreadRow>
            <span>{typeof ownerName === 'string' && ownerName ? `Cartera de ${ownerName}` : 'Cartera de un propietario'}</span>
            <ButtonLink as={Link} $variant="outline" $size="sm" to="/properties">
              Ver todas las propiedades
            </ButtonLink>
          </SpreadRow>
        </FilterNote>
      )}
      <PagedList
        list={properties}
        exportCsv
        noun="propiedades"
        loading="Cargando propiedades"
        skeleton={(busy) => (
          <Grid {...busy}>
            {Array.from({ length: PROPERTY_SKELETONS }, (_, i) => (
              <li key={i}>
                <Card>
                  <Skeleton height="1.5rem" width="60%" />
                  <Skeleton />
                  <Skeleton width="40%" />
                </Card>
              </li>
            ))}
          </Grid>
        )}
        error="No se pudieron cargar las propiedades"
        filters={
          <ListFilters $columns="2fr repeat(3, 1fr)">
            <ListSearch label="Buscar propiedades" placeholder="Nombre, calle o ciudad" value={filters.q} onChange={(v) => setFilter('q', v)} />
            <ListSearch label="Ciudad" value={filters.city} onChange={(v) => setFilter('city', v)} />
            <ListFilterSelect label="Estado" allLabel="Todas" value={filters.archived} onChange={(v) => setFilter('archived', v)} options={ARCHIVED_OPTIONS} />
            <ListSortSelect list={properties} options={PROPERTY_ORDERS} />
          </ListFilters>
        }
        whenEmpty={
          <Card as="section" aria-labelledby="properties-empty">
            <CardTitle as="h2" id="properties-empty">
              {ownerId === undefined ? 'No tienes propiedades' : 'Este propietario no tiene propiedades'}
            </CardTitle>
            <CardDescription>Añade tu primera propiedad para empezar a gestionar sus unidades, contratos e incidencias.</CardDescription>
            <CardFooter>
              <Button onClick={() => setOpen(true)}>Añadir tu primera propiedad</Button>
            </CardFooter>
          </Card>
        }
      >
        {(rows) => (
          <Grid aria-label="Propiedades">
            {rows.map((property) => (
              <PropertyCard key={property.id} property={property} onDelete={setToDelete} />
            ))}
          </Grid>
        )}
      </PagedList>
      <PropertyFormDialog
        open={creating}
        onOpenChange={setOpen}
        askOwner={CREATES_FOR_OTHERS.includes(canonicalRole(user?.role?.roleName) ?? '')}
        canInviteOwner={can(user?.role?.roleName, 'owners:invite')}
      />
      <AlertDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="¿Estás seguro de que quieres eliminar esta propiedad?"
        description={toDelete ? `${toDelete.propertyName}: se eliminarán también sus unidades. Esta acción no se puede deshacer.` : undefined}
        confirmLabel="Eliminar"
        destructive
        onConfirm={confirmDelete}
      />
    </>
  );
}

/**
 * /properties (spec §2): the card grid, paged, filtered and sorted on the server (issue 33), the
 * create dialog (also opened by /properties?nueva=1, the dashboards' quick action) and delete
 * behind a confirmation; /properties/:id the detail, whose movements are what the portal composes (`movements`: all of them, paged; else the latest, each
 * ending with `transactionActions`: 'Editar' and 'Eliminar'), and whose property and units show
 * their documents (`documents`: 'Documentos', 'Adjuntar documento').
 */
export function PropertiesScreen({
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
  return (
    <Routes>
      <Route index element={<PropertiesList user={user} />} />
      <Route path=":id" element={<PropertyDetailView user={user} transactionActions={transactionActions} movements={movements} documents={documents} />} />
    </Routes>
  );
}
