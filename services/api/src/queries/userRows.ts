import { ERASED_ACCOUNT_LOCKED, ROLE_DESCRIPTIONS, type AgencyOption, type RoleSummary, type USER_SORTS, type UsersListQuerySchema, type UsersStats } from '@arrendia/api-contract';
import { ROLE_LABELS, ROLE_NAMES, type RoleName } from '@arrendia/permissions';
import type { Knex } from 'knex';
import type { Pojo } from 'objection';
import type { z } from 'zod';
import { User } from '../models/User';
import { loadInScope } from '../policies/inScope';
import { HttpError, notFound } from '../errors';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { containsPattern, folded } from './textSearch';

type Db = Knex | Knex.Transaction;

/** A user joined to its role and agency, as presenters/userRow reads it. */
export interface UserRowRecord {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  telefono: string | null;
  nifCif: string | null;
  ibanBancaria: string | null;
  isActive: boolean;
  lastLogin: Date | string | null;
  lastPasswordChange: Date | string | null;
  twoFactorEnabledAt: Date | string | null;
  createdAt: Date | string;
  roleName: RoleName;
  agencyId: number | null;
  agencyName: string | null;
}

/** Users with their role and agency; the columns of UserRowRecord. */
export function userRowsQuery(db: Db): Knex.QueryBuilder {
  return db('users')
    .join('roles', 'roles.id', 'users.roleId')
    .leftJoin('agencies', 'agencies.id', 'users.agencyId')
    .select(
      'users.id',
      'users.email',
      'users.firstName',
      'users.lastName',
      'users.telefono',
      'users.nifCif',
      'users.ibanBancaria',
      'users.isActive',
      'users.lastLogin',
      'users.lastPasswordChange',
      'users.twoFactorEnabledAt',
      'users.createdAt',
      'roles.roleName',
      'agencies.id as agencyId',
      'agencies.nombreAgencia as agencyName',
    );
}

/** One user's record, or undefined. */
export function findUserRow(db: Db, id: number): Promise<UserRowRecord | undefined> {
  return userRowsQuery(db).where('users.id', id).first();
}

export const USER_NOT_FOUND = 'No se ha encontrado el usuario';

/**
 * One user's record (with its role and agency) for an admin's change, its users row locked until
 * the transaction ends; 404 unknown. An erased account (issue 35: its data removed at its owner's
 * or its landlord's request) is refused with 409: reactivating or editing it would undo that.
 */
export async function lockUserRecord(trx: Knex.Transaction, id: number): Promise<UserRowRecord> {
  const { erasedAt, ...record } = await loadInScope<UserRowRecord & { erasedAt: Date | string | null }>(userRowsQuery(trx).where('users.id', id).select('users.erasedAt'), {
    lock: 'users',
    notFound: USER_NOT_FOUND,
  });
  if (erasedAt) throw new HttpError(409, 'already_erased', ERASED_ACCOUNT_LOCKED);
  return record as UserRowRecord;
}

/**
 * A users row as the User model, locked until the transaction ends (the account's own settings, its
 * two-factor state; a visit's agent while its slot is checked); 404 unknown.
 */
export async function lockUserRow(trx: Knex.Transaction, id: number): Promise<User> {
  return User.fromDatabaseJson(await loadInScope<Pojo>(trx('users').where('users.id', id), { lock: true, notFound: USER_NOT_FOUND }));
}

/** Text without accents, lower-cased: how a typed word is compared with a role's name and label. */
const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The roles whose name ('inquilino') or Spanish label ('Agente Inmobiliario') contain a word. */
export function rolesMatching(word: string): RoleName[] {
  const w = fold(word);
  return ROLE_NAMES.filter((role) => fold(role).includes(w) || fold(ROLE_LABELS[role]).includes(w));
}

/**
 * Narrows a userRowsQuery to the users every word of `q` finds in their first name, last name,
 * email or role ('ana agente' is Ana who is an agent), case- and accent-insensitive.
 */
