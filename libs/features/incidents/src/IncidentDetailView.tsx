import type { CurrentUser, IncidentHistoryEntry } from '@arrendia/api-contract';
import { errorStatus } from '@arrendia/api-client';
import { formatDateTime, formatEuros, personName } from '@arrendia/locale-es';
import { can } from '@arrendia/permissions';
import { Badge, Card, CardTitle, FactList, LoadError, PageHeader, Skeleton, StatusBadge } from '@arrendia/ui';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { reporterName } from './IncidentCard';
import { shortId } from './statusMoves';
import { UpdateStatusMenu } from './UpdateStatusMenu';
import { useIncident } from './useIncidents';
import { IncidentCommentsCard, IncidentPhotosCard } from './IncidentExtras';

const History = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding-left: ${({ theme }) => theme.space.lg};
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
`;

const ACTIONS: Record<string, string> = { create: 'Incidencia reportada', update: 'Incidencia actualizada', delete: 'Incidencia eliminada' };

/** One history line: who, when, and the status move when there was one. */
export function historyText(entry: IncidentHistoryEntry): string {
  const who = entry.user ? personName(entry.user) : 'Usuario eliminado';
  const what =
    entry.oldStatus && entry.newStatus && entry.oldStatus !== entry.newStatus
      ? `Estado: ${entry.oldStatus} → ${entry.newStatus}`
      : entry.action === 'update' && entry.changedFields.length
        ? `Cambios: ${entry.changedFields.join(', ')}`
        : (ACTIONS[entry.action] ?? entry.action);
  return `${formatDateTime(entry.changedAt)} · ${who} · ${what}`;
}

/** /incidents/:id: the incident's facts, its status moves, its history, its photos and its comments. */
export function IncidentDetailView({ user }: { user: CurrentUser | null }) {
  const { id = '' } = useParams();
  const detail = useIncident(id);
  const canManage = can(user?.role?.roleName, 'incidents:manage');
  const canReport = can(user?.role?.roleName, 'incidents:report');
  const back = <Link to="..">Volver a incidencias</Link>;

  if (detail.isLoading) {
    return (
      <Card aria-busy="true" aria-label="Cargando incidencia">
        <Skeleton width="50%" height="1.5rem" />
        <Skeleton height="4rem" />
      </Card>
    );
  }
  if (detail.isError || !detail.data) {
    // A 404 (or no incident at all) is for good; any other failure may pass, so it offers «Reintentar».
    const notFound = !detail.isError || errorStatus(detail.error) === 404;
    return (
      <>
        <PageHeader title={notFound ? 'Incidencia no encontrada' : 'Incidencia'} />
        {!notFound && <LoadError retry={detail}>No se pudo cargar la incidencia</LoadError>}
        {back}
      </>
    );
  }
  const { incident, unit, property, reporter, assignee, history } = detail.data;
  return (
    <>
      <PageHeader title={incident.title} description={`${unit.unitName} · ${property.propertyName} · #${shortId(incident.id)}`} actions={back} />
      <Card as="section" aria-labelledby="incident-facts">
        <Row>
          <CardTitle as="h2" id="incident-facts">
            Detalles
          </CardTitle>
          <StatusBadge kind="incident" value={incident.status} />
          <StatusBadge kind="priority" value={incident.priority} />
          <Badge $variant="accent">{incident.incidentCategory}</Badge>
        </Row>
        <p>{incident.description}</p>
        <FactList $layout="tiles">
          <div>
            <dt>Reportada</dt>
            <dd>{formatDateTime(incident.createdAt)}</dd>
          </div>
          <div>
            <dt>Reportada por</dt>
            <dd>{reporterName(reporter)}</dd>
          </div>
          <div>
            <dt>Asignada a</dt>
            <dd>{personName(assignee, 'Sin asignar')}</dd>
          </div>
          <div>
            <dt>Coste estimado</dt>
            <dd>{incident.costEstimate === null ? 'Sin estimar' : formatEuros(incident.costEstimate)}</dd>
          </div>
          <div>
            <dt>Coste final</dt>
            <dd>{incident.finalCost === null ? '—' : formatEuros(incident.finalCost)}</dd>
          </div>
          <div>
            <dt>Cerrada</dt>
            <dd>{incident.closedAt ? formatDateTime(incident.closedAt) : '—'}</dd>
          </div>
        </FactList>
        {incident.resolutionNotes && <p>{incident.resolutionNotes}</p>}
        {canManage && <UpdateStatusMenu incidentId={incident.id} status={incident.status} />}
      </Card>
      <Card as="section" aria-labelledby="incident-history">
        <CardTitle as="h2" id="incident-history">
          Historial
        </CardTitle>
        {history.length === 0 ? (
          <p>Sin cambios registrados</p>
        ) : (
          <History>
            {history.map((entry) => (
              <li key={entry.id}>{historyText(entry)}</li>
            ))}
          </History>
        )}
      </Card>
      <IncidentPhotosCard incidentId={incident.id} canAdd={canReport} />
      <IncidentCommentsCard incidentId={incident.id} canComment={canReport} />
    </>
  );
}
