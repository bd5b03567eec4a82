import { IMPORT_BATCH_ROWS, IMPORT_ENTITIES, IMPORT_MESSAGES, IMPORT_STALE_MINUTES, isResidentialType, type ImportEntity, type ImportReport } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit, auditMany, type AuditEntry } from '../audit';
import { inTransaction } from '../db/afterCommit';
import { conflict } from '../errors';
import { publishEvent } from '../events/publish';
import type { ParsedRow, RowHandle } from '../imports/validate';
import type { User } from '../models/User';
import { claimRows, lockRows } from '../policies/inScope';
import { findImport, fromJson, importRows, type ImportRecord, type StoredSheet } from '../queries/imports';
import { mailLinks } from '../mail/notificationMail';
import { moneyText } from './contractCreator';
import { inviteTenant } from './tenantInviter';
import { checkSheets, countsOf, importAccountUser } from './importer';

/**
 * The commit half of a spreadsheet import (issue 35, point 1). 'Importar' turns the preview into a
 * job: the rows are checked again against the account as it is now (what appeared since the preview
 * is skipped as existing), then the valid ones are written entity by entity (properties, units,
 * tenants, contracts, balances), IMPORT_BATCH_ROWS rows of one entity per transaction, each batch
 * audited and announced to the importer's tabs ('import.progress'). A cancel is seen before the next
 * batch: what is written stays, whole, and nothing is half-written. The import ends 'done',
 * 'cancelled' or 'failed', with its report.
 */

type Db = Knex | Knex.Transaction;

const zero = (): Record<ImportEntity, number> => ({ properties: 0, units: 0, tenants: 0, contracts: 0, balances: 0 });

/** Jobs running in this process, by import id: tests and the security suites wait for them. */
const running = new Map<number, Promise<void>>();

/** Resolves when every import job of this process has ended. */
export async function settleImportJobs(): Promise<void> {
  while (running.size) await Promise.all([...running.values()]);
}

/** The job of an import, while it runs in this process. */
export const importJob = (importId: number): Promise<void> | undefined => running.get(importId);

async function announce(trx: Knex.Transaction, record: Pick<ImportRecord, 'userId' | 'id'>): Promise<void> {
  await publishEvent(trx, [record.userId], 'import.progress', { importId: record.id });
}

/** POST /api/imports/:id/commit: the preview becomes 'importing' (409 unless it is a preview). */
export async function startImportCommit(trx: Knex.Transaction, user: User, importId: number): Promise<void> {
  const record = await findImport(trx, user, importId, { lock: true });
  if (record.status !== 'preview') throw conflict(IMPORT_MESSAGES.notCommittable);
  await trx('imports').where({ id: importId }).update({ status: 'importing', processedRows: 0, updatedAt: trx.fn.now() });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'imports', recordId: importId, oldValues: { status: 'preview' }, newValues: { status: 'importing' } });
  await announce(trx, record);
}

/** Runs the job once `trx` (the one that started the commit) has committed; `userId` is who the audit names. */
export function scheduleImportCommit(trx: Knex.Transaction, knex: Knex, importId: number, userId: number, options: CommitOptions = {}): void {
  const job = trx.executionPromise
    .then(
      () => runImportCommit(knex, importId, userId, options),
      () => undefined,
    )
    .finally(() => running.delete(importId));
  running.set(importId, job);
}

/** POST /api/imports/:id/cancel: a preview or a running import becomes 'cancelled' (409 once it has ended). */
export async function cancelImport(trx: Knex.Transaction, user: User, importId: number): Promise<void> {
  const record = await findImport(trx, user, importId, { lock: true });
  if (record.status !== 'preview' && record.status !== 'importing') throw conflict(IMPORT_MESSAGES.notCancellable);
  // A running job writes the report when it stops; a preview has nothing to report but that.
  const ended = record.status === 'preview' ? { finishedAt: trx.fn.now(), report: JSON.stringify(report(zero(), [], IMPORT_MESSAGES.cancelled)) } : {};
  await trx('imports').where({ id: importId }).update({ status: 'cancelled', updatedAt: trx.fn.now(), ...ended });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'imports', recordId: importId, oldValues: { status: record.status }, newValues: { status: 'cancelled' } });
  await announce(trx, record);
}

