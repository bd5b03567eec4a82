import type { RoleName } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { notify } from '../notify';
import { Role } from '../models/Role';
import { User } from '../models/User';
import { hashPassword } from '../passwords';
import { storedAddress } from '../clientAddress';
import { takeAllowances } from '../policies/throttle';
import type { MailLinks } from '../mail/messages';
import { sendFirstVerification } from './emailVerifier';

/**
 * Self-registration always creates an individual owner: the landing page sells the product to
 * owners; tenants, agents and agency staff are invited by whoever manages them, and no caller may
 * pick its own role.
 */
const SELF_REGISTERED_ROLE: RoleName = 'propietario_individual';

/**
 * Self-registrations per client address and hour, against a script filling the database with
 * accounts. Not lower: an office or a mobile network puts many people behind one address.
 */
export const REGISTRATIONS_PER_ADDRESS = 20;
export const REGISTRATION_WINDOW_MS = 60 * 60_000;

/**
 * Creates a self-registered account (POST /api/auth/register). The password is hashed first and
 * the command then opens its own transaction: argon2 is slow on purpose, and PGlite has one
 * connection. Counted against `ipAddress`'s REGISTRATIONS_PER_ADDRESS first: over it, 429 and
 * nothing is written. The link to confirm the address is mailed in the same transaction.
 */
export async function registerUser(knex: Knex, input: { email: string; password: string; firstName: string; lastName: string }, ipAddress: string, links: MailLinks): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  return knex.transaction((trx) => insertRegisteredUser(trx, { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName }, ipAddress, links));
}

async function insertRegisteredUser(trx: Knex.Transaction, input: { email: string; passwordHash: string; firstName: string; lastName: string }, ipAddress: string, links: MailLinks): Promise<User> {
  await takeAllowances(trx, [{ scope: 'registration address', key: storedAddress(ipAddress), limit: REGISTRATIONS_PER_ADDRESS, windowMs: REGISTRATION_WINDOW_MS }]);
  const role = await Role.query(trx).findOne({ roleName: SELF_REGISTERED_ROLE }).throwIfNotFound();
  const created = await User.query(trx).insertAndFetch({
    roleId: role.id,
    email: input.email,
    password: input.passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
  });
  await audit(trx, { userId: created.id, action: 'register', tableName: 'users', recordId: created.id, newValues: created });
  // Unconfirmed until its link is opened; the account works meanwhile (issue 34).
  await sendFirstVerification(trx, created.id, created, links);
  created.role = role;
  return created;
}

export interface LoginOrigin {
  ipAddress: string;
  userAgent: string;
}

/**
 * Stamps a successful login on the user, audited with the previous one, and logs the attempt.
 * When the user keeps login notifications on (settings, issue 13), a sign-in from a device and
 * address never seen before for this account (not the account's first sign-in) notifies them.
 */
export async function recordLogin(trx: Knex.Transaction, user: User, origin: LoginOrigin): Promise<void> {
  const lastLogin = new Date();
  const ipAddress = storedAddress(origin.ipAddress);
  const userAgent = origin.userAgent.slice(0, 300);
  await User.query(trx).findById(user.id).patch({ lastLogin });
  await audit(trx, { userId: user.id, action: 'login', tableName: 'users', recordId: user.id, oldValues: { lastLogin: user.lastLogin }, newValues: { lastLogin } });
  if (user.loginNotifications && (await isNewDevice(trx, user.email, ipAddress, userAgent))) {
    await notify(trx, [user.id], {
      title: 'Nuevo inicio de sesión',
      message: `Se ha iniciado sesión en tu cuenta desde ${describeDevice(userAgent)} (IP ${ipAddress}). Si no has sido tú, cambia tu contraseña.`,
      notificationType: 'login',
      relatedEntityType: 'settings',
      relatedEntityId: user.id,
    });
  }
  await trx('login_attempts').insert({ email: user.email, ipAddress, userAgent, succeeded: true });
}

/** Whether the account has signed in before, but never from this browser at this address. */
async function isNewDevice(trx: Knex.Transaction, email: string, ipAddress: string, userAgent: string): Promise<boolean> {
  const seen: { sameDevice: boolean }[] = await trx('login_attempts')
    .select(trx.raw(`bool_or("ipAddress" = ? AND "userAgent" = ?) AS "sameDevice"`, [ipAddress, userAgent]))
    .where({ email, succeeded: true });
  const sameDevice = seen[0]?.sameDevice;
  // null: no earlier sign-in at all (a first sign-in is expected, not news).
  return sameDevice === false;
}

/** A failed sign-in, kept for the admin's failed-login alert; it writes nothing else. */
export async function recordFailedLogin(knex: Knex, email: string, origin: LoginOrigin): Promise<void> {
  await knex('login_attempts').insert({ email: email.slice(0, 255), ipAddress: storedAddress(origin.ipAddress), userAgent: origin.userAgent.slice(0, 300), succeeded: false });
}

/** "Chrome en Linux"-style words from a User-Agent, or a neutral phrase. */
export function describeDevice(userAgent: string): string {
  const browser = [/Edg\//, 'Edge'], chrome = [/Chrome\//, 'Chrome'], firefox = [/Firefox\//, 'Firefox'], safari = [/Safari\//, 'Safari'];
  const name = ([browser, chrome, firefox, safari] as [RegExp, string][]).find(([re]) => re.test(userAgent))?.[1];
  const os = ([[/Windows/, 'Windows'], [/Android/, 'Android'], [/iPhone|iPad/, 'iOS'], [/Mac OS X/, 'macOS'], [/Linux/, 'Linux']] as [RegExp, string][]).find(([re]) => re.test(userAgent))?.[1];
  if (name && os) return `${name} en ${os}`;
  return name ?? os ?? 'un dispositivo desconocido';
}