export function whereUserMatches(query: Knex.QueryBuilder, db: Db, q: string): Knex.QueryBuilder {
  for (const word of q.split(/\s+/).filter(Boolean)) {
    const pattern = containsPattern(word);
    const roles = rolesMatching(word);
    query.where((w) => {
      for (const column of ['users.firstName', 'users.lastName', 'users.email']) w.orWhere(folded(db, column), 'like', pattern);
      if (roles.length) w.orWhereIn('roles.roleName', roles);
    });
  }
  return query;
}

type UserSort = (typeof USER_SORTS)[number];

/** The column of each sortable field of the list (api-contract USER_SORTS); a name sorts by surname. */
const USER_SORT_COLUMNS: Record<UserSort, SortColumn> = {
  name: { text: 'users.lastName' },
  email: 'users.email',
  lastLogin: 'users.lastLogin',
  createdAt: 'users.createdAt',
};

const NEWEST_FIRST: PageOrder[] = [
  { column: 'users.createdAt', order: 'desc' },
  { column: 'users.id', order: 'desc' },
];

/** 'Gestión de Usuarios': the users matching the list's filters, newest first unless sorted (paged by the caller). */
export function userListQuery(db: Db, { q, role, status, sort }: Pick<z.output<typeof UsersListQuerySchema>, 'q' | 'role' | 'status' | 'sort'>): Knex.QueryBuilder {
  const query = userRowsQuery(db);
  if (q) whereUserMatches(query, db, q);
  if (role) query.where('roles.roleName', role);
  if (status) query.where('users.isActive', status === 'activo');
  const [first, ...ties] = listOrder(sort, USER_SORT_COLUMNS, NEWEST_FIRST, 'users.id');
  // Namesakes by first name, then by id.
  const byFirstName: PageOrder[] = sort?.field === 'name' ? [{ column: 'users.firstName', order: sort.direction, text: true }] : [];
  return orderedBy(query, [first!, ...byFirstName, ...ties]);
}

/** One user as the edit form reads it; 404 unknown. */
export async function loadUserRow(db: Db, id: number): Promise<UserRowRecord> {
  const row = await findUserRow(db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/** The roles counted as 'Administradores' on the stat card. */
const ADMIN_ROLES: readonly RoleName[] = ['super_admin', 'admin_agencia'];

/** The stat cards of /users; the month starts on the 1st at midnight in Madrid. */
export async function usersStats(db: Db): Promise<UsersStats> {
  const row = await db('users')
    .join('roles', 'roles.id', 'users.roleId')
    .first(
      db.raw('count(*) as total'),
      db.raw('count(*) filter (where users."isActive") as active'),
      db.raw(`count(*) filter (where users."createdAt" >= date_trunc('month', now() at time zone 'Europe/Madrid') at time zone 'Europe/Madrid') as "newThisMonth"`),
      db.raw(`count(*) filter (where roles."roleName" in (${ADMIN_ROLES.map(() => '?').join(', ')})) as admins`, [...ADMIN_ROLES]),
    );
  return { total: Number(row.total), active: Number(row.active), newThisMonth: Number(row.newThisMonth), admins: Number(row.admins) };
}

/** 'Gestión de Roles': the six roles in the product's order, each with its holders. */
export async function roleSummaries(db: Db): Promise<RoleSummary[]> {
  const counts: { roleName: string; n: string | number }[] = await db('roles').leftJoin('users', 'users.roleId', 'roles.id').groupBy('roles.roleName').select('roles.roleName', db.raw('count(users.id) as n'));
  const countOf = new Map(counts.map((c) => [c.roleName, Number(c.n)]));
  return ROLE_NAMES.map((roleName) => ({ roleName, label: ROLE_LABELS[roleName], description: ROLE_DESCRIPTIONS[roleName], userCount: countOf.get(roleName) ?? 0 }));
}

/** Every agency, by name: the choice of the user forms. */
export async function agencyOptions(db: Db): Promise<AgencyOption[]> {
  const rows: { id: number; nombreAgencia: string }[] = await db('agencies').select('id', 'nombreAgencia').orderBy('nombreAgencia').orderBy('id');
  return rows.map((r) => ({ id: r.id, name: r.nombreAgencia }));
}
