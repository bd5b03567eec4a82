import { PRIORITY_INCIDENT_ALERT_HOURS, type AdminAlert, type AdminOverview } from '@arrendia/api-contract';
import { formatDateTime, formatEuros, formatNumber, todayIso } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { agencyTeam } from './agencyTeam';
import { dashboardMetrics, OPEN_INCIDENT_STATUSES } from './dashboardMetrics';
import { checkAllRemotes, type RemoteHealth } from './remoteHealth';
import { systemActivity } from './systemActivity';

/** A stored health check older than this is run again before the dashboard answers. */
export const REMOTE_HEALTH_MAX_AGE_MS = 5 * 60_000;

/**
 * The failed-login spike: at least FAILED_LOGINS_MIN failures in the last hour AND at least
 * FAILED_LOGINS_FACTOR times the hourly average of the 24 hours before that hour. The floor keeps
 * a quiet platform (average near 0) from alerting on a few mistyped passwords; the factor keeps a
 * busy one from alerting on its ordinary level.
 */
export const FAILED_LOGINS_MIN = 20;
export const FAILED_LOGINS_FACTOR = 3;

/** How many audit rows 'Actividad del Sistema' shows. */
export const SYSTEM_ACTIVITY_LIMIT = 10;

const HOUR_MS = 3_600_000;
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

type RemoteRow = Pick<RemoteHealth, 'name'> & { enabled: boolean; healthOk: boolean | null; healthError: string | null; healthCheckedAt: Date | string | null };

/** Enabled remotes whose manifest check failed; the checks are run again first when any is missing or stale. */
async function remoteAlerts(knex: Knex, origin: string, now: Date): Promise<AdminAlert[]> {
  const remotes: RemoteRow[] = await knex('remotes').select('name', 'enabled', 'healthOk', 'healthError', 'healthCheckedAt').orderBy('name');
  const stale = remotes.some((r) => r.enabled && (!r.healthCheckedAt || now.getTime() - new Date(r.healthCheckedAt).getTime() > REMOTE_HEALTH_MAX_AGE_MS));
  const fresh = stale ? new Map((await checkAllRemotes(knex, origin)).map((h) => [h.name, h])) : null;
  return remotes
    .filter((r) => r.enabled)
    .map((r) => {
      const h = fresh?.get(r.name);
      return h ? { name: r.name, ok: h.ok, error: h.error, checkedAt: h.checkedAt } : { name: r.name, ok: r.healthOk, error: r.healthError, checkedAt: r.healthCheckedAt };
    })
    .filter((r) => r.ok === false)
    .map((r) => ({
      kind: 'remote_down',
      severity: 'critica',
      title: `El módulo ${r.name} no responde`,
      message: `${r.error ?? 'La comprobación falló'} (comprobado el ${formatDateTime(r.checkedAt)})`,
      link: '/modules',
    }));
}

/** Urgente or Alta incidents still open PRIORITY_INCIDENT_ALERT_HOURS after they were reported: one alert with the count. */
async function priorityIncidentAlert(db: Knex, now: Date): Promise<AdminAlert[]> {
  const row = await db('incidents')
    .whereIn('status', OPEN_INCIDENT_STATUSES)
    .whereIn('priority', ['Urgente', 'Alta'])
    .where('createdAt', '<', new Date(now.getTime() - PRIORITY_INCIDENT_ALERT_HOURS * HOUR_MS))
    .first(db.raw(`(count(*) filter (where priority = 'Urgente'))::int as urgent`), db.raw(`(count(*) filter (where priority = 'Alta'))::int as high`));
  const urgent = Number(row?.urgent ?? 0);
  const high = Number(row?.high ?? 0);
  const total = urgent + high;
  if (total === 0) return [];
  return [
    {
      kind: 'incidents_urgent',
      severity: urgent > 0 ? 'critica' : 'alta',
      title: `${total} ${plural(total, 'incidencia prioritaria abierta', 'incidencias prioritarias abiertas')} más de ${PRIORITY_INCIDENT_ALERT_HOURS} h`,
      message: `${urgent} ${plural(urgent, 'urgente', 'urgentes')} y ${high} de prioridad alta siguen sin resolver`,
      link: '/incidents',
    },
  ];
}

