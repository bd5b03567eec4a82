import { DEFAULT_REPORT_SCHEDULE, NOTIFICATION_PREFERENCE_DEFAULTS, type ReportSchedulesCreateData } from '@arrendia/api-contract';
import { ACTION_ACCESS, can, ROLE_ALIASES } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit, auditMany } from '../audit';
import { conflict, validationError } from '../errors';
import { User } from '../models/User';
import { loadInScope } from '../policies/inScope';
import { scopeProperties } from '../policies/scope';
import { isDefaultSchedule, type ReportScheduleRow } from '../presenters/reportSchedule';
import { lockUserRow } from '../queries/userRows';

/**
 * Scheduled reports (issue 33, point 6): each user schedules its own, and the settings switch
 * 'Reportes mensuales' stands for one of them (DEFAULT_REPORT_SCHEDULE): the switch on means that
 * schedule exists. Turning the switch creates or deletes the schedule, and creating or deleting
 * the schedule in 'Programados' moves the switch, so the two never disagree.
 */

export const SCHEDULE_NOT_FOUND = 'No se ha encontrado el reporte programado';
export const SCHEDULE_TAKEN = 'Ya tienes programado este reporte';
export const FOREIGN_PROPERTY = 'Elige una propiedad de tu cartera';

/** The role names (with their aliases) that may generate reports: only they have schedules that run. */
export const REPORTING_ROLE_NAMES: readonly string[] = [
  ...ACTION_ACCESS['reports:generate'],
  ...Object.entries(ROLE_ALIASES)
    .filter(([, role]) => (ACTION_ACCESS['reports:generate'] as readonly string[]).includes(role))
    .map(([alias]) => alias),
];

/** The columns an audit row keeps of a schedule. */
const audited = (s: Pick<ReportScheduleRow, 'userId' | 'reportType' | 'frequency' | 'propertyId'>) => ({
  userId: s.userId,
  reportType: s.reportType,
  frequency: s.frequency,
  propertyId: s.propertyId,
});

/** Inserts a schedule unless the user has it already (the unique index decides, race-free); the new row or null. */
async function insertOnce(trx: Knex.Transaction, values: Omit<ReportScheduleRow, 'id' | 'lastPeriodGenerated' | 'createdAt'>): Promise<ReportScheduleRow | null> {
  const [row] = await trx('report_schedules').insert(values).onConflict().ignore().returning('*');
  return (row as ReportScheduleRow | undefined) ?? null;
}

/** Sets the user's 'Reportes mensuales' switch, audited, when it is not already so. */
async function setMonthlyReports(trx: Knex.Transaction, user: User, on: boolean): Promise<void> {
  const locked = await lockUserRow(trx, user.id);
  const before = { ...NOTIFICATION_PREFERENCE_DEFAULTS, ...(locked.notificationPrefs ?? {}) };
  if (before.monthlyReports === on) return;
  const notificationPrefs = { ...before, monthlyReports: on };
  await User.query(trx).findById(user.id).patch({ notificationPrefs });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'users', recordId: user.id, oldValues: { notificationPrefs: locked.notificationPrefs }, newValues: { notificationPrefs } });
}

/**
 * POST /api/report-schedules: the user's new schedule, over one property it sees or its whole
 * portfolio; 400 on `propertyId` for any other property (the same whether it exists or not), 409
 * when the user has that schedule already. Audited; the default one turns 'Reportes mensuales' on.
 */
export async function createSchedule(trx: Knex.Transaction, user: User, input: ReportSchedulesCreateData): Promise<ReportScheduleRow> {
  if (input.propertyId !== null) {
    const visible = await scopeProperties(trx, trx('main_properties').select('main_properties.id').where('main_properties.id', input.propertyId), user).first();
    if (!visible) throw validationError('No se pudo programar el reporte', { propertyId: FOREIGN_PROPERTY });
  }
  const row = await insertOnce(trx, { userId: user.id, reportType: input.reportType, frequency: input.frequency, propertyId: input.propertyId });
  if (!row) throw conflict(SCHEDULE_TAKEN);
  await audit(trx, { userId: user.id, action: 'create', tableName: 'report_schedules', recordId: row.id, newValues: audited(row) });
  if (isDefaultSchedule(row)) await setMonthlyReports(trx, user, true);
  return row;
}

/** DELETE /api/report-schedules/:id: one of the user's own schedules (404 for anyone else's). Audited; the default one turns 'Reportes mensuales' off. */
export async function removeSchedule(trx: Knex.Transaction, user: User, id: number): Promise<void> {
  const row = await loadInScope<ReportScheduleRow>(trx('report_schedules').where({ id, userId: user.id }), { lock: true, notFound: SCHEDULE_NOT_FOUND });
  await trx('report_schedules').where({ id: row.id }).delete();
  await audit(trx, { userId: user.id, action: 'delete', tableName: 'report_schedules', recordId: row.id, oldValues: audited(row) });
  if (isDefaultSchedule(row)) await setMonthlyReports(trx, user, false);
}

/**
 * What the 'Reportes mensuales' switch does (PATCH /api/settings/preferences): on creates the
 * user's default schedule if it has none, off deletes it; audited. Nothing for a user who may not
 * generate reports (its switch is only a preference).
 */
export async function syncDefaultSchedule(trx: Knex.Transaction, user: User, on: boolean): Promise<void> {
  if (!can(user.role?.roleName, 'reports:generate')) return;
  if (on) {
    const row = await insertOnce(trx, { userId: user.id, ...DEFAULT_REPORT_SCHEDULE });
    if (row) await audit(trx, { userId: user.id, action: 'create', tableName: 'report_schedules', recordId: row.id, newValues: audited(row) });
    return;
  }
  const removed: ReportScheduleRow[] = await trx('report_schedules').where({ userId: user.id, ...DEFAULT_REPORT_SCHEDULE }).delete().returning('*');
  for (const row of removed) await audit(trx, { userId: user.id, action: 'delete', tableName: 'report_schedules', recordId: row.id, oldValues: audited(row) });
}

/**
 * The default schedule of every active user who may generate reports and keeps 'Reportes mensuales'
 * on (as every account starts: spec §2) but has none yet: a new account, or one given such a role.
 * Created as at `now` by the daily job (userId null in the audit log: the system did it). Returns
 * how many were created.
 */
export async function ensureDefaultSchedules(trx: Knex.Transaction, now: Date): Promise<number> {
  const { reportType, frequency } = DEFAULT_REPORT_SCHEDULE;
  const created: ReportScheduleRow[] = (
    await trx.raw(
      `insert into report_schedules ("userId", "reportType", "frequency", "propertyId", "createdAt")
       select u.id, ?, ?, null, ?
         from users u
         join roles r on r.id = u."roleId"
        where u."isActive"
          and r."roleName" in (${REPORTING_ROLE_NAMES.map(() => '?').join(', ')})
          and coalesce(u."notificationPrefs"->>'monthlyReports', 'true') <> 'false'
          and not exists (
            select 1 from report_schedules s
             where s."userId" = u.id and s."reportType" = ? and s."frequency" = ? and s."propertyId" is null)
       on conflict do nothing
       returning *`,
      [reportType, frequency, now, ...REPORTING_ROLE_NAMES, reportType, frequency],
    )
  ).rows;
  await auditMany(
    trx,
    created.map((row) => ({ userId: null, action: 'create' as const, tableName: 'report_schedules', recordId: row.id, newValues: audited(row) })),
  );
  return created.length;
}
