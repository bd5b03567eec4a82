import { EXPORT_MESSAGES, type ExportStatus } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { HttpError } from '../errors';
import type { User } from '../models/User';
import { loadInScope } from '../policies/inScope';

type Db = Knex | Knex.Transaction;

/** A data_exports row (issue 35: 'Exportar mis datos'). */
export interface DataExportRow {
  id: number;
  userId: number;
  status: ExportStatus;
  storedName: string | null;
  sizeBytes: number | string | null;
  error: string | null;
  createdAt: Date | string;
  finishedAt: Date | string | null;
  expiresAt: Date | string | null;
}

/** One of the user's own exports (another user's, or none, is a 404), locked when `lock`. */
export function findDataExport(db: Db, user: User, id: number, options: { lock?: boolean } = {}): Promise<DataExportRow> {
  return loadInScope<DataExportRow>(db('data_exports').where({ id, userId: user.id }).select('data_exports.*'), {
    notFound: EXPORT_MESSAGES.notFound,
    lock: options.lock ? 'data_exports' : undefined,
  });
}

/** The user's own exports, newest first (GET /api/exports, paged). */
export function dataExportList(db: Db, user: User): Knex.QueryBuilder {
  return db('data_exports')
    .where('userId', user.id)
    .select('data_exports.*')
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
}

/** The user's export still pending or building, if any. */
export function runningDataExport(db: Db, userId: number): Promise<DataExportRow | undefined> {
  return db('data_exports').where('userId', userId).whereIn('status', ['pending', 'building']).first();
}

/** Any export by id, whoever made it (the job's own reads). */
export function dataExportById(db: Db, id: number): Promise<DataExportRow | undefined> {
  return db('data_exports').where('id', id).first();
}

/**
 * One of the user's exports whose ZIP may be downloaded now: 404 for another user's, 409 until it
 * is ready (or when it failed), 410 once its link has expired (its file removed or about to be).
 */
export async function downloadableExport(db: Db, user: User, id: number, now: Date = new Date()): Promise<DataExportRow & { storedName: string }> {
  const row = await findDataExport(db, user, id);
  if (row.status === 'failed') throw new HttpError(409, 'export_failed', EXPORT_MESSAGES.failedDownload);
  if (row.status !== 'ready') throw new HttpError(409, 'export_not_ready', EXPORT_MESSAGES.notReady);
  if (!row.storedName || (row.expiresAt && new Date(row.expiresAt).getTime() <= now.getTime())) throw new HttpError(410, 'export_expired', EXPORT_MESSAGES.expired);
  return { ...row, storedName: row.storedName };
}
