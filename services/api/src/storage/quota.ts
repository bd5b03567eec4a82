import { planForRole, USER_PLANS } from '@arrendia/api-contract';
import { formatNumber } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { HttpError } from '../errors';
import { takeAllowances } from '../policies/throttle';

/**
 * Uploads one account may store per window, whatever their size (issue 30: a fresh account stored
 * 12 files of 9.5 MB in 3.4 s). 30 in 10 minutes is more than anyone filing by hand needs (a batch
 * of receipts, the photos of an incident) and keeps a script from filling the disk before the quota
 * can matter.
 */
export const UPLOADS_PER_WINDOW = 30;
export const UPLOADS_WINDOW_MS = 10 * 60 * 1000;

const kbOf = (bytes: number) => Math.ceil(bytes / 1024);

export const storageQuotaExceeded = (quotaMb: number) =>
  new HttpError(409, 'storage_quota_exceeded', `Has alcanzado el límite de almacenamiento de tu plan (${formatNumber(quotaMb)} MB). Elimina documentos o fotos que ya no necesites para subir más.`);

/** What an account stores, in KB, and what its plan allows. */
export interface StorageUsage {
  usedKb: number;
  quotaKb: number;
}

/**
 * The sizes the database keeps of what the account stored: the documents and incident photos it
 * uploaded (documents.fileSizeKb), the listing photos it uploaded at all their sizes
 * (listing_photos.sizeKb) and its profile photo (users.profileImageSizeKb), unless
 * `withoutProfilePhoto` (the one an upload is about to replace), with its plan's quota.
 */
export async function storageUsage(db: Knex | Knex.Transaction, userId: number, { withoutProfilePhoto = false } = {}): Promise<StorageUsage> {
  const row: { roleName: string | null; documentsKb: string | number; listingPhotosKb: string | number | null; profileKb: number | null } | undefined = await db('users')
    .leftJoin('roles', 'roles.id', 'users.roleId')
    .where('users.id', userId)
    .first(
      'roles.roleName',
      'users.profileImageSizeKb as profileKb',
      db('documents').where('uploadedByUserId', userId).sum({ kb: 'fileSizeKb' }).as('documentsKb'),
      db('listing_photos').where('uploadedByUserId', userId).sum({ kb: 'sizeKb' }).as('listingPhotosKb'),
    );
  const plan = USER_PLANS[planForRole(row?.roleName)];
  const usedKb = Number(row?.documentsKb ?? 0) + Number(row?.listingPhotosKb ?? 0) + (withoutProfilePhoto ? 0 : (row?.profileKb ?? 0));
  return { usedKb, quotaKb: plan.storageQuotaMb * 1024 };
}

/**
 * Lets `userId` store `bytes` more, or refuses before anything is written: 429 past
 * UPLOADS_PER_WINDOW accepted uploads in the window, 409 storage_quota_exceeded past the plan's
 * quota. Call it in the upload's transaction before the file is written. The upload is counted by
 * the shared throttle (policies/throttle.ts), whose lock on the account is held until that
 * transaction ends, so two uploads racing for the last megabytes are counted one after the other
 * on any process; a refused or failed upload rolls its count back with the rest.
 */
export async function reserveStorage(trx: Knex.Transaction, userId: number, bytes: number, options: { replacesProfilePhoto?: boolean } = {}): Promise<void> {
  await takeAllowances(trx, [
    {
      scope: 'upload',
      key: String(userId),
      limit: UPLOADS_PER_WINDOW,
      windowMs: UPLOADS_WINDOW_MS,
      message: `Has subido ${UPLOADS_PER_WINDOW} archivos en los últimos ${UPLOADS_WINDOW_MS / 60_000} minutos, el máximo permitido. Espera unos minutos y vuelve a intentarlo.`,
    },
  ]);
  const { usedKb, quotaKb } = await storageUsage(trx, userId, { withoutProfilePhoto: options.replacesProfilePhoto });
  if (usedKb + kbOf(bytes) > quotaKb) throw storageQuotaExceeded(quotaKb / 1024);
}
