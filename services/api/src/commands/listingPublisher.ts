import {
  isDwellingType,
  legalDeposit,
  LISTING_MESSAGES,
  LISTING_PHOTO_MAX,
  type ListingCreateData,
  type ListingPhotoOrderData,
  type ListingUpdateData,
  type UnitTypeName,
} from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { afterCommit, afterRollback } from '../db/afterCommit';
import { conflict, validationError } from '../errors';
import type { User } from '../models/User';
import { loadInScope, lockRows } from '../policies/inScope';
import { isoDayOrNull } from '../presenters/dates';
import { editableScope } from '../policies/manageable';
import { removeListingPhoto, storeListingPhoto, type PreparedListingPhoto } from '../storage/listingPhotos';
import { reserveStorage } from '../storage/quota';
import { moneyText } from './contractCreator';
import { loadEditableUnit } from './unitEditor';
import { changes } from './userAdministrator';
import { notify } from '../notify';
import { propertyStaff } from '../queries/recipients';

/**
 * Adverts people publish from a unit (issue 32, point 5). Who may: whoever may edit the unit's
 * property (editableScope: its owner or their delegate, its agency's manager, the agent in charge,
 * the super admin). A unit has at most one advert (unit_listings.rentableUnitId is unique):
 * withdrawing keeps it with its photos and leads, and publishing again reuses it.
 */

