import {
  agencyProblem,
  LAST_SUPER_ADMIN,
  roleTakesAgency,
  SELF_DEACTIVATION,
  SELF_ROLE_CHANGE,
  type PasswordResetLink,
  type UsersCreateSchema,
  type UsersPatchSchema,
  type UsersRoleSchema,
} from '@arrendia/api-contract';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { audit } from '../audit';
import { conflict, HttpError, validationError } from '../errors';
import { endSessions } from '../sessions';
import { Role } from '../models/Role';
import type { User } from '../models/User';
import { hashPassword } from '../passwords';
import { lockRows } from '../policies/inScope';
import { lockUserRecord } from '../queries/userRows';
import type { MailLinks } from '../mail/messages';
import { sendFirstVerification } from './emailVerifier';
import { issuePasswordReset } from './passwordResetter';

/**
 * Refuses a change that would leave no active super admin. The active super admins' rows are
 * locked, in id order, first: of two concurrent requests removing the last two, the second waits
 * and then sees one left, so both cannot pass.
 */
async function keepOneSuperAdmin(trx: Knex.Transaction, targetId: number): Promise<void> {
  const active = await lockRows<{ id: number }>(
    trx('users').join('roles', 'roles.id', 'users.roleId').where({ 'roles.roleName': 'super_admin', 'users.isActive': true }).orderBy('users.id').select('users.id'),
    'users',
  );
  if (active.length <= 1 && active.some((a) => a.id === targetId)) throw new HttpError(409, 'last_super_admin', LAST_SUPER_ADMIN);
}

/** 400 on `agencyId` unless the agency rule holds for the role and the agency exists. */
async function checkAgency(trx: Knex.Transaction, roleName: string, agencyId: number | null | undefined): Promise<void> {
  const problem = agencyProblem(roleName, agencyId);
  if (problem) throw validationError(problem, { agencyId: problem });
  if (agencyId && !(await trx('agencies').where('id', agencyId).first('id'))) throw validationError('No existe esa agencia', { agencyId: 'No existe esa agencia' });
}

/** Only the columns that change, before and after: what the audit row keeps. */
export function changes(before: object, after: object) {
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  const keys = Object.keys(is).filter((k) => is[k] !== undefined && is[k] !== was[k]);
  return { oldValues: Object.fromEntries(keys.map((k) => [k, was[k]])), newValues: Object.fromEntries(keys.map((k) => [k, is[k]])) };
}

/**
 * 'Crear Usuario' (POST /api/users): any of the six roles, with its agency when the role has one;
 * without an admin's password the answer carries a one-time setup link for the user. The password
 * is hashed first and the command then opens its own transaction: argon2 is slow on purpose, and
 * PGlite has one connection. Without a password the account gets one nobody knows, until the
 * setup link sets the real one. The account's address is unconfirmed: its link is mailed to it
 * (issue 34).
 */
export async function createUser(knex: Knex, admin: User, input: z.output<typeof UsersCreateSchema>, links: MailLinks): Promise<{ id: number; setupLink: PasswordResetLink | null }> {
  const passwordHash = await hashPassword(input.password ?? randomBytes(32).toString('base64url'));
  return knex.transaction((trx) => insertUser(trx, admin, input, passwordHash, !input.password, links));
}

async function insertUser(
  trx: Knex.Transaction,
  admin: User,
  input: z.output<typeof UsersCreateSchema>,
  passwordHash: string,
  withSetupLink: boolean,
  links: MailLinks,
): Promise<{ id: number; setupLink: PasswordResetLink | null }> {
  const { roleName, password: _password, ...fields } = input;
  await checkAgency(trx, roleName, fields.agencyId);
  if (await trx('users').where('email', fields.email).first('id')) {
    throw conflict('Ya existe una cuenta con ese correo electrónico', { email: 'Ya existe una cuenta con ese correo electrónico' });
  }
  const role = await Role.query(trx).findOne({ roleName }).throwIfNotFound();
  const values = { ...fields, roleId: role.id, agencyId: fields.agencyId ?? null };
  const [{ id }] = await trx('users').insert({ ...values, password: passwordHash }).returning('id');
  await audit(trx, { userId: admin.id, action: 'create', tableName: 'users', recordId: id, newValues: { ...values, roleName } });
  await sendFirstVerification(trx, admin.id, { id, email: fields.email, firstName: fields.firstName }, links);
  const setupLink = withSetupLink ? await issuePasswordReset(trx, admin.id, id) : null;
  return { id, setupLink };
}

/** 'Editar' (PATCH /api/users/:id): name, phone, NIF/CIF, IBAN and, for an agency role, the agency. */
export async function updateUser(trx: Knex.Transaction, admin: User, id: number, input: z.output<typeof UsersPatchSchema>): Promise<void> {
  const user = await lockUserRecord(trx, id);
  if (input.agencyId !== undefined) await checkAgency(trx, user.roleName, input.agencyId);
  const { oldValues, newValues } = changes(user, input);
  if (!Object.keys(newValues).length) return;
  await trx('users').where('id', id).update({ ...newValues, updatedAt: new Date() });
  await audit(trx, { userId: admin.id, action: 'update', tableName: 'users', recordId: id, oldValues, newValues });
}

/**
 * Activar / Desactivar (POST /api/users/:id/activate|deactivate). A deactivated user's sessions
 * end in the same transaction, so the next request of an open session answers 401 at once.
 * Refused for the last active super admin and for the admin's own account.
 */
export async function setUserActive(trx: Knex.Transaction, admin: User, id: number, isActive: boolean): Promise<void> {
  if (!isActive) await keepOneSuperAdmin(trx, id);
  const user = await lockUserRecord(trx, id);
  if (!isActive && user.id === admin.id) throw new HttpError(409, 'self_deactivation', SELF_DEACTIVATION);
  if (user.isActive !== isActive) {
    await trx('users').where('id', id).update({ isActive, updatedAt: new Date() });
    await audit(trx, { userId: admin.id, action: 'update', tableName: 'users', recordId: id, oldValues: { isActive: user.isActive }, newValues: { isActive } });
  }
  if (!isActive) await endSessions(trx, id);
}

/**
 * 'Cambiar rol' (PATCH /api/users/:id/role). An agency role needs an agency (the one given, else
 * the user's own); any other role leaves its agency. The last active super admin keeps the role,
 * and an admin does not change their own.
 */
export async function changeUserRole(trx: Knex.Transaction, admin: User, id: number, input: z.output<typeof UsersRoleSchema>): Promise<void> {
  if (input.roleName !== 'super_admin') await keepOneSuperAdmin(trx, id);
  const user = await lockUserRecord(trx, id);
  const agencyId = input.agencyId !== undefined ? input.agencyId : roleTakesAgency(input.roleName) ? user.agencyId : null;
  if (user.id === admin.id && input.roleName !== user.roleName) throw new HttpError(409, 'self_role_change', SELF_ROLE_CHANGE);
  await checkAgency(trx, input.roleName, agencyId);
  if (input.roleName === user.roleName && agencyId === user.agencyId) return;
  const role = await Role.query(trx).findOne({ roleName: input.roleName }).throwIfNotFound();
  await trx('users').where('id', id).update({ roleId: role.id, agencyId, updatedAt: new Date() });
  await audit(trx, {
    userId: admin.id,
    action: 'update',
    tableName: 'users',
    recordId: id,
    oldValues: { roleName: user.roleName, agencyId: user.agencyId },
    newValues: { roleName: input.roleName, roleId: role.id, agencyId },
  });
}
