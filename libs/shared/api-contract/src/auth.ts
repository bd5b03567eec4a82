import { z } from 'zod';
import { shownText } from './common';

const email = z.string().trim().toLowerCase().email('Introduce un correo electrónico válido').max(255);

export const AuthLoginSchema = z.object({
  email,
  password: z.string().min(1, 'La contraseña es obligatoria').max(200),
});
export type AuthLoginInput = z.infer<typeof AuthLoginSchema>;

/**
 * What `POST /api/auth/login` answers an account with two-factor authentication on: no session
 * yet, only the request for the second step (`POST /api/auth/login/two-factor`).
 */
export const TwoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true) });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

/** Minutes the second step of a sign-in stays open after the password was right. */
export const TWO_FACTOR_LOGIN_MINUTES = 5;
export const TWO_FACTOR_CODE_DIGITS = 6;

/** Recovery codes: ten of them, each `xxxxx-xxxxx` in lower-case letters and digits, each good once. */
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_CODE = /^[a-z0-9]{10}$/;
const TOTP_CODE = /^[0-9]{6}$/;

/** A code as people type it, reduced to what counts: spaces and hyphens between groups are theirs, case does not matter. */
const typedCode = (message: string) =>
  z
    .string({ error: message })
    .max(40, message)
    .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase());

export const TWO_FACTOR_CODE_ERROR = 'Introduce el código de 6 cifras de tu aplicación o un código de recuperación';
export const TOTP_CODE_ERROR = 'Introduce el código de 6 cifras de tu aplicación';

/** The second step of a sign-in: a code of the authenticator app, or one of the recovery codes. */
export const AuthTwoFactorSchema = z
  .object({ code: typedCode(TWO_FACTOR_CODE_ERROR).pipe(z.string().refine((v) => TOTP_CODE.test(v) || RECOVERY_CODE.test(v), TWO_FACTOR_CODE_ERROR)) })
  .strict();
export type AuthTwoFactorInput = z.input<typeof AuthTwoFactorSchema>;

/** Whether a (normalised) code is an app code rather than a recovery code. */
export const isTotpCode = (code: string) => TOTP_CODE.test(code);

/** A code of the authenticator app only (turning two-factor authentication on proves the app works). */
export const TotpCodeSchema = typedCode(TOTP_CODE_ERROR).pipe(z.string().regex(TOTP_CODE, TOTP_CODE_ERROR));

export const AuthRegisterSchema = z.object({
  email,
  password: z.string().min(8, 'La contraseña debe tener al menos 8 caracteres').max(200),
  firstName: shownText().min(1, 'El nombre es obligatorio').max(100),
  lastName: shownText().min(1, 'Los apellidos son obligatorios').max(100),
});
export type AuthRegisterInput = z.infer<typeof AuthRegisterSchema>;

/** POST /api/auth/password-reset: '¿Olvidaste tu contraseña?' (issue 34). */
export const PasswordResetRequestSchema = z.object({ email });
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestSchema>;

/** The one answer to a reset request, whether or not an account has that email (202). */
export const PASSWORD_RESET_REQUESTED = 'Si existe una cuenta con ese correo, te hemos enviado un enlace';
export const PasswordResetRequestedSchema = z.object({ message: z.literal(PASSWORD_RESET_REQUESTED) });

/** The signed-in user as `GET /api/auth/user` answers it (spec §3, "Current user"). */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  telefono: z.string().nullable(),
  nifCif: z.string().nullable(),
  direccionFiscal: z.string().nullable(),
  ibanBancaria: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  agencyId: z.number().int().nullable(),
  role: z.object({ roleId: z.number().int(), roleName: z.string() }).nullable(),
  /** Whether the address has been confirmed (issue 34): until then the shell shows a banner. */
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
