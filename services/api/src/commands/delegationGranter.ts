import type { Knex } from 'knex';
import { audit } from '../audit';
import { notFound } from '../errors';
import type { User } from '../models/User';

/** The owner takes its portfolio back (DELETE /api/delegations/:delegateUserId): the delegate's next request no longer sees it. */
export async function revokeDelegation(trx: Knex.Transaction, owner: User, delegateUserId: number): Promise<void> {
  const removed = await trx('owner_delegations').where({ ownerUserId: owner.id, delegateUserId }).delete().returning('createdAt');
  if (!removed.length) throw notFound('No has delegado tu cartera en esa persona');
  await audit(trx, { userId: owner.id, action: 'delete', tableName: 'owner_delegations', recordId: `${owner.id}:${delegateUserId}`, oldValues: { ownerUserId: owner.id, delegateUserId, createdAt: removed[0].createdAt } });
}
