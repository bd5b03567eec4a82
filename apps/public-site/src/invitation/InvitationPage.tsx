import { TenantInvitationAcceptSchema, type CurrentUser, type TenantInvitationAcceptData, type TenantInvitationPreview } from '@arrendia/api-contract';
import { apiRequest, useFormDialog } from '@arrendia/api-client';
import { formatDate } from '@arrendia/locale-es';
import { Button, Card, CardDescription, CardTitle, PageHeader, Skeleton, TextField } from '@arrendia/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router-dom';
import { messageOf, TokenForm } from '../auth/tokenPage';
import { Container } from '../layout/PublicLayout';
import { hardNavigate } from '../navigation';


/** Ends the session and loads `path` (the same link) again, signed out. */
async function signOutAndReload(path: string) {
  await apiRequest('POST', '/api/auth/logout').catch(() => undefined);
  hardNavigate(path);
}

/**
 * /invitacion/:token: the invited tenant sees the home and its email, chooses name and password,
 * and lands in the tenant portal with the contract linked (issue 11). A used or expired link says so.
 * Signed in as the invited email, one button links the contract to that account; signed in as
 * someone else, the page says so and offers to sign out.
 */
export function InvitationPage({ user = null }: { user?: CurrentUser | null }) {
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const invitation = useQuery<TenantInvitationPreview>({ queryKey: [`/api/tenant-invitations/${encodeURIComponent(token)}`], retry: false });
  // The form's answer ({} for a signed-in invitee, who only links the contract): the portal loads on a success.
  const accept = useMutation({
    mutationFn: async (input: TenantInvitationAcceptData) => apiRequest('POST', `/api/tenant-invitations/${encodeURIComponent(token)}/accept`, input),
    onSuccess: () => hardNavigate('/dashboard'),
  });
  // A new account gives all three (the form always sends them, so none is left out).
  const form = useFormDialog({
    schema: TenantInvitationAcceptSchema,
    initialValues: { firstName: '', lastName: '', password: '' },
    mutation: accept,
    stayOpen: true,
    failureMessage: 'No se pudo aceptar la invitación',
  });
  const { errors } = form;

  return (
    <Container>
      <PageHeader title="Invitación de Arrendia" description="Tu casero o tu agencia te invita a seguir tu alquiler en Arrendia." />
      <Card>
        {invitation.isLoading ? (
          <Skeleton height="8rem" />
        ) : invitation.isError ? (
          <p role="alert">{messageOf(invitation.error, 'No se ha podido abrir la invitación')}</p>
        ) : user && invitation.data ? (
          user.email.toLowerCase() === invitation.data.email.toLowerCase() ? (
            <>
              <CardTitle as="h2">
                {invitation.data.propertyName} · {invitation.data.unitName}
              </CardTitle>
              <CardDescription>Has iniciado sesión como {user.email}. Vincula este contrato a tu cuenta para seguirlo desde tu panel.</CardDescription>
              {accept.isError && <p role="alert">{messageOf(accept.error, 'No se pudo aceptar la invitación')}</p>}
              <Button onClick={() => accept.mutate({})} disabled={accept.isPending}>
                {accept.isPending ? 'Vinculando...' : 'Vincular contrato'}
              </Button>
            </>
          ) : (
            <>
              <CardDescription>
                Has iniciado sesión como {user.email}, pero esta invitación es para {invitation.data.email}. Cierra sesión y vuelve a abrir el enlace.
              </CardDescription>
              <Button variant="outline" onClick={() => void signOutAndReload(pathname)}>
                Cerrar sesión
              </Button>
            </>
          )
        ) : invitation.data?.accountExists ? (
          <CardDescription>Ya tienes una cuenta con {invitation.data.email}: inicia sesión y vuelve a abrir este enlace para vincular el contrato.</CardDescription>
        ) : (
          invitation.data && (
            <>
              <CardTitle as="h2">
                {invitation.data.propertyName} · {invitation.data.unitName}
              </CardTitle>
              <CardDescription>
                Crea tu cuenta de inquilino para {invitation.data.email}. El enlace caduca el {formatDate(invitation.data.expiresAt)}.
              </CardDescription>
              <TokenForm onSubmit={form.submit} aria-label="Aceptar invitación">
                <TextField label="Nombre" {...form.field('firstName')} autoComplete="given-name" />
                <TextField label="Apellidos" {...form.field('lastName')} autoComplete="family-name" />
                <TextField label="Contraseña" type="password" {...form.field('password')} autoComplete="new-password" hint="Al menos 8 caracteres" />
                {accept.isError && !Object.keys(errors).length && <p role="alert">{messageOf(accept.error, 'No se pudo aceptar la invitación')}</p>}
                <Button type="submit" disabled={form.pending}>
                  {form.pending ? 'Creando cuenta...' : 'Crear cuenta y entrar'}
                </Button>
              </TokenForm>
            </>
          )
        )}
      </Card>
    </Container>
  );
}
