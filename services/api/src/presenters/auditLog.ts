import type { AuditLogEntry } from '@arrendia/api-contract';
import { personName } from '@arrendia/locale-es';

type Values = Record<string, unknown> | null;

/** An audit_log row joined to the user who made the change (absent for the system). */
export interface AuditLogRow {
  id: number | string;
  action: string;
  tableName: string;
  recordId: string | null;
  oldValues: Values;
  newValues: Values;
  changedAt: Date | string;
  userId: number | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

export function presentAuditLogEntry(row: AuditLogRow): AuditLogEntry {
  return {
    id: Number(row.id),
    action: row.action,
    tableName: row.tableName,
    recordId: row.recordId,
    changedAt: new Date(row.changedAt).toISOString(),
    user: row.userId === null || row.email === null ? null : { id: row.userId, name: personName(row, row.email), email: row.email },
    oldValues: row.oldValues,
    newValues: row.newValues,
  };
}
