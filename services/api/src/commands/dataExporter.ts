import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { EXPORT_LINK_HOURS, EXPORT_MESSAGES, EXPORTS_PER_DAY } from '@arrendia/api-contract';
import archiver from 'archiver';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { csvHead } from '../csv/format';
import { documentEntryName, exportCsvs, readme, type DocumentFile, type ReadmeFacts } from '../csv/exportContents';
import { afterCommit, inTransaction } from '../db/afterCommit';
import type { Config } from '../env';
import { HttpError } from '../errors';
import { publishEvent } from '../events/publish';
import type { Logger } from '../log';
import { dataExportReadyMail } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { User } from '../models/User';
import { notify } from '../notify';
import { lockRows } from '../policies/inScope';
import { lockThrottleKeys, takeAllowances } from '../policies/throttle';
import { runningDataExport, type DataExportRow } from '../queries/dataExports';
import { documentsDir, exportsDir, removeStored, storedPath } from '../storage/files';

/**
 * 'Exportar mis datos' (issue 35, point 2; RGPD art. 15 and 20). A request writes a 'pending'
 * export; once its transaction commits, a job in this process builds the ZIP (csv/exportContents.ts)
 * streaming into the exports folder: 'building', then 'ready' with its size and a link valid
 * EXPORT_LINK_HOURS (the user is told in the app, by email and on their open tabs), or 'failed' with
 * a Spanish reason. Each change of state is audited. Exports a stopped process left pending or
 * building are built again at start-up (resumeDataExports); the daily job removes the files of
 * expired ones (removeExpiredExports) and the row stays, so the download says 410.
 */

/** Where the job reads and writes, and where the mail's link points. */
export interface ExportStorage {
  exportsDir: string;
  documentsDir: string;
  publicUrl: string;
  log?: Logger;
}

export const exportStorage = (config: Config, log?: Logger): ExportStorage => ({ exportsDir: exportsDir(config), documentsDir: documentsDir(config), publicUrl: config.publicUrl, log });

const THROTTLE_SCOPE = 'data export';
const DAY_MS = 86_400_000;

/** Jobs running in this process, by export id: tests and the security suites wait for them. */
const running = new Map<number, Promise<void>>();

/** Resolves when every export job of this process has ended. */
export async function settleDataExports(): Promise<void> {
  while (running.size) await Promise.all([...running.values()]);
}

/** Keeps a job in `running` until it ends; a background job's failure is logged, never thrown. */
function track(exportId: number, job: Promise<void>, log?: Logger): Promise<void> {
  const tracked = job.catch((err: unknown) => log?.error('data export job failed', { exportId, err })).finally(() => running.delete(exportId));
  running.set(exportId, tracked);
  return tracked;
}

/**
 * POST /api/exports: a new 'pending' export of the user's data. 409 while another of theirs is
 * pending or building; 429 past EXPORTS_PER_DAY in 24 hours (the two checks under one lock, so two
 * requests at once cannot both pass).
 */
export async function requestDataExport(trx: Knex.Transaction, user: User, now: Date = new Date()): Promise<DataExportRow> {
  await lockThrottleKeys(trx, [`${THROTTLE_SCOPE}:${user.id}`]);
  if (await runningDataExport(trx, user.id)) throw new HttpError(409, 'export_running', EXPORT_MESSAGES.running);
  await takeAllowances(trx, [{ scope: THROTTLE_SCOPE, key: String(user.id), limit: EXPORTS_PER_DAY, windowMs: DAY_MS, message: EXPORT_MESSAGES.throttled }], now);
  const [row] = (await trx('data_exports').insert({ userId: user.id, status: 'pending', createdAt: now }).returning('*')) as DataExportRow[];
  await audit(trx, { userId: user.id, action: 'create', tableName: 'data_exports', recordId: row!.id, newValues: { status: 'pending' } });
  return row!;
}

/** Builds the export once `trx` (the one that asked for it) has committed. */
export function scheduleDataExport(trx: Knex.Transaction, knex: Knex, exportId: number, storage: ExportStorage): void {
  track(
    exportId,
    trx.executionPromise.then(
      () => runDataExport(knex, exportId, storage),
      () => undefined,
    ),
    storage.log,
  );
}

/**
 * Exports left 'pending' or 'building' by a process that stopped: built again, one after the other.
 * Resolves when they are all done.
 */
