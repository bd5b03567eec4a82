import type { AdminTeamRow } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { madridMonthBounds, OPEN_INCIDENT_STATUSES } from './dashboardMetrics';

type Db = Knex | Knex.Transaction;

/**
 * 'Rendimiento del Equipo' of the admin dashboard: every agency with the figures its own manager
 * sees (agencyOverview), computed for all agencies in one grouped query instead of once per agency:
 * - units and occupancy: active units of its non-archived properties, % Alquilado (dashboardMetrics' rule);
 * - open incidents and the rent collected this Madrid month: over all its properties, as the
 *   manager's scope counts them; commissions are its rate on that rent, rounded to the cent in SQL;
 * - agents: its active users with the agente role;
 * - contracts: Activo ones, and those recorded this month that are no longer Pendiente (signed).
 */
export async function agencyTeam(db: Db, now: Date = new Date()): Promise<AdminTeamRow[]> {
  const { from, to } = madridMonthBounds(now);
  const open = OPEN_INCIDENT_STATUSES.map(() => '?').join(', ');
  const madridDay = (column: string) => `(${column} at time zone 'Europe/Madrid')::date`;
  const { rows } = await db.raw(
    `with unit_figures as (
       select p."managerAgencyId" as "agencyId", count(*)::int as units, (count(*) filter (where u."currentStatus" = 'Alquilado'))::int as rented
         from rentable_units u join main_properties p on p.id = u."mainPropertyId"
        where u."isActive" and not p."isArchived" and p."managerAgencyId" is not null
        group by p."managerAgencyId"
     ), contract_figures as (
       select p."managerAgencyId" as "agencyId",
              (count(*) filter (where c.status = 'Activo'))::int as active,
              (count(*) filter (where c.status <> 'Pendiente' and ${madridDay('c."createdAt"')} >= ?::date and ${madridDay('c."createdAt"')} < ?::date))::int as signed
         from contracts c join rentable_units u on u.id = c."rentableUnitId" join main_properties p on p.id = u."mainPropertyId"
        where p."managerAgencyId" is not null
        group by p."managerAgencyId"
     ), incident_figures as (
       select p."managerAgencyId" as "agencyId", count(*)::int as open
         from incidents i join rentable_units u on u.id = i."rentableUnitId" join main_properties p on p.id = u."mainPropertyId"
        where i.status in (${open}) and p."managerAgencyId" is not null
        group by p."managerAgencyId"
     ), income as (
       select p."managerAgencyId" as "agencyId", sum(t.amount) as collected
         from transactions t join main_properties p on p.id = t."mainPropertyId"
        where t.type = 'Ingreso' and t.status = 'Completado' and t."transactionDate" >= ?::date and t."transactionDate" < ?::date
          and p."managerAgencyId" is not null
        group by p."managerAgencyId"
     ), agent_figures as (
       select u."agencyId", count(*)::int as agents
         from users u join roles r on r.id = u."roleId"
        where r."roleName" = 'agente' and u."isActive" and u."agencyId" is not null
        group by u."agencyId"
     )
     select a.id as "agencyId", a."nombreAgencia" as name,
            coalesce(ag.agents, 0) as agents,
            coalesce(uf.units, 0) as units,
            coalesce(round(100.0 * uf.rented / nullif(uf.units, 0), 1), 0)::float8 as "occupancyRate",
            coalesce(cf.active, 0) as "activeContracts",
            coalesce(cf.signed, 0) as "contractsSignedThisMonth",
            coalesce(inc.open, 0) as "openIncidents",
            round(coalesce(m.collected, 0) * a."commissionRate" / 100, 2)::numeric(12,2)::text as "commissionsThisMonth"
       from agencies a
       left join unit_figures uf on uf."agencyId" = a.id
       left join contract_figures cf on cf."agencyId" = a.id
       left join incident_figures inc on inc."agencyId" = a.id
       left join income m on m."agencyId" = a.id
       left join agent_figures ag on ag."agencyId" = a.id
      order by a."nombreAgencia", a.id`,
    [from, to, ...OPEN_INCIDENT_STATUSES, from, to],
  );
  return (rows as AdminTeamRow[]).map((row) => ({
    ...row,
    agents: Number(row.agents),
    units: Number(row.units),
    occupancyRate: Number(row.occupancyRate),
    activeContracts: Number(row.activeContracts),
    contractsSignedThisMonth: Number(row.contractsSignedThisMonth),
    openIncidents: Number(row.openIncidents),
  }));
}
