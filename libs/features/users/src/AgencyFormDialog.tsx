import { AGENCY_DEFAULTS, AgenciesCreateSchema, AgenciesPatchSchema, type AgencyRow } from '@arrendia/api-contract';
import { useFormDialog, type FormDialog } from '@arrendia/api-client';
import { Dialog, Form, FormActions, NumberField, TextField, useToast } from '@arrendia/ui';
import { useRefusalToast } from './useFailureToast';
import { useCreateAgency, useUpdateAgency } from './useAgencies';

type Values = Record<'nombreAgencia' | 'cifAgencia' | 'direccionFiscal' | 'telefonoAgencia' | 'emailAgencia' | 'webAgencia', string> & { commissionRate: number | undefined };
const EMPTY: Values = { nombreAgencia: '', cifAgencia: '', direccionFiscal: '', telefonoAgencia: '', emailAgencia: '', webAgencia: '', commissionRate: Number(AGENCY_DEFAULTS.commissionRate) };

/** The fields the create and the edit form share, labelled, with their Spanish errors. */
function AgencyFields({ form }: { form: FormDialog<Values> }) {
  return (
    <>
      <TextField label="Nombre de la agencia" autoComplete="off" {...form.field('nombreAgencia')} />
      <TextField label="CIF" autoComplete="off" {...form.field('cifAgencia')} />
      <TextField label="Dirección fiscal" autoComplete="off" {...form.field('direccionFiscal')} />
      <TextField label="Correo electrónico" type="email" autoComplete="off" {...form.field('emailAgencia')} />
      <TextField label="Teléfono (opcional)" type="tel" {...form.field('telefonoAgencia')} />
      <TextField label="Web (opcional)" type="url" {...form.field('webAgencia')} />
      <NumberField
        label="Comisión (%)"
        hint="Entre 0 y 100, hasta 2 decimales"
        value={form.values.commissionRate ?? null}
        onValueChange={(value) => form.set('commissionRate', value)}
        error={form.errors.commissionRate}
      />
    </>
  );
}

/** 'Nueva agencia': checked with the API's own schema (CIF, phone, commission from 0 to 100) before the call. */
export function CreateAgencyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { toast } = useToast();
  const refused = useRefusalToast();
  const form = useFormDialog({
    schema: AgenciesCreateSchema,
    initialValues: EMPTY,
    mutation: useCreateAgency(),
    onOpenChange,
    onSuccess: (created) => toast({ title: 'Agencia creada', description: `${created.nombreAgencia} ya está en la lista` }),
    onFailure: refused,
    failureMessage: 'No se pudo crear la agencia',
  });
  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title="Nueva agencia" description="Una agencia de la plataforma; el CIF se comprueba antes de guardarla." width={560}>
      <Form onSubmit={form.submit} aria-label="Nueva agencia">
        <AgencyFields form={form} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Crear agencia" pendingLabel="Creando..." />
      </Form>
    </Dialog>
  );
}

/** 'Editar': the agency's data as the list has it; its status has an action of its own. */
export function EditAgencyDialog({ agency, onClose }: { agency: AgencyRow | null; onClose: () => void }) {
  return (
    <Dialog open={agency !== null} onOpenChange={(next) => !next && onClose()} title="Editar agencia" description={agency ? `${agency.nombreAgencia} · ${agency.cifAgencia}` : undefined} width={560}>
      {agency && <EditAgencyForm key={agency.id} agency={agency} onClose={onClose} />}
    </Dialog>
  );
}

/** What the edit form starts from: the agency's row. */
const valuesOf = (agency: AgencyRow): Values => ({
  nombreAgencia: agency.nombreAgencia,
  cifAgencia: agency.cifAgencia,
  direccionFiscal: agency.direccionFiscal ?? '',
  telefonoAgencia: agency.telefonoAgencia ?? '',
  emailAgencia: agency.emailAgencia ?? '',
  webAgencia: agency.webAgencia ?? '',
  commissionRate: Number(agency.commissionRate),
});

/**
 * The edit form. Only the fields the user changed are sent: an agency created before a field was
 * required (no email, say) is still edited without filling it in.
 */
function EditAgencyForm({ agency, onClose }: { agency: AgencyRow; onClose: () => void }) {
  const { toast } = useToast();
  const refused = useRefusalToast();
  const form = useFormDialog({
    schema: AgenciesPatchSchema,
    initialValues: () => valuesOf(agency),
    toInput: (values) => {
      const was = valuesOf(agency);
      return Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== was[key as keyof Values]));
    },
    mutation: useUpdateAgency(agency.id),
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    onSuccess: (saved) => toast({ title: 'Agencia guardada', description: saved.nombreAgencia }),
    onFailure: refused,
    failureMessage: 'No se pudo guardar la agencia',
  });
  return (
    <Form onSubmit={form.submit} aria-label="Editar agencia">
      <AgencyFields form={form} />
      <FormActions onCancel={form.close} pending={form.pending} submitLabel="Guardar" />
    </Form>
  );
}
