import { isResidentialType, UNIT_MESSAGES, UNIT_NOT_FOUND, type UnitCreateData, type UnitTypeName, type UnitUpdateData } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict, validationError } from '../errors';
import { RentableUnit } from '../models/RentableUnit';
import { UnitDetailsResidential } from '../models/UnitDetailsResidential';
import { UnitType } from '../models/UnitType';
import type { User } from '../models/User';
import { loadInScope } from '../policies/inScope';
import { editableScope } from '../policies/manageable';
import { loadEditableProperty } from './propertyUpdater';
import { changes } from './userAdministrator';

type DetailsInput = NonNullable<UnitCreateData['details']>;

/** NUMERIC(10,2) text as the table keeps it, so an unchanged amount is not taken for a change. */
const decimalText = (v: string | number | null | undefined) => (v === undefined ? undefined : v === null ? null : Number(v).toFixed(2));

async function unitTypeId(trx: Knex.Transaction, typeName: UnitTypeName): Promise<number> {
  const type = await UnitType.query(trx).findOne({ typeName });
  if (!type) throw validationError('Revisa los campos marcados', { unitType: 'Ese tipo de unidad no está disponible' });
  return type.id;
}

/** A second unit of one property with the same name (ignoring case and spaces around) is a 409 on unitName. */
async function assertNameFree(trx: Knex.Transaction, propertyId: number, unitName: string, exceptUnitId?: number): Promise<void> {
  const query = trx('rentable_units').select('id').where('mainPropertyId', propertyId).whereRaw('lower("unitName") = lower(?)', [unitName]);
  if (exceptUnitId !== undefined) query.whereNot('id', exceptUnitId);
  if (await query.first()) throw conflict(UNIT_MESSAGES.duplicateName, { unitName: UNIT_MESSAGES.duplicateName });
}

function refuseDetailsOf(typeName: string, details: DetailsInput | undefined): void {
  if (details && Object.values(details).some((v) => v !== undefined) && !isResidentialType(typeName)) {
    throw validationError('Revisa los campos marcados', { details: UNIT_MESSAGES.detailsNotResidential });
  }
}

/** The details a form sent, without the fields it left out (absent keeps the stored or default value). */
const sentDetails = (details: DetailsInput | undefined) => Object.fromEntries(Object.entries(details ?? {}).filter(([, v]) => v !== undefined));

/**
 * 'Añadir unidad' (POST /api/properties/:id/units): a unit of a property the user may edit (an
 * agent only a property assigned to it), not archived, with a name no other unit of the property
 * has. A vivienda or habitación gets its residential details (the table's defaults where the form
 * sent nothing). The property's row is locked, so two units of one name cannot race in. Audits
 * one `create` row with the details under `details`.
 */
export async function createUnit(trx: Knex.Transaction, user: User, propertyId: number, input: UnitCreateData): Promise<RentableUnit> {
  const property = await loadEditableProperty(trx, user, propertyId);
  if (property.isArchived) throw conflict(UNIT_MESSAGES.archivedProperty);
  refuseDetailsOf(input.unitType, input.details);
  await assertNameFree(trx, property.id, input.unitName);
  const unit = await RentableUnit.query(trx).insertAndFetch({
    mainPropertyId: property.id,
    unitTypeId: await unitTypeId(trx, input.unitType),
    unitName: input.unitName,
    description: input.description ?? null,
    areaM2: decimalText(input.areaM2) ?? null,
    baseRentPrice: decimalText(input.baseRentPrice) ?? null,
    amenities: input.amenities ?? [],
    currentStatus: input.currentStatus ?? 'Disponible',
    isActive: true,
  });
  const details = isResidentialType(input.unitType) ? await UnitDetailsResidential.query(trx).insertAndFetch({ rentableUnitId: unit.id, ...sentDetails(input.details) }) : null;
  await audit(trx, { userId: user.id, action: 'create', tableName: 'rentable_units', recordId: unit.id, newValues: { ...unit.toJSON(), details } });
  return unit;
}

