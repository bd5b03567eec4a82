import type { PasswordResetLink } from '@arrendia/api-contract';
import { formatDateTime } from '@arrendia/locale-es';
import { Button, CardDescription, TextField, useToast } from '@arrendia/ui';
import styled from 'styled-components';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/**
 * A one-time password link to hand to its user (there is no email delivery yet): the full address,
 * a copy button and when it expires.
 */
export function OneTimeLink({ link, label }: { link: PasswordResetLink; label: string }) {
  const { toast } = useToast();
  const url = new URL(link.link, window.location.origin).toString();
  const copy = () =>
    void navigator.clipboard
      ?.writeText(url)
      .then(() => toast({ title: 'Enlace copiado', description: 'Pégalo en tu mensaje al usuario' }))
      .catch(() => toast({ variant: 'destructive', title: 'Error', description: 'No se pudo copiar: selecciona el enlace y cópialo a mano' }));
  return (
    <Stack>
      <TextField label={label} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
      <CardDescription>Sirve una sola vez y caduca el {formatDateTime(link.expiresAt)}.</CardDescription>
      <Button onClick={copy}>Copiar enlace</Button>
    </Stack>
  );
}
