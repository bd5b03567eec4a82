import {
  EMAIL_VERIFICATION_EXPIRED,
  EMAIL_VERIFICATION_HOURS,
  EMAIL_VERIFICATION_UNKNOWN,
  EMAIL_VERIFICATION_USED,
  EMAIL_VERIFIED,
  emailChangedTo,
  emailVerificationLink,
  NOTHING_TO_CONFIRM,
  VERIFICATION_RESENDS_PER_HOUR,
  VERIFICATION_RESENDS_USED,
  verificationSentTo,
  type EmailVerificationPurpose,
  type EmailVerified,
  type VerificationSent,
} from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import { audit } from '../audit';
import { conflict, HttpError } from '../errors';
import { enqueueMail } from '../mail/outbox';
import { emailChangedMail, emailChangeMail, emailVerificationMail, type MailLinks, type Recipient } from '../mail/messages';
import { User } from '../models/User';
import { loadInScope } from '../policies/inScope';
import { takeAllowances } from '../policies/throttle';
import { pendingEmailChange } from '../queries/emailVerifications';
import { lockUserRow } from '../queries/userRows';
import { hashToken } from '../queries/tenantInvitations';
import { newLinkToken } from './passwordResetter';

/** The 409 of an address another account holds (the profile form's, at the request and at the link). */
export const EMAIL_TAKEN = 'Ya existe una cuenta con ese correo electrónico';
export const emailTaken = () => conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });

/** Links asked for per account and hour ('Reenviar correo' and new addresses typed in Ajustes). */
const verificationAllowance = (userId: number) => ({
  scope: 'email verification',
  key: String(userId),
  limit: VERIFICATION_RESENDS_PER_HOUR,
  windowMs: 3_600_000,
  message: VERIFICATION_RESENDS_USED,
});

/**
 * A new one-time link for `email` ('verify': the account's own address; 'change': a new one), valid
 * EMAIL_VERIFICATION_HOURS, mailed to `email` in the caller's transaction: the mail goes if and only
 * if the link exists. The user's earlier live links of the same purpose stop working. Audited as
 * done by `actorId` (the user, or the admin who created the account).
 */
export async function issueEmailVerification(
  trx: Knex.Transaction,
  actorId: number,
  user: Recipient,
  purpose: EmailVerificationPurpose,
  email: string,
  links: MailLinks,
  now = new Date(),
): Promise<{ id: number; expiresAt: Date }> {
  await expireLinks(trx, user.id, purpose, now);
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + EMAIL_VERIFICATION_HOURS * 3_600_000);
  const [{ id }] = await trx('email_verifications').insert({ userId: user.id, email, purpose, tokenHash: hashToken(token), createdAt: now, expiresAt }).returning('id');
  await audit(trx, { userId: actorId, action: 'create', tableName: 'email_verifications', recordId: id, newValues: { userId: user.id, email, purpose, expiresAt } });
  const link = emailVerificationLink(token);
  await enqueueMail(trx, purpose === 'verify' ? emailVerificationMail(user, link, links) : emailChangeMail(user, email, link, links));
  return { id, expiresAt };
}

/** Ends the user's live links of `purpose` (all of them without one); returns how many. */
async function expireLinks(trx: Knex.Transaction, userId: number, purpose: EmailVerificationPurpose | null, now: Date): Promise<number> {
  const query = trx('email_verifications').where('userId', userId).whereNull('usedAt').where('expiresAt', '>', now);
  if (purpose) query.where('purpose', purpose);
  return query.update({ expiresAt: now });
}

/** A new account's address to confirm (registration, an account an admin creates): its first link. */
export function sendFirstVerification(trx: Knex.Transaction, actorId: number, user: Recipient, links: MailLinks, now = new Date()) {
  return issueEmailVerification(trx, actorId, user, 'verify', user.email, links, now);
}

/**
 * A new address typed in Ajustes (PUT /api/settings/profile): 409 EMAIL_TAKEN when another account
 * holds it, else a 'change' link mailed to it, counted against the account's hourly allowance.
 * The account keeps its address until the link is opened (confirmEmail).
 */
export async function requestEmailChange(trx: Knex.Transaction, user: User, newEmail: string, links: MailLinks, now = new Date()): Promise<void> {
  if (await trx('users').where('email', newEmail).whereNot('id', user.id).first('id')) throw emailTaken();
  await takeAllowances(trx, [verificationAllowance(user.id)], now);
  await issueEmailVerification(trx, user.id, user, 'change', newEmail, links, now);
}

/**
 * 'Reenviar correo' (POST /api/auth/verify-email/resend): a new link for the pending change of
 * address if there is one, else for the account's own address while it is unconfirmed; 409 when
 * there is nothing to confirm, 429 past VERIFICATION_RESENDS_PER_HOUR. The earlier link expires.
 */
