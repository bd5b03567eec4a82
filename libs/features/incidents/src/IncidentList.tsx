import { INCIDENT_PRIORITIES, INCIDENT_STATUSES, type CurrentUser } from '@arrendia/api-contract';
import { can, canonicalRole, NEW_INCIDENT_PARAM } from '@arrendia/permissions';
import { Button, Card, CardDescription, CardTitle, LIST_SKELETONS, ListDateFilter, ListFilters, ListFilterSelect, ListSearch, ListSortSelect, PagedList, PageHeader, Skeleton } from '@arrendia/ui';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { IncidentCard } from './IncidentCard';
import { NewIncidentDialog } from './NewIncidentDialog';
import { useIncidentList, useProperties } from './useIncidents';

/** Spec §9: 5 loading placeholders for lists other than properties. */
export const INCIDENT_SKELETONS = LIST_SKELETONS;

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

/** The orders the list offers (api-contract INCIDENT_SORTS); its own is newest first. */
const INCIDENT_ORDERS = [
  { value: 'createdAt', label: 'Más antiguas primero' },
  { value: 'title', label: 'Título (A–Z)' },
  { value: '-updatedAt', label: 'Última actualización' },
] as const;

/** /incidents: the user's incidents, paged and filtered on the server, and the new-incident dialog. */
export function IncidentList({ user }: { user: CurrentUser | null }) {
  const incidents = useIncidentList();
  const isTenant = canonicalRole(user?.role?.roleName) === 'inquilino';
  // A tenant cannot read properties: its incidents are those of its own homes.
  const properties = useProperties(!isTenant);
  const { filters, setFilter } = incidents;
  // NEW_INCIDENT_PATH (the tenant's 'Reportar Incidencia') opens the form at once.
  const [search, setSearch] = useSearchParams();
  const [open, setOpenState] = useState(search.get(NEW_INCIDENT_PARAM) === '1');
  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (!next && search.has(NEW_INCIDENT_PARAM)) {
      search.delete(NEW_INCIDENT_PARAM);
      setSearch(search, { replace: true });
    }
  };
  const navigate = useNavigate();
  const canManage = can(user?.role?.roleName, 'incidents:manage');
  const canReport = can(user?.role?.roleName, 'incidents:report');

  return (
    <>
      <PageHeader
        title="Incidencias"
        description="Gestiona las incidencias reportadas en tus propiedades"
        actions={canReport && <Button onClick={() => setOpen(true)}>Nueva Incidencia</Button>}
      />
      {canReport && <NewIncidentDialog open={open} onOpenChange={setOpen} ownUnitsOnly={isTenant} />}
      <PagedList
        list={incidents}
        exportCsv
        noun="incidencias"
        loading="Cargando incidencias"
        skeleton={(busy) => (
          <List {...busy}>
            {Array.from({ length: INCIDENT_SKELETONS }, (_, i) => (
              <Card key={i} data-testid="incident-skeleton">
                <Skeleton width="40%" height="1.25rem" />
                <Skeleton width="70%" />
                <Skeleton height="3rem" />
              </Card>
            ))}
          </List>
        )}
        error="No se pudieron cargar las incidencias"
        filters={
          <ListFilters $columns="2fr repeat(3, 1fr)">
            <ListSearch label="Buscar incidencias" value={filters.q} onChange={(v) => setFilter('q', v)} />
            <ListFilterSelect label="Estado" value={filters.status} onChange={(v) => setFilter('status', v)} options={INCIDENT_STATUSES.map((value) => ({ value, label: value }))} />
            <ListFilterSelect label="Prioridad" allLabel="Todas" value={filters.priority} onChange={(v) => setFilter('priority', v)} options={INCIDENT_PRIORITIES.map((value) => ({ value, label: value }))} />
            {!isTenant && (
              <ListFilterSelect
                label="Propiedad"
                allLabel="Todas"
                value={filters.propertyId}
                onChange={(v) => setFilter('propertyId', v)}
                options={(properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }))}
              />
            )}
            <ListDateFilter label="Desde" value={filters.from} onChange={(v) => setFilter('from', v)} />
            <ListDateFilter label="Hasta" value={filters.to} onChange={(v) => setFilter('to', v)} />
            <ListSortSelect list={incidents} options={INCIDENT_ORDERS} />
          </ListFilters>
        }
        whenEmpty={
          <Card>
            <CardTitle as="h2">No hay incidencias</CardTitle>
            <CardDescription>Cuando se reporte una incidencia aparecerá aquí.</CardDescription>
          </Card>
        }
      >
        {(rows) => (
          <List>
            {rows.map((item) => (
              <IncidentCard key={item.incident.id} item={item} canManage={canManage} onOpen={(id) => navigate(String(id))} />
            ))}
          </List>
        )}
      </PagedList>
    </>
  );
}
