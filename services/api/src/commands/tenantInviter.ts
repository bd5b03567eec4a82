import { randomBytes } from 'node:crypto';
import { INVITATION_ALREADY_ACCEPTED, INVITATION_ALREADY_REVOKED, INVITATION_DAYS } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict } from '../errors';
import { type User } from '../models/User';
import { displayName, notify } from '../notify';
import { enqueueMail } from '../mail/outbox';
import { tenantInvitationMail, type MailLinks } from '../mail/messages';
import { loadManageable } from '../policies/manageable';
import { takeAllowances } from '../policies/throttle';
import { hashToken, loadInvitation } from '../queries/tenantInvitations';
import { roleNamesOf } from '@arrendia/permissions';
import { acceptanceInput, invitedAccount } from './invitationAccount';

/** Every stored role name that means a tenant (the canonical one and its alias). */
const TENANT_ROLE_NAMES = roleNamesOf('inquilino');
export const INVITATION_WRONG_ROLE = (role: string) =>
  `Esta invitación es para una cuenta de inquilino y la tuya es de ${role}. Pide que te inviten con otro correo electrónico`;

export { hashToken };
export const invitationLink = (token: string) => `/invitacion/${token}`;

/**
 * 'Invitar Inquilino' (POST /api/tenant-invitations): a one-time link for `email` to a contract the
 * user manages (404 otherwise), valid seven days. The token is returned once; only its hash is
 * kept. An existing tenant account with that email is notified in the app.
 */
export async function inviteTenant(trx: Knex.Transaction, user: User, input: { email: string; contractId: number }, links: MailLinks, now = new Date()): Promise<{ id: number; token: string; expiresAt: Date }> {
  const contract = await loadManageable<InvitedContract>(trx, user, invitedContract(trx).where('contracts.id', input.contractId), {
    propertyColumn: 'rentable_units.mainPropertyId',
    notFoundMessage: 'No se ha encontrado el contrato',
    field: 'contractId',
  });
  if (contract.status === 'Finalizado') throw conflict('No se puede invitar a un contrato finalizado', { contractId: 'No se puede invitar a un contrato finalizado' });
  // Whatever account holds the email, the inviter learns nothing of it (issue 30): an account of
  // another role is refused when it tries to accept, and only a tenant account is told in the app.
  const holder = await trx('users').join('roles', 'roles.id', 'users.roleId').where('users.email', input.email).first('users.id', 'roles.roleName');
  const existing = holder && TENANT_ROLE_NAMES.includes(holder.roleName) ? holder : undefined;
  if (existing && (await trx('tenants_contracts').where({ tenantUserId: existing.id, contractId: contract.id }).first('contractId'))) {
    throw conflict('Esa persona ya es inquilina de este contrato', { email: 'Esa persona ya es inquilina de este contrato' });
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  const [{ id }] = await trx('tenant_invitations').insert({ tokenHash: hashToken(token), email: input.email, contractId: contract.id, invitedByUserId: user.id, expiresAt }).returning('id');
  await audit(trx, { userId: user.id, action: 'create', tableName: 'tenant_invitations', recordId: id, newValues: { email: input.email, contractId: contract.id, expiresAt } });
  await enqueueMail(trx, tenantInvitationMail({ email: input.email, inviterName: displayName(user), ...contract }, invitationLink(token), links));
  if (existing) {
    await notify(trx, [existing.id], {
      title: 'Invitación a un contrato',
      message: `${displayName(user)} te invita al contrato ${contract.contractCode}`,
      notificationType: 'tenant_invitation',
      relatedEntityType: 'tenant_invitation',
      relatedEntityId: id,
    });
  }
  return { id, token, expiresAt };
}

interface InvitedContract {
  id: number;
  status: string;
  contractCode: string;
  propertyName: string;
  unitName: string;
}

/** A contract as an invitation names it, with its unit and property. */
const invitedContract = (trx: Knex.Transaction) =>
  trx('contracts')
    .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
    .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
    .select('contracts.id', 'contracts.status', 'contracts.contractCode', 'main_properties.propertyName', 'rentable_units.unitName');

/** 'Reenviar' on a pending invitation: at most this many an hour for one invitation. */
export const RESENDS_PER_HOUR = 5;

/** A pending invitation of a contract the user manages, locked; 404 otherwise, 409 accepted or revoked. */
async function pendingInvitation(trx: Knex.Transaction, user: User, id: number) {
  const invitation = await loadManageable<{ id: number; email: string; contractId: number; acceptedAt: Date | null; revokedAt: Date | null }>(
    trx,
    user,
    trx('tenant_invitations')
      .join('contracts', 'contracts.id', 'tenant_invitations.contractId')
      .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
      .select('tenant_invitations.id', 'tenant_invitations.email', 'tenant_invitations.contractId', 'tenant_invitations.acceptedAt', 'tenant_invitations.revokedAt')
      .where('tenant_invitations.id', id),
    { propertyColumn: 'rentable_units.mainPropertyId', notFoundMessage: 'No se ha encontrado la invitación', lock: 'tenant_invitations' },
  );
  if (invitation.acceptedAt) throw conflict(INVITATION_ALREADY_ACCEPTED);
  if (invitation.revokedAt) throw conflict(INVITATION_ALREADY_REVOKED);
  return invitation;
}

/**
 * 'Reenviar' (POST /api/tenant-invitations/:id/resend): a new link by email, valid INVITATION_DAYS
 * from now; the link sent before stops working (only the new token's hash is kept). Returned once
 * to show it, as at the invitation.
 */
export async function resendInvitation(trx: Knex.Transaction, user: User, id: number, links: MailLinks, now = new Date()): Promise<{ id: number; email: string; contractId: number; token: string; expiresAt: Date }> {
  const invitation = await pendingInvitation(trx, user, id);
  await takeAllowances(trx, [{ scope: 'invitation resend', key: String(id), limit: RESENDS_PER_HOUR, windowMs: 3_600_000 }], now);
  const contract = await invitedContract(trx).where('contracts.id', invitation.contractId).first<InvitedContract>();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  await trx('tenant_invitations').where('id', id).update({ tokenHash: hashToken(token), expiresAt });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'tenant_invitations', recordId: id, newValues: { resent: true, expiresAt } });
  await enqueueMail(trx, tenantInvitationMail({ email: invitation.email, inviterName: displayName(user), ...contract }, invitationLink(token), links));
  return { id, email: invitation.email, contractId: invitation.contractId, token, expiresAt };
}