export async function resendEmailVerification(trx: Knex.Transaction, user: User, links: MailLinks, now = new Date()): Promise<VerificationSent> {
  const locked = await lockUserRow(trx, user.id);
  const pending = await pendingEmailChange(trx, user.id, now);
  if (!pending && locked.emailVerifiedAt) throw conflict(NOTHING_TO_CONFIRM);
  await takeAllowances(trx, [verificationAllowance(user.id)], now);
  const purpose: EmailVerificationPurpose = pending ? 'change' : 'verify';
  const email = pending ?? locked.email;
  await issueEmailVerification(trx, user.id, locked, purpose, email, links, now);
  return { purpose, email, message: verificationSentTo(email) };
}

/** 'Cancelar cambio' (DELETE /api/settings/email-change): the pending new address's link stops working; audited when there was one. */
export async function cancelEmailChange(trx: Knex.Transaction, user: User, now = new Date()): Promise<void> {
  await lockUserRow(trx, user.id);
  const pending = await pendingEmailChange(trx, user.id, now);
  if (!pending) return;
  await expireLinks(trx, user.id, 'change', now);
  await audit(trx, { userId: user.id, action: 'update', tableName: 'email_verifications', recordId: user.id, oldValues: { pendingEmail: pending }, newValues: { pendingEmail: null } });
}

interface VerificationRow {
  id: number;
  userId: number;
  email: string;
  purpose: EmailVerificationPurpose;
  expiresAt: Date | string;
  usedAt: Date | string | null;
}

/** The live link of a token (locked when asked), of an active account; 404 unknown, 410 used or expired (as a reset link). */
async function loadVerification(trx: Knex.Transaction, token: string, now: Date, lock: boolean): Promise<VerificationRow> {
  const query = trx('email_verifications')
    .join('users', 'users.id', 'email_verifications.userId')
    .where('email_verifications.tokenHash', hashToken(token))
    .where('users.isActive', true)
    .select('email_verifications.id', 'email_verifications.userId', 'email_verifications.email', 'email_verifications.purpose', 'email_verifications.expiresAt', 'email_verifications.usedAt');
  const row = await loadInScope<VerificationRow>(query, { lock: lock ? 'email_verifications' : undefined, notFound: EMAIL_VERIFICATION_UNKNOWN });
  if (row.usedAt) throw new HttpError(410, 'email_verification_used', EMAIL_VERIFICATION_USED);
  if (new Date(row.expiresAt).getTime() <= now.getTime()) throw new HttpError(410, 'email_verification_expired', EMAIL_VERIFICATION_EXPIRED);
  return row;
}

/**
 * Uses a link (POST /api/auth/verify-email/:token). The token names its account: whoever opens the
 * link (signed in as anyone, or not at all) acts on that account only. 'verify' confirms the
 * account's address (a link for an address the account no longer has is spent: 410); 'change' puts
 * the new address in place of the old one (409 EMAIL_TAKEN, and nothing changes, if another
 * account took it meanwhile), confirms it, ends the account's other live links and mails the old
 * address that it changed.
 */
export async function confirmEmail(trx: Knex.Transaction, token: string, links: MailLinks, now = new Date()): Promise<EmailVerified> {
  // The account's row first, then the link's, as every writer of links locks them (no deadlock).
  const { userId } = await loadVerification(trx, token, now, false);
  const user = await lockUserRow(trx, userId);
  const link = await loadVerification(trx, token, now, true);
  if (link.purpose === 'verify' && link.email !== user.email) throw new HttpError(410, 'email_verification_expired', EMAIL_VERIFICATION_EXPIRED);
  await trx('email_verifications').where('id', link.id).update({ usedAt: now });

  if (link.purpose === 'verify') {
    if (!user.emailVerifiedAt) {
      await User.query(trx).findById(user.id).patch({ emailVerifiedAt: now });
      await audit(trx, { userId: user.id, action: 'update', tableName: 'users', recordId: user.id, oldValues: { emailVerifiedAt: null }, newValues: { emailVerifiedAt: now, emailVerificationId: link.id } });
    }
    return { purpose: 'verify', email: user.email, message: EMAIL_VERIFIED };
  }

  if (await trx('users').where('email', link.email).whereNot('id', user.id).first('id')) throw emailTaken();
  try {
    await User.query(trx).findById(user.id).patch({ email: link.email, emailVerifiedAt: now });
  } catch (err) {
    // The unique index decides, so two accounts racing for one address cannot both get it.
    if (err instanceof UniqueViolationError && err.columns?.includes('email')) throw emailTaken();
    throw err;
  }
  await expireLinks(trx, user.id, null, now);
  await audit(trx, {
    userId: user.id,
    action: 'update',
    tableName: 'users',
    recordId: user.id,
    oldValues: { email: user.email, emailVerifiedAt: user.emailVerifiedAt },
    newValues: { email: link.email, emailVerifiedAt: now, emailVerificationId: link.id },
  });
  await enqueueMail(trx, emailChangedMail({ id: user.id, email: user.email, firstName: user.firstName }, link.email, links));
  return { purpose: 'change', email: link.email, message: emailChangedTo(link.email) };
}
