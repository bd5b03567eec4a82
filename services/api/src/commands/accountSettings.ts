import { NOTIFICATION_PREFERENCE_DEFAULTS, type NotificationPreferences, type SettingsPreferencesInput, type SettingsProfileData } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { afterCommit, afterRollback } from '../db/afterCommit';
import { notFound } from '../errors';
import type { MailLinks } from '../mail/messages';
import { requestEmailChange } from './emailVerifier';
import { User } from '../models/User';
import { notify } from '../notify';
import { lockUserRow } from '../queries/userRows';
import { syncDefaultSchedule } from './reportScheduler';
import { removeStored, storeFile } from '../storage/files';
import { reserveStorage } from '../storage/quota';
import { endSessions, endSessionWithHandle } from '../sessions';

export { EMAIL_TAKEN } from './emailVerifier';

/** The user's notification switches: what they saved over the spec's defaults. */
export function notificationPreferences(user: Pick<User, 'notificationPrefs'>): NotificationPreferences {
  return { ...NOTIFICATION_PREFERENCE_DEFAULTS, ...(user.notificationPrefs ?? {}) };
}

/**
 * Saves the profile form (PUT /api/settings/profile), audited with the columns it changed. A new
 * email does not replace the account's (issue 34): it becomes a pending change whose link goes to
 * the new address (commands/emailVerifier.ts); 409 EMAIL_TAKEN when another account holds it.
 */
export async function updateProfile(trx: Knex.Transaction, user: User, input: SettingsProfileData, links: MailLinks): Promise<User> {
  const locked = await lockUserRow(trx, user.id);
  const { email, ...fields } = input;
  if (email !== locked.email) await requestEmailChange(trx, locked, email, links);
  const changed = Object.fromEntries(Object.entries(fields).filter(([key, value]) => locked[key as keyof SettingsProfileData] !== value));
  if (Object.keys(changed).length === 0) return locked;
  const updated = await User.query(trx).patchAndFetchById(user.id, changed);
  const before = Object.fromEntries(Object.keys(changed).map((key) => [key, locked[key as keyof SettingsProfileData]]));
  await audit(trx, { userId: user.id, action: 'update', tableName: 'users', recordId: user.id, oldValues: before, newValues: changed });
  return updated;
}

/**
 * Saves notification switches and security preferences (PATCH /api/settings/preferences), audited.
 * 'Reportes mensuales' also creates or deletes the user's default scheduled report (issue 33).
 */
export async function updatePreferences(trx: Knex.Transaction, user: User, input: SettingsPreferencesInput): Promise<User> {
  const locked = await lockUserRow(trx, user.id);
  const patch: Partial<Pick<User, 'notificationPrefs' | 'sessionTimeoutMinutes' | 'loginNotifications'>> = {};
  if (input.notifications) patch.notificationPrefs = { ...notificationPreferences(locked), ...input.notifications };
  if (input.sessionTimeoutMinutes !== undefined) patch.sessionTimeoutMinutes = input.sessionTimeoutMinutes;
  if (input.loginNotifications !== undefined) patch.loginNotifications = input.loginNotifications;
  const updated = await User.query(trx).patchAndFetchById(user.id, patch);
  const before = { notificationPrefs: locked.notificationPrefs, sessionTimeoutMinutes: locked.sessionTimeoutMinutes, loginNotifications: locked.loginNotifications };
  await audit(trx, {
    userId: user.id,
    action: 'update',
    tableName: 'users',
    recordId: user.id,
    oldValues: Object.fromEntries(Object.keys(patch).map((key) => [key, before[key as keyof typeof before]])),
    newValues: patch,
  });
  const monthlyReports = input.notifications?.monthlyReports;
  if (monthlyReports !== undefined) await syncDefaultSchedule(trx, user, monthlyReports);
  return updated;
}

/**
 * Sets a new password (already hashed: argon2 runs outside the transaction), stamps
 * lastPasswordChange, audits it without the hash, tells the user and ends every other session of
 * theirs (all but the one with `currentSessionKey`), on every API process.
 */
