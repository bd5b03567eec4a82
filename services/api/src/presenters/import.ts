import type { Import, ImportCounts, ImportRow, ImportSummary } from '@arrendia/api-contract';
import type { ImportRecord, ImportRowRecord } from '../queries/imports';

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

function countsOf(rows: readonly ImportRowRecord[]): ImportCounts {
  const counts = { total: 0, valid: 0, existing: 0, invalid: 0, created: 0 };
  for (const row of rows) {
    if (row.status === 'ignored') continue;
    counts.total += 1;
    counts[row.status] += 1;
  }
  // A created row was a valid one: the preview's figures stay, and say how many were written.
  const { created, ...rest } = counts;
  return created ? { ...rest, valid: rest.valid + created, created } : rest;
}

function presentImportRow(row: ImportRowRecord, sheetName: string): ImportRow {
  return {
    id: row.id,
    sheet: sheetName,
    entity: row.entity!,
    rowNumber: row.rowNumber,
    status: row.status as ImportRow['status'],
    values: row.values,
    errors: row.errors,
    existingId: row.existingId,
  };
}

/** An import in the user's list (ImportSummarySchema): its state and figures. */
export function presentImportSummary(record: ImportRecord): ImportSummary {
  return {
    id: record.id,
    status: record.status,
    fileName: record.fileName,
    fileType: record.fileType,
    account: { userId: record.forUserId, agencyId: record.agencyId },
    counts: record.counts,
    progress: { written: record.processedRows, toWrite: record.counts.valid },
    report: record.report,
    finishedAt: record.finishedAt === null ? null : iso(record.finishedAt),
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

/** An import's preview (ImportSchema): its sheets with their counts, and every row of the recognized sheets. */
export function presentImport(record: ImportRecord, rows: readonly ImportRowRecord[]): Import {
  const shown = rows.filter((r) => r.status !== 'ignored' && r.entity !== null);
  return {
    id: record.id,
    status: record.status,
    fileName: record.fileName,
    fileType: record.fileType,
    account: { userId: record.forUserId, agencyId: record.agencyId },
    sheets: record.sheets.map((sheet, i) => ({ ...sheet, counts: countsOf(shown.filter((r) => r.sheetIndex === i)) })),
    counts: record.counts,
    notices: record.notices,
    rows: shown.map((row) => presentImportRow(row, record.sheets[row.sheetIndex]?.name ?? '')),
    progress: { written: record.processedRows, toWrite: record.counts.valid },
    report: record.report,
    finishedAt: record.finishedAt === null ? null : iso(record.finishedAt),
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}
