import { isResidentialType, planForRole, UNIT_TYPE_LABELS, USER_PLANS, type PropertiesCreateData } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { HttpError, validationError } from '../errors';
import { MainProperty } from '../models/MainProperty';
import { RentableUnit } from '../models/RentableUnit';
import { UnitDetailsResidential } from '../models/UnitDetailsResidential';
import { UnitType } from '../models/UnitType';
import { lockRows } from '../policies/inScope';
import { resolvePropertyParties } from '../policies/property';
import type { User } from '../models/User';
import { requestAgencyManagement } from './consentRequests';


/** Properties that count against a plan's limit: the owner's own, not archived. */
export async function countOwnedProperties(knex: Knex, ownerUserId: number): Promise<number> {
  const row = await knex('main_properties').where({ ownerUserId, isArchived: false }).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/**
 * Refuses a property past the limit of its owner's plan (spec §9, issue 13). The owner's row is
 * locked first, so two creations racing for the last place cannot both take it.
 */
async function enforcePropertyLimit(trx: Knex.Transaction, ownerUserId: number): Promise<void> {
  const [owner] = await lockRows<{ roleName: string }>(trx('users').join('roles', 'roles.id', 'users.roleId').select('roles.roleName').where('users.id', ownerUserId), 'users');
  const plan = USER_PLANS[planForRole(owner?.roleName)];
  if (plan.propertyLimit === null) return;
  if ((await countOwnedProperties(trx, ownerUserId)) >= plan.propertyLimit) {
    throw new HttpError(409, 'plan_limit_reached', `Has alcanzado el límite de ${plan.propertyLimit} propiedades del ${plan.name}. Archiva una propiedad o cambia de plan para añadir más.`);
  }
}

/**
 * Creates a property and, when the form chose a `unitType`, its first rentable unit: named after
 * its type ('Vivienda completa', 'Plaza de garaje'…, the property's name is already beside it on
 * every card), Disponible, active, with no area or rent yet; a vivienda or habitación also gets
 * its residential details with the table's defaults.
 *
 * Its owner and agency are the ones the user may name (resolvePropertyParties: a bad choice is a
 * 400 on the field); when the creator named an agency it may not bind, that agency is asked to
 * manage the property. Audits one `create` row for the property and one for the unit (its `newValues` carry the
 * residential details under `details`).
 */
export async function createProperty(trx: Knex.Transaction, user: User, input: PropertiesCreateData): Promise<MainProperty> {
  const userId = user.id;
  const parties = await resolvePropertyParties(trx, user, input);
  const { unitType, ownerUserId: _owner, managerAgencyId: _agency, ...columns } = input;
  await enforcePropertyLimit(trx, parties.ownerUserId);
  // A referencia catastral another property has is a 409 on refCatastral (onerror's unique constraints).
  const property = await MainProperty.query(trx).insertAndFetch({
    ...columns,
    totalAreaM2: columns.totalAreaM2 === undefined ? null : String(columns.totalAreaM2),
    ownerUserId: parties.ownerUserId,
    managerAgencyId: parties.managerAgencyId,
  });
  await audit(trx, { userId, action: 'create', tableName: 'main_properties', recordId: property.id, newValues: property });
  if (parties.requestedAgencyId !== null) await requestAgencyManagement(trx, user, property, parties.requestedAgencyId);

  if (unitType) {
    const type = await UnitType.query(trx).findOne({ typeName: unitType });
    if (!type) throw validationError('Revisa los campos marcados', { unitType: 'Ese tipo de unidad no está disponible' });
    const unit = await RentableUnit.query(trx).insertAndFetch({
      mainPropertyId: property.id,
      unitTypeId: type.id,
      unitName: UNIT_TYPE_LABELS[unitType],
      currentStatus: 'Disponible',
      isActive: true,
    });
    const details = isResidentialType(unitType) ? await UnitDetailsResidential.query(trx).insertAndFetch({ rentableUnitId: unit.id }) : null;
    await audit(trx, { userId, action: 'create', tableName: 'rentable_units', recordId: unit.id, newValues: { ...unit.toJSON(), details } });
  }
  return property;
}
