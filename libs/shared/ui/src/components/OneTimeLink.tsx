import { type ReactNode } from 'react';
import styled from 'styled-components';
import { toast } from '../toast/toastStore';
import { Button } from './Button';
import { CardDescription } from './Card';
import { TextField } from './TextField';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

export interface OneTimeLinkProps {
  /** The link's path on this site ('/restablecer/…'), shown as the full address to send. */
  link: string;
  /** The read-only field's label ('Enlace para elegir la contraseña'). */
  label: string;
  /** What goes under the field: to whom it is sent, when it expires. */
  children?: ReactNode;
  /** The description of the 'Enlace copiado' toast. */
  copiedHint?: string;
}

/**
 * A one-time link to hand over (there is no email delivery yet): the full address in a read-only
 * field, a note under it and 'Copiar enlace'.
 */
export function OneTimeLink({ link, label, children, copiedHint = 'Pégalo en tu mensaje al usuario' }: OneTimeLinkProps) {
  const url = new URL(link, window.location.origin).toString();
  const failed = () => toast({ variant: 'destructive', title: 'Error', description: 'No se pudo copiar: selecciona el enlace y cópialo a mano' });
  const copy = () => {
    if (!navigator.clipboard) return failed();
    navigator.clipboard.writeText(url).then(() => toast({ title: 'Enlace copiado', description: copiedHint }), failed);
  };
  return (
    <Stack>
      <TextField label={label} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
      {children && <CardDescription>{children}</CardDescription>}
      <Button onClick={copy}>Copiar enlace</Button>
    </Stack>
  );
}
