import type { CurrentUser } from '@arrendia/api-contract';
import { isSessionGone, serverMessage, useResendEmailVerification } from '@arrendia/api-client';
import { Button } from '@arrendia/ui';
import styled from 'styled-components';

const Banner = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.tones.yellow.background};
  color: ${({ theme }) => theme.tones.yellow.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  p {
    margin: 0;
  }
`;

const Text = styled.p`
  flex: 1 1 20rem;
`;

/** What the last 'Reenviar correo' came to: where the link went, or the server's refusal (409, 429). */
function resultOf(resend: ReturnType<typeof useResendEmailVerification>): string {
  if (resend.isSuccess) return `${resend.data.message}. Revisa tu bandeja de entrada.`;
  if (resend.isError && !isSessionGone(resend.error)) return serverMessage(resend.error) ?? 'No se pudo enviar el correo. Inténtalo de nuevo en unos minutos.';
  return '';
}

/**
 * Over every signed-in page while the account's address is unconfirmed (issue 34): the account
 * works meanwhile. 'Reenviar correo' mails a new link (the earlier one stops working); the result
 * is announced in the banner's status line.
 */
export function EmailVerificationBanner({ user }: { user: CurrentUser }) {
  const resend = useResendEmailVerification();
  if (user.emailVerified) return null;
  return (
    <Banner aria-label="Confirmación del correo electrónico">
      <Text>
        Confirma tu correo electrónico: te hemos enviado un enlace a <strong>{user.email}</strong>.
      </Text>
      <Button variant="outline" size="sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending ? 'Enviando...' : 'Reenviar correo'}
      </Button>
      <p role="status">{resultOf(resend)}</p>
    </Banner>
  );
}