export async function resumeDataExports(knex: Knex, config: Config, log?: Logger): Promise<void> {
  const left: { id: number }[] = await knex('data_exports').whereIn('status', ['pending', 'building']).orderBy('id').select('id');
  const storage = exportStorage(config, log);
  for (const { id } of left) {
    await track(id, runDataExport(knex, id, storage), log);
  }
}

/** The export locked, or undefined when it is gone (its user erased meanwhile). */
async function lockExport(trx: Knex.Transaction, exportId: number): Promise<DataExportRow | undefined> {
  const [row] = await lockRows<DataExportRow>(trx('data_exports').where('id', exportId).select('data_exports.*'), 'data_exports');
  return row;
}

/** Moves an export to `status` with `patch`, audited; the user's tabs are told when it has ended. */
async function transition(trx: Knex.Transaction, row: DataExportRow, status: DataExportRow['status'], patch: Record<string, unknown> = {}): Promise<void> {
  await trx('data_exports').where('id', row.id).update({ status, ...patch });
  const shown = Object.fromEntries(Object.entries(patch).filter(([key]) => key !== 'storedName'));
  await audit(trx, { userId: row.userId, action: 'update', tableName: 'data_exports', recordId: row.id, oldValues: { status: row.status }, newValues: { status, ...shown } });
  if (status === 'ready' || status === 'failed') await publishEvent(trx, [row.userId], 'export.ready', { exportId: row.id });
}

/** The job of one export: claim it, build the ZIP, then mark it ready (and tell the user) or failed. */
export async function runDataExport(knex: Knex, exportId: number, storage: ExportStorage, now: () => Date = () => new Date()): Promise<void> {
  const claimed = await inTransaction(knex, async (trx) => {
    const row = await lockExport(trx, exportId);
    if (!row || (row.status !== 'pending' && row.status !== 'building')) return null;
    await transition(trx, row, 'building');
    return { ...row, status: 'building' as const };
  });
  if (!claimed) return;
  let storedName: string | null = null;
  try {
    const user = await User.query(knex).findById(claimed.userId).withGraphFetched('role');
    if (!user) throw new Error(`The user of export ${exportId} is gone`);
    const built = await buildZip(knex, user, storage, now());
    storedName = built.storedName;
    const finishedAt = now();
    const kept = await inTransaction(knex, async (trx) => {
      const row = await lockExport(trx, exportId);
      if (!row || row.status !== 'building') return false;
      const expiresAt = new Date(finishedAt.getTime() + EXPORT_LINK_HOURS * 3_600_000);
      await transition(trx, row, 'ready', { storedName: built.storedName, sizeBytes: built.sizeBytes, finishedAt, expiresAt, error: null });
      await notify(trx, [row.userId], {
        title: EXPORT_MESSAGES.readyTitle,
        message: EXPORT_MESSAGES.readyMessage,
        notificationType: 'data_export_ready',
        relatedEntityType: 'settings',
        relatedEntityId: row.id,
      });
      if (user.isActive && !user.erasedAt) await enqueueMail(trx, dataExportReadyMail(user, { publicUrl: storage.publicUrl }));
      return true;
    });
    if (!kept) await removeStored(storage.exportsDir, built.storedName);
  } catch (err) {
    storage.log?.error('data export failed', { exportId, err });
    if (storedName) await removeStored(storage.exportsDir, storedName).catch(() => undefined);
    await inTransaction(knex, async (trx) => {
      const row = await lockExport(trx, exportId);
      if (row?.status === 'building') await transition(trx, row, 'failed', { finishedAt: now(), error: EXPORT_MESSAGES.failed, storedName: null });
    });
  }
}

/** A CSV's bytes as its lines are read: the BOM and header first (csv/format). */
async function* csvFile(header: readonly string[], lines: AsyncIterable<string>): AsyncGenerator<string> {
  yield csvHead(header);
  yield* lines;
}

/** Adds one entry and waits until the archive has written it (each CSV's rows decide what comes next). */
function addEntry(archive: archiver.Archiver, source: Readable, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: unknown) => {
      archive.off('entry', onEntry);
      archive.off('error', done);
      source.off('error', done);
      if (err) reject(err);
      else resolve();
    };
    const onEntry = () => done();
    archive.once('entry', onEntry);
    archive.once('error', done);
    source.once('error', done);
    archive.append(source, { name });
  });
}

