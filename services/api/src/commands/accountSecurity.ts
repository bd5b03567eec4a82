import type { Knex } from 'knex';
import { validationError } from '../errors';
import type { User } from '../models/User';
import { hashPassword, verifyPassword } from '../passwords';
import { changePassword } from './accountSettings';
import { disableTwoFactor, enableTwoFactor, replaceRecoveryCodes } from './twoFactorSettings';

/**
 * The account changes that ask for the current password (Configuración → Seguridad). argon2 is slow
 * on purpose, and PGlite has one connection: each checks (and hashes) first, then opens its own
 * transaction, so its route has no `transaction` middleware.
 */

const WRONG_PASSWORD = 'La contraseña actual no es correcta';

/** 400 on `currentPassword` unless it is the user's password. */
async function assertPassword(user: User, password: string): Promise<void> {
  if (!(await verifyPassword(user.password, password))) throw validationError(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
}

/** POST /api/settings/password: the new password, stored as argon2id; every other session of the user ends. */
export async function changeOwnPassword(knex: Knex, user: User, input: { currentPassword: string; newPassword: string }, currentSessionKey: string | undefined): Promise<void> {
  await assertPassword(user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await knex.transaction((trx) => changePassword(trx, user, passwordHash, currentSessionKey));
}

/** POST /api/settings/two-factor: turns it on with a code of the app; the recovery codes, shown this once. */
export async function enableTwoFactorWithPassword(knex: Knex, user: User, input: { code: string; currentPassword: string }, currentSessionKey: string | undefined): Promise<string[]> {
  await assertPassword(user, input.currentPassword);
  return knex.transaction((trx) => enableTwoFactor(trx, user, input.code, currentSessionKey));
}

/** POST /api/settings/two-factor/disable: turns it off. */
export async function disableTwoFactorWithPassword(knex: Knex, user: User, currentPassword: string): Promise<void> {
  await assertPassword(user, currentPassword);
  await knex.transaction((trx) => disableTwoFactor(trx, user));
}

/** POST /api/settings/two-factor/recovery-codes: new recovery codes; the old ones stop working. */
export async function replaceRecoveryCodesWithPassword(knex: Knex, user: User, currentPassword: string): Promise<string[]> {
  await assertPassword(user, currentPassword);
  return knex.transaction((trx) => replaceRecoveryCodes(trx, user));
}