/** 'Revocar' (DELETE /api/tenant-invitations/:id): the link stops working at once; the row stays, audited. */
export async function revokeInvitation(trx: Knex.Transaction, user: User, id: number, now = new Date()): Promise<void> {
  await pendingInvitation(trx, user, id);
  await trx('tenant_invitations').where('id', id).update({ revokedAt: now });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'tenant_invitations', recordId: id, newValues: { revokedAt: now } });
}

/**
 * Accepts an invitation (POST /api/tenant-invitations/:token/accept): creates the tenant account
 * (name and a password hashed beforehand) or, for an existing account, requires that account's
 * session; links the contract, uses up the link and tells the inviter, all in one transaction.
 */
export async function acceptInvitation(
  trx: Knex.Transaction,
  token: string,
  input: { firstName?: string; lastName?: string; passwordHash?: string },
  sessionUser: User | null,
): Promise<User> {
  const invitation = await loadInvitation(trx, token, { lock: true });
  const tenant = await invitedAccount(trx, invitation, 'inquilino', INVITATION_WRONG_ROLE, input, sessionUser);
  const primary = !(await trx('tenants_contracts').where('contractId', invitation.contractId).first('contractId'));
  await trx('tenants_contracts').insert({ tenantUserId: tenant.id, contractId: invitation.contractId, isPrimaryTenant: primary }).onConflict(['tenantUserId', 'contractId']).ignore();
  await trx('tenant_invitations').where('id', invitation.id).update({ acceptedAt: trx.fn.now(), acceptedByUserId: tenant.id });
  await audit(trx, { userId: tenant.id, action: 'update', tableName: 'tenant_invitations', recordId: invitation.id, newValues: { acceptedByUserId: tenant.id, contractId: invitation.contractId } });
  if (invitation.invitedByUserId) {
    await notify(trx, [invitation.invitedByUserId], {
      title: 'Invitación aceptada',
      message: `${displayName(tenant)} ha aceptado la invitación a ${invitation.propertyName} · ${invitation.unitName}`,
      notificationType: 'invitation_accepted',
      relatedEntityType: 'contract',
      relatedEntityId: invitation.contractId,
    });
  }
  return tenant;
}

/**
 * POST /api/tenant-invitations/:token/accept, whole: the password is hashed (argon2, slow on
 * purpose) and the session's own account read before the transaction opens; then acceptInvitation.
 * Signed in or not: an existing account accepts with its own session, a new one without.
 */
export async function acceptTenantInvitation(
  knex: Knex,
  token: string,
  input: { firstName?: string; lastName?: string; password?: string },
  sessionUserId: number | undefined,
): Promise<User> {
  const { account, sessionUser } = await acceptanceInput(knex, input, sessionUserId);
  return knex.transaction((trx) => acceptInvitation(trx, token, account, sessionUser));
}