export interface CommitOptions {
  /** Rows per transaction (tests make it small). */
  batchRows?: number;
  /** Runs before each batch (tests cancel from here). */
  beforeBatch?: (batch: number) => Promise<void>;
}

function report(created: Record<ImportEntity, number>, rows: readonly ParsedRow[], stoppedBecause: string | null): ImportReport {
  const existing = zero();
  const invalid = zero();
  for (const row of rows) {
    if (row.status === 'existing') existing[row.entity] += 1;
    if (row.status === 'invalid') invalid[row.entity] += 1;
  }
  return { created, existing, invalid, stoppedBecause };
}

/** What the writers share: the account, the ids already created, the catalogues. */
interface WriteContext {
  userId: number;
  agencyId: number | null;
  created: Map<number, number>;
  unitTypes: Map<string, number>;
  categories: Map<string, number>;
  /** The account imported into (an owner or an agency manager): who invites the contracts' new tenants. */
  acting: User;
}

function resolve(ctx: WriteContext, handle: RowHandle | undefined): number {
  if (!handle) throw new Error('An import row names nothing');
  if (handle.kind === 'account') return handle.id;
  const id = ctx.created.get(handle.row.index);
  if (id === undefined) throw new Error(`Row ${handle.row.rowNumber} was not written before the rows that name it`);
  return id;
}

const orNull = <T>(value: T | undefined | null): T | null => (value === undefined ? null : value);
const decimalText = (value: unknown) => (typeof value === 'number' ? String(value) : null);

/** The records written for the rows, in order; null where a row writes nothing of its own (a new tenant: see WRITERS.tenants). */
type Written = { ids: (number | null)[]; audits: AuditEntry[] };
type Writer = (trx: Knex.Transaction, ctx: WriteContext, rows: readonly ParsedRow[]) => Promise<Written>;

const created = (ctx: WriteContext, tableName: string, records: readonly Record<string, unknown>[]): AuditEntry[] =>
  records.map((r) => ({ userId: ctx.userId, action: 'create', tableName, recordId: r.id as number, newValues: r }));

