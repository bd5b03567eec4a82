import { VISIT_DURATIONS, VisitsCreateSchema, type Lead } from '@arrendia/api-contract';
import { isSessionGone, serverFieldErrors, serverMessage, zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import { Dialog, FormActions, SelectField, TextAreaField, TextField, useToast } from '@arrendia/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { useScheduleVisit, useUnits } from './useAgent';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const DURATION_OPTIONS = VISIT_DURATIONS.map((m) => ({ value: String(m), label: `${m} minutos` }));

export interface ScheduleVisitDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Booking for a lead: its unit and contact come with it. */
  lead?: Lead | null;
}

/** 'Programar Visita': a date and time (Madrid, the browser's clock) and a duration, for a lead or a named contact. */
export function ScheduleVisitDialog({ open, onOpenChange, lead }: ScheduleVisitDialogProps) {
  const [unitId, setUnitId] = useState('');
  const [contactName, setContactName] = useState('');
  const [contactPhone, setContactPhone] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [duration, setDuration] = useState('45');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const units = useUnits(open && !lead);
  const schedule = useScheduleVisit();
  const { toast } = useToast();

  const reset = () => {
    setUnitId('');
    setContactName('');
    setContactPhone('');
    setDate('');
    setTime('');
    setDuration('45');
    setNotes('');
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const when = date && time ? new Date(`${date}T${time}`) : null;
    const input = {
      leadId: lead?.id,
      contactName: lead ? undefined : contactName,
      contactPhone: lead ? undefined : contactPhone,
      rentableUnitId: lead ? lead.unit.id : unitId,
      startsAt: when && !Number.isNaN(when.getTime()) ? when.toISOString() : '',
      durationMinutes: Number(duration),
      notes,
    };
    const parsed = VisitsCreateSchema.safeParse(input);
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error);
      if (found.rentableUnitId) found.rentableUnitId = 'Elige la unidad que se visita';
      setErrors(found);
      return;
    }
    setErrors({});
    schedule.mutate(parsed.data as never, {
      onSuccess: () => {
        toast({ title: 'Visita programada', description: lead ? `Visita con ${lead.name} programada` : 'La visita ha sido programada' });
        reset();
        onOpenChange(false);
      },
      onError: (error) => {
        if (isSessionGone(error)) return;
        setErrors(serverFieldErrors(error));
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo programar la visita' });
      },
    });
  };

  const unitOptions = (units.data ?? []).map((u) => ({ value: String(u.id), label: `${u.propertyName} · ${u.unitName}` }));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Programar Visita"
      description={lead ? `Con ${lead.name} en ${lead.property.propertyName} · ${lead.unit.unitName}` : 'Elige la unidad, la persona y el momento.'}
      width={520}
    >
      <Form onSubmit={submit} noValidate aria-label="Programar visita">
        {!lead && (
          <>
            <SelectField
              label="Unidad"
              placeholder={units.isLoading ? 'Cargando unidades...' : 'Selecciona una unidad'}
              options={unitOptions}
              value={unitId || undefined}
              onValueChange={setUnitId}
              error={errors.rentableUnitId}
            />
            <TextField label="Persona que visita" value={contactName} onChange={(e) => setContactName(e.target.value)} error={errors.contactName} maxLength={200} />
            <TextField label="Teléfono (opcional)" type="tel" value={contactPhone} onChange={(e) => setContactPhone(e.target.value)} error={errors.contactPhone} maxLength={30} />
          </>
        )}
        <TextField label="Fecha" type="date" value={date} onChange={(e) => setDate(e.target.value)} error={errors.startsAt} />
        <TextField label="Hora" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        <SelectField label="Duración" options={DURATION_OPTIONS} value={duration} onValueChange={setDuration} error={errors.durationMinutes} />
        <TextAreaField label="Notas (opcional)" value={notes} onChange={(e) => setNotes(e.target.value)} error={errors.notes} />
        <FormActions onCancel={() => onOpenChange(false)} pending={schedule.isPending} submitLabel="Programar Visita" pendingLabel="Guardando..." />
      </Form>
    </Dialog>
  );
}
