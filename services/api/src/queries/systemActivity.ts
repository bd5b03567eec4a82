import type { AdminActivityItem } from '@arrendia/api-contract';
import { formatPercent, personName } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { presentActivityItem } from '../presenters/activity';
import { recentActivity } from './recentActivity';

type Db = Knex | Knex.Transaction;
type Values = Record<string, unknown> | null;

/**
 * Audited tables of the platform itself, beyond the portfolio rows 'Actividad Reciente' words
 * (presenters/activity.ts). Sign-ins ('login' rows), read receipts and private messages are left out:
 * they would bury the changes an administrator looks for.
 */
const PLATFORM_TABLES = ['users', 'remotes', 'agencies'] as const;
type PlatformTable = (typeof PLATFORM_TABLES)[number];

interface PlatformRow {
  id: number | string;
  action: string;
  tableName: PlatformTable;
  recordId: string;
  newValues: Values;
  oldValues: Values;
  changedAt: Date | string;
  actorFirstName: string | null;
  actorLastName: string | null;
  targetFirstName: string | null;
  targetLastName: string | null;
  targetEmail: string | null;
  agencyName: string | null;
}

const value = (values: Values, key: string) => values?.[key];

/** The Spanish line of a change to a user, a remote or an agency. */
function describePlatformRow(row: PlatformRow): { what: string; link: string | null } {
  const changed = row.newValues ?? {};
  switch (row.tableName) {
    case 'users': {
      const target = personName({ firstName: row.targetFirstName, lastName: row.targetLastName }, '') || row.targetEmail || String(value(row.newValues, 'email') ?? row.recordId);
      if (row.action === 'register') return { what: `Nuevo usuario registrado: ${target}`, link: '/users' };
      if (row.action === 'create') return { what: `Usuario ${target} creado`, link: '/users' };
      if (row.action === 'delete') return { what: `Usuario ${target} eliminado`, link: '/users' };
      if (changed.isActive === false) return { what: `Usuario ${target} desactivado`, link: '/users' };
      if (changed.isActive === true) return { what: `Usuario ${target} activado`, link: '/users' };
      if ('roleId' in changed || 'roleName' in changed || 'role' in changed) return { what: `Rol de ${target} cambiado`, link: '/users' };
      return { what: `Usuario ${target} actualizado`, link: '/users' };
    }
    case 'remotes': {
      if (changed.enabled === false) return { what: `Módulo ${row.recordId} desactivado`, link: '/modules' };
      if (changed.enabled === true) return { what: `Módulo ${row.recordId} activado`, link: '/modules' };
      if ('manifestUrl' in changed) return { what: `Dirección del módulo ${row.recordId} cambiada`, link: '/modules' };
      return { what: `Módulo ${row.recordId} actualizado`, link: '/modules' };
    }
    case 'agencies': {
      const name = row.agencyName ?? row.recordId;
      if ('commissionRate' in changed) return { what: `Comisión de la agencia ${name} cambiada a ${formatPercent(String(changed.commissionRate), 2)}`, link: null };
      return { what: `Agencia ${name} actualizada`, link: null };
    }
  }
}

/** The newest changes to users, remotes and agencies (one query, names joined in). */
async function platformActivity(db: Db, limit: number): Promise<AdminActivityItem[]> {
  const rows: PlatformRow[] = await db('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.userId')
    .leftJoin('users as target', (j) => j.on('audit_log.recordId', '=', db.raw('target.id::text')).andOnVal('audit_log.tableName', '=', 'users'))
    .leftJoin('agencies', (j) => j.on('audit_log.recordId', '=', db.raw('agencies.id::text')).andOnVal('audit_log.tableName', '=', 'agencies'))
    .whereIn('audit_log.tableName', PLATFORM_TABLES)
    .whereNot('audit_log.action', 'login')
    .select(
      'audit_log.id',
      'audit_log.action',
      'audit_log.tableName',
      'audit_log.recordId',
      'audit_log.newValues',
      'audit_log.oldValues',
      'audit_log.changedAt',
      'actor.firstName as actorFirstName',
      'actor.lastName as actorLastName',
      'target.firstName as targetFirstName',
      'target.lastName as targetLastName',
      'target.email as targetEmail',
      'agencies.nombreAgencia as agencyName',
    )
    .orderBy('audit_log.changedAt', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit);
  return rows.map((row) => ({
    id: Number(row.id),
    who: personName({ firstName: row.actorFirstName, lastName: row.actorLastName }, '') || null,
    ...describePlatformRow(row),
    when: new Date(row.changedAt).toISOString(),
  }));
}

/**
 * 'Actividad del Sistema': the newest `limit` audit-log rows of the platform, newest first. The
 * portfolio rows (properties, contracts, incidents, payments) are worded by presenters/activity.ts as on
 * every dashboard; changes to users, remotes and agencies are added here. Three queries whatever the limit.
 */
export async function systemActivity(db: Db, admin: User, limit: number): Promise<AdminActivityItem[]> {
  const [portfolio, platform] = await Promise.all([recentActivity(db, admin, limit), platformActivity(db, limit)]);
  const merged: AdminActivityItem[] = [
    ...portfolio.map(presentActivityItem).map((item) => ({ id: item.id, who: item.actorName, what: item.description, when: item.changedAt, link: item.link })),
    ...platform,
  ];
  return merged.sort((a, b) => b.when.localeCompare(a.when) || b.id - a.id).slice(0, limit);
}
