import { randomBytes } from 'node:crypto';
import { INVITATION_DAYS, OWNER_INVITATION_MESSAGES, type OwnerInvitationsCreateData } from '@arrendia/api-contract';
import { roleNamesOf } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict, forbidden } from '../errors';
import { type User } from '../models/User';
import { displayName, notify } from '../notify';
import { agencyClients } from '../policies/property';
import { loadOwnerInvitation } from '../queries/ownerInvitations';
import { hashToken } from '../queries/tenantInvitations';
import { acceptanceInput, invitedAccount } from './invitationAccount';

/**
 * 'Invitar propietario' (POST /api/owner-invitations, issue 32 point 1): the agency's staff invite
 * a new owner to its portfolio with a one-time link for `email`, valid INVITATION_DAYS; the token is
 * returned once and only its hash kept. Whatever account holds the email, the inviter learns
 * nothing of it (issue 30) but for an owner already in its portfolio (409: it knows its clients);
 * an owner account holding it is told in the app. Nothing binds the person until it accepts.
 */
export async function inviteOwner(trx: Knex.Transaction, user: User, input: OwnerInvitationsCreateData, now = new Date()): Promise<{ id: number; token: string; expiresAt: Date; agencyName: string }> {
  if (user.agencyId === null) throw forbidden('No perteneces a ninguna agencia: no puedes invitar propietarios');
  const agency = await trx('agencies').where('id', user.agencyId).first('id', 'nombreAgencia');
  if (await agencyClients(trx, agency.id).where('users.email', input.email).first('users.id')) {
    throw conflict(OWNER_INVITATION_MESSAGES.alreadyClient, { email: OWNER_INVITATION_MESSAGES.alreadyClient });
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  const [{ id }] = await trx('owner_invitations')
    .insert({ tokenHash: hashToken(token), email: input.email, firstName: input.firstName, lastName: input.lastName, agencyId: agency.id, invitedByUserId: user.id, expiresAt })
    .returning('id');
  await audit(trx, { userId: user.id, action: 'create', tableName: 'owner_invitations', recordId: id, newValues: { email: input.email, firstName: input.firstName, lastName: input.lastName, agencyId: agency.id, expiresAt } });
  const holder = await trx('users').join('roles', 'roles.id', 'users.roleId').where('users.email', input.email).whereIn('roles.roleName', roleNamesOf('propietario_individual')).first('users.id');
  if (holder) {
    await notify(trx, [holder.id], {
      title: 'Invitación de una agencia',
      message: `${displayName(user)} te invita a la cartera de ${agency.nombreAgencia}: abre el enlace que te ha enviado para aceptarla`,
      notificationType: 'owner_invitation',
      relatedEntityType: 'owner_invitation',
      relatedEntityId: id,
    });
  }
  return { id, token, expiresAt, agencyName: agency.nombreAgencia };
}

/**
 * Accepts an owner invitation (POST /api/owner-invitations/:token/accept): the owner account that
 * accepts (created with the name and password typed, or an existing owner account signed in as
 * itself: invitationAccount) joins the agency's portfolio; the link is used up and its inviter told,
 * in one transaction, opened once the password is hashed (acceptanceInput).
 */
export async function acceptOwnerInvitation(
  knex: Knex,
  token: string,
  input: { firstName?: string; lastName?: string; password?: string },
  sessionUserId: number | undefined,
): Promise<User> {
  const { account, sessionUser } = await acceptanceInput(knex, input, sessionUserId);
  return knex.transaction(async (trx) => {
    const invitation = await loadOwnerInvitation(trx, token, { lock: true });
    const owner = await invitedAccount(trx, invitation, 'propietario_individual', OWNER_INVITATION_MESSAGES.wrongRole, account, sessionUser);
    await trx('owner_invitations').where('id', invitation.id).update({ acceptedAt: trx.fn.now(), acceptedByUserId: owner.id });
    await audit(trx, { userId: owner.id, action: 'update', tableName: 'owner_invitations', recordId: invitation.id, newValues: { acceptedByUserId: owner.id, agencyId: invitation.agencyId } });
    if (invitation.invitedByUserId) {
      await notify(trx, [invitation.invitedByUserId], {
        title: 'Invitación aceptada',
        message: `${displayName(owner)} se ha unido a la cartera de ${invitation.agencyName}: ya puedes dar de alta sus propiedades`,
        notificationType: 'invitation_accepted',
        relatedEntityType: 'owner_invitation',
        relatedEntityId: invitation.id,
      });
    }
    return owner;
  });
}
