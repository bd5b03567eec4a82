import { INCIDENT_PRIORITIES, IncidentsUpdateSchema, MaintenanceTasksCreateSchema, type IncidentDetail, type IncidentsUpdateInput } from '@arrendia/api-contract';
import { useFormDialog } from '@arrendia/api-client';
import { formatDate, formatEuros, personName, todayIso } from '@arrendia/locale-es';
import { roleLabel } from '@arrendia/permissions';
import { Dialog, Form, FormActions, MutedText, NumberField, SelectField, Switch, TextAreaField, TextField, useToast, type SelectOption } from '@arrendia/ui';
import { useActiveProviders, useCreateIncidentTask, useIncidentAssignees, usePropertyTasks, useUpdateIncident } from './useIncidents';

/** A select's "none" choice (a Radix item cannot have '' as its value). */
const NONE = 'ninguno';

export interface IncidentDialogProps {
  detail: IncidentDetail;
  onClose: () => void;
}

/** What every dialog of the incident's handling shares: the PATCH, its toasts, the reset on close. */
function useIncidentForm<V extends Record<string, unknown>>(
  { detail, onClose }: IncidentDialogProps,
  options: { initialValues: () => V; toInput: (values: V) => IncidentsUpdateInput; validate?: (values: V) => Record<string, string | undefined>; done: string; failure: string },
) {
  const { toast } = useToast();
  return useFormDialog({
    schema: IncidentsUpdateSchema,
    initialValues: options.initialValues,
    toInput: options.toInput,
    validate: options.validate,
    formErrorKey: 'form',
    mutation: useUpdateIncident(detail.incident.id),
    onOpenChange: (open) => !open && onClose(),
    onSuccess: () => toast({ title: options.done, description: detail.incident.title }),
    onFailure: (message) => toast({ variant: 'destructive', title: 'Error', description: message }),
    failureMessage: options.failure,
  });
}

/** The current assignee as an 'Asignar a' value: `user:3`, `provider:8` or none. */
export function assigneeValue(detail: IncidentDetail): string {
  if (detail.assignedProvider) return `provider:${detail.assignedProvider.id}`;
  if (detail.assignee) return `user:${detail.assignee.id}`;
  return NONE;
}

/** 'Asignar a': a person of the property's staff or one of its owner's or agency's providers, or nobody. */
export function AssignIncidentDialog(props: IncidentDialogProps) {
  const { detail } = props;
  const assignees = useIncidentAssignees(detail.incident.id);
  const form = useIncidentForm(props, {
    initialValues: () => ({ assignTo: assigneeValue(detail) }),
    toInput: ({ assignTo }) => {
      const [kind, id] = assignTo.split(':');
      if (kind === 'provider') return { assignedProviderId: Number(id) };
      if (kind === 'user') return { assignedToUserId: Number(id) };
      return { assignedToUserId: null, assignedProviderId: null };
    },
    done: 'Incidencia asignada',
    failure: 'No se pudo asignar la incidencia',
  });
  const options: SelectOption[] = [
    { value: NONE, label: 'Sin asignar' },
    ...(assignees.data?.staff ?? []).map((p) => ({ value: `user:${p.id}`, label: `${personName(p)} · ${roleLabel(p.roleName)}` })),
    ...(assignees.data?.providers ?? []).map((p) => ({ value: `provider:${p.id}`, label: `${p.name} · Proveedor (${p.trade})` })),
  ];
  // Whoever it is assigned to stays choosable while the lists load, or once no longer offered (an inactive provider).
  const current = assigneeValue(detail);
  if (!options.some((o) => o.value === current)) options.push({ value: current, label: detail.assignedProvider?.name ?? personName(detail.assignee) });
  const error = form.errors.assignTo ?? form.errors.assignedToUserId ?? form.errors.assignedProviderId ?? form.errors.form;

  return (
    <Dialog open onOpenChange={form.onOpenChange} title="Asignar incidencia" description="Una persona del equipo de la propiedad o un proveedor de mantenimiento.">
      <Form onSubmit={form.submit} aria-label="Asignar incidencia">
        <SelectField label="Asignar a" placeholder={assignees.isLoading ? 'Cargando...' : 'Elige a quién'} options={options} {...form.select('assignTo')} error={error} />
        {assignees.isError && <MutedText role="alert">No se pudieron cargar las personas y proveedores</MutedText>}
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Asignar" />
      </Form>
    </Dialog>
  );
}

