import fs from 'node:fs/promises';
import {
  PROFILE_PHOTO_HINT,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_TYPES,
  USER_PLANS,
  planForRole,
  type Settings,
  type RecoveryCodes,
  type TwoFactorSetup,
  type UserSession,
  type SettingsProfileSchema,
  type SettingsPreferencesSchema,
  type SettingsPasswordSchema,
  type TwoFactorEnableSchema,
  type TwoFactorPasswordSchema,
} from '@arrendia/api-contract';
import { z } from 'zod';
import {
  changePassword,
  endOtherSessions,
  endSessionByHandle,
  notificationPreferences,
  profilePhotoOwner,
  replaceProfilePhoto,
  updatePreferences,
  updateProfile,
  userSessions,
} from '../../commands/accountSettings';
import { countOwnedProperties } from '../../commands/propertyCreator';
import {
  disableTwoFactor as turnOff,
  enableTwoFactor as turnOn,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  startTwoFactorSetup,
  twoFactorOn,
} from '../../commands/twoFactorSettings';
import { describeDevice } from '../../commands/userRegistrar';
import type { Ctx } from '../../context';
import { notFound, validationError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { receiveFile } from '../../middlewares/receiveFile';
import { endSessions } from '../../middlewares/session';
import { parseInput } from '../../middlewares/validate';
import { type User } from '../../models/User';
import { hashPassword, verifyPassword } from '../../passwords';
import { presentCurrentUser } from '../../presenters/user';
import { detectFileType } from '../../storage/fileType';
import { documentsDir, storedPath } from '../../storage/files';
import { otpauthUrl, qrSvg } from '../../twoFactor';

const WRONG_PASSWORD = 'La contraseña actual no es correcta';
const PHOTO_TYPE_ERROR = `Formato no admitido. ${PROFILE_PHOTO_HINT}`;

/** Profile photos live in their own folder of the documents store. */
const photosDir = (ctx: Ctx) => `${documentsDir(ctx.config)}/profile-photos`;

function presentSettings(user: User, properties: number): Settings {
  const planId = planForRole(user.role?.roleName);
  const plan = USER_PLANS[planId];
  return {
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      telefono: user.telefono,
      nifCif: user.nifCif,
      direccionFiscal: user.direccionFiscal,
      ibanBancaria: user.ibanBancaria,
      profileImageUrl: user.profileImageUrl,
    },
    notifications: notificationPreferences(user),
    security: {
      sessionTimeoutMinutes: user.sessionTimeoutMinutes,
      loginNotifications: user.loginNotifications,
      lastPasswordChange: user.lastPasswordChange ? new Date(user.lastPasswordChange).toISOString() : null,
      twoFactorEnabled: twoFactorOn(user),
      recoveryCodesLeft: recoveryCodesLeft(user),
    },
    billing: { plan: { id: planId, ...plan }, properties },
  };
}

/** GET /api/settings → the four tabs' saved values. */
export async function show(ctx: Ctx) {
  const user = currentUser(ctx);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = presentSettings(user, await countOwnedProperties(ctx.knex, user.id));
}

/** PUT /api/settings/profile → the current user with the saved profile. */
export async function saveProfile(ctx: Ctx, input: z.output<typeof SettingsProfileSchema>) {
  const user = currentUser(ctx);
  const updated = await updateProfile(ctx.state.trx!, user, input);
  updated.role = user.role;
  ctx.body = presentCurrentUser(updated);
}

/** PATCH /api/settings/preferences → the settings with the saved switches and security choices. */
export async function savePreferences(ctx: Ctx, input: z.output<typeof SettingsPreferencesSchema>) {
  const user = currentUser(ctx);
  const updated = await updatePreferences(ctx.state.trx!, user, input);
  updated.role = user.role;
  ctx.body = presentSettings(updated, await countOwnedProperties(ctx.state.trx!, user.id));
}

/**
 * POST /api/settings/password → 204. The current password is required; the new one is stored as
 * argon2id and every other session of the user ends at once, on every API process.
 */
export async function savePassword(ctx: Ctx, input: z.output<typeof SettingsPasswordSchema>) {
  const user = currentUser(ctx);
  await assertPassword(user, input.currentPassword);
  // Hashed before the transaction opens: argon2 is slow on purpose, and PGlite has one connection.
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.knex.transaction(async (trx) => {
    await changePassword(trx, user, passwordHash);
    await endSessions(trx, user.id, ctx.session?.key);
  });
  // This session stays: it begins again after the change (authenticate ends the ones begun before).
  if (ctx.session) ctx.session.createdAt = Date.now();
  ctx.status = 204;
}

