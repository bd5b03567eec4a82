import type { Knex } from 'knex';
import { AuditLog } from './models/AuditLog';

export type AuditAction = 'create' | 'update' | 'delete' | 'register' | 'login' | 'erase';

export interface AuditEntry {
  /** Who did it; null for the system. */
  userId: number | null;
  action: AuditAction;
  tableName: string;
  recordId: string | number;
  oldValues?: object | null;
  newValues?: object | null;
}

/** Columns that never reach the audit log, whatever a caller passes. */
const SECRET_COLUMNS = new Set(['password', 'twoFactorSecret', 'twoFactorRecoveryCodes']);

function withoutSecrets(values: object | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  // Through JSON first: a model instance becomes its plain columns.
  const plain = JSON.parse(JSON.stringify(values)) as Record<string, unknown>;
  for (const key of Object.keys(plain)) if (SECRET_COLUMNS.has(key)) delete plain[key];
  return plain;
}

/** Records a mutation inside the transaction that makes it, so both commit or neither does. */
export async function audit(trx: Knex.Transaction, entry: AuditEntry): Promise<void> {
  await AuditLog.query(trx).insert(auditRow(entry));
}

function auditRow(entry: AuditEntry) {
  return {
    userId: entry.userId,
    action: entry.action,
    tableName: entry.tableName,
    recordId: String(entry.recordId),
    oldValues: withoutSecrets(entry.oldValues),
    newValues: withoutSecrets(entry.newValues),
  };
}

/** Many rows at once (a job touching thousands of rows): one multi-row insert per 1,000 entries. */
export async function auditMany(trx: Knex.Transaction, entries: readonly AuditEntry[]): Promise<void> {
  const rows = entries.map(auditRow);
  for (let i = 0; i < rows.length; i += 1000) await AuditLog.query(trx).insert(rows.slice(i, i + 1000));
}
