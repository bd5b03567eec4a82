import { z } from 'zod';
import { requiredText } from './common';

/**
 * An agency inviting a new owner to its portfolio (issue 32, point 1), as a landlord invites a
 * tenant: a one-time link for an email (there is no email delivery yet: the inviter sends it). The
 * person accepts by creating an owner account (or, holding one, signing in and opening the link);
 * only then is it a client of the agency, for whom its staff create properties.
 * `POST /api/owner-invitations`, `GET /api/owner-invitations/:token`,
 * `POST /api/owner-invitations/:token/accept` (TenantInvitationAcceptSchema's body).
 */
export const OwnerInvitationsCreateSchema = z
  .object({
    email: z.string({ error: 'Indica el correo electrónico' }).trim().toLowerCase().min(1, 'Indica el correo electrónico').email('Introduce un correo electrónico válido').max(255),
    firstName: requiredText(100, 'El nombre es obligatorio'),
    lastName: requiredText(100, 'Los apellidos son obligatorios'),
  })
  .strict();
export type OwnerInvitationsCreateInput = z.input<typeof OwnerInvitationsCreateSchema>;
export type OwnerInvitationsCreateData = z.output<typeof OwnerInvitationsCreateSchema>;

/** The created invitation; `link` is shown to the inviter to send. */
export const OwnerInvitationSchema = z.object({ id: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string(), agencyName: z.string(), expiresAt: z.string(), link: z.string() });
export type OwnerInvitation = z.infer<typeof OwnerInvitationSchema>;

/** What the invitee's page shows before accepting. */
export const OwnerInvitationPreviewSchema = z.object({ email: z.string(), firstName: z.string(), lastName: z.string(), agencyName: z.string(), expiresAt: z.string(), accountExists: z.boolean() });
export type OwnerInvitationPreview = z.infer<typeof OwnerInvitationPreviewSchema>;

/** The public page of an owner invitation's link. */
export const ownerInvitationLink = (token: string) => `/invitacion-propietario/${token}`;

export const OWNER_INVITATION_MESSAGES = {
  wrongRole: (role: string) => `Esta invitación es para una cuenta de propietario y la tuya es de ${role}. Pide que te inviten con otro correo electrónico`,
  alreadyClient: 'Ese propietario ya forma parte de la cartera de tu agencia',
} as const;
