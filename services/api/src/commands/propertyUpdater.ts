import type { Knex } from 'knex';
import { audit } from '../audit';
import { MainProperty } from '../models/MainProperty';
import type { User } from '../models/User';
import { loadManageable } from '../policies/manageable';
import { assertPropertyDeletable } from '../policies/property';
import { RentableUnit } from '../models/RentableUnit';

const PROPERTY_NOT_FOUND = 'No se ha encontrado la propiedad';

/** The property, locked until the transaction ends, if the user may change it; 404 otherwise. */
export async function loadManageableProperty(trx: Knex.Transaction, user: User, id: number): Promise<MainProperty> {
  await loadManageable(trx, user, trx('main_properties').select('id').where('main_properties.id', id), {
    propertyColumn: 'main_properties.id',
    lock: 'main_properties',
    notFoundMessage: PROPERTY_NOT_FOUND,
  });
  return MainProperty.query(trx).findById(id).throwIfNotFound();
}

/** Archives or restores a property (PATCH /api/properties/:id); asking for the state it is in writes nothing. */
export async function archiveProperty(trx: Knex.Transaction, user: User, id: number, isArchived: boolean): Promise<MainProperty> {
  const property = await loadManageableProperty(trx, user, id);
  if (property.isArchived === isArchived) return property;
  const updated = await MainProperty.query(trx).patchAndFetchById(property.id, { isArchived });
  await audit(trx, {
    userId: user.id,
    action: 'update',
    tableName: 'main_properties',
    recordId: property.id,
    oldValues: { isArchived: property.isArchived },
    newValues: { isArchived },
  });
  return updated;
}

/**
 * Deletes a property with no history (see assertPropertyDeletable) and its units (DELETE
 * /api/properties/:id), auditing the property and each unit with their last values.
 */
export async function deleteProperty(trx: Knex.Transaction, user: User, id: number): Promise<void> {
  const property = await loadManageableProperty(trx, user, id);
  await assertPropertyDeletable(trx, property.id);
  const units = await RentableUnit.query(trx).where('mainPropertyId', property.id).withGraphFetched('details').orderBy('id');
  await MainProperty.query(trx).deleteById(property.id);
  await audit(trx, { userId: user.id, action: 'delete', tableName: 'main_properties', recordId: property.id, oldValues: property });
  for (const unit of units) await audit(trx, { userId: user.id, action: 'delete', tableName: 'rentable_units', recordId: unit.id, oldValues: unit });
}
