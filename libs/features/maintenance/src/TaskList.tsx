import { MAINTENANCE_TASK_STATUSES, type MaintenanceTask, type MaintenanceTaskStatus } from '@arrendia/api-contract';
import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import {
  AlertDialog,
  Badge,
  Button,
  Card,
  CardList,
  CardTitle,
  FactList,
  ListDateFilter,
  ListFilters,
  ListFilterSelect,
  ListSearch,
  ListSortSelect,
  PagedList,
  RowActions,
  SpreadRow,
  StatusBadge,
  useToast,
} from '@arrendia/ui';
import { useProperties, useProviderChoices, useTaskList, useUpdateTask } from './useMaintenance';

/** The orders the tasks list offers (api-contract MAINTENANCE_TASK_SORTS); its own is the soonest date first. */
const TASK_ORDERS = [
  { value: '-scheduledDate', label: 'Fecha prevista (más lejanas primero)' },
  { value: '-createdAt', label: 'Creadas recientemente' },
  { value: 'createdAt', label: 'Creadas hace más tiempo' },
  { value: '-cost', label: 'Coste (mayor primero)' },
  { value: 'cost', label: 'Coste (menor primero)' },
] as const;

const STATUS_OPTIONS = MAINTENANCE_TASK_STATUSES.map((value) => ({ value, label: value }));

function TaskCard({ task }: { task: MaintenanceTask }) {
  const update = useUpdateTask();
  const { toast } = useToast();
  const move = (status: MaintenanceTaskStatus, done: string) =>
    update.mutate(
      { id: task.id, status },
      {
        onSuccess: () => toast({ title: done, description: task.title }),
        onError: (error) => {
          if (!isSessionGone(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo actualizar la tarea' });
        },
      },
    );
  const open = task.status === 'Programado' || task.status === 'En progreso';
  return (
    <li>
      <Card as="article" aria-labelledby={`task-${task.id}`}>
        <SpreadRow>
          <CardTitle as="h3" id={`task-${task.id}`}>
            {task.title}
          </CardTitle>
          <span>
            <StatusBadge kind="maintenance" value={task.status} /> <Badge $variant="neutral">{task.taskType}</Badge>
          </span>
        </SpreadRow>
        <FactList>
          <dt>Dónde</dt>
          <dd>{[task.property.propertyName, task.unit?.unitName].filter(Boolean).join(' · ')}</dd>
          <dt>Fecha</dt>
          <dd>{formatDate(task.scheduledDate)}</dd>
          <dt>Proveedor</dt>
          <dd>{task.provider?.name ?? 'Sin asignar'}</dd>
          <dt>Coste</dt>
          <dd>{task.cost === null ? '—' : formatEuros(task.cost)}</dd>
          {task.incidentId !== null && (
            <>
              <dt>Incidencia</dt>
              <dd>#{task.incidentId}</dd>
            </>
          )}
          {task.notes && (
            <>
              <dt>Notas</dt>
              <dd>{task.notes}</dd>
            </>
          )}
        </FactList>
        {open && (
          <RowActions>
            {task.status === 'Programado' && (
              <Button size="sm" onClick={() => move('En progreso', 'Tarea iniciada')} disabled={update.isPending}>
                Iniciar Tarea
              </Button>
            )}
            {task.status === 'En progreso' && (
              <Button size="sm" onClick={() => move('Completado', 'Tarea completada')} disabled={update.isPending}>
                Completar Tarea
              </Button>
            )}
            <AlertDialog
              trigger={
                <Button size="sm" variant="outline" disabled={update.isPending}>
                  Cancelar Tarea
                </Button>
              }
              title={`¿Cancelar la tarea «${task.title}»?`}
              description={`Quedará como Cancelada y no se podrá retomar.${task.planId !== null ? ' Su plan preventivo programará la siguiente revisión, salvo que esté pausado.' : ''}`}
              cancelLabel="Volver"
              confirmLabel="Cancelar Tarea"
              destructive
              onConfirm={() => move('Cancelado', 'Tarea cancelada')}
            />
          </RowActions>
        )}
      </Card>
    </li>
  );
}

/** 'Tareas': the user's tasks, paged, filtered and ordered on the server (the state in the URL). */
export function TaskList() {
  const tasks = useTaskList();
  const properties = useProperties(true);
  const providers = useProviderChoices();
  const { filters, setFilter } = tasks;
  return (
    <PagedList
      list={tasks}
      exportCsv
      noun="tareas"
      loading="Cargando tareas"
      error="No se pudieron cargar las tareas"
      filters={
        <ListFilters $columns="2fr repeat(3, 1fr)">
          <ListSearch label="Buscar tareas" value={filters.q} onChange={(v) => setFilter('q', v)} />
          <ListFilterSelect label="Estado" value={filters.status} onChange={(v) => setFilter('status', v)} options={STATUS_OPTIONS} />
          <ListFilterSelect
            label="Propiedad"
            allLabel="Todas"
            value={filters.propertyId}
            onChange={(v) => setFilter('propertyId', v)}
            options={(properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }))}
          />
          <ListFilterSelect
            label="Proveedor"
            value={filters.providerId}
            onChange={(v) => setFilter('providerId', v)}
            options={(providers.data ?? []).map((p) => ({ value: String(p.id), label: p.isActive ? p.name : `${p.name} (inactivo)` }))}
          />
          <ListDateFilter label="Desde" value={filters.from} onChange={(v) => setFilter('from', v)} />
          <ListDateFilter label="Hasta" value={filters.to} onChange={(v) => setFilter('to', v)} />
          <ListSortSelect list={tasks} options={TASK_ORDERS} />
        </ListFilters>
      }
      whenEmpty={<Card>No hay tareas de mantenimiento</Card>}
    >
      {(rows) => (
        <CardList aria-label="Tareas">
          {rows.map((task) => (
            <TaskCard key={task.id} task={task} />
          ))}
        </CardList>
      )}
    </PagedList>
  );
}
