import { PROPERTY_AGENCY_MESSAGES } from '@arrendia/api-contract';
import { canonicalRole, roleNamesOf } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict, validationError } from '../errors';
import type { User } from '../models/User';
import { displayName, notify } from '../notify';
import type { ConsentRequestRow } from '../presenters/consentRequest';
import { requestAgencyManagement } from './consentRequests';
import { loadEditableProperty } from './propertyUpdater';

/** The active admins of an agency: whom a change in its portfolio is told to. */
async function agencyAdmins(trx: Knex.Transaction, agencyId: number): Promise<number[]> {
  return trx('users')
    .join('roles', 'roles.id', 'users.roleId')
    .where({ 'users.agencyId': agencyId, 'users.isActive': true })
    .whereIn('roles.roleName', roleNamesOf('admin_agencia'))
    .pluck('users.id');
}

/**
 * 'Agencia gestora' (PUT /api/properties/:id/agency {managerAgencyId}): the owner of a property,
 * its delegate or the super admin hands it to an agency or takes it back (issue 32, point 1).
 * - Handing it over binds the agency only with its consent: the owner's or delegate's choice is a
 *   consent request the agency's admin accepts (then it sees the property in its portfolio); the
 *   super admin, who administers every account, binds it at once. An agency that does not exist
 *   or is deactivated is a 400; a property another agency manages must be taken back first (409).
 * - Taking it back (null) is the owner's right: the agency stops managing it at once, its agent
 *   is no longer in charge, and its admins are told.
 * Asking for what is already there writes nothing.
 */
export async function setManagingAgency(
  trx: Knex.Transaction,
  user: User,
  propertyId: number,
  agencyId: number | null,
): Promise<{ managerAgencyId: number | null; pendingRequest: ConsentRequestRow | null }> {
  const property = await loadEditableProperty(trx, user, propertyId);
  const current = property.managerAgencyId;
  if (agencyId === current) return { managerAgencyId: current, pendingRequest: null };

  if (agencyId === null) {
    await trx('main_properties').where('id', property.id).update({ managerAgencyId: null, assignedAgentUserId: null, updatedAt: trx.fn.now() });
    await audit(trx, {
      userId: user.id,
      action: 'update',
      tableName: 'main_properties',
      recordId: property.id,
      oldValues: { managerAgencyId: current, assignedAgentUserId: property.assignedAgentUserId },
      newValues: { managerAgencyId: null, assignedAgentUserId: null },
    });
    await notify(trx, await agencyAdmins(trx, current!), {
      title: 'Propiedad retirada',
      message: `${displayName(user)} ha retirado a tu agencia la gestión de ${property.propertyName}`,
      notificationType: 'agency_changed',
      relatedEntityType: 'property',
      relatedEntityId: property.id,
    });
    return { managerAgencyId: null, pendingRequest: null };
  }

  const agency = await trx('agencies').where('id', agencyId).first('id', 'isActive');
  if (!agency || !agency.isActive) throw validationError('Revisa los campos marcados', { managerAgencyId: PROPERTY_AGENCY_MESSAGES.noSuchAgency });
  if (current !== null) throw conflict(PROPERTY_AGENCY_MESSAGES.otherAgency, { managerAgencyId: PROPERTY_AGENCY_MESSAGES.otherAgency });

  if (canonicalRole(user.role?.roleName) !== 'super_admin') {
    return { managerAgencyId: null, pendingRequest: await requestAgencyManagement(trx, user, property, agencyId) };
  }
  await trx('main_properties').where('id', property.id).update({ managerAgencyId: agencyId, updatedAt: trx.fn.now() });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'main_properties', recordId: property.id, oldValues: { managerAgencyId: null }, newValues: { managerAgencyId: agencyId } });
  await notify(trx, await agencyAdmins(trx, agencyId), {
    title: 'Nueva propiedad gestionada',
    message: `Tu agencia gestiona ahora ${property.propertyName}`,
    notificationType: 'agency_changed',
    relatedEntityType: 'property',
    relatedEntityId: property.id,
  });
  return { managerAgencyId: agencyId, pendingRequest: null };
}