/** Each entity's rows as the forms would store them (propertyCreator, unitEditor, contractCreator, transactionRecorder), many per statement. */
const WRITERS: Readonly<Record<ImportEntity, Writer>> = {
  async properties(trx, ctx, rows) {
    const records = await trx('main_properties')
      .insert(
        rows.map((row) => {
          const d = row.data!;
          return {
            ownerUserId: row.refs.ownerUserId,
            managerAgencyId: ctx.agencyId,
            propertyName: d.propertyName,
            addressStreet: d.addressStreet,
            addressNumber: orNull(d.addressNumber),
            addressDetails: orNull(d.addressDetails),
            city: d.city,
            province: d.province,
            postalCode: d.postalCode,
            country: d.country,
            refCatastral: orNull(d.refCatastral),
            totalAreaM2: decimalText(d.totalAreaM2),
            buildYear: orNull(d.buildYear),
            notes: orNull(d.notes),
          };
        }),
      )
      .returning(['id', 'ownerUserId', 'managerAgencyId', 'propertyName', 'refCatastral', 'city']);
    return { ids: records.map((r) => r.id), audits: created(ctx, 'main_properties', records) };
  },

  async units(trx, ctx, rows) {
    const records = await trx('rentable_units')
      .insert(
        rows.map((row) => {
          const d = row.data!;
          return {
            mainPropertyId: resolve(ctx, row.refs.property),
            unitTypeId: ctx.unitTypes.get(d.unitType as string),
            unitName: d.unitName,
            description: orNull(d.description),
            areaM2: decimalText(d.areaM2),
            baseRentPrice: typeof d.baseRentPrice === 'number' ? moneyText(d.baseRentPrice) : null,
            currentStatus: d.currentStatus ?? 'Disponible',
            isActive: true,
          };
        }),
      )
      .returning(['id', 'mainPropertyId', 'unitTypeId', 'unitName', 'currentStatus', 'baseRentPrice']);
    const details = rows.flatMap((row, i) =>
      isResidentialType(row.data!.unitType as string) ? [{ rentableUnitId: records[i]!.id, ...((row.data!.details as Record<string, unknown> | undefined) ?? {}) }] : [],
    );
    if (details.length) await trx('unit_details_residential').insert(details);
    return { ids: records.map((r) => r.id), audits: created(ctx, 'rentable_units', records) };
  },

  /**
   * A new person is not given an account here: every write that names another person needs that
   * person's consent (issue 30), and a tenant joins a contract by accepting its invitation. The row
   * is the directory the file's contracts name them from: each contract that names a new tenant
   * invites them by email (WRITERS.contracts), and their account, with the data they type, is made
   * when they accept. People already party to the account's contracts are 'existing' rows.
   */
  async tenants(_trx, _ctx, rows) {
    return { ids: rows.map(() => null), audits: [] };
  },

  async contracts(trx, ctx, rows) {
    const records = await trx('contracts')
      .insert(
        rows.map((row) => {
          const d = row.data!;
          return {
            rentableUnitId: resolve(ctx, row.refs.unit),
            contractCode: d.contractCode,
            startDate: d.startDate,
            endDate: orNull(d.endDate),
            rentAmount: moneyText(d.rentAmount as number),
            paymentDay: d.paymentDay,
            depositAmount: moneyText(d.depositAmount as number),
            depositStatus: d.depositStatus,
            status: d.status,
            renewalNoticeDays: d.renewalNoticeDays,
            terminationReason: orNull(d.terminationReason),
            notes: orNull(d.notes),
          };
        }),
      )
      .returning(['id', 'rentableUnitId', 'contractCode', 'startDate', 'endDate', 'rentAmount', 'status']);
    // Tenants already party to the account's contracts are linked, as 'Nuevo Contrato' links them
    // (commands/contractCreator.ts); a new person from the file is invited to the contract instead.
    const links = rows.flatMap((row, i) =>
      (row.refs.tenants ?? []).flatMap((tenant, k) => (tenant.kind === 'account' ? [{ tenantUserId: tenant.id, contractId: records[i]!.id, isPrimaryTenant: k === 0 }] : [])),
    );
    if (links.length) await trx('tenants_contracts').insert(links);
    for (const [i, row] of rows.entries()) {
      for (const tenant of row.refs.tenants ?? []) {
        if (tenant.kind === 'file') await inviteTenant(trx, ctx.acting, { email: String(tenant.row.data!.email), contractId: records[i]!.id }, mailLinks());
      }
    }
    const audits = created(
      ctx,
      'contracts',
      records.map((r, i) => ({ ...r, tenantUserIds: links.filter((l) => l.contractId === records[i]!.id).map((l) => l.tenantUserId) })),
    );
    // An Activo contract rents its unit, as 'Nuevo Contrato' does.
    const rented = records.filter((r) => r.status === 'Activo').map((r) => r.rentableUnitId as number);
    if (rented.length) {
      const changed = await trx('rentable_units').whereIn('id', rented).whereNot('currentStatus', 'Alquilado').update({ currentStatus: 'Alquilado', updatedAt: trx.fn.now() }).returning(['id', 'currentStatus']);
      for (const unit of changed) audits.push({ userId: ctx.userId, action: 'update', tableName: 'rentable_units', recordId: unit.id, newValues: unit });
    }
    return { ids: records.map((r) => r.id), audits };
  },

  async balances(trx, ctx, rows) {
    const contractIds = rows.map((row) => (row.refs.contract ? resolve(ctx, row.refs.contract) : null));
    const unitOf = new Map<number, number>();
    const named = contractIds.filter((id): id is number => id !== null);
    if (named.length) for (const k of await trx('contracts').whereIn('id', named).select('id', 'rentableUnitId')) unitOf.set(k.id, k.rentableUnitId);
    const records = await trx('transactions')
      .insert(
        rows.map((row, i) => {
          const d = row.data!;
          const contractId = contractIds[i] ?? null;
          return {
            mainPropertyId: resolve(ctx, row.refs.property),
            rentableUnitId: contractId === null ? null : (unitOf.get(contractId) ?? null),
            contractId,
            categoryId: ctx.categories.get(String(row.values.category)) ?? null,
            type: d.type,
            amount: moneyText(d.amount as number),
            transactionDate: d.transactionDate,
            description: orNull(d.description),
            status: 'Completado',
          };
        }),
      )
      .returning(['id', 'mainPropertyId', 'contractId', 'categoryId', 'type', 'amount', 'transactionDate', 'description']);
    return { ids: records.map((r) => r.id), audits: created(ctx, 'transactions', records) };
  },
};

