import { TenantInvitationAcceptSchema, type CurrentUser, type TenantInvitationAcceptData } from '@arrendia/api-contract';
import { apiRequest, useFormDialog } from '@arrendia/api-client';
import { Button, Card, CardDescription, CardTitle, PageHeader, Skeleton, TextField } from '@arrendia/ui';
import { useMutation, useQuery, type UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { messageOf, TokenForm } from '../auth/tokenPage';
import { Container } from '../layout/PublicLayout';
import { hardNavigate } from '../navigation';

/** What every invitation's preview says: whose it is, until when, and whether that account exists. */
export interface InvitationPreviewBase {
  email: string;
  expiresAt: string;
  accountExists: boolean;
}

/** The words of one kind of invitation (a tenant's, an owner's); `P` is its preview. */
export interface InvitationTexts<P extends InvitationPreviewBase> {
  /** The page's heading, before (`undefined`) and after the preview loads. */
  title: (preview: P | undefined) => string;
  description: string;
  /** The card's heading once the preview loads (what the invitation is for), if it has one. */
  heading?: (preview: P) => string;
  /** Signed out, no account yet: what accepting does, above the form. */
  newAccount: (preview: P) => ReactNode;
  /** Signed out, the account exists: sign in with it and open the link again. */
  existingAccount: (preview: P) => ReactNode;
  /** Signed in as the invited email: what the one button does. */
  signedIn: (preview: P, user: CurrentUser) => ReactNode;
  /** The signed-in invitee's button, and its label while it runs. */
  acceptLabel: string;
  acceptingLabel: string;
  /** The new account's submit button. */
  submitLabel: string;
  /** The new account's name as the form first shows it (the inviter may have given it). */
  names?: (preview: P) => { firstName: string; lastName: string };
}

/** Ends the session and loads `path` (the same link) again, signed out. */
async function signOutAndReload(path: string) {
  await apiRequest('POST', '/api/auth/logout').catch(() => undefined);
  hardNavigate(path);
}

const FAILED = 'No se pudo aceptar la invitación';

/**
 * The page of an invitation's one-time link, whatever it invites to: `apiPath` answers
 * `GET <apiPath>/:token` (the preview; 404 unknown, 410 used or expired, said in the server's words)
 * and `POST <apiPath>/:token/accept` (TenantInvitationAcceptSchema's body). Signed out, the invitee
 * creates its account with name and password; signed in as the invited email, one button accepts;
 * signed in as someone else, the page says so and offers to sign out. A success loads /dashboard.
 */
export function InvitationView<P extends InvitationPreviewBase>({ apiPath, texts, user }: { apiPath: string; texts: InvitationTexts<P>; user: CurrentUser | null }) {
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const path = `${apiPath}/${encodeURIComponent(token)}`;
  const invitation = useQuery<P>({ queryKey: [path], retry: false });
  // The form's answer ({} for a signed-in invitee, who only accepts): the portal loads on a success.
  const accept = useMutation({
    mutationFn: async (input: TenantInvitationAcceptData) => apiRequest('POST', `${path}/accept`, input),
    onSuccess: () => hardNavigate('/dashboard'),
  });
  const preview = invitation.data;

  return (
    <Container>
      <PageHeader title={texts.title(preview)} description={texts.description} />
      <Card>
        {invitation.isLoading ? (
          <Skeleton height="8rem" />
        ) : invitation.isError ? (
          <p role="alert">{messageOf(invitation.error, 'No se ha podido abrir la invitación')}</p>
        ) : !preview ? null : user ? (
          user.email.toLowerCase() === preview.email.toLowerCase() ? (
            <>
              {texts.heading && <CardTitle as="h2">{texts.heading(preview)}</CardTitle>}
              <CardDescription>{texts.signedIn(preview, user)}</CardDescription>
              {accept.isError && <p role="alert">{messageOf(accept.error, FAILED)}</p>}
              <Button onClick={() => accept.mutate({})} disabled={accept.isPending}>
                {accept.isPending ? texts.acceptingLabel : texts.acceptLabel}
              </Button>
            </>
          ) : (
            <>
              <CardDescription>
                Has iniciado sesión como {user.email}, pero esta invitación es para {preview.email}. Cierra sesión y vuelve a abrir el enlace.
              </CardDescription>
              <Button variant="outline" onClick={() => void signOutAndReload(pathname)}>
                Cerrar sesión
              </Button>
            </>
          )
        ) : preview.accountExists ? (
          <CardDescription>{texts.existingAccount(preview)}</CardDescription>
        ) : (
          <>
            {texts.heading && <CardTitle as="h2">{texts.heading(preview)}</CardTitle>}
            <CardDescription>{texts.newAccount(preview)}</CardDescription>
            <NewAccountForm accept={accept} initialNames={texts.names?.(preview)} submitLabel={texts.submitLabel} />
          </>
        )}
      </Card>
    </Container>
  );
}

/** Name, surname and password of the new account; mounted once the preview is in, so it starts from the names the inviter gave. */
function NewAccountForm({
  accept,
  initialNames = { firstName: '', lastName: '' },
  submitLabel,
}: {
  accept: UseMutationResult<Response, Error, TenantInvitationAcceptData>;
  initialNames?: { firstName: string; lastName: string };
  submitLabel: string;
}) {
  // A new account gives all three (the form always sends them, so none is left out).
  const form = useFormDialog({
    schema: TenantInvitationAcceptSchema,
    initialValues: { ...initialNames, password: '' },
    mutation: accept,
    stayOpen: true,
    failureMessage: FAILED,
  });
  return (
    <TokenForm onSubmit={form.submit} aria-label="Aceptar invitación">
      <TextField label="Nombre" {...form.field('firstName')} autoComplete="given-name" />
      <TextField label="Apellidos" {...form.field('lastName')} autoComplete="family-name" />
      <TextField label="Contraseña" type="password" {...form.field('password')} autoComplete="new-password" hint="Al menos 8 caracteres" />
      {accept.isError && !Object.keys(form.errors).length && <p role="alert">{messageOf(accept.error, FAILED)}</p>}
      <Button type="submit" disabled={form.pending}>
        {form.pending ? 'Creando cuenta...' : submitLabel}
      </Button>
    </TokenForm>
  );
}
