import { EMAIL_VERIFICATION_RESEND_PATH, type VerificationSent } from '@arrendia/api-contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './http';

/**
 * 'Reenviar correo' (POST /api/auth/verify-email/resend): a new link for the pending new address,
 * or for the account's unconfirmed one; the earlier link stops working. Used by the shell's banner
 * and by Ajustes. A refusal (409 nothing to confirm, 429 too many) carries the server's message.
 */
export function useResendEmailVerification() {
  return useMutation({
    mutationFn: async () => (await apiRequest('POST', EMAIL_VERIFICATION_RESEND_PATH)).json() as Promise<VerificationSent>,
  });
}
