import { AGENCY_DISABLED } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { forbidden, HttpError } from '../errors';
import { User } from '../models/User';
import { verifyPassword } from '../passwords';
import { assertLoginAllowed, loginAttempt } from '../policies/loginThrottle';
import { acceptSecondFactor, twoFactorOn, warnOfWrongCode, WRONG_CODE } from './twoFactorSettings';
import { recordLogin, type LoginOrigin } from './userRegistrar';

/**
 * The sign-in use cases (POST /api/auth/login, /auth/login/two-factor), each one command over the
 * login throttle (policies/loginThrottle.ts): the attempt is counted, and what a success writes is
 * written, in the throttle's own transaction. The session (a new id, the pending second step) is
 * the route's: it belongs to the request.
 */

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Correo electrónico o contraseña incorrectos');
/** 401: no sign-in waits for its second step any more; the password must be given again. */
export const secondStepExpired = () => new HttpError(401, 'two_factor_expired', 'La verificación ha caducado. Vuelve a iniciar sesión');
/**
 * 403 unless the account may sign in: deactivated itself, or a user of a deactivated agency (issue
 * 32), it may not. `user` comes with its agency (withGraphFetched).
 */
function assertAccountActive(user: User): void {
  if (!user.isActive) throw forbidden('Tu cuenta está desactivada. Contacta con el administrador');
  if (user.agency && !user.agency.isActive) throw forbidden(AGENCY_DISABLED);
}

/** A sign-in waiting for its second step: whose, and since when (ms). */
export interface PendingSecondStep {
  userId: number;
  email: string;
  at: number;
}

/**
 * The password step of a sign-in: the user it signs in (with role), or 401. For an account with
 * two-factor authentication on, the password alone is no successful sign-in: it resets no failure
 * count, stamps nothing and notifies nobody (the caller asks for the second step).
 */
export async function signInWithPassword(knex: Knex, email: string, password: string, origin: LoginOrigin): Promise<User> {
  // An early 429 spares the slow hash; loginAttempt counts again under the throttle's locks.
  await assertLoginAllowed(knex, email, origin.ipAddress);

  const user = await User.query(knex).findOne({ email }).withGraphFetched('[role, agency]');
  const passwordOk = await verifyPassword(user?.password, password);
  const accepted = await loginAttempt(knex, email, origin, async (trx) => {
    if (!user || !passwordOk) return false;
    // Told only to whoever knows the password, and no failure.
    assertAccountActive(user);
    if (!twoFactorOn(user)) await recordLogin(trx, user, origin);
    return true;
  });
  if (!accepted || !user) throw invalidCredentials();
  return user;
}

/**
 * The second step of a sign-in, with a code of the app or a recovery code: the user it signs in
 * (with role). A wrong code counts as a failed sign-in of the account (the same throttle as
 * passwords, so codes cannot be guessed) and warns the user that someone has the password. A
 * password change or two-factor authentication turned off since the first step: 401, the password
 * must be given again.
 */
export async function signInWithSecondStep(knex: Knex, pending: PendingSecondStep, code: string, origin: LoginOrigin): Promise<User> {
  const user = await User.query(knex).findById(pending.userId).withGraphFetched('[role, agency]');
  if (!user || user.email !== pending.email || !twoFactorOn(user)) throw secondStepExpired();
  if (user.lastPasswordChange && new Date(user.lastPasswordChange).getTime() > pending.at) throw secondStepExpired();
  assertAccountActive(user);

  // Counted like a password (loginAttempt): a burst of codes sent at once is counted one by one.
  const accepted = await loginAttempt(knex, pending.email, origin, async (trx) => {
    if (await acceptSecondFactor(trx, user.id, code)) {
      await recordLogin(trx, user, origin);
      return true;
    }
    await warnOfWrongCode(trx, user.id);
    return false;
  });
  if (!accepted) throw new HttpError(401, 'invalid_code', WRONG_CODE, { code: WRONG_CODE });
  return user;
}
