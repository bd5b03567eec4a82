import { CONSENT_REQUEST_NOT_PENDING, type ConsentRequest, type ConsentRequestKind, type ConsentRequestStatus } from '@arrendia/api-contract';
import { presentConsentRequest, type ConsentRequestRow as RequestRow } from '../presenters/consentRequest';
import { canonicalRole, roleNamesOf } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import { audit } from '../audit';
import { takeAllowances } from '../policies/throttle';
import { conflict, notFound, validationError } from '../errors';
import type { User } from '../models/User';
import { displayName, notify } from '../notify';

/**
 * Consent for a relationship (issue 30, point 1): one party asks, the other accepts, and only then
 * is anybody bound. The request's answer never tells the asker whether the other party exists: a
 * delegation is asked of an email, whatever account (if any) holds it, and is answered by the
 * propietario_delegado that signs in with it.
 */

type Db = Knex | Knex.Transaction;

/** Delegation requests one owner may send per hour: far more than delegating a portfolio needs, few enough that nobody is flooded. */
export const DELEGATION_REQUESTS_PER_HOUR = 10;

const REQUEST_NOT_FOUND = 'No se ha encontrado la solicitud';

function requestRows(db: Db): Knex.QueryBuilder {
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
 * The requests `user` is the one to answer: delegations asked of its email while it is a
 * propietario_delegado, management of a property asked of its agency while it is that agency's admin.
 */
function incomingTo(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  switch (canonicalRole(user.role?.roleName)) {
    case 'propietario_delegado':
      return qb.where({ 'consent_requests.kind': 'delegation', 'consent_requests.email': user.email.toLowerCase() });
    case 'admin_agencia':
      return qb.where({ 'consent_requests.kind': 'agency_management', 'consent_requests.agencyId': user.agencyId ?? -1 });
    default:
      return qb.whereRaw('false');
  }
}

/** The requests `user` made, or made on its behalf (a delegate asking an agency for its principal's property). */
function outgoingFrom(qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  return qb.where((w) => w.where('consent_requests.requestedByUserId', user.id).orWhere('consent_requests.ownerUserId', user.id));
}

/**
 * The requests of GET /api/consent-requests, newest first: the pending ones to answer (incoming) or
 * every one the user made (outgoing). The route pages them and presents each with presentConsentRequest.
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

async function insertRequest(trx: Knex.Transaction, values: Record<string, unknown>, duplicate: string, field: string): Promise<RequestRow> {
  try {
    const [{ id }] = await trx('consent_requests').insert(values).returning('id');
    return requestRows(trx).where('consent_requests.id', id).first();
  } catch (err) {
    if (err instanceof UniqueViolationError || (err as { code?: string }).code === '23505') throw conflict(duplicate, { [field]: duplicate });
    throw err;
  }
}

/**
 * An owner asks the propietario_delegado holding `email` to manage its portfolio (POST
 * /api/delegations). The same 201 whether or not such an account exists; an existing one is told in
 * the app. Nothing is delegated until it accepts.
 */
export async function requestDelegation(trx: Knex.Transaction, owner: User, email: string): Promise<ConsentRequest> {
  const address = email.toLowerCase();
  if (address === owner.email.toLowerCase()) throw validationError('Revisa los campos marcados', { delegateEmail: 'No puedes delegar tu cartera en ti mismo' });
  const already = await trx('owner_delegations')
    .join('users', 'users.id', 'owner_delegations.delegateUserId')
    .where({ 'owner_delegations.ownerUserId': owner.id })
    .whereRaw('lower(users.email) = ?', [address])
    .first('users.id');
  if (already) throw conflict('Ya has delegado tu cartera en esta persona', { delegateEmail: 'Ya has delegado tu cartera en esta persona' });
  // Each request notifies whoever holds the address: an owner may not send them without end.
  await takeAllowances(trx, [
    {
      scope: 'delegation_request',
      key: String(owner.id),
      limit: DELEGATION_REQUESTS_PER_HOUR,
      windowMs: 3_600_000,
      message: `Has enviado ${DELEGATION_REQUESTS_PER_HOUR} solicitudes de delegación en la última hora, el máximo permitido. Vuelve a intentarlo más tarde.`,
    },
  ]);
  const row = await insertRequest(
    trx,
    { kind: 'delegation', requestedByUserId: owner.id, ownerUserId: owner.id, email: address },
    'Ya has enviado una solicitud a ese correo electrónico',
    'delegateEmail',
  );
  await audit(trx, { userId: owner.id, action: 'create', tableName: 'consent_requests', recordId: row.id, newValues: { kind: 'delegation', ownerUserId: owner.id, email: address } });
  const delegate = await trx('users')
    .join('roles', 'roles.id', 'users.roleId')
    .whereRaw('lower(users.email) = ?', [address])
    .where('users.isActive', true)
    .whereIn('roles.roleName', roleNamesOf('propietario_delegado'))
    .first('users.id');
  if (delegate) {
    await notify(trx, [delegate.id], {
      title: 'Solicitud de gestión de cartera',
      message: `${displayName(owner)} te pide que gestiones su cartera de propiedades`,
      notificationType: 'consent_requested',
      relatedEntityType: 'consent_request',
      relatedEntityId: row.id,
    });
  }
  return presentConsentRequest(row);
}

/**
 * An owner (or its delegate, `requester`) asks agency `agencyId` to manage a property it has just
 * created: the property stays unmanaged until the agency's admin accepts. Its admins are told.
 */
export async function requestAgencyManagement(trx: Knex.Transaction, requester: User, property: { id: number; ownerUserId: number; propertyName: string }, agencyId: number): Promise<ConsentRequest> {
  const row = await insertRequest(
    trx,
    { kind: 'agency_management', requestedByUserId: requester.id, ownerUserId: property.ownerUserId, agencyId, mainPropertyId: property.id },
    'Ya hay una solicitud pendiente para esta propiedad',
    'managerAgencyId',
  );
  await audit(trx, { userId: requester.id, action: 'create', tableName: 'consent_requests', recordId: row.id, newValues: { kind: 'agency_management', agencyId, mainPropertyId: property.id } });
  const admins: number[] = await trx('users')
    .join('roles', 'roles.id', 'users.roleId')
    .where({ 'users.agencyId': agencyId, 'users.isActive': true })
    .whereIn('roles.roleName', roleNamesOf('admin_agencia'))
    .pluck('users.id');
  await notify(trx, admins, {
    title: 'Solicitud de gestión de propiedad',
    message: `${displayName(requester)} pide a tu agencia que gestione ${property.propertyName}`,
    notificationType: 'consent_requested',
    relatedEntityType: 'consent_request',
    relatedEntityId: row.id,
  });
  return presentConsentRequest(row);
}

/** The pending request `id` that `user` is to answer, locked; 404 for any other (its existence stays hidden), 409 once answered. */
async function lockIncoming(trx: Knex.Transaction, user: User, id: number): Promise<RequestRow> {
  const row: RequestRow | undefined = await incomingTo(trx, requestRows(trx).where('consent_requests.id', id).forUpdate('consent_requests'), user).first();
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  if (row.status !== 'Pendiente') throw conflict(CONSENT_REQUEST_NOT_PENDING);
  return row;
}

async function close(trx: Knex.Transaction, user: User, row: RequestRow, status: 'Aceptada' | 'Rechazada' | 'Cancelada'): Promise<RequestRow> {
  await trx('consent_requests').where('id', row.id).update({ status, respondedByUserId: user.id, respondedAt: trx.fn.now() });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'consent_requests', recordId: row.id, oldValues: { status: row.status }, newValues: { status } });
  return requestRows(trx).where('consent_requests.id', row.id).first();
}

