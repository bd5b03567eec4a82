import { z } from 'zod';
import { TotpCodeSchema } from './auth';
import { clearable, IbanSchema, MoneySchema, NifCifSchema, requiredText, SpanishPhoneSchema } from './common';

/**
 * Every user's own settings (spec §2 "Settings", issue 13): tabs Perfil, Notificaciones, Seguridad
 * and Facturación, saved on the server.
 */

// ---------------------------------------------------------------------------------------------
// Perfil

/** The profile form's fields (spec §2: firstName, lastName, email, phone, nifCif, direccionFiscal, ibanBancaria). */
export const SettingsProfileSchema = z
  .object({
    firstName: requiredText(100, 'El nombre es obligatorio'),
    lastName: requiredText(100, 'Los apellidos son obligatorios'),
    email: z.string({ error: 'Introduce un correo electrónico válido' }).trim().toLowerCase().email('Introduce un correo electrónico válido').max(255),
    telefono: clearable(SpanishPhoneSchema),
    nifCif: clearable(NifCifSchema),
    direccionFiscal: clearable(z.string().trim().max(255, 'Máximo 255 caracteres')),
    ibanBancaria: clearable(IbanSchema),
  })
  .strict();
export type SettingsProfileInput = z.input<typeof SettingsProfileSchema>;
export type SettingsProfileData = z.output<typeof SettingsProfileSchema>;

/** What the profile photo accepts (spec: 'JPG, GIF o PNG. 1MB máximo.'). */
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/gif', 'image/png'] as const;
export const PROFILE_PHOTO_MAX_BYTES = 1024 * 1024;
export const PROFILE_PHOTO_HINT = 'JPG, GIF o PNG. 1MB máximo.';

// ---------------------------------------------------------------------------------------------
// Notificaciones y Seguridad

/** The notification switches of spec §2 and their defaults: every one on but SMS. */
export const NOTIFICATION_PREFERENCE_DEFAULTS = {
  email: true,
  push: true,
  sms: false,
  incidentAlerts: true,
  paymentReminders: true,
  contractExpiry: true,
  monthlyReports: true,
} as const;
export type NotificationPreferenceKey = keyof typeof NOTIFICATION_PREFERENCE_DEFAULTS;
export type NotificationPreferences = Record<NotificationPreferenceKey, boolean>;

/** Session timeout choices in minutes (spec §2), default 30. */
export const SESSION_TIMEOUT_OPTIONS = [15, 30, 60, 120, 240] as const;
export const DEFAULT_SESSION_TIMEOUT = 30;

export const SettingsPreferencesSchema = z
  .object({
    notifications: z
      .object(Object.fromEntries(Object.keys(NOTIFICATION_PREFERENCE_DEFAULTS).map((key) => [key, z.boolean({ error: 'Debe ser sí o no' }).optional()])) as Record<NotificationPreferenceKey, z.ZodOptional<z.ZodBoolean>>)
      .strict()
      .optional(),
    sessionTimeoutMinutes: z
      .number({ error: 'Elige uno de los tiempos de la lista' })
      .refine((v) => (SESSION_TIMEOUT_OPTIONS as readonly number[]).includes(v), 'Elige 15, 30, 60, 120 o 240 minutos')
      .optional(),
    loginNotifications: z.boolean({ error: 'Debe ser sí o no' }).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Indica al menos un cambio');
export type SettingsPreferencesInput = z.input<typeof SettingsPreferencesSchema>;

export const SettingsPasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Introduce tu contraseña actual' }).min(1, 'Introduce tu contraseña actual').max(200),
    newPassword: z.string({ error: 'La contraseña debe tener al menos 8 caracteres' }).min(8, 'La contraseña debe tener al menos 8 caracteres').max(200, 'Máximo 200 caracteres'),
  })
  .strict()
  .refine((v) => v.currentPassword !== v.newPassword, { message: 'La nueva contraseña debe ser distinta de la actual', path: ['newPassword'] });
export type SettingsPasswordInput = z.input<typeof SettingsPasswordSchema>;
export type SettingsPasswordData = z.output<typeof SettingsPasswordSchema>;

// ---------------------------------------------------------------------------------------------
// Autenticación de dos factores (TOTP, RFC 6238)

export const TWO_FACTOR_PATH = '/api/settings/two-factor';

