import { formatDate, formatEuros, todayIso } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { audit, auditMany } from '../audit';
import { removeExpiredExports } from '../commands/dataExporter';
import { applyDueRentUpdates, proposeRentUpdates, refreshWaitingRentUpdates } from '../commands/rentUpdater';
import type { Logger } from '../log';
import { notify } from '../notify';
import { lockRows } from '../policies/inScope';
import { contractTenants, propertyStaff } from '../queries/recipients';
import { runScheduledReports } from './scheduledReports';

/** How many months back a charge that was missed (the server was down on its day) is still created. */
const CATCH_UP_MONTHS = 2;

/** The reference of a month's rent for the transfer: unique per contract and month (YYYYMM). */
export const rentReference = (contractId: number, period: string) => `ARR-${contractId}-${period.replace('-', '')}`;

export interface DailyRun {
  charges: number;
  overdue: number;
  /** Second reminders of overdue charges sent to their tenants (remindOverdueRent). */
  reminders: number;
  renewals: number;
  /** Rent updates (issue 36): notified ones applied on their date, new proposals, and waiting ones whose index came out. */
  rentUpdatesApplied: number;
  rentUpdatesProposed: number;
  rentUpdatesCompleted: number;
  /** Scheduled reports generated (jobs/scheduledReports.ts); 0 when the run has no reports directory. */
  reports: number;
  /** Files of expired data exports removed (commands/dataExporter.ts); 0 when the run has no exports directory. */
  expiredExports: number;
}

export interface DailyOptions {
  /** Where generated reports are stored (storage/files reportsDir): without it the scheduled reports wait for a run that has it. */
  reportsDir?: string;
  /** Where a scheduled report that fails is told (the others go on); without it, the failure is thrown. */
  log?: Logger;
  /** Where the ZIPs of 'Exportar mis datos' are (storage/files exportsDir): without it expired ones wait for a run that has it. */
  exportsDir?: string;
  /** Days ahead of an anniversary its rent update is proposed (config RENT_UPDATE_NOTICE_DAYS; 45 without). */
  rentUpdateNoticeDays?: number;
}

/**
 * Creates the month's rent charge of every active contract whose payment day has come (its day,
 * or the month's last day when shorter), catching up CATCH_UP_MONTHS missed months; idempotent:
 * the (contract, month) pair is unique and a second run creates nothing. A month whose rent was
 * already recorded as income of the contract (by hand in finances) is created Pagado, linked to it.
 * Audited per charge. With
 * `onlyContractId`, just that contract's (a contract that becomes active gets its due charges at once).
 */
export async function generateRentCharges(trx: Knex.Transaction, today: string, onlyContractId: number | null = null): Promise<number> {
  const created: { id: number; contractId: number; period: string; amount: string; status: string }[] = (
    await trx.raw(
      `insert into rent_charges ("contractId", period, "dueDate", amount, reference, status, "transactionId", "confirmedAt")
       select c.id, to_char(m.month, 'YYYY-MM'), d.due, rent.amount, 'ARR-' || c.id || '-' || to_char(m.month, 'YYYYMM'),
              case when paid.id is null then 'Pendiente' else 'Pagado' end, paid.id, case when paid.id is null then null else now() end
         from contracts c
         cross join lateral generate_series(
           date_trunc('month', greatest(c."startDate", (?::date - make_interval(months => ?))::date)),
           date_trunc('month', ?::date),
           interval '1 month') as m(month)
         cross join lateral (
           select (m.month::date + least(c."paymentDay", extract(day from (m.month + interval '1 month' - interval '1 day'))::int) - 1) as due
         ) d
         -- The rent in force that month (issue 36): the last change from before it, or else what the
         -- first later change replaced, or else the contract's rent.
         cross join lateral (
           select coalesce(
             (select h."rentAmount" from contract_rent_history h where h."contractId" = c.id and h."validFrom" <= m.month::date order by h."validFrom" desc, h.id desc limit 1),
             (select h."previousRent" from contract_rent_history h where h."contractId" = c.id and h."validFrom" > m.month::date order by h."validFrom", h.id limit 1),
             c."rentAmount") as amount
         ) rent
         left join lateral (
           select t.id from transactions t
            where t."contractId" = c.id and t.type = 'Ingreso' and t.status = 'Completado'
              and t."transactionDate" >= m.month::date and t."transactionDate" < (m.month + interval '1 month')::date
              and not exists (select 1 from rent_charges rc where rc."transactionId" = t.id)
            order by t."transactionDate", t.id
            limit 1
         ) paid on true
        where c.status = 'Activo'
          and c."startDate" <= ?::date
          and d.due <= ?::date
          and d.due >= c."startDate"
          and (c."endDate" is null or d.due <= c."endDate")
          and (?::int is null or c.id = ?::int)
       on conflict ("contractId", period) do nothing
       returning id, "contractId", period, amount, status`,
      [today, CATCH_UP_MONTHS, today, today, today, onlyContractId, onlyContractId],
    )
  ).rows;
  await auditMany(
    trx,
    created.map((charge) => ({
      userId: null,
      action: 'create' as const,
      tableName: 'rent_charges',
      recordId: charge.id,
      newValues: { contractId: charge.contractId, period: charge.period, amount: charge.amount, status: charge.status },
    })),
  );
  return created.length;
}