/** The current password, checked before a transaction opens (argon2 is slow on purpose); 400 on `currentPassword` if wrong. */
async function assertPassword(user: User, password: string) {
  if (!(await verifyPassword(user.password, password))) throw validationError(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
}

/** POST /api/settings/two-factor/setup → the new secret, its otpauth address and QR code (409 while on). */
export async function startTwoFactor(ctx: Ctx) {
  const user = currentUser(ctx);
  const secret = await startTwoFactorSetup(ctx.state.trx!, user);
  const url = otpauthUrl(secret, user.email);
  const body: TwoFactorSetup = { secret, otpauthUrl: url, qrSvg: await qrSvg(url) };
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** POST /api/settings/two-factor {code, currentPassword} → the recovery codes, shown this once; two-factor is on, and only this session is open. */
export async function enableTwoFactor(ctx: Ctx, input: z.output<typeof TwoFactorEnableSchema>) {
  const user = currentUser(ctx);
  const { code, currentPassword } = input;
  await assertPassword(user, currentPassword);
  const body: RecoveryCodes = { recoveryCodes: await ctx.knex.transaction((trx) => turnOn(trx, user, code, ctx.session?.key)) };
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** POST /api/settings/two-factor/disable {currentPassword} → 204; two-factor is off. */
export async function disableTwoFactor(ctx: Ctx, input: z.output<typeof TwoFactorPasswordSchema>) {
  const user = currentUser(ctx);
  await assertPassword(user, input.currentPassword);
  await ctx.knex.transaction((trx) => turnOff(trx, user));
  ctx.status = 204;
}

/** POST /api/settings/two-factor/recovery-codes {currentPassword} → new recovery codes; the old ones stop working. */
export async function newRecoveryCodes(ctx: Ctx, input: z.output<typeof TwoFactorPasswordSchema>) {
  const user = currentUser(ctx);
  await assertPassword(user, input.currentPassword);
  const body: RecoveryCodes = { recoveryCodes: await ctx.knex.transaction((trx) => replaceRecoveryCodes(trx, user)) };
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** GET /api/settings/sessions → the user's open sessions, this one first, then the most recently used. */
export async function listSessions(ctx: Ctx) {
  const user = currentUser(ctx);
  const iso = (ms: unknown) => (typeof ms === 'number' ? new Date(ms).toISOString() : null);
  const sessions: UserSession[] = (await userSessions(ctx.knex, user.id)).map(({ handle, data }) => ({
    id: handle,
    current: Boolean(ctx.session?.key) && data.key === ctx.session?.key,
    device: describeDevice(String(data.userAgent ?? '')),
    ipAddress: typeof data.ipAddress === 'string' ? data.ipAddress : null,
    createdAt: iso(data.createdAt),
    lastSeenAt: iso(data.seenAt),
  }));
  sessions.sort((a, b) => Number(b.current) - Number(a.current) || String(b.lastSeenAt).localeCompare(String(a.lastSeenAt)));
  ctx.set('Cache-Control', 'no-store');
  ctx.body = sessions;
}

/** DELETE /api/settings/sessions → 200 {ended}: 'Cerrar otras sesiones' ends every session but this one. */
export async function endOthers(ctx: Ctx) {
  ctx.body = { ended: await endOtherSessions(ctx.state.trx!, currentUser(ctx), ctx.session?.key) };
}

const SessionParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Sesión no válida') });

/** DELETE /api/settings/sessions/:id → 204: ends one of the user's sessions (404 for any other handle). */
export async function endOne(ctx: Ctx) {
  const { id } = parseInput(SessionParams, ctx.params);
  await endSessionByHandle(ctx.state.trx!, currentUser(ctx), id);
  ctx.status = 204;
}

/** One image of at most 1 MB (multipart field `file`). */
export const receiveProfilePhoto = receiveFile({ maxBytes: PROFILE_PHOTO_MAX_BYTES, sizeError: `La foto supera el tamaño máximo. ${PROFILE_PHOTO_HINT}` });

/** POST /api/settings/profile/photo (multipart `file`: JPG, GIF or PNG, 1 MB) → the current user with its new photo. */
export async function uploadPhoto(ctx: Ctx) {
  const user = currentUser(ctx);
  const file = (ctx.request as { file?: Express.Multer.File }).file;
  if (!file || file.size === 0) throw validationError('Elige una foto', { file: 'Elige una foto' });
  const type = detectFileType(file.buffer);
  if (!type || !(PROFILE_PHOTO_TYPES as readonly string[]).includes(type)) throw validationError(PHOTO_TYPE_ERROR, { file: PHOTO_TYPE_ERROR });
  const updated = await replaceProfilePhoto(ctx.state.trx!, user, photosDir(ctx), file.buffer);
  updated.role = user.role;
  ctx.body = presentCurrentUser(updated);
}

/** DELETE /api/settings/profile/photo → the current user without a photo (the initials show again). */
export async function removePhoto(ctx: Ctx) {
  const user = currentUser(ctx);
  const updated = await replaceProfilePhoto(ctx.state.trx!, user, photosDir(ctx), null);
  updated.role = user.role;
  ctx.body = presentCurrentUser(updated);
}

const PhotoParams = z.object({ name: z.string().regex(/^[0-9a-f-]{36}$/, 'Foto no válida') });

/** GET /api/profile-photos/:name → a user's photo, for any signed-in user (avatars appear beside names everywhere). */
export async function servePhoto(ctx: Ctx) {
  const { name } = parseInput(PhotoParams, ctx.params);
  if (!(await profilePhotoOwner(ctx.knex, name))) throw notFound('No se ha encontrado la foto');
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(storedPath(photosDir(ctx), name));
  } catch {
    throw notFound('La foto ya no está disponible');
  }
  ctx.set('Cache-Control', 'private, max-age=86400, immutable');
  ctx.set('X-Content-Type-Options', 'nosniff');
  // Shown by <img> all the same; opened on its own, an upload is a download, never a page (issue 15).
  ctx.set('Content-Disposition', 'attachment');
  ctx.type = detectFileType(bytes) ?? 'application/octet-stream';
  ctx.body = bytes;
}
