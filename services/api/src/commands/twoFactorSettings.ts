import { isTotpCode } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict, forbidden, HttpError, validationError } from '../errors';
import { endSessions } from '../sessions';
import { User } from '../models/User';
import { notify } from '../notify';
import { lockUserRow } from '../queries/userRows';
import { DEMO_EMAIL_DOMAIN } from '../seeds/demoDomain';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret } from '../twoFactor';

export const WRONG_CODE = 'El código no es correcto o ha caducado';
const ALREADY_ON = 'La verificación en dos pasos ya está activada';
const NO_SETUP = 'Primero escanea el código QR con tu aplicación';
const NOT_ON = 'La verificación en dos pasos no está activada';
const DEMO_REFUSED = 'Las cuentas de demostración no pueden activar la verificación en dos pasos';

/**
 * The demo accounts' password is on the landing page for every visitor: one of them turning the
 * second step on would lock all the others out of that account.
 */
const isDemoAccount = (user: Pick<User, 'email'>) => user.email.endsWith(DEMO_EMAIL_DOMAIN);

/** Whether the user has two-factor authentication in force. */
export const twoFactorOn = (user: Pick<User, 'twoFactorEnabledAt'>) => user.twoFactorEnabledAt != null;

/** The recovery codes left, or null while two-factor authentication is off. */
export const recoveryCodesLeft = (user: Pick<User, 'twoFactorEnabledAt' | 'twoFactorRecoveryCodes'>) =>
  twoFactorOn(user) ? (user.twoFactorRecoveryCodes ?? []).length : null;

/**
 * Starts (or starts again) turning two-factor authentication on: a new secret, kept but not in
 * force until a code of the app confirms it. Refused (409) while it is on. Audited without the secret.
 */
export async function startTwoFactorSetup(trx: Knex.Transaction, user: User): Promise<string> {
  const locked = await lockUserRow(trx, user.id);
  if (isDemoAccount(locked)) throw forbidden(DEMO_REFUSED);
  if (twoFactorOn(locked)) throw conflict(ALREADY_ON);
  const twoFactorSecret = newTotpSecret();
  await User.query(trx).findById(user.id).patch({ twoFactorSecret, twoFactorLastStep: null });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'users', recordId: user.id, oldValues: null, newValues: { twoFactorSetupStarted: true } });
  return twoFactorSecret;
}

/**
 * Turns it on with a code of the app for the secret of the setup (the caller has checked the
 * password): the code must match (400 on `code` otherwise, and nothing changes). Answers the
 * recovery codes, which are stored hashed and shown this once. The user's other sessions end, so a
 * session opened before cannot go on without the second step. Audited and notified to the user,
 * like a password change.
 */
export async function enableTwoFactor(trx: Knex.Transaction, user: User, code: string, currentSessionKey: string | undefined, now = new Date()): Promise<string[]> {
  const locked = await lockUserRow(trx, user.id);
  if (isDemoAccount(locked)) throw forbidden(DEMO_REFUSED);
  if (twoFactorOn(locked)) throw conflict(ALREADY_ON);
  if (!locked.twoFactorSecret) throw conflict(NO_SETUP);
  const step = matchTotp(locked.twoFactorSecret, code, locked.twoFactorLastStep, now);
  if (step === null) throw validationError(WRONG_CODE, { code: WRONG_CODE });
  const { codes, hashes } = newRecoveryCodes(user.id);
  const twoFactorEnabledAt = now;
  await User.query(trx)
    .findById(user.id)
    .patch({ twoFactorEnabledAt, twoFactorLastStep: step, twoFactorRecoveryCodes: hashes });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'users', recordId: user.id, oldValues: { twoFactorEnabledAt: null }, newValues: { twoFactorEnabledAt } });
  await notify(trx, [user.id], {
    title: 'Verificación en dos pasos activada',
    message: 'Desde ahora, al iniciar sesión te pediremos un código de tu aplicación de autenticación. Si no has sido tú, contacta con el administrador.',
    notificationType: 'two_factor',
    relatedEntityType: 'settings',
    relatedEntityId: user.id,
  });
  await endSessions(trx, user.id, currentSessionKey);
  return codes;
}

/** Turns it off (the caller has checked the password): secret, codes and clock go. Audited and notified. */
export async function disableTwoFactor(trx: Knex.Transaction, user: User): Promise<void> {
  const locked = await lockUserRow(trx, user.id);
  if (!twoFactorOn(locked)) throw conflict(NOT_ON);
  await User.query(trx)
    .findById(user.id)
    .patch({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, twoFactorRecoveryCodes: null });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'users', recordId: user.id, oldValues: { twoFactorEnabledAt: locked.twoFactorEnabledAt }, newValues: { twoFactorEnabledAt: null } });
  await notify(trx, [user.id], {
    title: 'Verificación en dos pasos desactivada',
    message: 'Tu cuenta ya no pide un código al iniciar sesión. Si no has sido tú, cambia tu contraseña y contacta con el administrador.',
    notificationType: 'two_factor',
    relatedEntityType: 'settings',
    relatedEntityId: user.id,
  });
}

