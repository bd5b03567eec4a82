import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict, notFound, validationError } from '../errors';
import type { User } from '../models/User';

/**
 * An owner delegates its whole portfolio to an active propietario_delegado (POST
 * /api/delegations); from the next request on, the delegate's scope includes the owner's properties.
 */
export async function grantDelegation(trx: Knex.Transaction, owner: User, delegateEmail: string): Promise<number> {
  const delegate = await trx('users')
    .join('roles', 'roles.id', 'users.roleId')
    .where({ 'users.email': delegateEmail, 'users.isActive': true, 'roles.roleName': 'propietario_delegado' })
    .first('users.id');
  if (!delegate) throw validationError('Revisa los campos marcados', { delegateEmail: 'No hay ningún propietario delegado activo con ese correo electrónico' });
  const inserted = await trx('owner_delegations').insert({ ownerUserId: owner.id, delegateUserId: delegate.id }).onConflict(['ownerUserId', 'delegateUserId']).ignore().returning('delegateUserId');
  if (!inserted.length) throw conflict('Ya has delegado tu cartera en esta persona', { delegateEmail: 'Ya has delegado tu cartera en esta persona' });
  await audit(trx, { userId: owner.id, action: 'create', tableName: 'owner_delegations', recordId: `${owner.id}:${delegate.id}`, newValues: { ownerUserId: owner.id, delegateUserId: delegate.id } });
  return delegate.id;
}

/** The owner takes its portfolio back (DELETE /api/delegations/:delegateUserId): the delegate's next request no longer sees it. */
export async function revokeDelegation(trx: Knex.Transaction, owner: User, delegateUserId: number): Promise<void> {
  const removed = await trx('owner_delegations').where({ ownerUserId: owner.id, delegateUserId }).delete().returning('createdAt');
  if (!removed.length) throw notFound('No has delegado tu cartera en esa persona');
  await audit(trx, { userId: owner.id, action: 'delete', tableName: 'owner_delegations', recordId: `${owner.id}:${delegateUserId}`, oldValues: { ownerUserId: owner.id, delegateUserId, createdAt: removed[0].createdAt } });
}
