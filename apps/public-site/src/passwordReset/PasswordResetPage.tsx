import { PASSWORD_MISMATCH, PasswordResetUseSchema, type PasswordResetPreview } from '@arrendia/api-contract';
import { apiRequest, readErrorBody, zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import { formatDateTime } from '@arrendia/locale-es';
import { Button, Card, CardDescription, PageHeader, Skeleton, TextField } from '@arrendia/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router-dom';
import { messageOf, TokenForm } from '../auth/tokenPage';
import { Container } from '../layout/PublicLayout';
import { hardNavigate } from '../navigation';


/**
 * /restablecer/:token: the one-time link an admin gave (a new user's first password, or a reset).
 * The user chooses a password twice; on success every session of the account has ended and the
 * landing opens its login dialog. A used, expired or unknown link says so.
 */
export function PasswordResetPage() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const path = `/api/password-resets/${encodeURIComponent(token)}`;
  const link = useQuery<PasswordResetPreview>({ queryKey: [path], retry: false });
  const save = useMutation({
    mutationFn: (input: { password: string }) => apiRequest('POST', path, input),
    onSuccess: () => hardNavigate('/?login=1'),
    onError: (error) => setErrors((readErrorBody(error)?.fields as FieldErrors | undefined) ?? {}),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PasswordResetUseSchema.safeParse({ password });
    const found = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (confirmation !== password) found.confirmation = PASSWORD_MISMATCH;
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate({ password });
  };

  return (
    <Container>
      <PageHeader title="Restablecer contraseña" description="Elige una contraseña nueva para tu cuenta de Arrendia." />
      <Card>
        {link.isLoading ? (
          <Skeleton height="8rem" />
        ) : link.isError ? (
          <p role="alert">{messageOf(link.error, 'No se ha podido abrir el enlace')}</p>
        ) : (
          link.data && (
            <>
              <CardDescription>
                Cuenta: {link.data.email}. El enlace sirve una sola vez y caduca el {formatDateTime(link.data.expiresAt)}.
              </CardDescription>
              <TokenForm onSubmit={submit} noValidate aria-label="Restablecer contraseña">
                <TextField label="Nueva contraseña" type="password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} autoComplete="new-password" hint="Al menos 8 caracteres" />
                <TextField label="Repite la contraseña" type="password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} error={errors.confirmation} autoComplete="new-password" />
                {save.isError && !Object.keys(errors).length && <p role="alert">{messageOf(save.error, 'No se pudo guardar la contraseña')}</p>}
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Guardando...' : 'Guardar contraseña'}
                </Button>
              </TokenForm>
            </>
          )
        )}
      </Card>
    </Container>
  );
}