/**
 * The super admin turns it off for a user who lost both the app and the recovery codes (POST
 * /api/users/:id/two-factor/reset): the user signs in with the password alone and may turn it on
 * again. Audited as the admin's; the user is told. 409 when it is not on.
 */
export async function resetTwoFactor(trx: Knex.Transaction, admin: User, userId: number): Promise<void> {
  // Without the password, an admin's own second step would be worth only their session.
  if (userId === admin.id) throw new HttpError(409, 'self_two_factor_reset', 'Tu propia verificación en dos pasos se desactiva en Configuración → Seguridad, con tu contraseña');
  const locked = await lockUserRow(trx, userId);
  if (!twoFactorOn(locked)) throw conflict(NOT_ON);
  await User.query(trx).findById(userId).patch({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, twoFactorRecoveryCodes: null });
  await audit(trx, { userId: admin.id, action: 'update', tableName: 'users', recordId: userId, oldValues: { twoFactorEnabledAt: locked.twoFactorEnabledAt }, newValues: { twoFactorEnabledAt: null } });
  await notify(trx, [userId], {
    title: 'Verificación en dos pasos desactivada',
    message: 'Un administrador ha desactivado la verificación en dos pasos de tu cuenta. Puedes volver a activarla en Configuración → Seguridad.',
    notificationType: 'two_factor',
    relatedEntityType: 'settings',
    relatedEntityId: userId,
  });
}

/** New recovery codes in place of the old ones (the caller has checked the password). Audited with how many. */
export async function replaceRecoveryCodes(trx: Knex.Transaction, user: User): Promise<string[]> {
  const locked = await lockUserRow(trx, user.id);
  if (!twoFactorOn(locked)) throw conflict(NOT_ON);
  const { codes, hashes } = newRecoveryCodes(user.id);
  await User.query(trx).findById(user.id).patch({ twoFactorRecoveryCodes: hashes });
  await audit(trx, {
    userId: user.id,
    action: 'update',
    tableName: 'users',
    recordId: user.id,
    oldValues: { recoveryCodesLeft: recoveryCodesLeft(locked) },
    newValues: { recoveryCodesLeft: codes.length },
  });
  return codes;
}

/** How many recovery codes are left, and what to do when few are. */
function recoveryCodesAdvice(left: number): string {
  const count = left === 1 ? 'Te queda 1 código.' : `Te quedan ${left} códigos.`;
  return left <= 3 ? `${count} Genera códigos nuevos en Configuración → Seguridad.` : count;
}

/**
 * The second step of a sign-in: whether `code` (normalised) is the user's app code, not used
 * before, or one of their unused recovery codes. An accepted app code moves the user's last step;
 * an accepted recovery code is spent (audited, with how many are left). A wrong code writes nothing.
 */
export async function acceptSecondFactor(trx: Knex.Transaction, userId: number, code: string, now = new Date()): Promise<boolean> {
  const locked = await lockUserRow(trx, userId);
  if (!twoFactorOn(locked) || !locked.twoFactorSecret) return false;
  if (isTotpCode(code)) {
    const step = matchTotp(locked.twoFactorSecret, code, locked.twoFactorLastStep, now);
    if (step === null) return false;
    await User.query(trx).findById(userId).patch({ twoFactorLastStep: step });
    return true;
  }
  const hashes = locked.twoFactorRecoveryCodes ?? [];
  const spent = hashRecoveryCode(userId, code);
  if (!hashes.includes(spent)) return false;
  const left = hashes.filter((hash) => hash !== spent);
  await User.query(trx).findById(userId).patch({ twoFactorRecoveryCodes: left });
  await audit(trx, { userId, action: 'update', tableName: 'users', recordId: userId, oldValues: { recoveryCodesLeft: hashes.length }, newValues: { recoveryCodesLeft: left.length } });
  // Told at once: a recovery code used by someone else is the sign of a stolen account.
  await notify(trx, [userId], {
    title: 'Código de recuperación usado',
    message: `Se ha iniciado sesión con uno de tus códigos de recuperación. ${recoveryCodesAdvice(left.length)} Si no has sido tú, cambia tu contraseña.`,
    notificationType: 'two_factor',
    relatedEntityType: 'settings',
    relatedEntityId: userId,
  });
  return true;
}

const WRONG_CODE_WARNING = 'Contraseña correcta, código incorrecto';
const WARN_EVERY_MINUTES = 15;

/**
 * A wrong code after the right password means someone has the password: the user is told at
 * once, at most every WARN_EVERY_MINUTES (the caller holds the user's row locked, so a burst of
 * wrong codes sends one notice).
 */
export async function warnOfWrongCode(trx: Knex.Transaction, userId: number, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - WARN_EVERY_MINUTES * 60_000);
  const recent = await trx('notifications').where({ recipientUserId: userId, title: WRONG_CODE_WARNING }).where('createdAt', '>', since).first('id');
  if (recent) return;
  await notify(trx, [userId], {
    title: WRONG_CODE_WARNING,
    message: 'Alguien ha escrito bien tu contraseña pero no ha sabido el código de la verificación en dos pasos. Si no has sido tú, cambia tu contraseña cuanto antes.',
    notificationType: 'two_factor',
    relatedEntityType: 'settings',
    relatedEntityId: userId,
  });
}
