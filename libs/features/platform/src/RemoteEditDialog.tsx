import { RemotesPatchSchema, type RemoteAdmin } from '@arrendia/api-contract';
import { useFormDialog } from '@arrendia/api-client';
import { Dialog, Form, FormActions, TextField, useToast } from '@arrendia/ui';
import type { FormEvent } from 'react';
import { useUpdateRemote } from './useRemotes';

export interface RemoteEditDialogProps {
  remote: RemoteAdmin;
  onClose: () => void;
}

const EDITABLE = ['manifestUrl', 'version'] as const;

/**
 * 'Editar' of a remote: its manifest address and version, checked with the API's own zod schema
 * before the call and with the API's field errors after it. Only what changed is sent (and audited).
 */
export function RemoteEditDialog({ remote, onClose }: RemoteEditDialogProps) {
  const { toast } = useToast();
  const form = useFormDialog({
    schema: RemotesPatchSchema,
    initialValues: { manifestUrl: remote.manifestUrl, version: remote.version },
    // The schema trims; a value that is the saved one once trimmed is no change.
    toInput: (values) => Object.fromEntries(EDITABLE.filter((key) => values[key].trim() !== remote[key]).map((key) => [key, values[key]])),
    mutation: useUpdateRemote(remote.name),
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    onSuccess: () => toast({ title: 'Configuración actualizada', description: `${remote.name}: el cambio se aplica en la siguiente carga de página` }),
    onFailure: (message) => toast({ variant: 'destructive', title: 'Error', description: message }),
    failureMessage: 'No se pudo actualizar el módulo',
  });
  const unchanged = EDITABLE.every((key) => form.values[key].trim() === remote[key]);
  // Nothing changed: Guardar closes, as Cancelar would (the API refuses an empty change).
  const save = (event: FormEvent) => {
    if (!unchanged) return form.submit(event);
    event.preventDefault();
    form.close();
  };

  return (
    <Dialog open onOpenChange={form.onOpenChange} title={`Editar ${remote.name}`} description="Dónde está el mf-manifest.json del módulo y qué versión se publica." width={560}>
      <Form onSubmit={save} aria-label={`Editar ${remote.name}`}>
        <TextField label="Manifiesto (URL)" {...form.field('manifestUrl')} hint="Una URL http(s):// o una ruta de este servidor, terminada en /mf-manifest.json" spellCheck={false} />
        <TextField label="Versión" {...form.field('version')} spellCheck={false} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Guardar" />
      </Form>
    </Dialog>
  );
}
