import { createHash } from 'node:crypto';
import { INVITATION_EXPIRED, INVITATION_REVOKED, INVITATION_USED, type ListSort } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { HttpError } from '../errors';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder } from '../pagination';
import { loadInScope } from '../policies/inScope';
import { manageableScope } from '../policies/manageable';

/** What is kept of an invitation's (or a reset link's) token: its SHA-256, never the token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface InvitationRow {
  id: number;
  email: string;
  contractId: number;
  invitedByUserId: number | null;
  expiresAt: Date | string;
  acceptedAt: Date | string | null;
  propertyName: string;
  unitName: string;
}

/** The invitation of a token, locked when asked; 404 unknown, 410 used or expired (Spanish messages). */
export async function loadInvitation(db: Knex | Knex.Transaction, token: string, { lock = false, now = new Date() } = {}): Promise<InvitationRow> {
  const query = db('tenant_invitations')
    .join('contracts', 'contracts.id', 'tenant_invitations.contractId')
    .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
    .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
    .select('tenant_invitations.*', 'rentable_units.unitName', 'main_properties.propertyName')
    .where('tenant_invitations.tokenHash', hashToken(token));
  return usableInvitation(await loadInScope<InvitationRow>(query, { lock: lock ? 'tenant_invitations' : undefined, notFound: INVITATION_NOT_FOUND }), now);
}

export const INVITATION_NOT_FOUND = 'Esta invitación no existe';

/** An invitation row (a tenant's or an owner's) that may still be accepted: 410 used, revoked or expired (Spanish messages). */
export function usableInvitation<T extends { acceptedAt: Date | string | null; expiresAt: Date | string; revokedAt?: Date | string | null }>(row: T, now: Date): T {
  if (row.acceptedAt) throw new HttpError(410, 'invitation_used', INVITATION_USED);
  if (row.revokedAt) throw new HttpError(410, 'invitation_revoked', INVITATION_REVOKED);
  if (new Date(row.expiresAt).getTime() <= now.getTime()) throw new HttpError(410, 'invitation_expired', INVITATION_EXPIRED);
  return row;
}

/** What the invitee's page shows: the invitation (404 unknown, 410 used or expired) and whether its email already has an account. */
export async function invitationPreview(db: Knex, token: string): Promise<{ invitation: InvitationRow; accountExists: boolean }> {
  const invitation = await loadInvitation(db, token);
  const account = await db('users').where('email', invitation.email).first('id');
  return { invitation, accountExists: Boolean(account) };
}

export interface PendingInvitationRow {
  id: number;
  email: string;
  contractId: number;
  contractCode: string;
  propertyName: string;
  unitName: string;
  expiresAt: Date | string;
  createdAt: Date | string;
}

/**
 * The invitations of the contracts `user` manages that are neither accepted nor revoked (expired
 * ones too, to send again), newest first unless sorted (issue 34).
 */
export function pendingInvitationRows(db: Knex, user: User, { contractId, sort }: { contractId?: number; sort?: ListSort<'createdAt' | 'expiresAt'> | null }): Knex.QueryBuilder {
  const query = manageableScope(
    db,
    user,
    'rentable_units.mainPropertyId',
  )(
    db('tenant_invitations')
      .join('contracts', 'contracts.id', 'tenant_invitations.contractId')
      .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .select(
        'tenant_invitations.id',
        'tenant_invitations.email',
        'tenant_invitations.contractId',
        'contracts.contractCode',
        'main_properties.propertyName',
        'rentable_units.unitName',
        'tenant_invitations.expiresAt',
        'tenant_invitations.createdAt',
      )
      .whereNull('tenant_invitations.acceptedAt')
      .whereNull('tenant_invitations.revokedAt'),
  );
  if (contractId) query.where('tenant_invitations.contractId', contractId);
  const newestFirst: PageOrder[] = [
    { column: 'tenant_invitations.createdAt', order: 'desc' },
    { column: 'tenant_invitations.id', order: 'desc' },
  ];
  return orderedBy(query, listOrder(sort, { createdAt: 'tenant_invitations.createdAt', expiresAt: 'tenant_invitations.expiresAt' }, newestFirst, 'tenant_invitations.id'));
}
