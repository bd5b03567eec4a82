import { AUDIT_CSV_HEADER, AUDIT_SYSTEM_USER, auditActionLabel, type AuditLogEntry } from '@arrendia/api-contract';
import { formatDateTimeSeconds, personName } from '@arrendia/locale-es';

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

/** Spreadsheets run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a leading formula character neutralised with ', quoted when it holds ; " or a line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(';')}\r\n`;

const json = (values: Record<string, unknown> | null) => (values === null ? '' : JSON.stringify(values));

/** The export's start: the BOM (so Excel reads UTF-8) and the header line. */
export const auditCsvHead = () => `\uFEFF${csvLine(AUDIT_CSV_HEADER)}`;

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
