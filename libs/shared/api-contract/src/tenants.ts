import { z } from 'zod';
import { IdSchema, listQuerySchema, listSearch, MoneySchema, optionalFilter, requiredText } from './common';
import { CONTRACT_STATUSES } from './enums';

/** Spec §4 tenant statuses, from the contract's: Activo → Activo, Pendiente → Pendiente, Finalizado → Inactivo. */
export const TENANT_STATUSES = ['Activo', 'Pendiente', 'Inactivo'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/** The fields the tenants list sorts by (`?sort=name`: by surname); its own order is the current contracts first, then by surname. */
export const TENANT_SORTS = ['name', 'propertyName', 'rentAmount', 'startDate'] as const;

/**
 * `GET /api/tenants?q=&status=&sort=`: one row per tenant and contract in the user's scope; `q`
 * matches name, email or property; `status` is the tenant's (its contract's, spec §4).
 */
export const TenantsListQuerySchema = listQuerySchema(TENANT_SORTS, {
  q: listSearch(),
  status: optionalFilter(z.enum(TENANT_STATUSES, { error: 'Estado no válido' })),
});

export const TenantRowSchema = z.object({
  tenant: z.object({
    id: z.number().int(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    telefono: z.string().nullable(),
    /** Whether the person's data was erased (issue 35): the row keeps the contract, under 'Persona eliminada'. */
    erased: z.boolean(),
  }),
  contract: z.object({ id: z.number().int(), contractCode: z.string(), status: z.enum(CONTRACT_STATUSES), rentAmount: MoneySchema, startDate: z.string() }),
  unit: z.object({ id: z.number().int(), unitName: z.string() }),
  property: z.object({ id: z.number().int(), propertyName: z.string() }),
  status: z.enum(TENANT_STATUSES),
});
export type TenantRow = z.infer<typeof TenantRowSchema>;

/** 'Invitar Inquilino': an email bound to one of the user's contracts. */
export const TenantInvitationsCreateSchema = z
  .object({
    email: z.string({ error: 'Indica el correo electrónico' }).trim().toLowerCase().min(1, 'Indica el correo electrónico').email('Introduce un correo electrónico válido').max(255),
    contractId: IdSchema,
  })
  .strict();
export type TenantInvitationsCreateInput = z.input<typeof TenantInvitationsCreateSchema>;
export type TenantInvitationsCreateData = z.output<typeof TenantInvitationsCreateSchema>;

/** The created (or re-sent) invitation: it goes by email, and `link` is shown to the inviter to copy too. */
export const TenantInvitationSchema = z.object({ id: z.number().int(), email: z.string(), contractId: z.number().int(), expiresAt: z.string(), link: z.string() });

/** A pending invitation as the inviter's list shows it ('Reenviar', 'Revocar'). */
export const PendingTenantInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  contractId: z.number().int(),
  contractCode: z.string(),
  propertyName: z.string(),
  unitName: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  expired: z.boolean(),
});
export type PendingTenantInvitation = z.infer<typeof PendingTenantInvitationSchema>;

/** GET /api/tenant-invitations: the invitations not yet accepted nor revoked, of the contracts the user manages. */
export const TenantInvitationsListQuerySchema = listQuerySchema(['createdAt', 'expiresAt'] as const, { contractId: optionalFilter(IdSchema) });

/** Refusals of 'Reenviar' and 'Revocar' (409). */
export const INVITATION_ALREADY_ACCEPTED = 'Esta invitación ya se ha aceptado';
export const INVITATION_ALREADY_REVOKED = 'Esta invitación ya se ha anulado';
export type TenantInvitation = z.infer<typeof TenantInvitationSchema>;

/** What the invitee's page shows before accepting. */
export const TenantInvitationPreviewSchema = z.object({ email: z.string(), propertyName: z.string(), unitName: z.string(), expiresAt: z.string(), accountExists: z.boolean() });
export type TenantInvitationPreview = z.infer<typeof TenantInvitationPreviewSchema>;

/** Accepting: a new account's name and password (an existing account accepts while signed in, with no body). */
export const TenantInvitationAcceptSchema = z
  .object({
    firstName: requiredText(100, 'El nombre es obligatorio').optional(),
    lastName: requiredText(100, 'Los apellidos son obligatorios').optional(),
    password: z.string().min(8, 'La contraseña debe tener al menos 8 caracteres').max(200).optional(),
  })
  .strict();
export type TenantInvitationAcceptInput = z.input<typeof TenantInvitationAcceptSchema>;
export type TenantInvitationAcceptData = z.output<typeof TenantInvitationAcceptSchema>;

export const INVITATION_DAYS = 7;
export const INVITATION_USED = 'Esta invitación ya se ha usado';
export const INVITATION_REVOKED = 'Esta invitación se ha anulado: pide una nueva a quien te la envió';
export const INVITATION_EXPIRED = 'Esta invitación ha caducado: pide una nueva a quien te la envió';