/** The import row by id, whatever its maker (the job is the system, not a request). */
async function loadRecord(db: Db, importId: number): Promise<ImportRecord | null> {
  const row = await db('imports').where({ id: importId }).first();
  if (!row) return null;
  return { ...row, sheets: fromJson<StoredSheet[]>(row.sheets), counts: fromJson(row.counts), notices: fromJson(row.notices), report: row.report == null ? null : fromJson(row.report) };
}

/**
 * The job: re-checks the rows, writes the valid ones in batches and ends the import with its
 * report. A batch that fails rolls back whole and ends the import 'failed'.
 */
export async function runImportCommit(knex: Knex, importId: number, userId: number, options: CommitOptions = {}): Promise<void> {
  const batchRows = options.batchRows ?? IMPORT_BATCH_ROWS;
  const record = await loadRecord(knex, importId);
  if (!record || record.status !== 'importing') return;

  const createdCount = zero();
  let checked: ParsedRow[] = [];
  let stoppedBecause: string | null = null;
  try {
    const acting = await importAccountUser(knex, record.forUserId);
    // The stored rows, in the order checkSheets numbers them: the recognized sheets', sheet by sheet.
    const stored = await importRows(knex, importId, { withCells: true });
    const sheets = record.sheets.map((sheet, i) => ({ ...sheet, rows: stored.filter((r) => r.sheetIndex === i).map((r) => ({ rowNumber: r.rowNumber, cells: r.cells })) }));
    const rowIds = record.sheets.flatMap((sheet, i) => (sheet.entity ? stored.filter((r) => r.sheetIndex === i).map((r) => r.id) : []));
    checked = await checkSheets(knex, acting, sheets);

    const ctx: WriteContext = {
      userId,
      agencyId: record.agencyId,
      created: new Map(),
      unitTypes: new Map((await knex('unit_types').select('id', 'typeName')).map((t) => [t.typeName, t.id])),
      categories: new Map((await knex('transaction_categories').select('id', 'categoryName')).map((c) => [c.categoryName, c.id])),
      acting,
    };

    // What the re-check found is what the import shows from now on.
    await inTransaction(knex, async (trx) => {
      const before = new Map(stored.map((r) => [r.id, r]));
      for (const row of checked) {
        const was = before.get(rowIds[row.index]!);
        if (was && was.status === row.status && was.existingId === row.existingId && JSON.stringify(was.errors) === JSON.stringify(row.errors)) continue;
        await trx('import_rows')
          .where({ id: rowIds[row.index] })
          .update({ status: row.status, errors: JSON.stringify(row.errors), values: JSON.stringify(row.values), existingId: row.existingId });
      }
      await trx('imports').where({ id: importId }).update({ counts: JSON.stringify(countsOf(checked)), updatedAt: trx.fn.now() });
    });

    let batch = 0;
    writing: for (const entity of IMPORT_ENTITIES) {
      const rows = checked.filter((r) => r.entity === entity && r.status === 'valid');
      for (let i = 0; i < rows.length; i += batchRows) {
        const part = rows.slice(i, i + batchRows);
        await options.beforeBatch?.(batch++);
        const written = await inTransaction(knex, async (trx) => {
          const [current] = await lockRows<{ status: string }>(trx('imports').select('status').where({ id: importId }), 'imports');
          if (current?.status !== 'importing') return null;
          const { ids, audits } = await WRITERS[entity](trx, ctx, part);
          await trx.raw(
            `update import_rows as r set status = 'created', "recordId" = v.record from (values ${part.map(() => '(?::bigint, ?::integer)').join(', ')}) as v(id, record) where r.id = v.id`,
            part.flatMap((row, k) => [rowIds[row.index]!, ids[k] ?? null]),
          );
          await trx('imports')
            .where({ id: importId })
            .update({ processedRows: trx.raw('?? + ?', ['processedRows', part.length]), updatedAt: trx.fn.now() });
          await auditMany(trx, audits);
          await announce(trx, record);
          return ids;
        });
        if (!written) {
          stoppedBecause = IMPORT_MESSAGES.cancelled;
          break writing;
        }
        part.forEach((row, k) => {
          const id = written[k];
          if (id != null) ctx.created.set(row.index, id);
        });
        createdCount[entity] += part.length;
      }
    }
  } catch {
    stoppedBecause = IMPORT_MESSAGES.failed;
  }

  await inTransaction(knex, async (trx) => {
    const [current] = await lockRows<{ status: string }>(trx('imports').select('status').where({ id: importId }), 'imports');
    // Taken for a job that had stopped with its process, the import was ended meanwhile (failInterruptedImports).
    if (current?.status !== 'importing' && current?.status !== 'cancelled') return;
    const status = stoppedBecause === null ? 'done' : current?.status === 'cancelled' ? 'cancelled' : 'failed';
    const result = report(createdCount, checked, status === 'cancelled' ? IMPORT_MESSAGES.cancelled : stoppedBecause);
    await trx('imports').where({ id: importId }).update({ status, report: JSON.stringify(result), finishedAt: trx.fn.now(), updatedAt: trx.fn.now() });
    await audit(trx, { userId, action: 'update', tableName: 'imports', recordId: importId, oldValues: { status: 'importing' }, newValues: { status, report: result } });
    await announce(trx, record);
  });
}

