import type { Knex } from 'knex';
import { loadInScope } from '../policies/inScope';
import { hashToken, INVITATION_NOT_FOUND, usableInvitation } from './tenantInvitations';

export interface OwnerInvitationRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  agencyId: number;
  agencyName: string;
  invitedByUserId: number | null;
  expiresAt: Date | string;
  acceptedAt: Date | string | null;
}

/** The owner invitation of a token, with its agency's name, locked when asked; 404 unknown, 410 used or expired. */
export async function loadOwnerInvitation(db: Knex | Knex.Transaction, token: string, { lock = false, now = new Date() } = {}): Promise<OwnerInvitationRow> {
  const query = db('owner_invitations')
    .join('agencies', 'agencies.id', 'owner_invitations.agencyId')
    .select('owner_invitations.*', 'agencies.nombreAgencia as agencyName')
    .where('owner_invitations.tokenHash', hashToken(token));
  return usableInvitation(await loadInScope<OwnerInvitationRow>(query, { lock: lock ? 'owner_invitations' : undefined, notFound: INVITATION_NOT_FOUND }), now);
}

/** What the invitee's page shows: the invitation (404 unknown, 410 used or expired) and whether its email already has an account. */
export async function ownerInvitationPreview(db: Knex, token: string): Promise<{ invitation: OwnerInvitationRow; accountExists: boolean }> {
  const invitation = await loadOwnerInvitation(db, token);
  const account = await db('users').where('email', invitation.email).first('id');
  return { invitation, accountExists: Boolean(account) };
}