const PRIORITY_OPTIONS = INCIDENT_PRIORITIES.map((p) => ({ value: p, label: p }));

/** 'Prioridad'. */
export function IncidentPriorityDialog(props: IncidentDialogProps) {
  const form = useIncidentForm(props, {
    initialValues: () => ({ priority: props.detail.incident.priority as string }),
    toInput: ({ priority }) => ({ priority: priority as IncidentsUpdateInput['priority'] }),
    done: 'Prioridad actualizada',
    failure: 'No se pudo cambiar la prioridad',
  });
  return (
    <Dialog open onOpenChange={form.onOpenChange} title="Cambiar prioridad">
      <Form onSubmit={form.submit} aria-label="Cambiar prioridad">
        <SelectField label="Prioridad" options={PRIORITY_OPTIONS} {...form.select('priority')} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Guardar" />
      </Form>
    </Dialog>
  );
}

/**
 * 'Coste final', and 'Registrar como gasto de la propiedad' for whoever writes its money: one
 * expense, once. Once recorded, a new final cost corrects that expense; the switch is not offered again.
 */
export function IncidentCostDialog({ canRecordExpense, ...props }: IncidentDialogProps & { canRecordExpense: boolean }) {
  const { detail } = props;
  const current = detail.incident.finalCost === null ? undefined : Number(detail.incident.finalCost);
  const form = useIncidentForm(props, {
    initialValues: () => ({ finalCost: current as number | undefined, recordAsExpense: false }),
    toInput: ({ finalCost, recordAsExpense }) => ({ finalCost, recordAsExpense: recordAsExpense || undefined }),
    validate: ({ finalCost }) => ({ finalCost: finalCost === undefined ? 'Indica el coste final' : undefined }),
    done: 'Coste final registrado',
    failure: 'No se pudo registrar el coste final',
  });
  const expense = detail.expense;
  return (
    <Dialog open onOpenChange={form.onOpenChange} title="Coste final" description={detail.incident.title}>
      <Form onSubmit={form.submit} aria-label="Coste final">
        <NumberField label="Coste final" hint="En euros" defaultValue={current} onValueChange={(v) => form.set('finalCost', v)} min={0} step="0.01" error={form.errors.finalCost ?? form.errors.form} />
        {expense ? (
          <MutedText>
            Registrado como gasto de la propiedad el {formatDate(expense.transactionDate)} ({formatEuros(expense.amount)}): un nuevo coste corrige ese gasto.
          </MutedText>
        ) : (
          canRecordExpense && (
            <Switch
              label="Registrar como gasto de la propiedad"
              description="Un gasto de Reparaciones con fecha de hoy, una sola vez."
              checked={form.values.recordAsExpense}
              onCheckedChange={(checked) => form.set('recordAsExpense', checked)}
            />
          )
        )}
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Guardar" />
      </Form>
    </Dialog>
  );
}

/** 'Notas de resolución'. */
export function IncidentNotesDialog(props: IncidentDialogProps) {
  const form = useIncidentForm(props, {
    initialValues: () => ({ resolutionNotes: props.detail.incident.resolutionNotes ?? '' }),
    toInput: ({ resolutionNotes }) => ({ resolutionNotes }),
    validate: ({ resolutionNotes }) => ({ resolutionNotes: resolutionNotes.trim() === '' ? 'Escribe las notas de resolución' : undefined }),
    done: 'Notas de resolución guardadas',
    failure: 'No se pudieron guardar las notas de resolución',
  });
  return (
    <Dialog open onOpenChange={form.onOpenChange} title="Notas de resolución" description={props.detail.incident.title} width={560}>
      <Form onSubmit={form.submit} aria-label="Notas de resolución">
        <TextAreaField label="Notas de resolución" rows={5} maxLength={5000} {...form.field('resolutionNotes')} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Guardar" />
      </Form>
    </Dialog>
  );
}

