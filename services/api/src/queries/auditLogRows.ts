import type { AuditLogFilter } from '@arrendia/api-contract';
import { TIME_ZONE } from '@arrendia/locale-es';
import type { Knex } from 'knex';
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
