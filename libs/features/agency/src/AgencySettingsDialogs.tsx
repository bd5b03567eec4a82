import { apiRequest, isSessionGone, serverFieldErrors, serverMessage, zodFieldErrors } from '@arrendia/api-client';
import { AgencyPatchSchema, AgentPatchSchema } from '@arrendia/api-contract';
import { Button, Dialog, FormActions, NumberField, useToast } from '@arrendia/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import type { z } from 'zod';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

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
  schema: z.ZodType;
  path: string;
  saved: string;
}

/** One number of the agency's settings in a dialog: validated like the API, saved with PATCH, the overview refreshed. */
function SettingDialog({ triggerLabel, triggerName, title, description, label, hint, field, initial, schema, path, saved }: SettingDialogProps) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<number | undefined>(initial);
  const [error, setError] = useState<string | undefined>();
  const client = useQueryClient();
  const { toast } = useToast();
  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) => (await apiRequest('PATCH', path, body)).json(),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/agency/overview'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { [field]: value };
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setError(zodFieldErrors(parsed.error as z.ZodError)[field] ?? 'Introduce un valor válido');
      return;
    }
    setError(undefined);
    save.mutate(body, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: saved });
      },
      onError: (err) => {
        if (isSessionGone(err)) return;
        setError(serverFieldErrors(err)[field] ?? serverMessage(err) ?? 'No se pudo guardar');
      },
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setValue(initial);
          setError(undefined);
        }
      }}
      title={title}
      description={description}
      trigger={
        <Button variant="outline" size="sm" aria-label={triggerName}>
          {triggerLabel}
        </Button>
      }
    >
      <Form onSubmit={submit} noValidate aria-label={title}>
        <NumberField label={label} hint={hint} value={value ?? null} onValueChange={setValue} error={error} inputMode="decimal" />
        <FormActions onCancel={() => setOpen(false)} pending={save.isPending} submitLabel="Guardar" />
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
