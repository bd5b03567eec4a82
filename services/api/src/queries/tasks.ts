import { TASK_CONTRACT_END_DAYS, TASK_RENEWAL_NOTICE_DAYS } from '@arrendia/api-contract';
import { TIME_ZONE, todayIso } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeContracts, scopeIncidents } from '../policies/scope';
import type { ContractTaskRow, IncidentTaskRow, TaskWindow } from '../presenters/task';
import { OPEN_INCIDENT_STATUSES } from './dashboardMetrics';

type Db = Knex | Knex.Transaction;

/** 'YYYY-MM-DD' plus `days`. */
function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * What the user's upcoming tasks are made of, in SQL over its scope: Activo contracts ending within
 * TASK_CONTRACT_END_DAYS or whose renewal notice (endDate − renewalNoticeDays) is due within
 * TASK_RENEWAL_NOTICE_DAYS, and open incidents (Abierta, En Progreso), oldest first
 * (presenters/task.ts turns them into the list).
 */
export async function upcomingTaskRows(
  db: Db,
  user: User,
  limit: number,
  now: Date = new Date(),
): Promise<{ window: TaskWindow; contracts: ContractTaskRow[]; incidents: IncidentTaskRow[] }> {
  const today = todayIso(now);
  const endLimit = addDays(today, TASK_CONTRACT_END_DAYS);
  const noticeLimit = addDays(today, TASK_RENEWAL_NOTICE_DAYS);
  const noticeDate = '("contracts"."endDate" - "contracts"."renewalNoticeDays")';

  const contracts: ContractTaskRow[] = await scopeContracts(
    db,
    db('contracts')
      .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .select(
        'contracts.id',
        'contracts.contractCode',
        db.raw(`to_char("contracts"."endDate", 'YYYY-MM-DD') as "endDate"`),
        db.raw(`to_char(${noticeDate}, 'YYYY-MM-DD') as "noticeDate"`),
        'rentable_units.unitName',
        'main_properties.propertyName',
      )
      .where('contracts.status', 'Activo')
      .whereNotNull('contracts.endDate')
      .where((w) =>
        w
          .where((end) => end.where('contracts.endDate', '>=', today).where('contracts.endDate', '<=', endLimit))
          .orWhere((notice) =>
            notice.whereNotNull('contracts.renewalNoticeDays').whereRaw(`${noticeDate} >= ?::date and ${noticeDate} <= ?::date`, [today, noticeLimit]),
          ),
      ),
    user,
  )
    .orderBy('contracts.endDate')
    .limit(limit * 2);

  const reportedOn = `to_char(("incidents"."createdAt" at time zone '${TIME_ZONE}')::date, 'YYYY-MM-DD')`;
  const incidents: IncidentTaskRow[] = await scopeIncidents(
    db,
    db('incidents')
      .join('rentable_units', 'rentable_units.id', 'incidents.rentableUnitId')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .select(
        'incidents.id',
        'incidents.title',
        'incidents.status',
        'incidents.priority',
        db.raw(`${reportedOn} as "reportedOn"`),
        'rentable_units.unitName',
        'main_properties.propertyName',
      )
      .whereIn('incidents.status', OPEN_INCIDENT_STATUSES),
    user,
  )
    .orderBy([
      { column: 'incidents.createdAt', order: 'asc' },
      { column: 'incidents.id', order: 'asc' },
    ])
    .limit(limit);

  return { window: { today, endLimit, noticeLimit }, contracts, incidents };
}
