import type { ReportFrequency } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { isoDay } from '../presenters/dates';
import { addMonths, monthRange, type DateRange } from '../queries/finances';

/**
 * The periods of a scheduled report (issue 33, point 6): calendar months, or quarters starting in
 * January, April, July and October, on Madrid days. A period is named by its first day
 * ('YYYY-MM-01'), which is what report_schedules.lastPeriodGenerated keeps.
 */

const LENGTH: Readonly<Record<ReportFrequency, number>> = { mensual: 1, trimestral: 3 };

/** The first day of the period holding the day `day` ('YYYY-MM-DD'). */
export function periodStart(frequency: ReportFrequency, day: string): string {
  const month = day.slice(0, 7);
  const back = (Number(month.slice(5, 7)) - 1) % LENGTH[frequency];
  return `${addMonths(month, -back)}-01`;
}

/** The period that begins on `start`: its first and last day. */
export function periodOf(frequency: ReportFrequency, start: string): DateRange {
  return { from: start, to: monthRange(addMonths(start.slice(0, 7), LENGTH[frequency] - 1)).to };
}

/** The first day of the period after the one that begins on `start`. */
export function followingStart(frequency: ReportFrequency, start: string): string {
  return `${addMonths(start.slice(0, 7), LENGTH[frequency])}-01`;
}

/** The period that ended last before the Madrid day of `now`: last month, or last quarter. */
export function periodJustEnded(frequency: ReportFrequency, now: Date): DateRange {
  const current = periodStart(frequency, todayIso(now));
  return periodOf(frequency, `${addMonths(current.slice(0, 7), -LENGTH[frequency])}-01`);
}

/** What the periods of a schedule depend on (a report_schedules row). */
export interface SchedulePeriods {
  frequency: ReportFrequency;
  createdAt: Date | string;
  /** The first day of the last period generated (a DATE column: 'YYYY-MM-DD'), or null. */
  lastPeriodGenerated: string | Date | null;
}

/**
 * The first period a schedule has still to report on: the one after the last it generated, or,
 * before its first report, the one it was created in (a schedule never reports on a period that
 * was over before it existed).
 */
export function pendingPeriod(schedule: SchedulePeriods): DateRange {
  const { frequency, lastPeriodGenerated } = schedule;
  const start = lastPeriodGenerated === null ? periodStart(frequency, todayIso(new Date(schedule.createdAt))) : followingStart(frequency, isoDay(lastPeriodGenerated));
  return periodOf(frequency, start);
}

/**
 * The period the daily job generates for a schedule on the Madrid day of `now`, or null: the one
 * that has just ended, once, if the schedule already existed in it.
 */
export function duePeriod(schedule: SchedulePeriods, now: Date): DateRange | null {
  const ended = periodJustEnded(schedule.frequency, now);
  return ended.from >= pendingPeriod(schedule).from ? ended : null;
}

/**
 * The Madrid day the schedule's next report is generated: today when one is due and the job has
 * not run yet, otherwise the first day after its pending period ends.
 */
export function nextRunDate(schedule: SchedulePeriods, now: Date = new Date()): string {
  if (duePeriod(schedule, now)) return todayIso(now);
  return followingStart(schedule.frequency, pendingPeriod(schedule).from);
}