export async function changePassword(trx: Knex.Transaction, user: User, passwordHash: string, currentSessionKey: string | undefined): Promise<void> {
  const lastPasswordChange = new Date();
  await User.query(trx).findById(user.id).patch({ password: passwordHash, lastPasswordChange });
  await audit(trx, { userId: user.id, action: 'update', tableName: 'users', recordId: user.id, oldValues: { lastPasswordChange: user.lastPasswordChange }, newValues: { lastPasswordChange } });
  await notify(trx, [user.id], {
    title: 'Contraseña cambiada',
    message: 'La contraseña de tu cuenta se ha cambiado y se han cerrado tus otras sesiones. Si no has sido tú, contacta con el administrador.',
    notificationType: 'password_changed',
    relatedEntityType: 'settings',
    relatedEntityId: user.id,
  });
  await endSessions(trx, user.id, currentSessionKey);
}

/** Where a stored profile photo is served from: its random stored name is its address. */
export const PROFILE_PHOTO_PATH = '/api/profile-photos/';
const storedNameOf = (url: string | null) => (url?.startsWith(PROFILE_PHOTO_PATH) ? url.slice(PROFILE_PHOTO_PATH.length) : null);

/**
 * Stores a new profile photo in `dir` and points the user at it; the previous photo's file goes
 * once the transaction commits, the new one if it does not. A new photo counts against the user's
 * storage quota and upload rate in place of the previous one.
 */
export async function replaceProfilePhoto(trx: Knex.Transaction, user: User, dir: string, bytes: Buffer | null): Promise<User> {
  // Before the row lock: every upload takes the account's upload lock first (no deadlock between them).
  if (bytes) await reserveStorage(trx, user.id, bytes.length, { replacesProfilePhoto: true });
  const locked = await lockUserRow(trx, user.id);
  const stored = bytes ? await storeFile(dir, bytes) : null;
  const profileImageUrl = stored ? `${PROFILE_PHOTO_PATH}${stored}` : null;
  const profileImageSizeKb = bytes ? Math.ceil(bytes.length / 1024) : null;
  try {
    const updated = await User.query(trx).patchAndFetchById(user.id, { profileImageUrl, profileImageSizeKb });
    await audit(trx, { userId: user.id, action: 'update', tableName: 'users', recordId: user.id, oldValues: { profileImageUrl: locked.profileImageUrl }, newValues: { profileImageUrl } });
    const previous = storedNameOf(locked.profileImageUrl);
    if (previous) afterCommit(trx, () => removeStored(dir, previous));
    if (stored) afterRollback(trx, () => removeStored(dir, stored));
    return updated;
  } catch (err) {
    if (stored) await removeStored(dir, stored);
    throw err;
  }
}

/** The stored name of a served profile photo, if some user has it as theirs. */
export async function profilePhotoOwner(knex: Knex, storedName: string): Promise<string | null> {
  const row = await knex('users').select('id').where('profileImageUrl', `${PROFILE_PHOTO_PATH}${storedName}`).first();
  return row ? storedName : null;
}

/** The handle a session has in the user's list (security/matrix.ts and its world read it here). */
export { sessionHandle } from '../sessions';

/** 'Cerrar otras sesiones': ends every session of the user but the one with `currentKey`; audited with how many ended. */
export async function endOtherSessions(trx: Knex.Transaction, user: User, currentKey: string | undefined): Promise<number> {
  const ended = await endSessions(trx, user.id, currentKey);
  await audit(trx, { userId: user.id, action: 'delete', tableName: 'sessions', recordId: user.id, oldValues: { sessions: ended }, newValues: null });
  return ended;
}

/** Ends one session of the user by its handle (404 for a handle of nobody's session of theirs); audited. */
export async function endSessionByHandle(trx: Knex.Transaction, user: User, handle: string): Promise<void> {
  if (!(await endSessionWithHandle(trx, user.id, handle))) throw notFound('No se ha encontrado la sesión');
  await audit(trx, { userId: user.id, action: 'delete', tableName: 'sessions', recordId: user.id, oldValues: { sessions: 1 }, newValues: null });
}
