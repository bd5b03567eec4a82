import type { CurrentUser } from '@arrendia/api-contract';
import { can, canonicalRole, NEW_INCIDENT_PARAM } from '@arrendia/permissions';
import { Button, Card, CardDescription, CardTitle, LIST_SKELETONS, ListState, PageHeader, Skeleton } from '@arrendia/ui';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { IncidentCard } from './IncidentCard';
import { NewIncidentDialog } from './NewIncidentDialog';
import { useIncidents } from './useIncidents';

/** Spec §9: 5 loading placeholders for lists other than properties. */
export const INCIDENT_SKELETONS = LIST_SKELETONS;

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

/** /incidents: the user's incidents and the new-incident dialog. */
export function IncidentList({ user }: { user: CurrentUser | null }) {
  const incidents = useIncidents();
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
      {canReport && <NewIncidentDialog open={open} onOpenChange={setOpen} ownUnitsOnly={canonicalRole(user?.role?.roleName) === 'inquilino'} />}
      <ListState
        read={incidents}
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
        empty={!incidents.data?.length}
        whenEmpty={
          <Card>
            <CardTitle as="h2">No hay incidencias</CardTitle>
            <CardDescription>Cuando se reporte una incidencia aparecerá aquí.</CardDescription>
          </Card>
        }
      >
        {(data) => (
          <List>
            {data.map((item) => (
              <IncidentCard key={item.incident.id} item={item} canManage={canManage} onOpen={(id) => navigate(String(id))} />
            ))}
          </List>
        )}
      </ListState>
    </>
  );
}
