import { isSessionGone, serverFieldErrors, serverMessage, useFormDialog, useResendEmailVerification } from '@arrendia/api-client';
import { PROFILE_PHOTO_HINT, PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES, SettingsProfileSchema, verificationSentTo, type Settings } from '@arrendia/api-contract';
import { Avatar, Button, Card, CardDescription, CardTitle, Form, initialsOf, MutedText, TextField, useToast } from '@arrendia/ui';
import { type ChangeEvent, useRef, useState } from 'react';
import styled from 'styled-components';
import { useCancelEmailChange, useRemovePhoto, useSaveProfile, useUploadPhoto } from './useSettings';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
`;

const PhotoRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space.lg};
`;

const Pending = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.yellow.background};
  color: ${({ theme }) => theme.tones.yellow.text};
  p {
    flex: 1 1 18rem;
    margin: 0;
  }
`;

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`;

type Profile = Settings['profile'];
type FormValues = Record<'firstName' | 'lastName' | 'email' | 'telefono' | 'nifCif' | 'direccionFiscal' | 'ibanBancaria', string>;

const FIELDS: ReadonlyArray<{ name: keyof FormValues; label: string; type?: string; autoComplete?: string; hint?: string }> = [
  { name: 'firstName', label: 'Nombre', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Apellidos', autoComplete: 'family-name' },
  { name: 'email', label: 'Correo electrónico', type: 'email', autoComplete: 'email' },
  { name: 'telefono', label: 'Teléfono', type: 'tel', autoComplete: 'tel' },
  { name: 'nifCif', label: 'NIF/NIE/CIF', hint: 'DNI, NIE, CIF o NIF K, L o M' },
  { name: 'direccionFiscal', label: 'Dirección fiscal', autoComplete: 'street-address' },
  { name: 'ibanBancaria', label: 'IBAN', hint: 'Cuenta española: ES y 22 cifras' },
];

const toForm = (profile: Profile): FormValues => ({
  firstName: profile.firstName ?? '',
  lastName: profile.lastName ?? '',
  email: profile.email,
  telefono: profile.telefono ?? '',
  nifCif: profile.nifCif ?? '',
  direccionFiscal: profile.direccionFiscal ?? '',
  ibanBancaria: profile.ibanBancaria ?? '',
});

/**
 * 'Perfil': the spec's fields, validated like the API (locale-es), and the profile photo. A new
 * email is only requested: its link goes to the new address, which shows as pending until opened.
 */
export function ProfileTab({ profile }: { profile: Profile }) {
  const { toast } = useToast();
  const failed = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });
  const form = useFormDialog({
    schema: SettingsProfileSchema,
    initialValues: () => toForm(profile),
    mutation: useSaveProfile(),
    // A tab, not a dialog: after saving it shows what the server kept (the IBAN without spaces…).
    stayOpen: true,
    onSuccess: (user, input) => {
      const saved = toForm({ ...profile, ...user });
      for (const { name } of FIELDS) form.set(name, saved[name]);
      toast({ title: 'Perfil actualizado', description: 'Tu información personal ha sido actualizada exitosamente' });
      // The account keeps its address until the new one's link is opened.
      if (input.email !== user.email) toast({ title: 'Confirma tu nuevo correo', description: `${verificationSentTo(input.email)}. Tu correo cambiará cuando abras el enlace.` });
    },
    // A refusal that names its fields says so under them; the toast keeps to the spec's words.
    onFailure: (message, error) => failed(Object.keys(serverFieldErrors(error)).length ? 'No se pudo actualizar el perfil' : message),
    failureMessage: 'No se pudo actualizar el perfil',
    // The toast says why nothing was saved even when the wrong field is out of view.
    onInvalid: () => failed('No se pudo actualizar el perfil'),
  });

  return (
    <Card>
      <CardTitle>Información personal</CardTitle>
      <CardDescription>Tus datos de contacto y fiscales. El IBAN es la cuenta en la que recibes las rentas.</CardDescription>
      <ProfilePhoto profile={profile} name={`${form.values.firstName} ${form.values.lastName}`.trim()} />
      <Form onSubmit={form.submit} aria-label="Información personal">
        <Grid>
          {FIELDS.map((field) => (
            <TextField key={field.name} name={field.name} label={field.label} type={field.type ?? 'text'} autoComplete={field.autoComplete} hint={field.hint} {...form.field(field.name)} />
          ))}
        </Grid>
        {profile.pendingEmail && <PendingEmail email={profile.pendingEmail} />}
        <Actions>
          <Button type="submit" disabled={form.pending}>
            {form.pending ? 'Guardando...' : 'Guardar cambios'}
          </Button>
        </Actions>
      </Form>
    </Card>
  );
}

