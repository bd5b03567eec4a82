import type { CurrentUser, DocumentRecord, IncidentHistoryEntry } from '@arrendia/api-contract';
import { errorStatus } from '@arrendia/api-client';
import { formatDateTime, formatEuros, personName } from '@arrendia/locale-es';
import { can } from '@arrendia/permissions';
import { Badge, Card, CardTitle, FactList, LoadError, PageHeader, Skeleton, StatusBadge } from '@arrendia/ui';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { reporterName } from './IncidentCard';
import { shortId } from './statusMoves';
import { UpdateStatusMenu } from './UpdateStatusMenu';
import { useIncident } from './useIncidents';
import { IncidentCommentsCard, IncidentPhotosCard } from './IncidentExtras';
import { IncidentManageCard } from './IncidentManageCard';

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

/** What a changed field is called in the history (closedAt goes with its status move; the two assignees are one 'asignación'). */
const FIELD_LABELS: Record<string, string | null> = {
  status: 'estado',
  closedAt: null,
  priority: 'prioridad',
  assignedToUserId: 'asignación',
  assignedProviderId: 'asignación',
  finalCost: 'coste final',
  expenseTransactionId: 'registrado como gasto de la propiedad',
  resolutionNotes: 'notas de resolución',
  maintenanceTaskId: 'tarea de mantenimiento vinculada',
};

/** One history line: who, when, and the status move when there was one, else what changed (or the task created for it). */
export function historyText(entry: IncidentHistoryEntry): string {
  const who = entry.user ? personName(entry.user) : 'Usuario eliminado';
  const changed = [...new Set(entry.changedFields.map((field) => (field in FIELD_LABELS ? FIELD_LABELS[field] : field)).filter(Boolean))];
  const what = entry.task
    ? `Tarea de mantenimiento creada: «${entry.task.title}»`
    : entry.oldStatus && entry.newStatus && entry.oldStatus !== entry.newStatus
      ? `Estado: ${entry.oldStatus} → ${entry.newStatus}`
      : entry.action === 'update' && changed.length
        ? `Cambios: ${changed.join(', ')}`
        : (ACTIONS[entry.action] ?? entry.action);
  return `${formatDateTime(entry.changedAt)} · ${who} · ${what}`;
}

/** A record's 'Documentos' as the portal composes it (feature-documents RecordDocuments, issue 33). */
export type DocumentsSlot = (record: DocumentRecord) => ReactNode;

/** /incidents/:id: the incident's facts, its status moves, its history, its photos, its comments and (`documents`) its documents. */
export function IncidentDetailView({ user, documents }: { user: CurrentUser | null; documents?: DocumentsSlot }) {
  const { id = '' } = useParams();
  const detail = useIncident(id);
  const canManage = can(user?.role?.roleName, 'incidents:manage');
  const canReport = can(user?.role?.roleName, 'incidents:report');
  const back = <Link to="..">Volver a incidencias</Link>;

  if (detail.isLoading) {
    return (
      <Card role="group" aria-busy="true" aria-label="Cargando incidencia">
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
  const { incident, unit, property, reporter, assignee, assignedProvider, history } = detail.data;
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
            <dd>{assignedProvider ? `${assignedProvider.name} (proveedor)` : personName(assignee, 'Sin asignar')}</dd>
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
      {canManage && <IncidentManageCard detail={detail.data} user={user} />}
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
      {documents?.({ relatedEntityType: 'incident', relatedEntityId: incident.id, label: incident.title, canAttach: canManage })}
    </>
  );
}
