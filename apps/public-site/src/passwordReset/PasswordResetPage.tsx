import { PASSWORD_MISMATCH, PasswordResetUseSchema, type PasswordResetPreview, type PasswordResetUseData } from '@arrendia/api-contract';
import { apiRequest, useFormDialog } from '@arrendia/api-client';
import { formatDateTime } from '@arrendia/locale-es';
import { Button, Card, CardDescription, PageHeader, Skeleton, TextField } from '@arrendia/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
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
  const path = `/api/password-resets/${encodeURIComponent(token)}`;
  const link = useQuery<PasswordResetPreview>({ queryKey: [path], retry: false });
  const save = useMutation({
    mutationFn: (input: PasswordResetUseData) => apiRequest('POST', path, input),
    onSuccess: () => hardNavigate('/?login=1'),
  });
  // The page loads the login on a success: nothing to reset. A refusal without field messages is
  // said under the fields (messageOf).
  const form = useFormDialog({
    schema: PasswordResetUseSchema,
    initialValues: { password: '', confirmation: '' },
    toInput: (values) => ({ password: values.password }),
    validate: (values) => (values.confirmation === values.password ? {} : { confirmation: PASSWORD_MISMATCH }),
    mutation: save,
    stayOpen: true,
    failureMessage: 'No se pudo guardar la contraseña',
  });
  const { errors } = form;

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
              <TokenForm onSubmit={form.submit} aria-label="Restablecer contraseña">
                <TextField label="Nueva contraseña" type="password" {...form.field('password')} autoComplete="new-password" hint="Al menos 8 caracteres" />
                <TextField label="Repite la contraseña" type="password" {...form.field('confirmation')} autoComplete="new-password" />
                {save.isError && !Object.keys(errors).length && <p role="alert">{messageOf(save.error, 'No se pudo guardar la contraseña')}</p>}
                <Button type="submit" disabled={form.pending}>
                  {form.pending ? 'Guardando...' : 'Guardar contraseña'}
                </Button>
              </TokenForm>
            </>
          )
        )}
      </Card>
    </Container>
  );
}
