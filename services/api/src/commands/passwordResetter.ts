import { randomBytes } from 'node:crypto';
import { PASSWORD_RESET_EXPIRED, PASSWORD_RESET_HOURS, PASSWORD_RESET_UNKNOWN, PASSWORD_RESET_USED, type PasswordResetLink } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { HttpError } from '../errors';
import { storedAddress } from '../clientAddress';
import { endSessions } from '../sessions';
import { hashPassword } from '../passwords';
import { loadInScope } from '../policies/inScope';
import { takeAllowances } from '../policies/throttle';
import { enqueueMail } from '../mail/outbox';
import { passwordResetMail, type MailLinks, type Recipient } from '../mail/messages';
import { hashToken } from './tenantInviter';

export const passwordResetLink = (token: string) => `/restablecer/${token}`;

/** A one-time link's token: 256 random bits, URL-safe. Only its hash (hashToken) is ever stored. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/**
 * A one-time link for `userId` to choose a password (an admin's 'Restablecer contraseña', or the
 * setup link of a user created without one), valid PASSWORD_RESET_HOURS. The token is returned
 * once; only its hash is kept. The user's earlier unused links stop working. `sentToEmail`: the
 * address the link is mailed to, if it is (using the link then proves that address).
 */
export async function issuePasswordReset(trx: Knex.Transaction, createdByUserId: number, userId: number, now = new Date(), sentToEmail: string | null = null): Promise<PasswordResetLink> {
  await trx('password_resets').where('userId', userId).whereNull('usedAt').where('expiresAt', '>', now).update({ expiresAt: now });
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_HOURS * 3_600_000);
  const [{ id }] = await trx('password_resets').insert({ userId, tokenHash: hashToken(token), createdByUserId, expiresAt, sentToEmail }).returning('id');
  await audit(trx, { userId: createdByUserId, action: 'create', tableName: 'password_resets', recordId: id, newValues: { userId, expiresAt } });
  return { link: passwordResetLink(token), expiresAt: expiresAt.toISOString() };
}

/**
 * Reset links asked for per account and hour: a handful is plenty for someone who lost a link,
 * and more is someone flooding one person with links.
 */
export const RESETS_PER_EMAIL = 5;
/** Per client address and hour, whatever the accounts: higher, since an office shares one address. */
export const RESETS_PER_ADDRESS = 20;
export const RESET_WINDOW_MS = 60 * 60_000;

/**
 * A reset link asked for (an admin's POST /api/users/:id/password-reset): counted against the
 * account's RESETS_PER_EMAIL and the address's RESETS_PER_ADDRESS first; over either, 429 and no
 * link is made. Setup links of new users (issuePasswordReset at creation) are not requests.
 */
export async function requestPasswordReset(trx: Knex.Transaction, createdByUserId: number, user: { id: number; email: string }, ipAddress: string, now = new Date()): Promise<PasswordResetLink> {
  await takeAllowances(
    trx,
    [
      { scope: 'reset email', key: user.email.toLowerCase(), limit: RESETS_PER_EMAIL, windowMs: RESET_WINDOW_MS },
      { scope: 'reset address', key: storedAddress(ipAddress), limit: RESETS_PER_ADDRESS, windowMs: RESET_WINDOW_MS },
    ],
    now,
  );
  return issuePasswordReset(trx, createdByUserId, user.id, now);
}

/**
 * '¿Olvidaste tu contraseña?' (POST /api/auth/password-reset, issue 34): the same allowances as an
 * admin's request, counted for the address typed whether or not an account has it (a 429 must not
 * tell which addresses exist); then, for an active account only, a new link (the earlier ones
 * expire) and its email, in the caller's transaction: the mail goes if and only if the link exists.
 */
export async function requestOwnPasswordReset(trx: Knex.Transaction, email: string, ipAddress: string, links: MailLinks, now = new Date()): Promise<void> {
  await takeAllowances(
    trx,
    [
      { scope: 'reset email', key: email.toLowerCase(), limit: RESETS_PER_EMAIL, windowMs: RESET_WINDOW_MS },
      { scope: 'reset address', key: storedAddress(ipAddress), limit: RESETS_PER_ADDRESS, windowMs: RESET_WINDOW_MS },
    ],
    now,
  );
  const user: Recipient | undefined = await trx('users').where({ email: email.toLowerCase(), isActive: true }).first('id', 'email', 'firstName');
  if (!user) return;
  const { link } = await issuePasswordReset(trx, user.id, user.id, now, user.email);
  await enqueueMail(trx, passwordResetMail(user, link, links));
}

export interface PasswordResetRow {
  id: number;
  userId: number;
  email: string;
  expiresAt: Date | string;
  usedAt: Date | string | null;
  sentToEmail: string | null;
  emailVerifiedAt: Date | string | null;
}

/** The live link of a token (locked when asked) with its user's email; 404 unknown, 410 used or expired. */
export async function loadPasswordReset(db: Knex | Knex.Transaction, token: string, { lock = false, now = new Date() } = {}): Promise<PasswordResetRow> {
  const query = db('password_resets')
    .join('users', 'users.id', 'password_resets.userId')
    .select('password_resets.id', 'password_resets.userId', 'password_resets.expiresAt', 'password_resets.usedAt', 'password_resets.sentToEmail', 'users.email', 'users.emailVerifiedAt')
    .where('password_resets.tokenHash', hashToken(token));
  const row = await loadInScope<PasswordResetRow>(query, { lock: lock ? 'password_resets' : undefined, notFound: PASSWORD_RESET_UNKNOWN });
  if (row.usedAt) throw new HttpError(410, 'password_reset_used', PASSWORD_RESET_USED);
  if (new Date(row.expiresAt).getTime() <= now.getTime()) throw new HttpError(410, 'password_reset_expired', PASSWORD_RESET_EXPIRED);
  return row;
}

/**
 * Uses a link (POST /api/password-resets/:token): the user's new password, the link spent, and
 * every session of the user ended, since whoever held the old password may be signed in. A link
 * mailed to the account's present address also confirms that address (issue 34). A refused
 * link is told before the slow hash (argon2 is slow on purpose, and PGlite has one connection);
 * the command then opens its own transaction, which checks the link again under a lock.
 */
export async function redeemPasswordReset(knex: Knex, token: string, password: string): Promise<{ email: string }> {
  await loadPasswordReset(knex, token);
  const passwordHash = await hashPassword(password);
  return knex.transaction((trx) => spendPasswordReset(trx, token, passwordHash));
}

async function spendPasswordReset(trx: Knex.Transaction, token: string, passwordHash: string): Promise<{ email: string }> {
  const reset = await loadPasswordReset(trx, token, { lock: true });
  const now = new Date();
  const verifies = !reset.emailVerifiedAt && reset.sentToEmail === reset.email;
  await trx('users')
    .where('id', reset.userId)
    .update({ password: passwordHash, lastPasswordChange: now, updatedAt: now, ...(verifies ? { emailVerifiedAt: now } : {}) });
  await trx('password_resets').where('id', reset.id).update({ usedAt: now });
  await endSessions(trx, reset.userId);
  await audit(trx, {
    userId: reset.userId,
    action: 'update',
    tableName: 'users',
    recordId: reset.userId,
    newValues: { lastPasswordChange: now, passwordResetId: reset.id, ...(verifies ? { emailVerifiedAt: now } : {}) },
  });
  return { email: reset.email };
}