/** Writes `user`'s ZIP under a fresh random name in the exports folder; its name and size. */
async function buildZip(knex: Knex, user: User, storage: ExportStorage, now: Date): Promise<{ storedName: string; sizeBytes: number }> {
  await fsp.mkdir(storage.exportsDir, { recursive: true });
  const storedName = `${randomUUID()}.zip`;
  const where = storedPath(storage.exportsDir, storedName);
  const out = fs.createWriteStream(where, { flags: 'wx' });
  const archive = archiver('zip', { zlib: { level: 6 } });
  const written = new Promise<void>((resolve, reject) => {
    out.once('close', resolve);
    out.once('error', reject);
    archive.once('error', reject);
  });
  // Whatever fails below, the half-written file goes with it.
  written.catch(() => undefined);
  archive.pipe(out);
  try {
    const documents: DocumentFile[] = [];
    const csvs: ReadmeFacts['csvs'][number][] = [];
    for (const csv of exportCsvs({ knex, user }, documents)) {
      let rows = 0;
      await addEntry(archive, Readable.from(csvFile(csv.header, csv.lines((n) => (rows += n)))), csv.file);
      csvs.push({ file: csv.file, description: csv.description, header: csv.header, rows });
    }
    const missing: DocumentFile[] = [];
    let included = 0;
    for (const doc of documents) {
      let file: string;
      try {
        file = storedPath(storage.documentsDir, doc.filePath);
        await fsp.access(file, fs.constants.R_OK);
      } catch {
        missing.push(doc);
        continue;
      }
      await addEntry(archive, fs.createReadStream(file), documentEntryName(doc));
      included += 1;
    }
    await addEntry(archive, Readable.from([readme({ user, now, csvs, documents: included, missing })]), 'LEEME.txt');
    await archive.finalize();
    await written;
    return { storedName, sizeBytes: (await fsp.stat(where)).size };
  } catch (err) {
    archive.abort();
    out.destroy();
    await fsp.rm(where, { force: true }).catch(() => undefined);
    throw err;
  }
}

/**
 * The daily job's part: the files of ready exports past their expiry are removed (the row stays,
 * so the download answers 410), each change audited as the system's. Returns how many.
 */
export async function removeExpiredExports(knex: Knex, dir: string, now: Date = new Date()): Promise<number> {
  const expired: { id: number }[] = await knex('data_exports').where('status', 'ready').whereNotNull('storedName').where('expiresAt', '<=', now).select('id');
  let removed = 0;
  for (const { id } of expired) {
    await inTransaction(knex, async (trx) => {
      const row = await lockExport(trx, id);
      if (!row?.storedName) return;
      await trx('data_exports').where('id', id).update({ storedName: null });
      await audit(trx, { userId: null, action: 'update', tableName: 'data_exports', recordId: id, oldValues: { status: row.status }, newValues: { status: row.status, expired: true } });
      const name = row.storedName;
      afterCommit(trx, () => removeStored(dir, name));
      removed += 1;
    });
  }
  return removed;
}

/**
 * The erasure's part (commands/accountEraser.ts): the person's own exports go, rows now and files
 * once `trx` commits; a job still building one finds it gone and drops its file.
 */
export async function deleteDataExportsOf(trx: Knex.Transaction, userId: number, dir: string): Promise<number> {
  const rows: { id: number; storedName: string | null }[] = await trx('data_exports').where('userId', userId).select('id', 'storedName');
  if (!rows.length) return 0;
  await trx('data_exports').where('userId', userId).delete();
  for (const { storedName } of rows) if (storedName) afterCommit(trx, () => removeStored(dir, storedName));
  return rows.length;
}

/**
 * The erasure's other part: every other export still downloadable may hold a copy of the erased
 * person's data (a landlord's tenants, a conversation partner's messages, the leads of an agency),
 * and a ZIP cannot be rewritten: its file goes once `trx` commits and its link ends now (the
 * download answers 410: 'exporta de nuevo'). Returns how many.
 */
export async function withdrawLiveExports(trx: Knex.Transaction, dir: string, now: Date): Promise<number> {
  const live: { id: number; storedName: string }[] = await trx('data_exports').where('status', 'ready').whereNotNull('storedName').select('id', 'storedName');
  if (!live.length) return 0;
  await trx('data_exports').whereIn('id', live.map((r) => r.id)).update({ storedName: null, expiresAt: now });
  for (const { storedName } of live) afterCommit(trx, () => removeStored(dir, storedName));
  return live.length;
}
