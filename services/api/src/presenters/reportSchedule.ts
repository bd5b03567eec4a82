import { DEFAULT_REPORT_SCHEDULE, type ReportFrequency, type ReportSchedule, type ReportType } from '@arrendia/api-contract';
import { nextRunDate } from '../reports/periods';
import { isoDayOrNull } from './dates';

/** A report_schedules row. */
export interface ReportScheduleRow {
  id: number;
  userId: number;
  reportType: ReportType;
  frequency: ReportFrequency;
  /** The one property it covers; null for the whole portfolio. */
  propertyId: number | null;
  /** The first day of the last period generated (DATE, 'YYYY-MM-DD'); null before the first report. */
  lastPeriodGenerated: string | null;
  createdAt: Date | string;
}

/** A schedule with the name of the property it covers (queries/reportSchedules). */
export interface ReportScheduleListRow extends ReportScheduleRow {
  propertyName: string | null;
}

/** Whether a schedule is the one the 'Reportes mensuales' switch stands for. */
export const isDefaultSchedule = (s: Pick<ReportScheduleRow, 'reportType' | 'frequency' | 'propertyId'>) =>
  s.reportType === DEFAULT_REPORT_SCHEDULE.reportType && s.frequency === DEFAULT_REPORT_SCHEDULE.frequency && s.propertyId === null;

/** A scheduled report as 'Programados' lists it, with the day its next report comes out (as of `now`). */
export function presentReportSchedule(row: ReportScheduleListRow, now: Date = new Date()): ReportSchedule {
  return {
    id: row.id,
    reportType: row.reportType,
    frequency: row.frequency,
    property: row.propertyId === null ? null : { id: row.propertyId, propertyName: row.propertyName ?? '' },
    createdAt: new Date(row.createdAt).toISOString(),
    lastPeriodGenerated: isoDayOrNull(row.lastPeriodGenerated),
    nextRunDate: nextRunDate(row, now),
    isDefault: isDefaultSchedule(row),
  };
}
