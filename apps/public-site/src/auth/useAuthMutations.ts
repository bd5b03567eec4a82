import type { AuthLoginInput, AuthRegisterInput, AuthTwoFactorInput, PasswordResetRequestInput, TwoFactorChallenge } from '@arrendia/api-contract';
import { apiRequest, readErrorBody, serverMessage } from '@arrendia/api-client';
import { toast } from '@arrendia/ui';
import { useMutation } from '@tanstack/react-query';
import { hardNavigate } from '../navigation';

/** Password of every demo account (decisions.md). */
export const DEMO_PASSWORD = 'demo1234';

const loginFailed = (error: Error) => {
  toast({ variant: 'destructive', title: 'Error de autenticación', description: serverMessage(error) || 'Error de login' });
};

/**
 * Signs in; on success a full page load to `target` (spec §4), on failure the spec's toast with the
 * server's message. An account with two-factor authentication on answers `{twoFactorRequired: true}`
 * instead: no session yet, `onTwoFactor` asks for the code (useLoginSecondStep). Its 401 is an
 * answer, not a lost session: the shell's global handler skips it.
 */
export function useLogin(target: string, onTwoFactor?: (input: AuthLoginInput) => void) {
  return useMutation({
    mutationFn: async (input: AuthLoginInput) => {
      const res = await apiRequest('POST', '/api/auth/login', input);
      // Read without a schema: the landing page, which signs in the demo accounts, carries no zod.
      const body = (await res.json().catch(() => null)) as Partial<TwoFactorChallenge> | null;
      return body?.twoFactorRequired === true;
    },
    meta: { handlesUnauthorized: true },
    onSuccess: (twoFactor, input) => (twoFactor ? onTwoFactor?.(input) : hardNavigate(target)),
    onError: loginFailed,
  });
}

/**
 * The second step of a sign-in: a code of the authenticator app or a recovery code. Success and
 * failure as useLogin; when the step has expired (`two_factor_expired`), `onExpired` too.
 */
export function useLoginSecondStep(target: string, onExpired: () => void) {
  return useMutation({
    mutationFn: (input: AuthTwoFactorInput) => apiRequest('POST', '/api/auth/login/two-factor', input),
    meta: { handlesUnauthorized: true },
    onSuccess: () => hardNavigate(target),
    onError: (error) => {
      loginFailed(error);
      if (readErrorBody(error)?.error === 'two_factor_expired') onExpired();
    },
  });
}

/** Creates an account; the caller decides what follows a success. Failures toast the server's message. */
export function useRegister(onSuccess: (input: AuthRegisterInput) => void) {
  return useMutation({
    mutationFn: (input: AuthRegisterInput) => apiRequest('POST', '/api/auth/register', input),
    meta: { handlesUnauthorized: true },
    onSuccess: (_res, input) => {
      toast({ title: 'Cuenta creada exitosamente', description: 'Ya puedes iniciar sesión con tus credenciales' });
      onSuccess(input);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Error en el registro', description: serverMessage(error) || 'Error de registro' });
    },
  });
}

/**
 * '¿Olvidaste tu contraseña?': asks for a reset link (POST /api/auth/password-reset). The answer is
 * the same whether or not the address has an account; `onSent` shows it. A 429 or a network failure
 * toasts the server's message.
 */
export function useRequestPasswordReset(onSent: () => void) {
  return useMutation({
    mutationFn: (input: PasswordResetRequestInput) => apiRequest('POST', '/api/auth/password-reset', input),
    meta: { handlesUnauthorized: true },
    onSuccess: () => onSent(),
    onError: (error) => {
      toast({ variant: 'destructive', title: 'No se pudo enviar el enlace', description: serverMessage(error) || 'Inténtalo de nuevo en unos minutos.' });
    },
  });
}
