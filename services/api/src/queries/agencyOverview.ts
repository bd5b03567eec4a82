import { STALE_INCIDENT_DAYS, type AgencyOverview } from '@arrendia/api-contract';
import { formatDate, formatEuros, todayIso } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { assignedAgentProperties, scopeContracts, scopeIncidents, scopeUnits } from '../policies/scope';
import { dashboardMetrics, madridMonthBounds } from './dashboardMetrics';
import { agencyAgentsQuery } from './agencies';

type Db = Knex | Knex.Transaction;

/**
 * 'Dashboard del Gestor de Agencia' (spec §2, issue 11) over the user's scope: the portfolio,
 * occupancy and open incidents of dashboardMetrics, the month's commissions (the agency's rate on
 * the rent collected, rounded to the cent in SQL), management alerts (contracts inside their
 * renewal notice, rent not received after its payment day, incidents open for more than a week)
 * and the team (each agent's properties, this month's leads and visits).
 */
export async function agencyOverview(db: Db, user: User, now: Date = new Date()): Promise<AgencyOverview> {
  const today = todayIso(now);
  const { from, to } = madridMonthBounds(now);
  const metrics = await dashboardMetrics(db, user, now);
  const units = await scopeUnits(db, db('rentable_units').join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId').where({ 'rentable_units.isActive': true, 'main_properties.isArchived': false }), user)
    .count({ n: '*' })
    .first();
  const rate = user.agencyId ? ((await db('agencies').where('id', user.agencyId).first('commissionRate'))?.commissionRate ?? '0.00') : '0.00';
  const commission = await db.raw(`select round(?::numeric * ?::numeric / 100, 2)::numeric(12,2)::text as c`, [metrics.monthlyIncome, rate]);

  const contracts = () => scopeContracts(db, db('contracts').join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId').join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId'), user);
  const ending: { id: number; contractCode: string; endDate: string; propertyName: string; unitName: string }[] = await contracts()
    .where('contracts.status', 'Activo')
    .whereNotNull('contracts.endDate')
    .where('contracts.endDate', '>=', today)
    .whereRaw('contracts."endDate" <= ?::date + contracts."renewalNoticeDays"', [today])
    .select('contracts.id', 'contracts.contractCode', db.raw(`to_char(contracts."endDate", 'YYYY-MM-DD') as "endDate"`), 'main_properties.propertyName', 'rentable_units.unitName')
    .orderBy('contracts.endDate')
    .limit(10);
  const dayOfMonth = Number(today.slice(8, 10));
  const overdue: { id: number; contractCode: string; rentAmount: string; propertyName: string; unitName: string }[] = await contracts()
    .where('contracts.status', 'Activo')
    .where('contracts.paymentDay', '<', dayOfMonth)
    .where('contracts.startDate', '<', from)
    .whereNotExists(
      db('transactions').whereRaw('transactions."contractId" = contracts.id').where({ 'transactions.type': 'Ingreso', 'transactions.status': 'Completado' }).where('transactions.transactionDate', '>=', from).where('transactions.transactionDate', '<', to),
    )
    .select('contracts.id', 'contracts.contractCode', 'contracts.rentAmount', 'main_properties.propertyName', 'rentable_units.unitName')
    .orderBy('contracts.id')
    .limit(10);
  const stale: { id: number; title: string; createdAt: Date | string; propertyName: string }[] = await scopeIncidents(
    db,
    db('incidents').join('rentable_units', 'rentable_units.id', 'incidents.rentableUnitId').join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId'),
    user,
  )
    .whereIn('incidents.status', ['Abierta', 'En Progreso'])
    .where('incidents.createdAt', '<', new Date(now.getTime() - STALE_INCIDENT_DAYS * 86_400_000))
    .select('incidents.id', 'incidents.title', 'incidents.createdAt', 'main_properties.propertyName')
    .orderBy('incidents.createdAt')
    .limit(10);

  const team: { id: number; firstName: string | null; lastName: string | null; monthlyTarget: string; properties: string | number; leads: string | number; visits: string | number }[] = user.agencyId
    ? await agencyAgentsQuery(db, user.agencyId)
        .clearOrder()
        .select(
          'users.id',
          'users.firstName',
          'users.lastName',
          'users.monthlyTarget',
          db.raw('(?) as properties', [assignedAgentProperties(db, { id: db.ref('users.id'), agencyId: db.ref('users.agencyId') }).where('main_properties.isArchived', false).count()]),
          db.raw(`(select count(*) from leads l where l."assignedAgentUserId" = users.id and (l."createdAt" at time zone 'Europe/Madrid')::date >= ? and (l."createdAt" at time zone 'Europe/Madrid')::date < ?) as leads`, [from, to]),
          db.raw(`(select count(*) from visits v where v."agentUserId" = users.id and v.status <> 'Cancelada' and (v."startsAt" at time zone 'Europe/Madrid')::date >= ? and (v."startsAt" at time zone 'Europe/Madrid')::date < ?) as visits`, [from, to]),
        )
        .orderBy(['users.firstName', 'users.id'])
    : [];

  return {
    properties: metrics.activeProperties,
    units: Number(units?.n ?? 0),
    occupancyRate: metrics.occupancyRate,
    collectedThisMonth: metrics.monthlyIncome,
    commissionRate: String(rate),
    monthlyCommissions: commission.rows[0].c,
    activeIncidents: metrics.openIncidents,
    alerts: [
      ...ending.map((c) => ({ kind: 'contract_ending' as const, title: `El contrato ${c.contractCode} termina el ${formatDate(c.endDate)}`, detail: `${c.propertyName} · ${c.unitName}: dentro del plazo de preaviso`, href: `/contracts/${c.id}` })),
      ...overdue.map((c) => ({ kind: 'rent_overdue' as const, title: `Renta sin cobrar: ${c.contractCode}`, detail: `${c.propertyName} · ${c.unitName}: ${formatEuros(c.rentAmount)} de este mes`, href: `/contracts/${c.id}` })),
      ...stale.map((i) => ({ kind: 'incident_stale' as const, title: `Incidencia abierta desde el ${formatDate(i.createdAt)}`, detail: `${i.propertyName}: ${i.title}`, href: `/incidents/${i.id}` })),
    ],
    team: team.map((a) => ({ id: a.id, firstName: a.firstName, lastName: a.lastName, monthlyTarget: String(a.monthlyTarget), properties: Number(a.properties), leadsThisMonth: Number(a.leads), visitsThisMonth: Number(a.visits) })),
  };
}
