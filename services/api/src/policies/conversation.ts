import { canonicalRole } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { HttpError, notFound } from '../errors';
import type { User } from '../models/User';
import { scopeConversations, visiblePropertyIds } from './scope';

type Db = Knex | Knex.Transaction;

/**
 * Active users a user may start a conversation with, with their role name: the staff of the
 * properties it sees (owner, agency users, delegated owners) and, for staff, the tenants of those
 * properties' contracts. A tenant reaches its landlords' staff, never other tenants.
 */
export function contactRows(db: Db, user: User): Knex.QueryBuilder {
  const propertyIds = visiblePropertyIds(db, user);
  const properties = (column: string) => {
    const query = db('main_properties').select(column);
    return propertyIds ? query.whereIn('main_properties.id', propertyIds) : query;
  };
  const tenants = db('tenants_contracts')
    .select('tenants_contracts.tenantUserId')
    .join('contracts', 'contracts.id', 'tenants_contracts.contractId')
    .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId');
  if (propertyIds) tenants.whereIn('rentable_units.mainPropertyId', propertyIds);

  return db('users')
    .join('roles', 'roles.id', 'users.roleId')
    .select('users.id', 'users.firstName', 'users.lastName', 'roles.roleName')
    .where('users.isActive', true)
    .whereNot('users.id', user.id)
    .where((w) => {
      w.whereIn('users.id', properties('ownerUserId'))
        .orWhereIn('users.agencyId', properties('managerAgencyId').whereNotNull('managerAgencyId'))
        .orWhereIn('users.id', db('owner_delegations').select('delegateUserId').whereIn('ownerUserId', properties('ownerUserId')));
      if (canonicalRole(user.role?.roleName) !== 'inquilino') w.orWhereIn('users.id', tenants);
    });
}

/** The conversation if the user takes part in it; otherwise 404, so other conversations stay invisible. */
export async function loadConversationInScope(db: Db, user: User, conversationId: number, field?: string): Promise<{ id: number; title: string | null }> {
  const row = await scopeConversations(db, db('conversations').select('conversations.id', 'conversations.title').where('conversations.id', conversationId), user).first();
  if (!row) {
    const message = 'No se ha encontrado la conversación';
    throw field ? new HttpError(404, 'not_found', message, { [field]: message }) : notFound(message);
  }
  return row;
}
