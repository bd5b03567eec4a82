import type { AUDIT_LOG_SORTS, AuditLogFilter, ListSort } from '@arrendia/api-contract';
import { TIME_ZONE } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { CSV_BATCH_ROWS } from '../csv/send';
import { listOrder, orderedBy, type SortColumn } from '../pagination';
import type { AuditLogRow } from '../presenters/auditLog';
import { containsPattern, folded } from './textSearch';

type Db = Knex | Knex.Transaction;

/**
 * The audit log joined to its users, filtered, newest first (changedAt, then id). The date bounds
 * are Madrid days turned into instants, so the changedAt index still serves them.
 */
export function auditLogRows(db: Db, filter: AuditLogFilter): Knex.QueryBuilder {
  const query = db('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.userId')
    .select(
      'audit_log.id',
      'audit_log.action',
      'audit_log.tableName',
      'audit_log.recordId',
      'audit_log.oldValues',
      'audit_log.newValues',
      'audit_log.changedAt',
      'audit_log.userId',
      'users.email',
      'users.firstName',
      'users.lastName',
    )
    .orderBy([
      { column: 'audit_log.changedAt', order: 'desc' },
      { column: 'audit_log.id', order: 'desc' },
    ]);
  if (filter.userId) query.where('audit_log.userId', filter.userId);
  if (filter.user) {
    const pattern = containsPattern(filter.user);
    query.where((w) =>
      w
        .where(folded(db, 'users.email'), 'like', pattern)
        .orWhere(db.raw(`(? || ' ' || ?)`, [folded(db, 'users.firstName'), folded(db, 'users.lastName')]), 'like', pattern),
    );
  }
  if (filter.tableName) query.where('audit_log.tableName', filter.tableName);
  if (filter.action) query.where('audit_log.action', filter.action);
  if (filter.from) query.whereRaw('?? >= (cast(? as timestamp) at time zone ?)', ['audit_log.changedAt', filter.from, TIME_ZONE]);
  if (filter.to) query.whereRaw('?? < ((cast(? as date) + 1)::timestamp at time zone ?)', ['audit_log.changedAt', filter.to, TIME_ZONE]);
  return query;
}

type AuditLogSort = (typeof AUDIT_LOG_SORTS)[number];

const AUDIT_LOG_SORT_COLUMNS: Record<AuditLogSort, SortColumn> = { changedAt: 'audit_log.changedAt' };

/** The viewer's page: the filtered log, newest first unless sorted (`?sort=changedAt`: oldest first). */
export function auditLogList(db: Db, filter: AuditLogFilter, sort: ListSort<AuditLogSort> | null | undefined): Knex.QueryBuilder {
  const query = auditLogRows(db, filter);
  return sort ? orderedBy(query.clearOrder(), listOrder(sort, AUDIT_LOG_SORT_COLUMNS, [], 'audit_log.id')) : query;
}

/**
 * The distinct values of an indexed column, one index probe per value (a "loose index scan"):
 * DISTINCT would read the whole log, the fastest-growing table, to find a few dozen values.
 */
async function distinctByIndex(db: Db, column: 'tableName' | 'action'): Promise<string[]> {
  const { rows } = await db.raw(
    `with recursive v as (
       (select ?? as value from audit_log order by ?? limit 1)
       union all
       select (select ?? from audit_log where ?? > v.value order by ?? limit 1) from v where v.value is not null
     )
     select value from v where value is not null`,
    [column, column, column, column, column],
  );
  return (rows as { value: string }[]).map((r) => r.value);
}

/** The distinct tables and actions in the log, for the viewer's selects (indexes: record, action). */
export async function auditLogFacets(db: Db): Promise<{ tableNames: string[]; actions: string[] }> {
  const [tableNames, actions] = await Promise.all([distinctByIndex(db, 'tableName'), distinctByIndex(db, 'action')]);
  return { tableNames, actions };
}

/** Rows read per query while the CSV export streams out (csv/send.ts, shared with the lists' CSVs). */
export { CSV_BATCH_ROWS };

type CursorRow = AuditLogRow & { cursor: string };

/**
 * The filtered log in the viewer's order (or by `sort`), batch by batch, at most `maxRows` rows.
 * Pages by keyset on (changedAt, id), in the order's direction; the cursor keeps changedAt as
 * PostgreSQL text, since a JavaScript Date would drop its microseconds and skip rows.
 */
export async function* auditLogBatches(db: Knex, filter: AuditLogFilter, maxRows: number, sort?: ListSort<AuditLogSort> | null): AsyncGenerator<AuditLogRow[]> {
  const after = sort?.direction === 'asc' ? '>' : '<';
  let written = 0;
  let last: { changedAt: string; id: number } | null = null;
  while (written < maxRows) {
    const limit = Math.min(CSV_BATCH_ROWS, maxRows - written);
    const query = auditLogList(db, filter, sort).select(db.raw('"audit_log"."changedAt"::text as "cursor"')).limit(limit);
    if (last) query.whereRaw(`("audit_log"."changedAt", "audit_log"."id") ${after} (cast(? as timestamptz), ?)`, [last.changedAt, last.id]);
    const rows = (await query) as CursorRow[];
    if (rows.length) yield rows;
    written += rows.length;
    if (rows.length < limit) return;
    const end = rows[rows.length - 1];
    last = { changedAt: end.cursor, id: Number(end.id) };
  }
}

/** Whether the filter matches more than `maxRows` rows (where an export is cut). */
export async function auditLogExceeds(db: Db, filter: AuditLogFilter, maxRows: number): Promise<boolean> {
  const beyond = await auditLogRows(db, filter).clearSelect().select('audit_log.id').offset(maxRows).limit(1).first();
  return Boolean(beyond);
}