/** The card's summary: the description's first 200 characters, cut at a word. */
export function summaryOf(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  if (flat.length <= 200) return flat;
  const cut = flat.slice(0, 200);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 150)).trimEnd()}…`;
}


/** The contact of an advert: what the form sent, else the publisher's profile; a phone is required. */
function contactOf(user: User, input: Pick<ListingCreateData, 'contactName' | 'contactPhone' | 'contactEmail'>) {
  const contactName = input.contactName ?? ([user.firstName, user.lastName].filter(Boolean).join(' ') || user.email);
  const contactPhone = input.contactPhone ?? user.telefono;
  if (!contactPhone) throw validationError(LISTING_MESSAGES.contactPhone, { contactPhone: LISTING_MESSAGES.contactPhone });
  return { contactName, contactPhone, contactEmail: input.contactEmail ?? user.email };
}

interface ListingInScope {
  id: number;
  rentableUnitId: number;
  isPublished: boolean;
  price: string;
  typeName: UnitTypeName;
  unitActive: boolean;
  propertyArchived: boolean;
  hasActiveContract: boolean;
}

/** The advert, row-locked unless `lock` is false (a read), if the user may edit its unit's property; 404 otherwise. */
export async function loadEditableListing(trx: Knex | Knex.Transaction, user: User, id: number, { lock = true } = {}): Promise<ListingInScope> {
  const activeContract = trx('contracts').select('contracts.id').whereRaw('"contracts"."rentableUnitId" = "u"."id"').where('contracts.status', 'Activo');
  const row = await loadInScope<ListingInScope & { hasActiveContract: unknown }>(
    trx('unit_listings as l')
      .join('rentable_units as u', 'u.id', 'l.rentableUnitId')
      .join('main_properties as p', 'p.id', 'u.mainPropertyId')
      .join('unit_types as t', 't.id', 'u.unitTypeId')
      .select('l.id', 'l.rentableUnitId', 'l.isPublished', 'l.price', 't.typeName', 'u.isActive as unitActive', 'p.isArchived as propertyArchived', trx.raw('exists(?) as "hasActiveContract"', [activeContract]))
      .where('l.id', id),
    { scope: editableScope(trx, user, 'u.mainPropertyId'), lock: lock ? 'l' : undefined, notFound: LISTING_MESSAGES.notFound },
  );
  return { ...row, hasActiveContract: Boolean(row.hasActiveContract) };
}

/** Only a unit that is let-able is advertised: active, of an active property, with no Activo contract. */
function assertAdvertisable(unit: { isActive: boolean; propertyArchived: boolean; hasActiveContract: boolean }): void {
  if (!unit.isActive || unit.propertyArchived) throw conflict(LISTING_MESSAGES.archived);
  if (unit.hasActiveContract) throw conflict(LISTING_MESSAGES.rented);
}

/**
 * 'Publicar anuncio' (POST /api/units/:id/listing): the address and city are the property's; the
 * deposit defaults to the legal one (LAU art. 36.1: one month for a dwelling, two otherwise); the
 * contact to the publisher's profile. Audits one `create` row.
 */
export async function publishListing(trx: Knex.Transaction, user: User, unitId: number, input: ListingCreateData): Promise<number> {
  const unit = await loadEditableUnit(trx, user, unitId);
  const property = await trx('main_properties').where('id', unit.mainPropertyId).first('addressStreet', 'addressNumber', 'city', 'isArchived');
  assertAdvertisable({ isActive: unit.isActive, propertyArchived: property.isArchived, hasActiveContract: unit.hasActiveContract });
  if (await trx('unit_listings').where('rentableUnitId', unit.id).first('id')) throw conflict(LISTING_MESSAGES.exists);

  const values = {
    rentableUnitId: unit.id,
    isPublished: true,
    listingType: input.listingType,
    title: input.title,
    address: [property.addressStreet, property.addressNumber].filter(Boolean).join(', '),
    city: property.city,
    district: input.district,
    price: moneyText(input.price),
    deposit: moneyText(input.deposit ?? legalDeposit(input.price, isDwellingType(unit.typeName))),
    floor: null,
    description: summaryOf(input.description),
    fullDescription: input.description,
    amenities: JSON.stringify(input.amenities ?? unit.amenities ?? []),
    nearbyPlaces: JSON.stringify(input.nearbyPlaces ?? []),
    availableFrom: input.availableFrom ?? null,
    showAgency: input.showAgency ?? false,
    ...contactOf(user, input),
  };
  const [row] = await trx('unit_listings').insert(values).returning('*');
  await audit(trx, { userId: user.id, action: 'create', tableName: 'unit_listings', recordId: row.id, newValues: withoutSearchText(row) });
  return row.id;
}

const withoutSearchText = (row: Record<string, unknown>) => {
  const { searchText: _searchText, ...rest } = row;
  return rest;
};

/**
 * 'Editar anuncio', 'Publicar de nuevo' (PATCH /api/listings/:id) and 'Retirar anuncio' (DELETE,
 * as `{isPublished: false}`). Publishing again asks what publishing asks (an active unit with no
 * Activo contract). Writes and audits only what changes.
 */
export async function updateListing(trx: Knex.Transaction, user: User, id: number, input: ListingUpdateData): Promise<void> {
  const listing = await loadEditableListing(trx, user, id);
  if (input.isPublished === true && !listing.isPublished) {
    assertAdvertisable({ isActive: listing.unitActive, propertyArchived: listing.propertyArchived, hasActiveContract: listing.hasActiveContract });
  }
  const stored = await trx('unit_listings').where('id', id).first();
  const { description, amenities, nearbyPlaces, price, deposit, contactName, contactPhone, contactEmail, ...rest } = input;
  const proposed: Record<string, unknown> = {
    ...rest,
    price: price === undefined ? undefined : moneyText(price),
    deposit: deposit === undefined ? undefined : moneyText(deposit),
    contactName,
    contactPhone,
    contactEmail,
    fullDescription: description,
    description: description === undefined ? undefined : summaryOf(description),
  };
  const current = { ...stored, availableFrom: isoDayOrNull(stored.availableFrom) };
  const { oldValues, newValues } = changes(current, proposed);
  for (const [key, list] of [
    ['amenities', amenities],
    ['nearbyPlaces', nearbyPlaces],
  ] as const) {
    if (list !== undefined && JSON.stringify(list) !== JSON.stringify(stored[key] ?? [])) {
      oldValues[key] = stored[key];
      newValues[key] = list;
    }
  }
  if (!Object.keys(newValues).length) return;
  const patch: Record<string, unknown> = { ...newValues, updatedAt: trx.fn.now() };
  if (newValues.amenities) patch.amenities = JSON.stringify(newValues.amenities);
  if (newValues.nearbyPlaces) patch.nearbyPlaces = JSON.stringify(newValues.nearbyPlaces);
  // Published again: it is new in the catalogue, first in its order.
  if (newValues.isPublished === true) patch.publishedAt = trx.fn.now();
  await trx('unit_listings').where('id', id).update(patch);
  await audit(trx, { userId: user.id, action: 'update', tableName: 'unit_listings', recordId: id, oldValues, newValues });
}

/** Who keeps a property's adverts: its owner, its agency's manager (propertyStaff) and the agent in charge. */
async function unitPeople(trx: Knex.Transaction, propertyId: number): Promise<number[]> {
  const property = await trx('main_properties').where('id', propertyId).first('assignedAgentUserId');
  return [...(await propertyStaff(trx, propertyId)), ...(property?.assignedAgentUserId ? [property.assignedAgentUserId] : [])];
}

/**
 * A unit that an Activo contract now rents leaves the catalogue (issue 32): its published advert
 * is withdrawn in the transaction that makes the contract Activo, audited as that user's change,
 * and the unit's people are told (the one who did it knows).
 */
export async function withdrawListingOfRentedUnit(trx: Knex.Transaction, userId: number, unit: { id: number; mainPropertyId: number; unitName: string }): Promise<void> {
  const [row] = await trx('unit_listings').where({ rentableUnitId: unit.id, isPublished: true }).update({ isPublished: false, updatedAt: trx.fn.now() }).returning('id');
  if (!row) return;
  await audit(trx, { userId, action: 'update', tableName: 'unit_listings', recordId: row.id, oldValues: { isPublished: true }, newValues: { isPublished: false } });
  await notify(trx, (await unitPeople(trx, unit.mainPropertyId)).filter((id) => id !== userId), {
    title: 'Anuncio retirado',
    message: `${unit.unitName} tiene un contrato activo: su anuncio ya no aparece en el catálogo`,
    notificationType: 'listing_withdrawn',
    relatedEntityType: 'property',
    relatedEntityId: unit.mainPropertyId,
  });
}

/**
 * A unit a contract no longer rents (Finalizado): when it had an advert, its people (the
 * property's owner, its agency's manager, the agent in charge) are offered to publish it again;
 * the notification opens the property, whose unit shows 'Publicar de nuevo'.
 */
export async function offerToPublishAgain(trx: Knex.Transaction, unit: { id: number; mainPropertyId: number; unitName: string }): Promise<void> {
  const listing = await trx('unit_listings').where({ rentableUnitId: unit.id, isPublished: false }).first('id');
  if (!listing) return;
  await notify(trx, await unitPeople(trx, unit.mainPropertyId), {
    title: 'Unidad disponible',
    message: `${unit.unitName} vuelve a estar disponible: puedes publicar de nuevo su anuncio`,
    notificationType: 'unit_available',
    relatedEntityType: 'property',
    relatedEntityId: unit.mainPropertyId,
  });
}

/**
 * 'Añadir fotos' (POST /api/listings/:id/photos): one photo already resized to the catalogue's
 * sizes (storage/listingPhotos prepareListingPhoto), last in the order (the first one is the cover). At most LISTING_PHOTO_MAX, counted under the
 * listing's lock; the uploader's storage quota and upload rate are checked before any file is
 * written, and a rollback removes the files.
 */
export async function addListingPhoto(trx: Knex.Transaction, user: User, dir: string, id: number, photo: PreparedListingPhoto): Promise<number> {
  const listing = await loadEditableListing(trx, user, id);
  const count = await trx('listing_photos').where('listingId', listing.id).count({ n: '*' }).first();
  if (Number(count?.n ?? 0) >= LISTING_PHOTO_MAX) throw conflict(LISTING_MESSAGES.photoCount, { file: LISTING_MESSAGES.photoCount });
  await reserveStorage(trx, user.id, photo.sizeKb * 1024);
  await storeListingPhoto(dir, photo);
  afterRollback(trx, () => removeListingPhoto(dir, photo.storageKey));
  const last = await trx('listing_photos').where('listingId', listing.id).max({ p: 'position' }).first();
  const [row] = await trx('listing_photos')
    .insert({ listingId: listing.id, position: last?.p == null ? 0 : Number(last.p) + 1, storageKey: photo.storageKey, width: photo.width, height: photo.height, sizeKb: photo.sizeKb, uploadedByUserId: user.id })
    .returning('*');
  await touch(trx, listing.id);
  await audit(trx, { userId: user.id, action: 'create', tableName: 'listing_photos', recordId: row.id, newValues: { ...row, storageKey: undefined } });
  return row.id;
}

const touch = (trx: Knex.Transaction, listingId: number) => trx('unit_listings').where('id', listingId).update({ updatedAt: trx.fn.now() });

/** 'Hacer portada', 'Subir', 'Bajar' (PUT /api/listings/:id/photos/order): every photo once, the cover first. */
export async function orderListingPhotos(trx: Knex.Transaction, user: User, id: number, { photoIds }: ListingPhotoOrderData): Promise<void> {
  const listing = await loadEditableListing(trx, user, id);
  const photos = await lockRows<{ id: number; position: number }>(trx('listing_photos').select('id', 'position').where('listingId', listing.id).orderBy('position'), true);
  const same = photoIds.length === photos.length && new Set(photoIds).size === photoIds.length && photoIds.every((p) => photos.some((ph) => ph.id === p));
  if (!same) throw validationError(LISTING_MESSAGES.photoOrder, { photoIds: LISTING_MESSAGES.photoOrder });
  const before = photos.map((p) => p.id);
  if (before.every((p, i) => p === photoIds[i])) return;
  for (const [position, photoId] of photoIds.entries()) await trx('listing_photos').where('id', photoId).update({ position });
  await touch(trx, listing.id);
  await audit(trx, { userId: user.id, action: 'update', tableName: 'unit_listings', recordId: listing.id, oldValues: { photoOrder: before }, newValues: { photoOrder: photoIds } });
}

/** 'Eliminar' a photo (DELETE /api/listings/:id/photos/:photoId): the others close up; its files go once committed. */
export async function deleteListingPhoto(trx: Knex.Transaction, user: User, dir: string, id: number, photoId: number): Promise<void> {
  const listing = await loadEditableListing(trx, user, id);
  const photo = await loadInScope<{ id: number; position: number; storageKey: string }>(trx('listing_photos').select('*').where({ id: photoId, listingId: listing.id }), {
    lock: true,
    notFound: LISTING_MESSAGES.photoNotFound,
  });
  await trx('listing_photos').where('id', photo.id).delete();
  await trx('listing_photos').where('listingId', listing.id).where('position', '>', photo.position).decrement('position', 1);
  await touch(trx, listing.id);
  await audit(trx, { userId: user.id, action: 'delete', tableName: 'listing_photos', recordId: photo.id, oldValues: { ...photo, storageKey: undefined } });
  afterCommit(trx, () => removeListingPhoto(dir, photo.storageKey));
}