/** The unit, locked until the transaction ends, if the user may edit its property; 404 otherwise. */
export async function loadEditableUnit(trx: Knex.Transaction, user: User, id: number): Promise<RentableUnit & { typeName: UnitTypeName; hasActiveContract: boolean }> {
  const activeContract = trx('contracts').select('contracts.id').whereRaw('"contracts"."rentableUnitId" = "rentable_units"."id"').where('contracts.status', 'Activo');
  const row = await loadInScope<{ id: number; typeName: UnitTypeName; hasActiveContract: boolean }>(
    trx('rentable_units')
      .join('unit_types', 'unit_types.id', 'rentable_units.unitTypeId')
      .select('rentable_units.id', 'unit_types.typeName', trx.raw('exists(?) as "hasActiveContract"', [activeContract]))
      .where('rentable_units.id', id),
    { scope: editableScope(trx, user, 'rentable_units.mainPropertyId'), lock: 'rentable_units', notFound: UNIT_NOT_FOUND },
  );
  const unit = await RentableUnit.query(trx).findById(row.id).throwIfNotFound();
  return Object.assign(unit, { typeName: row.typeName, hasActiveContract: Boolean(row.hasActiveContract) });
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * 'Editar unidad', archive and restore (PATCH /api/units/:id). Writes and audits only what changes
 * (old and new values; the details under `details`); asking for what is there writes nothing.
 * - The status is set by hand among Disponible, Reservado and En mantenimiento; a unit an Activo
 *   contract rents keeps the contract's Alquilado (409), and cannot be archived (409).
 * - A type that stops being residential drops its details; one that becomes residential gets them.
 */
export async function updateUnit(trx: Knex.Transaction, user: User, id: number, input: UnitUpdateData): Promise<RentableUnit> {
  const unit = await loadEditableUnit(trx, user, id);
  if (unit.hasActiveContract && input.currentStatus !== undefined && input.currentStatus !== unit.currentStatus) {
    throw conflict(UNIT_MESSAGES.statusFollowsContract, { currentStatus: UNIT_MESSAGES.statusFollowsContract });
  }
  if (unit.hasActiveContract && input.isActive === false) throw conflict(UNIT_MESSAGES.archiveWithContract, { isActive: UNIT_MESSAGES.archiveWithContract });
  const typeName = input.unitType ?? unit.typeName;
  refuseDetailsOf(typeName, input.details);
  if (input.unitName !== undefined && input.unitName.toLowerCase() !== unit.unitName.toLowerCase()) await assertNameFree(trx, unit.mainPropertyId, input.unitName, unit.id);

  const { unitType, details: detailsInput, amenities, ...columns } = input;
  const proposed: Record<string, unknown> = { ...columns, areaM2: decimalText(columns.areaM2), baseRentPrice: decimalText(columns.baseRentPrice) };
  if (unitType !== undefined) proposed.unitTypeId = await unitTypeId(trx, unitType);
  const { oldValues, newValues } = changes(unit, proposed);
  if (amenities !== undefined && !sameJson(amenities, unit.amenities)) {
    oldValues.amenities = unit.amenities;
    newValues.amenities = amenities;
  }

  const details = await changeDetails(trx, unit.id, typeName, detailsInput);
  if (details) {
    oldValues.details = details.oldValues;
    newValues.details = details.newValues;
  }
  if (!Object.keys(newValues).length) return unit;
  const { details: _details, ...unitColumns } = newValues;
  const updated = Object.keys(unitColumns).length ? await RentableUnit.query(trx).patchAndFetchById(unit.id, unitColumns) : unit;
  await audit(trx, { userId: user.id, action: 'update', tableName: 'rentable_units', recordId: unit.id, oldValues, newValues });
  return updated;
}

/**
 * The residential details' part of an edit: created when the unit becomes residential, deleted when
 * it stops being so, patched with what changed otherwise; null when nothing changes.
 */
async function changeDetails(
  trx: Knex.Transaction,
  unitId: number,
  isType: string,
  input: DetailsInput | undefined,
): Promise<{ oldValues: object | null; newValues: object | null } | null> {
  const stored = await UnitDetailsResidential.query(trx).findById(unitId);
  if (!isResidentialType(isType)) {
    if (!stored) return null;
    await UnitDetailsResidential.query(trx).deleteById(unitId);
    return { oldValues: stored.toJSON(), newValues: null };
  }
  if (!stored) {
    const created = await UnitDetailsResidential.query(trx).insertAndFetch({ rentableUnitId: unitId, ...sentDetails(input) });
    return { oldValues: null, newValues: created.toJSON() };
  }
  const diff = changes(stored, sentDetails(input));
  if (!Object.keys(diff.newValues).length) return null;
  await UnitDetailsResidential.query(trx).findById(unitId).patch(diff.newValues);
  return diff;
}
