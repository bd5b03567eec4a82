import { ROLE_NAMES, type RoleName } from '@arrendia/permissions';
import { z } from 'zod';
import { clearable, IbanSchema, IdSchema, listQuerySchema, listSearch, NifCifSchema, optionalFilter, requiredText, SpanishPhoneSchema } from './common';

// ---------------------------------------------------------------------------------------------
// The super admin's users screen (/users, issue 13): every call behind the action users:manage.

export const USER_STATUSES = ['activo', 'inactivo'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The roles whose users belong to an agency; for them the agency is required, for the rest refused. */
export const AGENCY_ROLES: readonly RoleName[] = ['admin_agencia', 'agente'];
export const roleTakesAgency = (roleName: string | null | undefined) => (AGENCY_ROLES as readonly string[]).includes(roleName ?? '');

export const AGENCY_REQUIRED = 'Elige la agencia: los administradores de agencia y los agentes pertenecen a una';
export const AGENCY_REFUSED = 'Solo los administradores de agencia y los agentes pertenecen a una agencia';

/**
 * The agency rule of a user, the same for the create form, the edit form, a role change and the
 * API: the message for `agencyId` with role `roleName`, or null when it holds.
 */
export function agencyProblem(roleName: string, agencyId: number | null | undefined): string | null {
  if (roleTakesAgency(roleName)) return agencyId ? null : AGENCY_REQUIRED;
  return agencyId ? AGENCY_REFUSED : null;
}

/** What a role is for, as the 'Gestión de Roles' tab explains it. */
export const ROLE_DESCRIPTIONS: Readonly<Record<RoleName, string>> = {
  super_admin: 'Administra la plataforma: usuarios, roles, módulos y auditoría. Ve todos los datos.',
  propietario_individual: 'Gestiona sus propias propiedades, contratos, inquilinos y finanzas.',
  admin_agencia: 'Dirige una agencia: su cartera, su equipo de agentes y sus comisiones.',
  agente: 'Trabaja para una agencia: clientes potenciales, visitas y propiedades asignadas.',
  propietario_delegado: 'Sigue la cartera que otro propietario le ha delegado e informa de ella.',
  inquilino: 'Consulta su contrato y sus pagos y comunica incidencias de su vivienda.',
};

export const LAST_SUPER_ADMIN = 'No se puede desactivar ni quitar el rol al último superadministrador activo';
export const SELF_DEACTIVATION = 'No puedes desactivar tu propia cuenta';
export const SELF_ROLE_CHANGE = 'No puedes cambiar tu propio rol';
export const PASSWORD_RESET_HOURS = 24;
export const PASSWORD_RESET_UNKNOWN = 'Este enlace no existe';
export const PASSWORD_RESET_USED = 'Este enlace ya se ha usado';
export const PASSWORD_RESET_EXPIRED = 'Este enlace ha caducado: pide uno nuevo con «¿Olvidaste tu contraseña?»';
export const PASSWORD_MISMATCH = 'Las contraseñas no coinciden';

// ---------------------------------------------------------------------------------------------
// Fields

const EmailSchema = z
  .string({ error: 'Indica el correo electrónico' })
  .trim()
  .toLowerCase()
  .min(1, 'Indica el correo electrónico')
  .email('Introduce un correo electrónico válido')
  .max(255, 'Máximo 255 caracteres');
const RoleNameSchema = z.enum(ROLE_NAMES, { error: 'Elige un rol' });
export const PasswordSchema = z
  .string({ error: 'La contraseña debe tener al menos 8 caracteres' })
  .min(8, 'La contraseña debe tener al menos 8 caracteres')
  .max(200, 'Máximo 200 caracteres');

/** The fields of a person that the create and the edit form share. */
const profileFields = {
  firstName: requiredText(100, 'El nombre es obligatorio'),
  lastName: requiredText(100, 'Los apellidos son obligatorios'),
  telefono: clearable(SpanishPhoneSchema),
  nifCif: clearable(NifCifSchema),
  ibanBancaria: clearable(IbanSchema),
  agencyId: clearable(IdSchema),
};

/** Adds the agency rule to a schema with `roleName` and `agencyId`, as an error on `agencyId`. */
function withAgencyRule<T extends { roleName: string; agencyId?: number | null }>(value: T, ctx: z.core.$RefinementCtx<T>) {
  const problem = agencyProblem(value.roleName, value.agencyId);
  if (problem) ctx.addIssue({ code: 'custom', path: ['agencyId'], message: problem });
}

// ---------------------------------------------------------------------------------------------
// Requests

/** The fields the users list sorts by (`?sort=name`: by surname); its own order is the newest account first. */
export const USER_SORTS = ['name', 'email', 'lastLogin', 'createdAt'] as const;

/** `GET /api/users?q=&role=&status=&sort=`: `q` matches name, email or role (its name or Spanish label). */
export const UsersListQuerySchema = listQuerySchema(USER_SORTS, {
  q: listSearch(),
  role: optionalFilter(z.enum(ROLE_NAMES, { error: 'Rol no válido' })),
  status: optionalFilter(z.enum(USER_STATUSES, { error: 'Estado no válido' })),
});
export type UsersListQuery = z.input<typeof UsersListQuerySchema>;

/** 'Crear Usuario'. Without a password the answer carries a one-time link to set one. */
export const UsersCreateSchema = z
  .object({
    email: EmailSchema,
    ...profileFields,
    roleName: RoleNameSchema,
    password: z.preprocess((v) => (v === '' || v === null ? undefined : v), PasswordSchema.optional()),
  })
  .strict()
  .superRefine(withAgencyRule);
export type UsersCreateInput = z.input<typeof UsersCreateSchema>;
export type UsersCreateData = z.output<typeof UsersCreateSchema>;

/** 'Editar': the person's data; role, status and password have calls of their own (the schema refuses them). */
export const UsersPatchSchema = z
  .object({
    ...profileFields,
    firstName: profileFields.firstName.optional(),
    lastName: profileFields.lastName.optional(),
  })
  .strict();
export type UsersPatchInput = z.input<typeof UsersPatchSchema>;
export type UsersPatchData = z.output<typeof UsersPatchSchema>;

/** 'Cambiar rol'. An agency role keeps the user's agency when none is given. */
export const UsersRoleSchema = z
  .object({ roleName: RoleNameSchema, agencyId: clearable(IdSchema) })
  .strict()
  .superRefine((value, ctx) => {
    if (value.agencyId && !roleTakesAgency(value.roleName)) ctx.addIssue({ code: 'custom', path: ['agencyId'], message: AGENCY_REFUSED });
  });
export type UsersRoleInput = z.input<typeof UsersRoleSchema>;
export type UsersRoleData = z.output<typeof UsersRoleSchema>;

/** The public page of a password link: the new password (the confirmation is checked on the page). */
export const PasswordResetUseSchema = z.object({ password: PasswordSchema }).strict();
export type PasswordResetUseInput = z.input<typeof PasswordResetUseSchema>;
export type PasswordResetUseData = z.output<typeof PasswordResetUseSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const UserRoleRefSchema = z.object({ roleName: z.enum(ROLE_NAMES), label: z.string() });

export const UserRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  telefono: z.string().nullable(),
  role: UserRoleRefSchema,
  agency: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  isActive: z.boolean(),
  /** Whether the user signs in with a code of an authenticator app too (Seguridad). */
  twoFactorEnabled: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof UserRowSchema>;

/** One user as the edit form reads it. */
export const UserDetailSchema = UserRowSchema.extend({
  nifCif: z.string().nullable(),
  ibanBancaria: z.string().nullable(),
  lastPasswordChange: z.string().nullable(),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** A one-time link to set a password: '/restablecer/<token>', valid PASSWORD_RESET_HOURS hours. */
export const PasswordResetLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });
export type PasswordResetLink = z.infer<typeof PasswordResetLinkSchema>;

/** The created user; `setupLink` when it was created without a password. */
export const UserCreatedSchema = UserDetailSchema.extend({ setupLink: PasswordResetLinkSchema.nullable() });
export type UserCreated = z.infer<typeof UserCreatedSchema>;

/** The stat cards: 'Administradores' counts super admins and agency admins, active or not. */
export const UsersStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  newThisMonth: z.number().int(),
  admins: z.number().int(),
});
export type UsersStats = z.infer<typeof UsersStatsSchema>;

/** 'Gestión de Roles': the six roles with how many users hold each. */
export const RoleSummarySchema = z.object({ roleName: z.enum(ROLE_NAMES), label: z.string(), description: z.string(), userCount: z.number().int() });
export type RoleSummary = z.infer<typeof RoleSummarySchema>;

/** The agencies a user may belong to (the form's choice). */
export const AgencyOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type AgencyOption = z.infer<typeof AgencyOptionSchema>;

/** What the public password page shows before the new password is chosen. */
export const PasswordResetPreviewSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type PasswordResetPreview = z.infer<typeof PasswordResetPreviewSchema>;
