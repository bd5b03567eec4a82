import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeAuditLog, type ActivityTable } from '../policies/scope';
import type { ActivityRow } from '../presenters/activity';

type Db = Knex | Knex.Transaction;
type AuditRow = Omit<ActivityRow, 'recordName'>;

/**
 * The newest audit-log rows about properties, contracts, incidents and transactions the user may
 * see now; plus the properties it deleted itself (they no longer exist to be scoped).
 */
async function auditRows(db: Db, user: User, limit: number): Promise<AuditRow[]> {
  return scopeAuditLog(db, db('audit_log').leftJoin('users', 'users.id', 'audit_log.userId').select('audit_log.*', 'users.firstName', 'users.lastName'), user)
    .orderBy([
      { column: 'audit_log.changedAt', order: 'desc' },
      { column: 'audit_log.id', order: 'desc' },
    ])
    .limit(limit);
}

/** Names of the records the rows are about, by table and id: the live row first, else the audited values. */
async function recordNames(db: Db, rows: AuditRow[]): Promise<Map<string, string>> {
  const idsOf = (table: ActivityTable) => [...new Set(rows.filter((r) => r.tableName === table).map((r) => Number(r.recordId)))].filter(Number.isInteger);
  const [properties, contracts, incidents] = await Promise.all([
    db('main_properties').select('id', 'propertyName as name').whereIn('id', idsOf('main_properties')),
    db('contracts').select('id', 'contractCode as name').whereIn('id', idsOf('contracts')),
    db('incidents').select('id', 'title as name').whereIn('id', idsOf('incidents')),
  ]);
  const names = new Map<string, string>();
  for (const [table, list] of [
    ['main_properties', properties],
    ['contracts', contracts],
    ['incidents', incidents],
  ] as const) {
    for (const row of list as { id: number; name: string }[]) names.set(`${table}:${row.id}`, row.name);
  }
  return names;
}

/**
 * The user's recent activity, newest first (see auditRows), each row with the name of its record
 * while the record exists (presenters/activity.ts words it). Two round trips whatever the limit.
 */
export async function recentActivity(db: Db, user: User, limit: number): Promise<ActivityRow[]> {
  const rows = await auditRows(db, user, limit);
  const names = await recordNames(db, rows);
  return rows.map((row) => Object.assign(row, { recordName: names.get(`${row.tableName}:${row.recordId}`) ?? null }));
}