/** A new address waiting for its link: 'Reenviar correo' mails a new one, 'Cancelar cambio' drops it. */
function PendingEmail({ email }: { email: string }) {
  const resend = useResendEmailVerification();
  const cancel = useCancelEmailChange();
  const { toast } = useToast();
  const failed = (fallback: string) => (error: unknown) => {
    if (!isSessionGone(error)) toast({ title: 'Error', description: serverMessage(error) ?? fallback, variant: 'destructive' });
  };
  return (
    <Pending aria-label="Cambio de correo pendiente">
      <p>
        Pendiente de confirmar: <strong>{email}</strong>. Tu correo no cambiará hasta que abras el enlace que te hemos enviado.
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={resend.isPending}
        onClick={() => resend.mutate(undefined, { onSuccess: (sent) => toast({ title: 'Correo enviado', description: sent.message }), onError: failed('No se pudo enviar el correo') })}
      >
        {resend.isPending ? 'Enviando...' : 'Reenviar correo'}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate(undefined, { onSuccess: () => toast({ title: 'Cambio de correo cancelado', description: 'Tu correo sigue siendo el de siempre' }), onError: failed('No se pudo cancelar el cambio') })}
      >
        Cancelar cambio
      </Button>
    </Pending>
  );
}

/** The avatar with 'Cambiar foto' (JPG, GIF or PNG up to 1 MB, checked before sending) and 'Quitar foto'. */
function ProfilePhoto({ profile, name }: { profile: Profile; name: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadPhoto(setProgress);
  const remove = useRemovePhoto();
  const { toast } = useToast();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return setError(`Formato no admitido. ${PROFILE_PHOTO_HINT}`);
    if (file.size > PROFILE_PHOTO_MAX_BYTES) return setError(`La foto supera el tamaño máximo. ${PROFILE_PHOTO_HINT}`);
    setError(null);
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Foto actualizada', description: 'Tu nueva foto ya aparece en tu perfil' }),
      onError: (err) => {
        if (isSessionGone(err)) return;
        setError(serverFieldErrors(err).file ?? serverMessage(err) ?? 'No se pudo subir la foto');
      },
      onSettled: () => setProgress(null),
    });
  };

  return (
    <PhotoRow>
      <Avatar src={profile.profileImageUrl} alt={name ? `Foto de ${name}` : 'Tu foto'} initials={initialsOf(profile.firstName, profile.lastName)} size={72} />
      <div>
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
          {upload.isPending ? `Subiendo... ${progress ?? 0} %` : 'Cambiar foto'}
        </Button>{' '}
        {profile.profileImageUrl && (
          <Button variant="ghost" size="sm" onClick={() => remove.mutate(undefined, { onSuccess: () => toast({ title: 'Foto eliminada' }) })} disabled={remove.isPending}>
            Quitar foto
          </Button>
        )}
        <HiddenInput ref={input} type="file" accept={PROFILE_PHOTO_TYPES.join(',')} aria-label="Foto de perfil" tabIndex={-1} onChange={choose} />
        <p>
          <MutedText>{PROFILE_PHOTO_HINT}</MutedText>
        </p>
        {progress !== null && <progress max={100} value={progress} aria-label="Progreso de la subida" />}
        {error && <p role="alert">{error}</p>}
      </div>
    </PhotoRow>
  );
}
