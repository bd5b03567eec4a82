import { UNIT_TYPE_NAMES, type AgentPerformance, type AgentProperty } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { assignedAgentProperties } from '../policies/scope';
import { madridMonthBounds } from './dashboardMetrics';

type Db = Knex | Knex.Transaction;

/** A timestamp column's Madrid calendar day, to compare with DATE bounds. */
const madridDay = (column: string) => `(("${column.split('.')[0]}"."${column.split('.')[1]}" at time zone 'Europe/Madrid')::date)`;

const agentPropertyIds = (db: Db, agent: User) => assignedAgentProperties(db, agent).select('main_properties.id');

/**
 * 'Rendimiento' (spec §2, §9): this Madrid month's leads given to the agent, its visits (not
 * cancelled), contracts signed on its properties, and commissions: the agency's commission rate on
 * the rent collected this month on its properties, rounded to the cent in SQL (never floats), all
 * against the agent's monthly target.
 */
export async function agentPerformance(db: Db, agent: User, now: Date = new Date()): Promise<AgentPerformance> {
  const { from, to } = madridMonthBounds(now);
  const inMonth = (column: string) => db.raw(`${madridDay(column)} >= ? and ${madridDay(column)} < ?`, [from, to]);
  const [leads, visits, contracts, money] = await Promise.all([
    db('leads').where('assignedAgentUserId', agent.id).where(inMonth('leads.createdAt')).count({ n: '*' }).first(),
    db('visits').where('agentUserId', agent.id).whereNot('status', 'Cancelada').where(inMonth('visits.startsAt')).count({ n: '*' }).first(),
    db('contracts')
      .whereIn('contracts.mainPropertyId', agentPropertyIds(db, agent))
      .where(inMonth('contracts.createdAt'))
      .count({ n: '*' })
      .first(),
    db('users')
      .leftJoin('agencies', 'agencies.id', 'users.agencyId')
      .where('users.id', agent.id)
      .select(
        db.raw('coalesce(agencies."commissionRate", 0)::numeric(5,2)::text as "rate"'),
        db.raw('users."monthlyTarget"::numeric(10,2)::text as "target"'),
        db.raw(
          `round(coalesce((select sum(t.amount) from transactions t where t.type = 'Ingreso' and t.status = 'Completado'
             and t."transactionDate" >= ? and t."transactionDate" < ? and t."mainPropertyId" in ?), 0)
             * coalesce(agencies."commissionRate", 0) / 100, 2)::numeric(12,2)::text as "commissions"`,
          [from, to, agentPropertyIds(db, agent)],
        ),
      )
      .first(),
  ]);
  const commissions = String(money?.commissions ?? '0.00');
  const target = String(money?.target ?? '0.00');
  const progress = Number(target) > 0 ? Math.round((Number(commissions) / Number(target)) * 1000) / 10 : 0;
  return {
    month: from.slice(0, 7),
    leads: Number(leads?.n ?? 0),
    visits: Number(visits?.n ?? 0),
    signedContracts: Number(contracts?.n ?? 0),
    commissions,
    commissionRate: String(money?.rate ?? '0.00'),
    monthlyTarget: target,
    progress,
  };
}

/** 'Mis Propiedades': the non-archived properties an agent is in charge of, with their units and open leads. */
export async function agentProperties(db: Db, agent: User, now: Date = new Date()): Promise<AgentProperty[]> {
  const rows: {
    id: number;
    propertyName: string;
    addressStreet: string;
    addressNumber: string | null;
    city: string;
    units: string | number;
    rentedUnits: string | number;
    openLeads: string | number;
    unitTypes: string[] | null;
    monthlyRent: string;
    visitsAhead: boolean;
  }[] = await assignedAgentProperties(db, agent)
    .where('main_properties.isArchived', false)
    .select(
      'main_properties.id',
      'main_properties.propertyName',
      'main_properties.addressStreet',
      'main_properties.addressNumber',
      'main_properties.city',
      db.raw('(select count(*) from rentable_units u where u."mainPropertyId" = main_properties.id and u."isActive") as "units"'),
      db.raw(`(select count(*) from rentable_units u where u."mainPropertyId" = main_properties.id and u."isActive" and u."currentStatus" = 'Alquilado') as "rentedUnits"`),
      db.raw(
        `(select count(*) from leads l join unit_listings ul on ul.id = l."listingId" join rentable_units u on u.id = ul."rentableUnitId"
          where u."mainPropertyId" = main_properties.id and l.status in ('Nuevo', 'Contactado', 'Visita programada')) as "openLeads"`,
      ),
      db.raw(`(select array_agg(distinct t."typeName") from rentable_units u join unit_types t on t.id = u."unitTypeId" where u."mainPropertyId" = main_properties.id and u."isActive") as "unitTypes"`),
      db.raw(`(select coalesce(sum(u."baseRentPrice"), 0)::numeric(12, 2) from rentable_units u where u."mainPropertyId" = main_properties.id and u."isActive" and u."currentStatus" <> 'Alquilado') as "monthlyRent"`),
      db.raw(
        `exists(select 1 from visits v join rentable_units u on u.id = v."rentableUnitId"
          where u."mainPropertyId" = main_properties.id and v.status = 'Programada' and v."startsAt" >= ?) as "visitsAhead"`,
        [now],
      ),
    )
    .orderBy([{ column: 'main_properties.propertyName' }, { column: 'main_properties.id' }]);
  return rows.map((r) => {
    const units = Number(r.units);
    const rentedUnits = Number(r.rentedUnits);
    return {
      id: r.id,
      propertyName: r.propertyName,
      address: [`${r.addressStreet} ${r.addressNumber ?? ''}`.trim(), r.city].join(', '),
      unitTypes: sortedUnitTypes(r.unitTypes ?? []),
      monthlyRent: String(r.monthlyRent),
      status: units > 0 && rentedUnits === units ? 'Alquilada' : r.visitsAhead ? 'En visita' : 'Disponible',
      units,
      rentedUnits,
      openLeads: Number(r.openLeads),
    };
  });
}

/** Unit type names in the spec's order (vivienda … local), unknown ones last. */
function sortedUnitTypes(names: string[]): string[] {
  const rank = (n: string) => ((UNIT_TYPE_NAMES as readonly string[]).includes(n) ? (UNIT_TYPE_NAMES as readonly string[]).indexOf(n) : UNIT_TYPE_NAMES.length);
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
