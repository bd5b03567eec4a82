import { z } from 'zod';

/**
 * Confirming an email address (issue 34, point 4): a registration's address, and a new address
 * typed in Ajustes, which replaces the old one only once its link is opened.
 * `POST /api/auth/verify-email/:token` (public), `POST /api/auth/verify-email/resend` (signed in),
 * `DELETE /api/settings/email-change` (signed in).
 */

/** Hours a link works, as a password reset link's. */
export const EMAIL_VERIFICATION_HOURS = 24;

/** 'verify': the account's own address; 'change': a new address waiting to replace it. */
export const EMAIL_VERIFICATION_PURPOSES = ['verify', 'change'] as const;
export type EmailVerificationPurpose = (typeof EMAIL_VERIFICATION_PURPOSES)[number];

export const EMAIL_VERIFICATION_PATH = '/api/auth/verify-email';
export const EMAIL_VERIFICATION_RESEND_PATH = '/api/auth/verify-email/resend';
export const EMAIL_CHANGE_PATH = '/api/settings/email-change';

/** The public page of a link (apps/public-site). */
export const emailVerificationLink = (token: string) => `/verificar-correo/${token}`;

/** 'Reenviar correo': at most this many links an hour for one account. */
export const VERIFICATION_RESENDS_PER_HOUR = 5;

export const EMAIL_VERIFICATION_UNKNOWN = 'Este enlace no existe';
export const EMAIL_VERIFICATION_USED = 'Este enlace ya se ha usado';
export const EMAIL_VERIFICATION_EXPIRED = 'Este enlace ha caducado: inicia sesión y pulsa «Reenviar correo» para recibir otro';
export const EMAIL_VERIFIED = 'Tu correo electrónico está confirmado';
export const emailChangedTo = (email: string) => `Tu correo electrónico ha cambiado a ${email}`;
export const NOTHING_TO_CONFIRM = 'Tu correo electrónico ya está confirmado y no hay ningún cambio pendiente';
export const VERIFICATION_RESENDS_USED = 'Ya te hemos enviado varios correos en la última hora. Espera un rato y vuelve a intentarlo';
export const verificationSentTo = (email: string) => `Te hemos enviado un enlace a ${email}`;

/** What a used link answers (200). */
export const EmailVerifiedSchema = z.object({ purpose: z.enum(EMAIL_VERIFICATION_PURPOSES), email: z.string(), message: z.string() });
export type EmailVerified = z.infer<typeof EmailVerifiedSchema>;

/** What 'Reenviar correo' answers (200): where the new link went. */
export const VerificationSentSchema = z.object({ purpose: z.enum(EMAIL_VERIFICATION_PURPOSES), email: z.string(), message: z.string() });
export type VerificationSent = z.infer<typeof VerificationSentSchema>;
