import { zodFieldErrors } from '@arrendia/api-client';
import { AuthTwoFactorSchema } from '@arrendia/api-contract';
import { Button, Dialog, TextField } from '@arrendia/ui';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { safeNextPath } from '../navigation';
import { useLogin, useLoginSecondStep } from './useAuthMutations';

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

const TWO_FACTOR_HINT = 'Introduce el código de 6 cifras de tu aplicación de autenticación o uno de tus códigos de recuperación.';

export function LoginDialog({ open, onOpenChange, next, initialEmail = '', onRegister }: LoginDialogProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  // An account with two-factor authentication on is asked for a code after its password.
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const target = safeNextPath(next);
  const toStep = (to: 'password' | 'code') => {
    setStep(to);
    setCode('');
    setCodeError(undefined);
  };
  const login = useLogin(target, () => toStep('code'));
  const verify = useLoginSecondStep(target, () => toStep('password'));

  useEffect(() => {
    if (open && initialEmail) setEmail(initialEmail);
  }, [open, initialEmail]);

  useEffect(() => {
    if (!open) setStep('password');
  }, [open]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email, password });
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = AuthTwoFactorSchema.safeParse({ code });
    setCodeError(parsed.success ? undefined : zodFieldErrors(parsed.error).code);
    if (parsed.success) verify.mutate(parsed.data);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Iniciar Sesión" description={step === 'code' ? TWO_FACTOR_HINT : 'Accede a tu cuenta de Arrendia.'}>
      {step === 'code' ? (
        <>
          {/* Keyed: each step its own form and fields, so the code field mounts (and takes the focus). */}
          <Form key="code" onSubmit={submitCode} noValidate>
            <TextField label="Código de verificación" name="code" autoComplete="one-time-code" autoFocus value={code} error={codeError} onChange={(e) => setCode(e.target.value)} />
            <Button type="submit" fullWidth disabled={verify.isPending}>
              {verify.isPending ? 'Verificando...' : 'Verificar'}
            </Button>
          </Form>
          <SwitchLine>
            <TextButton type="button" onClick={() => toStep('password')}>
              Volver
            </TextButton>
          </SwitchLine>
        </>
      ) : (
        <>
          <Form key="password" onSubmit={submit}>
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
        </>
      )}
    </Dialog>
  );
}
