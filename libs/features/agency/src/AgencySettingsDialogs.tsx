import { apiRequest, serverFieldErrors, useFormDialog } from '@arrendia/api-client';
import { AgencyPatchSchema, AgentPatchSchema } from '@arrendia/api-contract';
import { Button, Dialog, Form, FormActions, NumberField, useToast } from '@arrendia/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';

interface SettingDialogProps {
  /** The button that opens it: its visible text and accessible name. */
  triggerLabel: string;
  triggerName: string;
  title: string;
  description: string;
  label: string;
  hint: string;
  field: string;
  initial: number;
  /** The PATCH's api-contract schema: an object of the one number `field`. */
  schema: z.ZodType<Record<string, unknown>>;
  path: string;
  saved: string;
}

/** One number of the agency's settings in a dialog: validated like the API, saved with PATCH, the overview refreshed. */
function SettingDialog({ triggerLabel, triggerName, title, description, label, hint, field, initial, schema, path, saved }: SettingDialogProps) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const { toast } = useToast();
  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) => (await apiRequest('PATCH', path, body)).json(),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/agency/overview'] }),
  });
  const form = useFormDialog({
    schema,
    initialValues: (): { value: number | undefined } => ({ value: initial }),
    toInput: (values) => ({ [field]: values.value }),
    formErrorKey: field,
    mutation: save,
    onOpenChange: setOpen,
    onSuccess: () => toast({ title: saved }),
    // No toast: the refusal is said under the field.
    onFailure: (message, error) => {
      form.setErrors({ [field]: serverFieldErrors(error)[field] ?? message });
    },
    failureMessage: 'No se pudo guardar',
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // It opens on the stored value, which the overview may have refreshed since it was last closed.
        if (next) form.reset();
        form.onOpenChange(next);
      }}
      title={title}
      description={description}
      trigger={
        <Button variant="outline" size="sm" aria-label={triggerName}>
          {triggerLabel}
        </Button>
      }
    >
      <Form onSubmit={form.submit} aria-label={title}>
        <NumberField label={label} hint={hint} value={form.values.value ?? null} onValueChange={(value) => form.set('value', value)} error={form.errors[field]} inputMode="decimal" />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Guardar" />
      </Form>
    </Dialog>
  );
}

/** 'Cambiar comisión': the agency's commission rate on collected rent. */
export function CommissionRateDialog({ commissionRate }: { commissionRate: string }) {
  return (
    <SettingDialog
      triggerLabel="Cambiar comisión"
      triggerName="Cambiar comisión de la agencia"
      title="Comisión de la agencia"
      description="Porcentaje de la renta cobrada que corresponde a la agencia. Cambia las comisiones del mes en curso."
      label="Comisión (%)"
      hint="Entre 0 y 100, hasta 2 decimales"
      field="commissionRate"
      initial={Number(commissionRate)}
      schema={AgencyPatchSchema}
      path="/api/agency"
      saved="Comisión actualizada"
    />
  );
}

/** 'Editar objetivo' of one agent: its monthly commission target in euros. */
export function AgentTargetDialog({ agentId, agentName, monthlyTarget }: { agentId: number; agentName: string; monthlyTarget: string }) {
  return (
    <SettingDialog
      triggerLabel="Editar objetivo"
      triggerName={`Editar objetivo de ${agentName}`}
      title={`Objetivo mensual de ${agentName}`}
      description="Las comisiones que el agente se propone generar cada mes; su pestaña Rendimiento las compara con este objetivo."
      label="Objetivo mensual (€)"
      hint="En euros, hasta 2 decimales"
      field="monthlyTarget"
      initial={Number(monthlyTarget)}
      schema={AgentPatchSchema}
      path={`/api/agents/${agentId}`}
      saved="Objetivo actualizado"
    />
  );
}