/**
 * The party asked accepts (POST /api/consent-requests/:id/accept): the delegate's scope gains the
 * owner's portfolio, or the agency starts managing the property (409 if another agency took it
 * meanwhile). The asker is told.
 */
export async function acceptConsentRequest(trx: Knex.Transaction, user: User, id: number): Promise<ConsentRequest> {
  const row = await lockIncoming(trx, user, id);
  let subject: string;
  if (row.kind === 'delegation') {
    await trx('owner_delegations').insert({ ownerUserId: row.ownerUserId, delegateUserId: user.id }).onConflict(['ownerUserId', 'delegateUserId']).ignore();
    await audit(trx, { userId: user.id, action: 'create', tableName: 'owner_delegations', recordId: `${row.ownerUserId}:${user.id}`, newValues: { ownerUserId: row.ownerUserId, delegateUserId: user.id, consentRequestId: row.id } });
    subject = 'la gestión de tu cartera';
  } else {
    const property = await trx('main_properties').where('id', row.mainPropertyId!).forUpdate().first('id', 'managerAgencyId');
    if (!property) throw notFound(REQUEST_NOT_FOUND);
    if (property.managerAgencyId !== null && property.managerAgencyId !== row.agencyId) throw conflict('Otra agencia gestiona ya esta propiedad');
    await trx('main_properties').where('id', property.id).update({ managerAgencyId: row.agencyId, updatedAt: trx.fn.now() });
    await audit(trx, { userId: user.id, action: 'update', tableName: 'main_properties', recordId: property.id, oldValues: { managerAgencyId: property.managerAgencyId }, newValues: { managerAgencyId: row.agencyId, consentRequestId: row.id } });
    subject = `la gestión de ${row.propertyName}`;
  }
  const closed = await close(trx, user, row, 'Aceptada');
  await tellAsker(trx, row, `${displayName(user)} ha aceptado ${subject}`, 'Solicitud aceptada');
  return presentConsentRequest(closed);
}

/** The party asked declines (POST /api/consent-requests/:id/decline): nothing is bound; the asker is told. */
export async function declineConsentRequest(trx: Knex.Transaction, user: User, id: number): Promise<ConsentRequest> {
  const row = await lockIncoming(trx, user, id);
  const closed = await close(trx, user, row, 'Rechazada');
  const subject = row.kind === 'delegation' ? 'la gestión de tu cartera' : `la gestión de ${row.propertyName}`;
  await tellAsker(trx, row, `${displayName(user)} ha rechazado ${subject}`, 'Solicitud rechazada');
  return presentConsentRequest(closed);
}

/** The asker withdraws a pending request (DELETE /api/consent-requests/:id); 404 for one it did not make. */
export async function cancelConsentRequest(trx: Knex.Transaction, user: User, id: number): Promise<ConsentRequest> {
  const row: RequestRow | undefined = await outgoingFrom(requestRows(trx).where('consent_requests.id', id).forUpdate('consent_requests'), user).first();
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  if (row.status !== 'Pendiente') throw conflict(CONSENT_REQUEST_NOT_PENDING);
  return presentConsentRequest(await close(trx, user, row, 'Cancelada'));
}

async function tellAsker(trx: Knex.Transaction, row: RequestRow, message: string, title: string): Promise<void> {
  await notify(trx, [row.requestedByUserId, row.ownerUserId], {
    title,
    message,
    notificationType: 'consent_answered',
    relatedEntityType: 'consent_request',
    relatedEntityId: row.id,
  });
}
