import type { ConsentRequestKind, ConsentRequestStatus } from '@arrendia/api-contract';
import { canonicalRole } from '@arrendia/permissions';
import type { Knex } from 'knex';
import type { User } from '../models/User';

type Db = Knex | Knex.Transaction;

/** Consent requests (ConsentRequestRow) with their owner's name, the agency's and the property's, unscoped. */
export function requestRows(db: Db): Knex.QueryBuilder {
  return db('consent_requests')
    .join('users as owner', 'owner.id', 'consent_requests.ownerUserId')
    .leftJoin('agencies', 'agencies.id', 'consent_requests.agencyId')
    .leftJoin('main_properties', 'main_properties.id', 'consent_requests.mainPropertyId')
    .select(
      'consent_requests.*',
      'owner.firstName as ownerFirstName',
      'owner.lastName as ownerLastName',
      'agencies.nombreAgencia',
      'main_properties.propertyName',
      'main_properties.city',
    );
}

/**
 * Narrows `qb` to the requests `user` is the one to answer: delegations asked of its email while it is a
 * propietario_delegado, management of a property asked of its agency while it is that agency's admin.
 */
export function incomingTo(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  switch (canonicalRole(user.role?.roleName)) {
    case 'propietario_delegado':
      return qb.where({ 'consent_requests.kind': 'delegation', 'consent_requests.email': user.email.toLowerCase() });
    case 'admin_agencia':
      return qb.where({ 'consent_requests.kind': 'agency_management', 'consent_requests.agencyId': user.agencyId ?? -1 });
    default:
      return qb.whereRaw('false');
  }
}

/** Narrows `qb` to the requests `user` made, or made on its behalf (a delegate asking an agency for its principal's property). */
export function outgoingFrom(qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  return qb.where((w) => w.where('consent_requests.requestedByUserId', user.id).orWhere('consent_requests.ownerUserId', user.id));
}

/**
 * The requests of GET /api/consent-requests, newest first: the pending ones to answer (incoming) or
 * every one the user made (outgoing).
 */
export function consentRequestRows(
  db: Db,
  user: User,
  { direction, kind, status }: { direction: 'incoming' | 'outgoing'; kind?: ConsentRequestKind; status?: ConsentRequestStatus },
): Knex.QueryBuilder {
  const qb = requestRows(db).orderBy([
    { column: 'consent_requests.createdAt', order: 'desc' },
    { column: 'consent_requests.id', order: 'desc' },
  ]);
  if (direction === 'incoming') incomingTo(db, qb, user).where('consent_requests.status', 'Pendiente');
  else outgoingFrom(qb, user);
  if (kind) qb.where('consent_requests.kind', kind);
  if (status) qb.where('consent_requests.status', status);
  return qb;
}
