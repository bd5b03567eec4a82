import type { CurrentUser, IncidentDetail } from '@arrendia/api-contract';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import { can } from '@arrendia/permissions';
import { Button, Card, CardTitle, LoadError, MutedText, RowActions, RowList, Skeleton, StatusBadge } from '@arrendia/ui';
import { useState } from 'react';
import { AssignIncidentDialog, CreateTaskDialog, IncidentCostDialog, IncidentNotesDialog, IncidentPriorityDialog, LinkTaskDialog } from './IncidentManageDialogs';
import { useIncidentTasks } from './useIncidents';

type Action = 'assign' | 'priority' | 'cost' | 'notes' | 'link' | 'create';

/** The maintenance tasks that answer the incident, with their date, state and provider. */
function IncidentTasks({ incidentId }: { incidentId: number }) {
  const tasks = useIncidentTasks(incidentId);
  if (tasks.isLoading) return <Skeleton height="2rem" />;
  if (tasks.isError) return <LoadError retry={tasks}>No se pudieron cargar las tareas de mantenimiento</LoadError>;
  if (!tasks.data?.length) return <MutedText>Sin tareas de mantenimiento</MutedText>;
  return (
    <RowList aria-label="Tareas de mantenimiento de la incidencia">
      {tasks.data.map((task) => (
        <li key={task.id}>
          <span>
            {task.title} · {formatDate(task.scheduledDate)}
            {task.provider ? ` · ${task.provider.name}` : ''}
          </span>
          <StatusBadge kind="maintenance" value={task.status} />
        </li>
      ))}
    </RowList>
  );
}

/**
 * 'Gestionar' (issue 33): the incident's handling from its page, for whoever manages incidents:
 * assign it, change its priority, record its final cost (as the property's expense for whoever
 * writes its money), its resolution notes, and link or create its maintenance task (for whoever
 * runs maintenance). Each action is a dialog; each change lands in the history.
 */
export function IncidentManageCard({ detail, user }: { detail: IncidentDetail; user: CurrentUser | null }) {
  const [open, setOpen] = useState<Action | null>(null);
  const role = user?.role?.roleName;
  const canRecordExpense = can(role, 'transactions:write');
  const canMaintain = can(role, 'maintenance:write');
  // Once the cost is the property's expense, only whoever writes its money may change it.
  const canCost = canRecordExpense || detail.expense === null;
  const close = () => setOpen(null);
  const action = (key: Action, label: string) => (
    <Button variant="outline" size="sm" onClick={() => setOpen(key)}>
      {label}
    </Button>
  );

  return (
    <Card as="section" aria-labelledby="incident-manage">
      <CardTitle as="h2" id="incident-manage">
        Gestionar
      </CardTitle>
      <RowActions>
        {action('assign', 'Asignar')}
        {action('priority', 'Cambiar prioridad')}
        {canCost && action('cost', 'Registrar coste final')}
        {action('notes', 'Notas de resolución')}
        {canMaintain && action('link', 'Vincular tarea de mantenimiento')}
        {canMaintain && action('create', 'Crear tarea de mantenimiento')}
      </RowActions>
      {detail.expense && (
        <p>
          Gasto de la propiedad: {formatEuros(detail.expense.amount)}, registrado el {formatDate(detail.expense.transactionDate)}
        </p>
      )}
      {canMaintain && (
        <>
          <CardTitle as="h3">Tareas de mantenimiento</CardTitle>
          <IncidentTasks incidentId={detail.incident.id} />
        </>
      )}
      {open === 'assign' && <AssignIncidentDialog detail={detail} onClose={close} />}
      {open === 'priority' && <IncidentPriorityDialog detail={detail} onClose={close} />}
      {open === 'cost' && <IncidentCostDialog detail={detail} onClose={close} canRecordExpense={canRecordExpense} />}
      {open === 'notes' && <IncidentNotesDialog detail={detail} onClose={close} />}
      {open === 'link' && <LinkTaskDialog detail={detail} onClose={close} />}
      {open === 'create' && <CreateTaskDialog detail={detail} onClose={close} />}
    </Card>
  );
}
