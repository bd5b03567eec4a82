import { REPORT_FREQUENCY_LABELS, REPORT_TYPE_LABELS } from '@arrendia/api-contract';
import { formatDate } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { generateReport } from '../commands/reportGenerator';
import { ensureDefaultSchedules, REPORTING_ROLE_NAMES } from '../commands/reportScheduler';
import { inTransaction } from '../db/afterCommit';
import type { Logger } from '../log';
import { User } from '../models/User';
import { notify } from '../notify';
import { scopeProperties } from '../policies/scope';
import type { ReportScheduleRow } from '../presenters/reportSchedule';
import { duePeriod, periodJustEnded } from '../reports/periods';

export interface ScheduledReportsRun {
  /** Default schedules created for accounts that had none ('Reportes mensuales' on). */
  schedules: number;
  /** Reports generated. */
  reports: number;
  /** Schedules whose report failed this time (they are tried again on the next run). */
  failed: number;
}

/**
 * The scheduled reports of the Madrid day of `now` (issue 33, point 6). First the default schedule
 * of every account that keeps 'Reportes mensuales' on and has none; then, for every schedule of an
 * active user who may generate reports, the report of the period that has just ended (last month,
 * or last quarter from 1 January, April, July and October on), once: each in a transaction of its
 * own that first moves the schedule's lastPeriodGenerated forward (the one that does not find it
 * behind any more, on a second run or another instance, does nothing), generates the report
 * through generateReport as POST /api/reports does, into the user's Informes, and tells the user.
 * A schedule created during a period reports on that period; never on one over before it existed.
 */
export async function runScheduledReports(knex: Knex, { reportsDir, now = new Date(), log }: { reportsDir: string; now?: Date; log?: Logger }): Promise<ScheduledReportsRun> {
  const schedules = await knex.transaction((trx) => ensureDefaultSchedules(trx, now));
  // Last month's start is never before last quarter's: a schedule behind it may be due.
  const monthStart = periodJustEnded('mensual', now).from;
  const candidates: ReportScheduleRow[] = await knex('report_schedules')
    .join('users', 'users.id', 'report_schedules.userId')
    .join('roles', 'roles.id', 'users.roleId')
    .where('users.isActive', true)
    .whereIn('roles.roleName', REPORTING_ROLE_NAMES)
    .where((w) => w.whereNull('report_schedules.lastPeriodGenerated').orWhere('report_schedules.lastPeriodGenerated', '<', monthStart))
    .select('report_schedules.*')
    .orderBy('report_schedules.id');
  let reports = 0;
  let failed = 0;
  for (const schedule of candidates) {
    const period = duePeriod(schedule, now);
    if (!period) continue;
    try {
      if (await generateScheduledReport(knex, schedule, period, reportsDir)) reports += 1;
    } catch (err) {
      failed += 1;
      log?.error('scheduled report failed', { err, scheduleId: schedule.id, period: period.from });
      if (!log) throw err;
    }
  }
  return { schedules, reports, failed };
}

/** One schedule's report of `period`, if no run has claimed that period yet; whether it was written. */
async function generateScheduledReport(knex: Knex, schedule: ReportScheduleRow, period: { from: string; to: string }, reportsDir: string): Promise<boolean> {
  return inTransaction(knex, async (trx) => {
    const claimed = await trx('report_schedules')
      .where('id', schedule.id)
      .where((w) => w.whereNull('lastPeriodGenerated').orWhere('lastPeriodGenerated', '<', period.from))
      .update({ lastPeriodGenerated: period.from });
    if (claimed === 0) return false;
    await audit(trx, { userId: null, action: 'update', tableName: 'report_schedules', recordId: schedule.id, oldValues: { lastPeriodGenerated: schedule.lastPeriodGenerated }, newValues: { lastPeriodGenerated: period.from } });
    const user = await User.query(trx).findById(schedule.userId).withGraphFetched('role').throwIfNotFound();
    // A property the user no longer manages (its agency gave it up): that period is passed over.
    if (schedule.propertyId !== null && !(await scopeProperties(trx, trx('main_properties').select('main_properties.id').where('main_properties.id', schedule.propertyId), user).first())) {
      return false;
    }
    const report = await generateReport(trx, user, reportsDir, { reportType: schedule.reportType, from: period.from, to: period.to, propertyId: schedule.propertyId, scheduleId: schedule.id });
    const label = REPORT_TYPE_LABELS[schedule.reportType];
    const scope = report.propertyName ? ` de ${report.propertyName}` : '';
    await notify(trx, [user.id], {
      title: 'Reporte programado listo',
      message: `${label}${scope} (${REPORT_FREQUENCY_LABELS[schedule.frequency].toLowerCase()}) del ${formatDate(period.from)} al ${formatDate(period.to)}: ya está en Reportes › Historial`,
      notificationType: 'report_generated',
      relatedEntityType: 'report',
      relatedEntityId: report.id,
    });
    // notify() also queues it by email (mail/notificationMail.ts), with its button to Historial.
    return true;
  });
}
