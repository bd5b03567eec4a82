import { TASK_CONTRACT_END_DAYS, TASK_RENEWAL_NOTICE_DAYS, TasksQuerySchema, type IncidentPriority, type Task } from '@arrendia/api-contract';
import { formatDate, TIME_ZONE, todayIso } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import type { User } from '../../models/User';
import { scopeContracts, scopeIncidents } from '../../policies/scope';
import { OPEN_INCIDENT_STATUSES } from '../../queries/dashboardMetrics';

type Db = Knex | Knex.Transaction;

interface ContractTaskRow {
  id: number;
  contractCode: string;
  endDate: string;
  noticeDate: string | null;
  unitName: string;
  propertyName: string;
}

interface IncidentTaskRow {
  id: number;
  title: string;
  status: string;
  priority: IncidentPriority;
  reportedOn: string;
  unitName: string;
  propertyName: string;
}

/** 'YYYY-MM-DD' plus `days`. */
function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The user's upcoming tasks, in SQL over its scope: Activo contracts ending within 60 days, their
 * renewal notices (endDate − renewalNoticeDays) due within 30 days, and open incidents (Abierta,
 * En Progreso) dated the day they were reported; all sorted by date, then by kind.
 */
export async function upcomingTasks(db: Db, user: User, limit: number, now: Date = new Date()): Promise<Task[]> {
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

  const tasks: Task[] = [];
  for (const c of contracts) {
    const where = `${c.unitName} · ${c.propertyName}`;
    if (c.endDate >= today && c.endDate <= endLimit) {
      tasks.push({
        id: `contract_end-${c.id}`,
        kind: 'contract_end',
        date: c.endDate,
        title: `Fin del contrato ${c.contractCode}`,
        description: where,
        link: `/contracts/${c.id}`,
        priority: null,
      });
    }
    if (c.noticeDate && c.noticeDate >= today && c.noticeDate <= noticeLimit) {
      tasks.push({
        id: `renewal_notice-${c.id}`,
        kind: 'renewal_notice',
        date: c.noticeDate,
        title: `Preaviso de renovación del contrato ${c.contractCode}`,
        description: `${where} · vence el ${formatDate(c.endDate)}`,
        link: `/contracts/${c.id}`,
        priority: null,
      });
    }
  }
  for (const i of incidents) {
    tasks.push({
      id: `incident-${i.id}`,
      kind: 'incident',
      date: i.reportedOn,
      title: `Incidencia ${i.status === 'Abierta' ? 'abierta' : 'en progreso'}: ${i.title}`,
      description: `${i.unitName} · ${i.propertyName}`,
      link: `/incidents/${i.id}`,
      priority: i.priority,
    });
  }
  const order = { contract_end: 0, renewal_notice: 1, incident: 2 } as const;
  return tasks.sort((a, b) => a.date.localeCompare(b.date) || order[a.kind] - order[b.kind] || a.id.localeCompare(b.id)).slice(0, limit);
}

/** GET /api/tasks?limit= → the user's upcoming tasks, by date. */
export async function list(ctx: Ctx) {
  const { limit } = parseInput(TasksQuerySchema, ctx.query);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await upcomingTasks(ctx.knex, currentUser(ctx), limit);
}
