import { Button, Dialog, TextField } from '@arrendia/ui';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { safeNextPath } from '../navigation';
import { useLogin } from './useAuthMutations';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

export const SwitchLine = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

export const TextButton = styled.button`
  border: 0;
  padding: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: underline;
  cursor: pointer;
`;

interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The `next` parameter: where to go after signing in, if safe. */
  next: string | null;
  initialEmail?: string;
  onRegister: () => void;
}

export function LoginDialog({ open, onOpenChange, next, initialEmail = '', onRegister }: LoginDialogProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const login = useLogin(safeNextPath(next));

  useEffect(() => {
    if (open && initialEmail) setEmail(initialEmail);
  }, [open, initialEmail]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email, password });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Iniciar Sesión" description="Accede a tu cuenta de Arrendia.">
      <Form onSubmit={submit}>
        <TextField label="Correo electrónico" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Contraseña"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" fullWidth disabled={login.isPending}>
          {login.isPending ? 'Iniciando sesión...' : 'Iniciar Sesión'}
        </Button>
      </Form>
      <SwitchLine>
        ¿No tienes cuenta?{' '}
        <TextButton type="button" onClick={onRegister}>
          Regístrate
        </TextButton>
      </SwitchLine>
    </Dialog>
  );
}
