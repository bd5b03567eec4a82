import { MAINTENANCE_TASK_TYPES, MaintenanceTasksCreateSchema } from '@arrendia/api-contract';
import { useFormDialog } from '@arrendia/api-client';
import { Dialog, Form, FormActions, SelectField, TextAreaField, TextField, useToast } from '@arrendia/ui';
import { NONE } from './EntityFormDialog';
import { useActiveProviders, useCreateTask, useProperties, usePropertyIncidents, usePropertyUnits } from './useMaintenance';

const TYPE_OPTIONS = MAINTENANCE_TASK_TYPES.map((t) => ({ value: t, label: t }));
const EMPTY = { title: '', mainPropertyId: '', rentableUnitId: '', incidentId: '', taskType: 'Correctivo', scheduledDate: '', providerId: '', cost: '', notes: '' };

/**
 * 'Nueva Tarea': a repair or a check on a property, and optionally on one of its units, for one of
 * its incidents (the user's, of that property) and with one of the user's active providers. The
 * unit and incident choices follow the property; an incident chosen first places the task on its unit.
 */
export function TaskFormDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { toast } = useToast();
  const form = useFormDialog({
    schema: MaintenanceTasksCreateSchema,
    initialValues: EMPTY,
    // An empty or "none" choice is not sent: the task has no unit, incident or provider.
    toInput: (values) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== NONE)),
    clientMessages: { mainPropertyId: 'Elige una propiedad' },
    mutation: useCreateTask(),
    onOpenChange,
    onSuccess: () => toast({ title: 'Tarea creada', description: 'La tarea ha sido programada' }),
    onFailure: (message) => toast({ variant: 'destructive', title: 'Error', description: message }),
    failureMessage: 'No se pudo crear la tarea',
  });
  const propertyId = form.values.mainPropertyId;
  const properties = useProperties(open);
  const providers = useActiveProviders(open);
  const detail = usePropertyUnits(open && propertyId ? propertyId : null);
  const incidents = usePropertyIncidents(open ? propertyId : '');

  const units = detail.data?.units ?? [];
  const chooseIncident = (value: string) => {
    form.set('incidentId', value);
    const incident = incidents.data?.find((i) => String(i.incident.id) === value);
    if (incident && (form.values.rentableUnitId === '' || form.values.rentableUnitId === NONE)) form.set('rentableUnitId', String(incident.unit.id));
  };
  const waiting = (loading: boolean, ready: string) => (!propertyId ? 'Elige antes la propiedad' : loading ? 'Cargando...' : ready);

  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title="Nueva Tarea" description="Una reparación o revisión en una de tus propiedades." width={560}>
      <Form onSubmit={form.submit} aria-label="Nueva Tarea">
        <TextField label="Título" {...form.field('title')} maxLength={255} />
        <SelectField
          label="Propiedad"
          placeholder={properties.isLoading ? 'Cargando propiedades...' : 'Selecciona una propiedad'}
          options={(properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }))}
          value={propertyId || undefined}
          onValueChange={(value) => {
            form.set('mainPropertyId', value);
            form.set('rentableUnitId', '');
            form.set('incidentId', '');
          }}
          error={form.errors.mainPropertyId}
        />
        <SelectField
          label="Unidad (opcional)"
          placeholder={waiting(detail.isLoading, 'Toda la propiedad')}
          options={[{ value: NONE, label: 'Toda la propiedad' }, ...units.map((u) => ({ value: String(u.id), label: u.unitName }))]}
          disabled={!propertyId}
          {...form.select('rentableUnitId')}
        />
        <SelectField
          label="Incidencia (opcional)"
          placeholder={waiting(incidents.isLoading, 'Sin incidencia')}
          options={[
            { value: NONE, label: 'Sin incidencia' },
            ...(incidents.data ?? []).map(({ incident, unit }) => ({ value: String(incident.id), label: `${incident.title} · ${unit.unitName} · ${incident.status}` })),
          ]}
          disabled={!propertyId}
          value={form.values.incidentId || undefined}
          onValueChange={chooseIncident}
          error={form.errors.incidentId}
        />
        <SelectField label="Tipo" options={TYPE_OPTIONS} {...form.select('taskType')} />
        <TextField label="Fecha prevista" type="date" {...form.field('scheduledDate')} />
        <SelectField
          label="Proveedor (opcional)"
          placeholder="Sin asignar"
          options={[{ value: NONE, label: 'Sin asignar' }, ...(providers.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.trade}` }))]}
          {...form.select('providerId')}
        />
        <TextField label="Coste (€, opcional)" type="number" step="0.01" min={0} {...form.field('cost')} />
        <TextAreaField label="Notas (opcional)" {...form.field('notes')} maxLength={2000} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Crear Tarea" pendingLabel="Creando..." />
      </Form>
    </Dialog>
  );
}