/** The failed-login spike (FAILED_LOGINS_MIN, FAILED_LOGINS_FACTOR) over login_attempts. */
async function failedLoginAlert(db: Knex, now: Date): Promise<AdminAlert[]> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const row = await db('login_attempts')
    .where('succeeded', false)
    .where('attemptedAt', '>=', new Date(now.getTime() - 25 * HOUR_MS))
    .first(
      db.raw(`(count(*) filter (where "attemptedAt" >= ?))::int as "lastHour"`, [hourAgo]),
      db.raw(`(count(*) filter (where "attemptedAt" < ?))::int as "previous"`, [hourAgo]),
      db.raw(`(count(distinct "ipAddress") filter (where "attemptedAt" >= ?))::int as "addresses"`, [hourAgo]),
    );
  const lastHour = Number(row?.lastHour ?? 0);
  const average = Number(row?.previous ?? 0) / 24;
  if (lastHour < FAILED_LOGINS_MIN || lastHour < FAILED_LOGINS_FACTOR * average) return [];
  const addresses = Number(row?.addresses ?? 0);
  return [
    {
      kind: 'failed_logins',
      severity: 'critica',
      title: `${lastHour} inicios de sesión fallidos en la última hora`,
      message: `Desde ${addresses} ${plural(addresses, 'dirección IP', 'direcciones IP')}; la media de las 24 h anteriores es de ${formatNumber(average, 1)} por hora`,
      link: '/audit-log',
    },
  ];
}

/** Unpaid rent charges past their due date (the 'Vencido' of the payments screens), counted and summed exactly. */
async function overdueRentAlert(db: Knex, now: Date): Promise<AdminAlert[]> {
  const row = await db('rent_charges')
    .whereNot('status', 'Pagado')
    .where('dueDate', '<', todayIso(now))
    .first(db.raw('count(*)::int as n'), db.raw('coalesce(sum(amount), 0)::numeric(14,2)::text as total'));
  const n = Number(row?.n ?? 0);
  if (n === 0) return [];
  return [
    {
      kind: 'rent_overdue',
      severity: 'alta',
      title: `${n} ${plural(n, 'recibo de alquiler vencido', 'recibos de alquiler vencidos')}`,
      message: `${formatEuros(row.total)} sin cobrar con la fecha de pago ya pasada`,
      link: '/finances',
    },
  ];
}

/**
 * 'Dashboard Administrativo' (spec §2) over the whole platform, in a fixed number of queries: the
 * owner dashboard's figures (dashboardMetrics, which lets a super admin see every row) plus active
 * users; the critical alerts, 'critica' before 'alta'; every agency's team figures; the latest
 * system activity. `origin` resolves relative manifest addresses when the remotes are checked.
 */
export async function platformOverview(knex: Knex, admin: User, origin: string, now: Date = new Date()): Promise<AdminOverview> {
  const [metrics, users, remotes, incidents, logins, rents, team, activity] = await Promise.all([
    dashboardMetrics(knex, admin, now),
    knex('users').where('isActive', true).count({ n: '*' }).first(),
    remoteAlerts(knex, origin, now),
    priorityIncidentAlert(knex, now),
    failedLoginAlert(knex, now),
    overdueRentAlert(knex, now),
    agencyTeam(knex, now),
    systemActivity(knex, admin, SYSTEM_ACTIVITY_LIMIT),
  ]);
  const alerts = [...remotes, ...incidents, ...logins, ...rents];
  return {
    cards: { properties: metrics.activeProperties, activeUsers: Number(users?.n ?? 0), occupancyRate: metrics.occupancyRate, openIncidents: metrics.openIncidents },
    alerts: [...alerts.filter((a) => a.severity === 'critica'), ...alerts.filter((a) => a.severity === 'alta')],
    team,
    activity,
  };
}
