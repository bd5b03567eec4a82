import type { AuthLoginInput, AuthRegisterInput } from '@arrendia/api-contract';
import { apiRequest, readErrorBody } from '@arrendia/api-client';
import { toast } from '@arrendia/ui';
import { useMutation } from '@tanstack/react-query';
import { hardNavigate } from '../navigation';

/** Password of every demo account (decisions.md). */
export const DEMO_PASSWORD = 'demo1234';

/**
 * Signs in; on success a full page load to `target` (spec §4), on failure the spec's toast with the
 * server's message. Its 401 is an answer, not a lost session: the shell's global handler skips it.
 */
export function useLogin(target: string) {
  return useMutation({
    mutationFn: (input: AuthLoginInput) => apiRequest('POST', '/api/auth/login', input),
    meta: { handlesUnauthorized: true },
    onSuccess: () => hardNavigate(target),
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Error de autenticación', description: readErrorBody(error)?.message || 'Error de login' });
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
      toast({ variant: 'destructive', title: 'Error en el registro', description: readErrorBody(error)?.message || 'Error de registro' });
    },
  });
}
