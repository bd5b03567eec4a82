import { VISIT_DURATIONS, VisitsCreateSchema, type Lead } from '@arrendia/api-contract';
import { useFormDialog } from '@arrendia/api-client';
import { Dialog, Form, FormActions, SelectField, TextAreaField, TextField, useToast } from '@arrendia/ui';
import { useScheduleVisit, useUnits } from './useAgent';

const DURATION_OPTIONS = VISIT_DURATIONS.map((m) => ({ value: String(m), label: `${m} minutos` }));

export interface ScheduleVisitDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Booking for a lead: its unit and contact come with it. */
  lead?: Lead | null;
}

const EMPTY = { unitId: '', contactName: '', contactPhone: '', date: '', time: '', duration: '45', notes: '' };

/** 'Programar Visita': a date and time (Madrid, the browser's clock) and a duration, for a lead or a named contact. */
export function ScheduleVisitDialog({ open, onOpenChange, lead }: ScheduleVisitDialogProps) {
  const units = useUnits(open && !lead);
  const { toast } = useToast();
  const form = useFormDialog({
    schema: VisitsCreateSchema,
    initialValues: EMPTY,
    toInput: (v) => {
      const when = v.date && v.time ? new Date(`${v.date}T${v.time}`) : null;
      return {
        leadId: lead?.id,
        contactName: lead ? undefined : v.contactName,
        contactPhone: lead ? undefined : v.contactPhone,
        rentableUnitId: lead ? lead.unit.id : v.unitId,
        startsAt: when && !Number.isNaN(when.getTime()) ? when.toISOString() : '',
        durationMinutes: Number(v.duration),
        notes: v.notes,
      };
    },
    clientMessages: { rentableUnitId: 'Elige la unidad que se visita' },
    mutation: useScheduleVisit(),
    onOpenChange,
    onSuccess: () => toast({ title: 'Visita programada', description: lead ? `Visita con ${lead.name} programada` : 'La visita ha sido programada' }),
    onFailure: (message) => toast({ variant: 'destructive', title: 'Error', description: message }),
    failureMessage: 'No se pudo programar la visita',
  });

  const unitOptions = (units.data ?? []).map((u) => ({ value: String(u.id), label: `${u.propertyName} · ${u.unitName}` }));

  return (
    <Dialog
      open={open}
      onOpenChange={form.onOpenChange}
      title="Programar Visita"
      description={lead ? `Con ${lead.name} en ${lead.property.propertyName} · ${lead.unit.unitName}` : 'Elige la unidad, la persona y el momento.'}
      width={520}
    >
      <Form onSubmit={form.submit} aria-label="Programar visita">
        {!lead && (
          <>
            <SelectField
              label="Unidad"
              placeholder={units.isLoading ? 'Cargando unidades...' : 'Selecciona una unidad'}
              options={unitOptions}
              {...form.select('unitId')}
              error={form.errors.rentableUnitId}
            />
            <TextField label="Persona que visita" {...form.field('contactName')} maxLength={200} />
            <TextField label="Teléfono (opcional)" type="tel" {...form.field('contactPhone')} maxLength={30} />
          </>
        )}
        <TextField label="Fecha" type="date" {...form.field('date')} error={form.errors.startsAt} />
        <TextField label="Hora" type="time" {...form.field('time')} />
        <SelectField label="Duración" options={DURATION_OPTIONS} {...form.select('duration')} error={form.errors.durationMinutes} />
        <TextAreaField label="Notas (opcional)" {...form.field('notes')} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Programar Visita" pendingLabel="Guardando..." />
      </Form>
    </Dialog>
  );
}