/** Days after the overdue notice (its Madrid date) that the tenant is reminded of a charge still unpaid (issue 34, point 6). */
export const OVERDUE_REMINDER_DAYS = 7;

/**
 * Tells both sides, once, about each charge whose due date has passed unpaid. `now` is the run's
 * moment: the notice's date counts the days to the reminder.
 */
export async function noticeOverdueRent(trx: Knex.Transaction, today: string, now: Date = new Date()): Promise<number> {
  const overdue = await lockRows<{ id: number; contractId: number; amount: string; dueDate: string; contractCode: string; propertyId: number }>(
    trx('rent_charges')
      .join('contracts', 'contracts.id', 'rent_charges.contractId')
      .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
      .whereNot('rent_charges.status', 'Pagado')
      .where('rent_charges.dueDate', '<', today)
      .whereNull('rent_charges.overdueNotifiedAt')
      .select('rent_charges.id', 'rent_charges.contractId', 'rent_charges.amount', 'rent_charges.dueDate', 'contracts.contractCode', 'rentable_units.mainPropertyId as propertyId'),
    'rent_charges',
  );
  for (const charge of overdue) {
    await trx('rent_charges').where('id', charge.id).update({ overdueNotifiedAt: now });
    await audit(trx, { userId: null, action: 'update', tableName: 'rent_charges', recordId: charge.id, newValues: { overdueNotified: true } });
    const draft = {
      title: 'Renta vencida',
      message: `La renta de ${formatEuros(charge.amount)} del contrato ${charge.contractCode} venció el ${formatDate(charge.dueDate)} y no consta como pagada`,
      notificationType: 'payment_overdue' as const,
      relatedEntityType: 'contract' as const,
      relatedEntityId: charge.contractId,
    };
    await notify(trx, [...(await contractTenants(trx, charge.contractId)), ...(await propertyStaff(trx, charge.propertyId))], draft);
  }
  return overdue.length;
}

/**
 * Reminds the tenants, once, of each charge still unpaid OVERDUE_REMINDER_DAYS after its overdue
 * notice, counted from the notice's Madrid date, so a notice that went out late still gives its
 * days. The staff had the notice; the reminder is the tenant's. Same kind as the notice, so the
 * same switches govern it.
 */
export async function remindOverdueRent(trx: Knex.Transaction, today: string, now: Date = new Date()): Promise<number> {
  const due = await lockRows<{ id: number; contractId: number; amount: string; dueDate: string; contractCode: string }>(
    trx('rent_charges')
      .join('contracts', 'contracts.id', 'rent_charges.contractId')
      .whereNot('rent_charges.status', 'Pagado')
      .whereNull('rent_charges.overdueReminderSentAt')
      .whereRaw(`("rent_charges"."overdueNotifiedAt" at time zone 'Europe/Madrid')::date <= ?::date - ?::int`, [today, OVERDUE_REMINDER_DAYS])
      .select('rent_charges.id', 'rent_charges.contractId', 'rent_charges.amount', 'rent_charges.dueDate', 'contracts.contractCode'),
    'rent_charges',
  );
  for (const charge of due) {
    await trx('rent_charges').where('id', charge.id).update({ overdueReminderSentAt: now });
    await audit(trx, { userId: null, action: 'update', tableName: 'rent_charges', recordId: charge.id, newValues: { overdueReminderSent: true } });
    await notify(trx, await contractTenants(trx, charge.contractId), {
      title: 'Recordatorio: renta vencida',
      message: `Te recordamos que la renta de ${formatEuros(charge.amount)} del contrato ${charge.contractCode}, que venció el ${formatDate(charge.dueDate)}, sigue sin constar como pagada`,
      notificationType: 'payment_overdue',
      relatedEntityType: 'contract',
      relatedEntityId: charge.contractId,
    });
  }
  return due.length;
}