/** 'Vincular tarea de mantenimiento': one of the property's tasks that answers no incident yet. */
export function LinkTaskDialog(props: IncidentDialogProps) {
  const { detail } = props;
  const tasks = usePropertyTasks(detail.property.id);
  const form = useIncidentForm(props, {
    initialValues: () => ({ maintenanceTaskId: '' }),
    toInput: ({ maintenanceTaskId }) => ({ maintenanceTaskId }),
    validate: ({ maintenanceTaskId }) => ({ maintenanceTaskId: maintenanceTaskId === '' ? 'Elige una tarea de mantenimiento' : undefined }),
    done: 'Tarea de mantenimiento vinculada',
    failure: 'No se pudo vincular la tarea',
  });
  const options = (tasks.data ?? []).filter((task) => task.incidentId === null).map((task) => ({ value: String(task.id), label: `${task.title} · ${formatDate(task.scheduledDate)} · ${task.status}` }));
  const placeholder = tasks.isLoading ? 'Cargando tareas...' : options.length === 0 ? 'No hay tareas sin vincular en esta propiedad' : 'Elige una tarea';
  return (
    <Dialog open onOpenChange={form.onOpenChange} title="Vincular tarea de mantenimiento" description={`Tareas de ${detail.property.propertyName} que no atienden otra incidencia.`}>
      <Form onSubmit={form.submit} aria-label="Vincular tarea de mantenimiento">
        <SelectField label="Tarea de mantenimiento" placeholder={placeholder} options={options} disabled={options.length === 0} {...form.select('maintenanceTaskId')} />
        {tasks.isError && <MutedText role="alert">No se pudieron cargar las tareas</MutedText>}
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Vincular" />
      </Form>
    </Dialog>
  );
}

/** 'Crear tarea de mantenimiento': a corrective task on the incident's unit, for the incident (POST /api/maintenance/tasks). */
export function CreateTaskDialog({ detail, onClose }: IncidentDialogProps) {
  const { toast } = useToast();
  const providers = useActiveProviders();
  const providerOptions = [{ value: NONE, label: 'Sin proveedor' }, ...(providers.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.trade}` }))];
  // Until one is chosen ('' below), the incident's provider when it is one of the user's own.
  const assigned = detail.assignedProvider && providers.data?.some((p) => p.id === detail.assignedProvider!.id) ? String(detail.assignedProvider.id) : NONE;
  const chosen = (providerId: string) => (providerId === '' ? assigned : providerId);
  const form = useFormDialog({
    schema: MaintenanceTasksCreateSchema,
    initialValues: () => ({ title: detail.incident.title, scheduledDate: todayIso(), providerId: '', notes: '' }),
    toInput: ({ title, scheduledDate, providerId, notes }) => ({
      title,
      mainPropertyId: detail.property.id,
      rentableUnitId: detail.unit.id,
      incidentId: detail.incident.id,
      taskType: 'Correctivo',
      scheduledDate,
      providerId: chosen(providerId) === NONE ? undefined : chosen(providerId),
      notes,
    }),
    mutation: useCreateIncidentTask(detail.incident.id),
    onOpenChange: (open) => !open && onClose(),
    onSuccess: (task) => toast({ title: 'Tarea de mantenimiento creada', description: task.title }),
    onFailure: (message) => toast({ variant: 'destructive', title: 'Error', description: message }),
    failureMessage: 'No se pudo crear la tarea de mantenimiento',
  });
  return (
    <Dialog open onOpenChange={form.onOpenChange} title="Crear tarea de mantenimiento" description={`${detail.unit.unitName} · ${detail.property.propertyName}`} width={560}>
      <Form onSubmit={form.submit} aria-label="Crear tarea de mantenimiento">
        <TextField label="Título" maxLength={255} {...form.field('title')} />
        <TextField label="Fecha programada" type="date" {...form.field('scheduledDate')} />
        <SelectField
          label="Proveedor (opcional)"
          options={providerOptions}
          value={chosen(form.values.providerId)}
          onValueChange={(value) => form.set('providerId', value)}
          error={form.errors.providerId}
        />
        <TextAreaField label="Notas (opcional)" rows={3} maxLength={2000} {...form.field('notes')} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Crear tarea" pendingLabel="Creando..." />
      </Form>
    </Dialog>
  );
}
