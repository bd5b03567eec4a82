import type { Report, ReportType } from '@arrendia/api-contract';
import { isoDay } from './dates';

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
  ownerUserId: number | null;
  /** The one property a scheduled report covers, and its name then (issue 33); null for the whole scope. */
  propertyId?: number | null;
  propertyName?: string | null;
  /** The schedule that generated it, while the schedule exists. */
  scheduleId?: number | null;
  /** Joined from users when the report is about a principal (routes/reports). */
  ownerFirstName?: string | null;
  ownerLastName?: string | null;
}


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
    owner: row.ownerUserId == null ? null : { id: row.ownerUserId, firstName: row.ownerFirstName ?? null, lastName: row.ownerLastName ?? null },
    propertyName: row.propertyName ?? null,
  };
}
