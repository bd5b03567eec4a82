import { AUDIT_SYSTEM_USER, auditActionLabel, type AuditLogEntry } from '@arrendia/api-contract';
import { formatDateTimeSeconds, personName } from '@arrendia/locale-es';
import { csvLine } from '../csv/format';

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

const json = (values: Record<string, unknown> | null) => (values === null ? '' : JSON.stringify(values));

/** Rows of the log as lines of the export for Spanish Excel (';' between cells, CRLF). */
export function presentAuditCsvLines(rows: AuditLogRow[]): string {
  return rows
    .map((row) => {
      const entry = presentAuditLogEntry(row);
      return csvLine([
        formatDateTimeSeconds(entry.changedAt),
        entry.user ? `${entry.user.name} <${entry.user.email}>` : AUDIT_SYSTEM_USER,
        auditActionLabel(entry.action),
        entry.tableName,
        entry.recordId ?? '',
        json(entry.oldValues),
        json(entry.newValues),
      ]);
    })
    .join('');
}
