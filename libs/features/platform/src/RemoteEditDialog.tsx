import { RemotesPatchSchema, type RemoteAdmin, type RemotesPatchInput } from '@arrendia/api-contract';
import { isSessionGone, serverFieldErrors, serverMessage, zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import { Dialog, FormActions, TextField, useToast } from '@arrendia/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { useUpdateRemote } from './useRemotes';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

export interface RemoteEditDialogProps {
  remote: RemoteAdmin;
  onClose: () => void;
}

/**
 * 'Editar' of a remote: its manifest address and version, checked with the API's own zod schema
 * before the call and with the API's field errors after it. Only what changed is sent (and audited).
 */
export function RemoteEditDialog({ remote, onClose }: RemoteEditDialogProps) {
  const [manifestUrl, setManifestUrl] = useState(remote.manifestUrl);
  const [version, setVersion] = useState(remote.version);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateRemote();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RemotesPatchSchema.safeParse({ manifestUrl, version });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const changes: RemotesPatchInput = Object.fromEntries(Object.entries(parsed.data).filter(([key, value]) => remote[key as keyof RemotesPatchInput] !== value));
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(
      { name: remote.name, ...changes },
      {
        onSuccess: () => {
          toast({ title: 'Configuración actualizada', description: `${remote.name}: el cambio se aplica en la siguiente carga de página` });
          onClose();
        },
        onError: (error) => {
          if (isSessionGone(error)) return;
          setErrors(serverFieldErrors(error));
          toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo actualizar el módulo' });
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Editar ${remote.name}`} description="Dónde está el mf-manifest.json del módulo y qué versión se publica." width={560}>
      <Form onSubmit={submit} noValidate aria-label={`Editar ${remote.name}`}>
        <TextField
          label="Manifiesto (URL)"
          value={manifestUrl}
          onChange={(e) => setManifestUrl(e.target.value)}
          error={errors.manifestUrl}
          hint="Una URL http(s):// o una ruta de este servidor, terminada en /mf-manifest.json"
          spellCheck={false}
        />
        <TextField label="Versión" value={version} onChange={(e) => setVersion(e.target.value)} error={errors.version} spellCheck={false} />
        <FormActions onCancel={onClose} pending={update.isPending} submitLabel="Guardar" />
      </Form>
    </Dialog>
  );
}
