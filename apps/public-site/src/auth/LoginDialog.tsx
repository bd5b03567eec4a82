import { useFormDialog } from '@arrendia/api-client';
import { AuthLoginSchema, AuthTwoFactorSchema, PASSWORD_RESET_REQUESTED, PasswordResetRequestSchema } from '@arrendia/api-contract';
import { Button, Dialog, Form, TextField } from '@arrendia/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { safeNextPath } from '../navigation';
import { useLogin, useLoginSecondStep, useRequestPasswordReset } from './useAuthMutations';

/** The ui Form with the roomier gap of the sign-in dialogs. */
export const AuthForm = styled(Form)`
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

type Step = 'password' | 'code' | 'forgot';

const TWO_FACTOR_HINT = 'Introduce el código de 6 cifras de tu aplicación de autenticación o uno de tus códigos de recuperación.';

export function LoginDialog({ open, onOpenChange, next, initialEmail = '', onRegister }: LoginDialogProps) {
  // An account with two-factor authentication on is asked for a code after its password.
  const [step, setStep] = useState<Step>('password');
  // '¿Olvidaste tu contraseña?': the address, then the one answer the API gives for any address.
  const [resetSent, setResetSent] = useState(false);
  const target = safeNextPath(next);
  // Both steps stay open on a success: the page loads `target`, or the code step follows. The
  // mutations say their failures (useAuthMutations), and closing keeps what was typed.
  const login = useFormDialog({
    schema: AuthLoginSchema,
    initialValues: { email: initialEmail, password: '' },
    mutation: useLogin(target, () => toStep('code')),
    stayOpen: true,
    failureMessage: 'Error de login',
  });
  const verify = useFormDialog({
    schema: AuthTwoFactorSchema,
    initialValues: { code: '' },
    mutation: useLoginSecondStep(target, () => toStep('password')),
    stayOpen: true,
    failureMessage: 'Error de login',
  });
  const forgot = useFormDialog({
    schema: PasswordResetRequestSchema,
    initialValues: { email: '' },
    mutation: useRequestPasswordReset(() => setResetSent(true)),
    stayOpen: true,
    failureMessage: 'No se pudo enviar el enlace',
  });
  const toStep = (to: Step) => {
    setStep(to);
    verify.reset();
    if (to === 'forgot') {
      setResetSent(false);
      forgot.reset();
      forgot.set('email', login.values.email);
    }
  };

  const setLoginValue = login.set;
  useEffect(() => {
    if (open && initialEmail) setLoginValue('email', initialEmail);
  }, [open, initialEmail, setLoginValue]);

  useEffect(() => {
    if (!open) setStep('password');
  }, [open]);

  if (step === 'forgot') {
    return (
      <Dialog open={open} onOpenChange={onOpenChange} title="Restablecer contraseña" description="Te enviaremos por correo un enlace para elegir una contraseña nueva.">
        {resetSent ? (
          <p role="status">{PASSWORD_RESET_REQUESTED}</p>
        ) : (
          <AuthForm key="forgot" onSubmit={forgot.submit} aria-label="Restablecer contraseña">
            <TextField label="Correo electrónico" type="email" name="email" autoComplete="email" required autoFocus {...forgot.field('email')} />
            <Button type="submit" fullWidth disabled={forgot.pending}>
              {forgot.pending ? 'Enviando...' : 'Enviar enlace'}
            </Button>
          </AuthForm>
        )}
        <SwitchLine>
          <TextButton type="button" onClick={() => toStep('password')}>
            Volver al inicio de sesión
          </TextButton>
        </SwitchLine>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Iniciar Sesión" description={step === 'code' ? TWO_FACTOR_HINT : 'Accede a tu cuenta de Arrendia.'}>
      {step === 'code' ? (
        <>
          {/* Keyed: each step its own form and fields, so the code field mounts (and takes the focus). */}
          <AuthForm key="code" onSubmit={verify.submit} aria-label="Segundo paso del inicio de sesión">
            <TextField label="Código de verificación" name="code" autoComplete="one-time-code" autoFocus {...verify.field('code')} />
            <Button type="submit" fullWidth disabled={verify.pending}>
              {verify.pending ? 'Verificando...' : 'Verificar'}
            </Button>
          </AuthForm>
          <SwitchLine>
            <TextButton type="button" onClick={() => toStep('password')}>
              Volver
            </TextButton>
          </SwitchLine>
        </>
      ) : (
        <>
          <AuthForm key="password" onSubmit={login.submit} aria-label="Inicio de sesión">
            <TextField label="Correo electrónico" type="email" name="email" autoComplete="email" required {...login.field('email')} />
            <TextField label="Contraseña" type="password" name="password" autoComplete="current-password" required {...login.field('password')} />
            <Button type="submit" fullWidth disabled={login.pending}>
              {login.pending ? 'Iniciando sesión...' : 'Iniciar Sesión'}
            </Button>
          </AuthForm>
          <SwitchLine>
            <TextButton type="button" onClick={() => toStep('forgot')}>
              ¿Olvidaste tu contraseña?
            </TextButton>
          </SwitchLine>
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
