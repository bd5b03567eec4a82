import type { Report, ReportType } from '@arrendia/api-contract';

/** A reports row: one generated PDF of its owner. */
export interface ReportRow {
  id: number;
  userId: number;
  reportType: ReportType;
  periodFrom: string | Date;
  periodTo: string | Date;
  fileName: string;
  filePath: string;
  fileSizeKb: number;
  createdAt: string | Date;
}

const isoDay = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/** A generated report as the Historial tab lists it. */
export function presentReport(row: ReportRow): Report {
  return {
    id: row.id,
    reportType: row.reportType,
    periodFrom: isoDay(row.periodFrom),
    periodTo: isoDay(row.periodTo),
    fileName: row.fileName,
    fileSizeKb: row.fileSizeKb,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
