import { CONSENT_REQUEST_NOT_PENDING } from '@arrendia/api-contract';
import type { ConsentRequestRow as RequestRow } from '../presenters/consentRequest';
import { roleNamesOf } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import { audit } from '../audit';
import { loadInScope } from '../policies/inScope';
import { takeAllowances } from '../policies/throttle';
import { conflict, validationError } from '../errors';
import type { User } from '../models/User';
import { displayName, notify } from '../notify';
import { incomingTo, outgoingFrom, requestRows } from '../queries/consentRequests';

/**
 * Consent for a relationship (issue 30, point 1): one party asks, the other accepts, and only then
 * is anybody bound. The request's answer never tells the asker whether the other party exists: a
 * delegation is asked of an email, whatever account (if any) holds it, and is answered by the
 * propietario_delegado that signs in with it.
 */

/** Delegation requests one owner may send per hour: far more than delegating a portfolio needs, few enough that nobody is flooded. */
export const DELEGATION_REQUESTS_PER_HOUR = 10;

const REQUEST_NOT_FOUND = 'No se ha encontrado la solicitud';

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
export async function requestDelegation(trx: Knex.Transaction, owner: User, email: string): Promise<RequestRow> {
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
  return row;
}

/**
 * An owner (or its delegate, `requester`) asks agency `agencyId` to manage a property it has just
 * created: the property stays unmanaged until the agency's admin accepts. Its admins are told.
 */
export async function requestAgencyManagement(trx: Knex.Transaction, requester: User, property: { id: number; ownerUserId: number; propertyName: string }, agencyId: number): Promise<RequestRow> {
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
  return row;
}

/** The pending request `id` that `user` is to answer, locked; 404 for any other (its existence stays hidden), 409 once answered. */
async function lockIncoming(trx: Knex.Transaction, user: User, id: number): Promise<RequestRow> {
  const row = await loadInScope<RequestRow>(requestRows(trx).where('consent_requests.id', id), { scope: (q) => incomingTo(trx, q, user), lock: 'consent_requests', notFound: REQUEST_NOT_FOUND });
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
export async function acceptConsentRequest(trx: Knex.Transaction, user: User, id: number): Promise<RequestRow> {
  const row = await lockIncoming(trx, user, id);
  let subject: string;
  if (row.kind === 'delegation') {
    await trx('owner_delegations').insert({ ownerUserId: row.ownerUserId, delegateUserId: user.id }).onConflict(['ownerUserId', 'delegateUserId']).ignore();
    await audit(trx, { userId: user.id, action: 'create', tableName: 'owner_delegations', recordId: `${row.ownerUserId}:${user.id}`, newValues: { ownerUserId: row.ownerUserId, delegateUserId: user.id, consentRequestId: row.id } });
    subject = 'la gestión de tu cartera';
  } else {
    const property = await loadInScope<{ id: number; managerAgencyId: number | null }>(trx('main_properties').select('id', 'managerAgencyId').where('id', row.mainPropertyId!), {
      lock: true,
      notFound: REQUEST_NOT_FOUND,
    });
    if (property.managerAgencyId !== null && property.managerAgencyId !== row.agencyId) throw conflict('Otra agencia gestiona ya esta propiedad');
    await trx('main_properties').where('id', property.id).update({ managerAgencyId: row.agencyId, updatedAt: trx.fn.now() });
    await audit(trx, { userId: user.id, action: 'update', tableName: 'main_properties', recordId: property.id, oldValues: { managerAgencyId: property.managerAgencyId }, newValues: { managerAgencyId: row.agencyId, consentRequestId: row.id } });
    subject = `la gestión de ${row.propertyName}`;
  }
  const closed = await close(trx, user, row, 'Aceptada');
  await tellAsker(trx, row, `${displayName(user)} ha aceptado ${subject}`, 'Solicitud aceptada');
  return closed;
}

/** The party asked declines (POST /api/consent-requests/:id/decline): nothing is bound; the asker is told. */
export async function declineConsentRequest(trx: Knex.Transaction, user: User, id: number): Promise<RequestRow> {
  const row = await lockIncoming(trx, user, id);
  const closed = await close(trx, user, row, 'Rechazada');
  const subject = row.kind === 'delegation' ? 'la gestión de tu cartera' : `la gestión de ${row.propertyName}`;
  await tellAsker(trx, row, `${displayName(user)} ha rechazado ${subject}`, 'Solicitud rechazada');
  return closed;
}

/** The asker withdraws a pending request (DELETE /api/consent-requests/:id); 404 for one it did not make. */
export async function cancelConsentRequest(trx: Knex.Transaction, user: User, id: number): Promise<RequestRow> {
  const row = await loadInScope<RequestRow>(requestRows(trx).where('consent_requests.id', id), { scope: (q) => outgoingFrom(q, user), lock: 'consent_requests', notFound: REQUEST_NOT_FOUND });
  if (row.status !== 'Pendiente') throw conflict(CONSENT_REQUEST_NOT_PENDING);
  return close(trx, user, row, 'Cancelada');
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