/** Tells both sides, once, that an active contract has entered its renewal notice period. */
export async function noticeRenewals(trx: Knex.Transaction, today: string): Promise<number> {
  const ending = await lockRows<{ id: number; contractCode: string; endDate: string; propertyId: number }>(
    trx('contracts')
      .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
      .where('contracts.status', 'Activo')
      .whereNotNull('contracts.endDate')
      .where('contracts.endDate', '>=', today)
      .whereRaw('contracts."endDate" - contracts."renewalNoticeDays" <= ?::date', [today])
      .whereNull('contracts.renewalNoticeSentAt')
      .select('contracts.id', 'contracts.contractCode', 'contracts.endDate', 'rentable_units.mainPropertyId as propertyId'),
    'contracts',
  );
  for (const contract of ending) {
    await trx('contracts').where('id', contract.id).update({ renewalNoticeSentAt: trx.fn.now() });
    await audit(trx, { userId: null, action: 'update', tableName: 'contracts', recordId: contract.id, newValues: { renewalNoticeSent: true } });
    await notify(trx, [...(await contractTenants(trx, contract.id)), ...(await propertyStaff(trx, contract.propertyId))], {
      title: 'Contrato próximo a terminar',
      message: `El contrato ${contract.contractCode} termina el ${formatDate(contract.endDate)}: ha empezado su plazo de preaviso`,
      notificationType: 'contract_ending',
      relatedEntityType: 'contract',
      relatedEntityId: contract.id,
    });
  }
  return ending.length;
}

/**
 * The day's jobs for the Madrid date of `now`: charges, overdue notices and reminders, and renewal notices in one
 * transaction; then the scheduled reports, each in its own (a PDF each: one that fails holds back
 * no other).
 */
export async function runDailyJobs(knex: Knex, now: Date = new Date(), { reportsDir, log, exportsDir, rentUpdateNoticeDays }: DailyOptions = {}): Promise<DailyRun> {
  const today = todayIso(now);
  const run = await knex.transaction(async (trx) => ({
    // A notified rent update whose month has come changes the rent before that month's charge is made.
    rentUpdatesApplied: await applyDueRentUpdates(trx, today),
    charges: await generateRentCharges(trx, today),
    overdue: await noticeOverdueRent(trx, today, now),
    reminders: await remindOverdueRent(trx, today, now),
    renewals: await noticeRenewals(trx, today),
    rentUpdatesProposed: await proposeRentUpdates(trx, today, { noticeDays: rentUpdateNoticeDays }),
    rentUpdatesCompleted: await refreshWaitingRentUpdates(trx, today),
  }));
  const scheduled = reportsDir ? await runScheduledReports(knex, { reportsDir, now, log }) : null;
  const expiredExports = exportsDir ? await removeExpiredExports(knex, exportsDir, now) : 0;
  return { ...run, reports: scheduled?.reports ?? 0, expiredExports };
}

/**
 * Runs the daily jobs on start and again whenever the Madrid date changes (checked hourly). Every
 * API instance may run them: each step is idempotent, so two instances create nothing twice.
 */
export function scheduleDailyJobs(knex: Knex, log: Logger, { reportsDir, exportsDir, rentUpdateNoticeDays }: { reportsDir: string; exportsDir?: string; rentUpdateNoticeDays?: number }): { stop(): void } {
  let lastDay: string | null = null;
  let running = false;
  const tick = async () => {
    const today = todayIso();
    if (running || today === lastDay) return;
    running = true;
    try {
      const result = await runDailyJobs(knex, new Date(), { reportsDir, log, exportsDir, rentUpdateNoticeDays });
      lastDay = today;
      log.info('daily jobs', { day: today, ...result });
    } catch (err) {
      log.error('daily jobs failed', { err });
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), 3600_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