/** POST /api/settings/two-factor/setup: a new secret for the app, not in force until a code confirms it. */
export const TwoFactorSetupSchema = z.object({
  /** The secret in base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// address the QR code carries. */
  otpauthUrl: z.string(),
  /** The QR code of `otpauthUrl` as an SVG document. */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

const currentPassword = z.string({ error: 'Introduce tu contraseña actual' }).min(1, 'Introduce tu contraseña actual').max(200);

/** POST /api/settings/two-factor: turns it on with a code of the app and the account's password (a borrowed session alone cannot lock the owner out). */
export const TwoFactorEnableSchema = z.object({ code: TotpCodeSchema, currentPassword }).strict();
export type TwoFactorEnableInput = z.input<typeof TwoFactorEnableSchema>;
export type TwoFactorEnableData = z.output<typeof TwoFactorEnableSchema>;

/** What turning it on (or asking for new recovery codes) answers: the codes, shown this once. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** POST /api/settings/two-factor/disable and /recovery-codes: the account's password again. */
export const TwoFactorPasswordSchema = z.object({ currentPassword }).strict();
export type TwoFactorPasswordInput = z.input<typeof TwoFactorPasswordSchema>;
export type TwoFactorPasswordData = z.output<typeof TwoFactorPasswordSchema>;

/** One open session of the user: where and when it began, when it was last used. */
export const UserSessionSchema = z.object({
  /** An opaque handle (not the session id) to end that session. */
  id: z.string(),
  current: z.boolean(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});
export type UserSession = z.infer<typeof UserSessionSchema>;

// ---------------------------------------------------------------------------------------------
// Facturación

/**
 * The plan of each kind of account (spec §9). The billing sample of spec §2 is the individual
 * owner's plan; an agency's plan has no property limit ('properties unlimited from 89'); the
 * people who work under someone else's plan (agents, delegated owners, tenants) pay nothing.
 *
 * `storageQuotaMb` is what one account may keep stored: the documents and incident photos it
 * uploaded and its profile photo (issue 30: a fresh account filled the shared disk at will). Each
 * value is generous for the account's real work and small next to the disk all accounts share.
 */
export const USER_PLANS = {
  // 2 GB: years of contracts, receipts and photos of 10 properties (a scanned contract is ~0.5 MB).
  propietario_individual: { name: 'Plan Propietario Individual', monthlyPrice: '29.00', propertyLimit: 10, storageQuotaMb: 2048 },
  // 20 GB: no property limit, and the agency's admin files for the whole portfolio.
  agencia: { name: 'Plan Agencia', monthlyPrice: '89.00', propertyLimit: null, storageQuotaMb: 20480 },
  // 5 GB: agents do the day-to-day filing of the agency's properties, each on their own account.
  agente: { name: 'Incluido en el plan de tu agencia', monthlyPrice: '0.00', propertyLimit: null, storageQuotaMb: 5120 },
  // 1 GB: a delegated owner mostly reads what is filed for the owners it represents.
  propietario_delegado: { name: 'Incluido en el plan de tus propietarios', monthlyPrice: '0.00', propertyLimit: null, storageQuotaMb: 1024 },
  // 250 MB: a tenant stores incident photos (5 MB each at most) and a profile photo: 50 full-size photos.
  inquilino: { name: 'Cuenta de inquilino', monthlyPrice: '0.00', propertyLimit: null, storageQuotaMb: 250 },
  // 1 GB: the platform's staff file little under their own accounts.
  plataforma: { name: 'Administración de la plataforma', monthlyPrice: '0.00', propertyLimit: null, storageQuotaMb: 1024 },
} as const satisfies Record<string, { name: string; monthlyPrice: string; propertyLimit: number | null; storageQuotaMb: number }>;
export type UserPlanId = keyof typeof USER_PLANS;

/** The plan an account of `roleName` is on (the role decides until plans can be changed). */
export function planForRole(roleName: string | null | undefined): UserPlanId {
  switch (roleName) {
    case 'propietario_individual':
    case 'owner':
      return 'propietario_individual';
    case 'admin_agencia':
    case 'manager':
      return 'agencia';
    case 'agente':
      return 'agente';
    case 'propietario_delegado':
      return 'propietario_delegado';
    case 'inquilino':
    case 'tenant':
      return 'inquilino';
    default:
      return 'plataforma';
  }
}

export const SettingsSchema = z.object({
  profile: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    telefono: z.string().nullable(),
    nifCif: z.string().nullable(),
    direccionFiscal: z.string().nullable(),
    ibanBancaria: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    /** A new address saved in Perfil and waiting for its link (issue 34); `email` stays until then. */
    pendingEmail: z.string().nullable(),
  }),
  notifications: z.record(z.string(), z.boolean()),
  security: z.object({
    sessionTimeoutMinutes: z.number().int(),
    loginNotifications: z.boolean(),
    lastPasswordChange: z.string().nullable(),
    /** Two-factor authentication (spec §2: off by default); when on, the recovery codes not yet used. */
    twoFactorEnabled: z.boolean(),
    recoveryCodesLeft: z.number().int().nullable(),
  }),
  billing: z.object({
    plan: z.object({ id: z.string(), name: z.string(), monthlyPrice: MoneySchema, propertyLimit: z.number().int().nullable() }),
    /** Properties that count against the limit: the user's own, not archived. */
    properties: z.number().int(),
  }),
});
export type Settings = z.infer<typeof SettingsSchema>;
