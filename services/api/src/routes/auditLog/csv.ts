import { AUDIT_CSV_HEADER, AUDIT_SYSTEM_USER, auditActionLabel, type AuditLogFilter } from '@arrendia/api-contract';
import { formatDateTimeSeconds } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { presentAuditLogEntry, type AuditLogRow } from '../../presenters/auditLog';
import { auditLogRows } from '../../queries/auditLogRows';

/** Rows read per query while the file streams out: memory stays flat whatever the export's size. */
export const CSV_BATCH_ROWS = 1000;

/** Spreadsheets run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a leading formula character neutralised with ', quoted when it holds ; " or a line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(';')}\r\n`;

const json = (values: Record<string, unknown> | null) => (values === null ? '' : JSON.stringify(values));

function rowCells(row: AuditLogRow): string[] {
  const entry = presentAuditLogEntry(row);
  return [
    formatDateTimeSeconds(entry.changedAt),
    entry.user ? `${entry.user.name} <${entry.user.email}>` : AUDIT_SYSTEM_USER,
    auditActionLabel(entry.action),
    entry.tableName,
    entry.recordId ?? '',
    json(entry.oldValues),
    json(entry.newValues),
  ];
}

type CursorRow = AuditLogRow & { cursor: string };

/**
 * The export, chunk by chunk: the BOM (so Excel reads UTF-8), the header, then the rows in the
 * viewer's order, at most `maxRows`. Pages by keyset on (changedAt, id); the cursor keeps changedAt
 * as PostgreSQL text, since a JavaScript Date would drop its microseconds and skip rows.
 */
export async function* auditCsvChunks(db: Knex, filter: AuditLogFilter, maxRows: number): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(AUDIT_CSV_HEADER)}`;
  let written = 0;
  let after: { changedAt: string; id: number } | null = null;
  while (written < maxRows) {
    const limit = Math.min(CSV_BATCH_ROWS, maxRows - written);
    const query = auditLogRows(db, filter).select(db.raw('"audit_log"."changedAt"::text as "cursor"')).limit(limit);
    if (after) query.whereRaw('("audit_log"."changedAt", "audit_log"."id") < (cast(? as timestamptz), ?)', [after.changedAt, after.id]);
    const rows = (await query) as CursorRow[];
    if (rows.length) yield rows.map((row) => csvLine(rowCells(row))).join('');
    written += rows.length;
    if (rows.length < limit) return;
    const last = rows[rows.length - 1];
    after = { changedAt: last.cursor, id: Number(last.id) };
  }
}
