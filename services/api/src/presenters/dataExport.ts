import type { DataExport } from '@arrendia/api-contract';
import type { DataExportRow } from '../queries/dataExports';

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

/** An export as 'Exportar mis datos' reads it: its state, dates, size and Spanish error; never its stored name. */
export function presentDataExport(row: DataExportRow): DataExport {
  return {
    id: row.id,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    finishedAt: iso(row.finishedAt),
    expiresAt: iso(row.expiresAt),
    sizeBytes: row.sizeBytes == null ? null : Number(row.sizeBytes),
    error: row.error,
  };
}
