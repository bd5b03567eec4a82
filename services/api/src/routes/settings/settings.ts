import {
  PROFILE_PHOTO_HINT,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_TYPES,
  type RecoveryCodes,
  type TwoFactorSetup,
  type SettingsProfileSchema,
  type SettingsPreferencesSchema,
  type SettingsPasswordSchema,
  type TwoFactorEnableSchema,
  type TwoFactorPasswordSchema,
} from '@arrendia/api-contract';
import { z } from 'zod';
import { changeOwnPassword, disableTwoFactorWithPassword, enableTwoFactorWithPassword, replaceRecoveryCodesWithPassword } from '../../commands/accountSecurity';
import { endOtherSessions, endSessionByHandle, profilePhotoOwner, replaceProfilePhoto, updatePreferences, updateProfile } from '../../commands/accountSettings';
import { cancelEmailChange } from '../../commands/emailVerifier';
import { countOwnedProperties } from '../../commands/propertyCreator';
import { startTwoFactorSetup } from '../../commands/twoFactorSettings';
import type { Ctx } from '../../context';
import { notFound, validationError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { receiveFile } from '../../middlewares/receiveFile';
import { parseInput } from '../../middlewares/validate';
import { presentSettings, presentUserSessions } from '../../presenters/settings';
import { pendingEmailChange } from '../../queries/emailVerifications';
import { presentCurrentUser } from '../../presenters/user';
import { userSessions } from '../../sessions';
import { sendFile } from '../../storage/download';
import { detectFileType } from '../../storage/fileType';
import { documentsDir } from '../../storage/files';
import { otpauthUrl, qrSvg } from '../../twoFactor';

const PHOTO_TYPE_ERROR = `Formato no admitido. ${PROFILE_PHOTO_HINT}`;

/** Profile photos live in their own folder of the documents store. */
const photosDir = (ctx: Ctx) => `${documentsDir(ctx.config)}/profile-photos`;

/** GET /api/settings → the four tabs' saved values, with the new address waiting for its link. */
export async function show(ctx: Ctx) {
  const user = currentUser(ctx);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = presentSettings(user, await countOwnedProperties(ctx.knex, user.id), await pendingEmailChange(ctx.knex, user.id));
}

/**
 * PUT /api/settings/profile → the current user with the saved profile. A new email is not in it
 * yet: its link goes to the new address (GET /api/settings shows it as `pendingEmail`).
 */
export async function saveProfile(ctx: Ctx, input: z.output<typeof SettingsProfileSchema>) {
  const user = currentUser(ctx);
  const updated = await updateProfile(ctx.state.trx!, user, input, { publicUrl: ctx.config.publicUrl });
  updated.role = user.role;
  ctx.body = presentCurrentUser(updated);
}

/** DELETE /api/settings/email-change → 204: the pending new address's link stops working (nothing pending is fine too). */
export async function cancelEmailChangeRequest(ctx: Ctx) {
  await cancelEmailChange(ctx.state.trx!, currentUser(ctx));
  ctx.status = 204;
}

/** PATCH /api/settings/preferences → the settings with the saved switches and security choices. */
export async function savePreferences(ctx: Ctx, input: z.output<typeof SettingsPreferencesSchema>) {
  const user = currentUser(ctx);
  const updated = await updatePreferences(ctx.state.trx!, user, input);
  updated.role = user.role;
  ctx.body = presentSettings(updated, await countOwnedProperties(ctx.state.trx!, user.id), await pendingEmailChange(ctx.state.trx!, user.id));
}

/**
 * POST /api/settings/password → 204. The current password is required; the new one is stored as
 * argon2id and every other session of the user ends at once, on every API process.
 */
export async function savePassword(ctx: Ctx, input: z.output<typeof SettingsPasswordSchema>) {
  await changeOwnPassword(ctx.knex, currentUser(ctx), input, ctx.session?.key);
  // This session stays: it begins again after the change (authenticate ends the ones begun before).
  if (ctx.session) ctx.session.createdAt = Date.now();
  ctx.status = 204;
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
  const body: RecoveryCodes = { recoveryCodes: await enableTwoFactorWithPassword(ctx.knex, currentUser(ctx), input, ctx.session?.key) };
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** POST /api/settings/two-factor/disable {currentPassword} → 204; two-factor is off. */
export async function disableTwoFactor(ctx: Ctx, input: z.output<typeof TwoFactorPasswordSchema>) {
  await disableTwoFactorWithPassword(ctx.knex, currentUser(ctx), input.currentPassword);
  ctx.status = 204;
}

/** POST /api/settings/two-factor/recovery-codes {currentPassword} → new recovery codes; the old ones stop working. */
export async function newRecoveryCodes(ctx: Ctx, input: z.output<typeof TwoFactorPasswordSchema>) {
  const body: RecoveryCodes = { recoveryCodes: await replaceRecoveryCodesWithPassword(ctx.knex, currentUser(ctx), input.currentPassword) };
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** GET /api/settings/sessions → the user's open sessions, this one first, then the most recently used. */
export async function listSessions(ctx: Ctx) {
  const sessions = await userSessions(ctx.knex, currentUser(ctx).id);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = presentUserSessions(sessions, ctx.session?.key);
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
  // Shown by <img> all the same: sendFile makes it a download when opened on its own (issue 15).
  await sendFile(ctx, { dir: photosDir(ctx), storedName: name, cacheControl: 'private, max-age=86400, immutable', missing: 'La foto ya no está disponible' });
}