/** Stale imports claimed and ended per transaction. */
const STALE_BATCH = 50;

/**
 * Ends the imports whose job stopped with its process (a restart, a crash, a deploy): 'importing'
 * with no batch written for IMPORT_STALE_MINUTES. Each becomes 'failed' with
 * IMPORT_MESSAGES.interrupted and a report counting the rows the batches wrote; importing the
 * file again writes the rest and skips those (they exist). Claimed with SKIP LOCKED, so every API
 * process may sweep at once; a job still running here is left alone. Returns how many it ended.
 */
export async function failInterruptedImports(knex: Knex, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IMPORT_STALE_MINUTES * 60_000);
  let ended = 0;
  for (;;) {
    const claimed = await inTransaction(knex, async (trx) => {
      const stale = await claimRows<Pick<ImportRecord, 'id' | 'userId'>>(
        trx('imports').select('id', 'userId').where('status', 'importing').where('updatedAt', '<', cutoff).whereNotIn('id', [...running.keys()]).orderBy('id').limit(STALE_BATCH),
        'imports',
      );
      for (const record of stale) {
        const tally = { created: zero(), existing: zero(), invalid: zero() };
        const rows: { entity: ImportEntity; status: string; n: number | string }[] = await trx('import_rows')
          .select('entity', 'status')
          .count({ n: '*' })
          .where('importId', record.id)
          .whereIn('status', ['created', 'existing', 'invalid'])
          .whereNotNull('entity')
          .groupBy('entity', 'status');
        for (const row of rows) tally[row.status as keyof typeof tally][row.entity] += Number(row.n);
        const result: ImportReport = { ...tally, stoppedBecause: IMPORT_MESSAGES.interrupted };
        await trx('imports').where({ id: record.id }).update({ status: 'failed', report: JSON.stringify(result), finishedAt: trx.fn.now(), updatedAt: trx.fn.now() });
        await audit(trx, { userId: null, action: 'update', tableName: 'imports', recordId: record.id, oldValues: { status: 'importing' }, newValues: { status: 'failed', report: result } });
        await announce(trx, record);
      }
      return stale.length;
    });
    ended += claimed;
    if (claimed < STALE_BATCH) return ended;
  }
}
