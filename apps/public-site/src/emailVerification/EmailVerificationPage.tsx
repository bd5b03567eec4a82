import { EMAIL_VERIFICATION_PATH, type CurrentUser, type EmailVerified } from '@arrendia/api-contract';
import { apiRequest } from '@arrendia/api-client';
import { Button, Card, CardDescription, PageHeader } from '@arrendia/ui';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { messageOf } from '../auth/tokenPage';
import { Container } from '../layout/PublicLayout';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
`;

/**
 * /verificar-correo/:token: the link mailed to confirm an address (a new account's, or a new address
 * typed in Ajustes, issue 34). The token is sent when the person presses the button, not on load,
 * so a mail scanner that opens links does not use it up. Then the page says the address is
 * confirmed (or changed), or why the link is refused, with the way back: sign in, or, signed in, a
 * full load of the panel (the shell reads the confirmed account again).
 */
export function EmailVerificationPage({ user = null }: { user?: CurrentUser | null }) {
  const { token = '' } = useParams();
  const confirm = useMutation({
    mutationFn: async () => (await apiRequest('POST', `${EMAIL_VERIFICATION_PATH}/${encodeURIComponent(token)}`)).json() as Promise<EmailVerified>,
  });
  const next = user ? <a href="/dashboard">Ir a mi panel</a> : <a href="/?login=1">Iniciar sesión</a>;

  return (
    <Container>
      <PageHeader title="Confirmar correo electrónico" description="Confirma la dirección de correo de tu cuenta de Arrendia." />
      <Card>
        {confirm.isSuccess ? (
          <>
            <p role="status">{confirm.data.message}</p>
            <Actions>{next}</Actions>
          </>
        ) : confirm.isError ? (
          <>
            <p role="alert">{messageOf(confirm.error, 'No se ha podido confirmar el correo')}</p>
            <Actions>{next}</Actions>
          </>
        ) : (
          <>
            <CardDescription>Pulsa el botón para confirmar tu dirección de correo. El enlace sirve una sola vez.</CardDescription>
            <Actions>
              <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
                {confirm.isPending ? 'Confirmando...' : 'Confirmar mi correo'}
              </Button>
            </Actions>
          </>
        )}
      </Card>
    </Container>
  );
}
