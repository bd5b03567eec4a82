import type { PropertiesUpdateData } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { MainProperty } from '../models/MainProperty';
import type { User } from '../models/User';
import { loadInScope } from '../policies/inScope';
import { editableScope } from '../policies/manageable';
import { assertPropertyDeletable } from '../policies/property';
import { RentableUnit } from '../models/RentableUnit';
import { changes } from './userAdministrator';

const PROPERTY_NOT_FOUND = 'No se ha encontrado la propiedad';

/**
 * The property, locked until the transaction ends, if the user may edit its record (an agent only
 * a property assigned to it: editablePropertyIds); 404 otherwise.
 */
export async function loadEditableProperty(trx: Knex.Transaction, user: User, id: number): Promise<MainProperty> {
  await loadInScope(trx('main_properties').select('id').where('main_properties.id', id), {
    scope: editableScope(trx, user, 'main_properties.id'),
    lock: 'main_properties',
    notFound: PROPERTY_NOT_FOUND,
  });
  return MainProperty.query(trx).findById(id).throwIfNotFound();
}

/** NUMERIC(10,2) text as the table keeps it, so an unchanged area is not taken for a change. */
const areaText = (v: string | number | null | undefined) => (v === undefined ? undefined : v === null ? null : Number(v).toFixed(2));

/**
 * 'Editar Propiedad' and archive/restore (PATCH /api/properties/:id): writes and audits only the
 * columns that change (their old and new values); asking for what is already there writes nothing.
 * A referencia catastral another property has is a 409 on the field.
 */
export async function updateProperty(trx: Knex.Transaction, user: User, id: number, input: PropertiesUpdateData): Promise<MainProperty> {
  const property = await loadEditableProperty(trx, user, id);
  const { oldValues, newValues } = changes(
    { ...property, totalAreaM2: areaText(property.totalAreaM2) },
    { ...input, totalAreaM2: areaText(input.totalAreaM2) },
  );
  if (!Object.keys(newValues).length) return property;
  // A referencia catastral another property has is a 409 on refCatastral (onerror's unique constraints).
  const updated = await MainProperty.query(trx).patchAndFetchById(property.id, newValues);
  await audit(trx, { userId: user.id, action: 'update', tableName: 'main_properties', recordId: property.id, oldValues, newValues });
  return updated;
}

/**
 * Deletes a property with no history (see assertPropertyDeletable) and its units (DELETE
 * /api/properties/:id), auditing the property and each unit with their last values.
 */
export async function deleteProperty(trx: Knex.Transaction, user: User, id: number): Promise<void> {
  const property = await loadEditableProperty(trx, user, id);
  await assertPropertyDeletable(trx, property.id);
  const units = await RentableUnit.query(trx).where('mainPropertyId', property.id).withGraphFetched('details').orderBy('id');
  await MainProperty.query(trx).deleteById(property.id);
  await audit(trx, { userId: user.id, action: 'delete', tableName: 'main_properties', recordId: property.id, oldValues: property });
  for (const unit of units) await audit(trx, { userId: user.id, action: 'delete', tableName: 'rentable_units', recordId: unit.id, oldValues: unit });
}
