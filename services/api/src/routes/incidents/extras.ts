import {
  IdSchema,
  INCIDENT_PHOTO_MAX,
  INCIDENT_PHOTO_MAX_BYTES,
  INCIDENT_PHOTO_SIZE_ERROR,
  INCIDENT_PHOTO_TYPE_ERROR,
  type IncidentCommentsCreateSchema,
} from '@arrendia/api-contract';
import { z } from 'zod';
import { addIncidentComment, addIncidentPhoto } from '../../commands/incidentExtras';
import type { Ctx } from '../../context';
import { validationError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { receiveFile } from '../../middlewares/receiveFile';
import { parseInput } from '../../middlewares/validate';
import { presentIncidentComment, presentIncidentPhoto } from '../../presenters/incident';
import { findIncidentPhoto, incidentComments, incidentPhotos } from '../../queries/incidents';
import { sendFile } from '../../storage/download';
import { detectFileType } from '../../storage/fileType';
import { documentsDir } from '../../storage/files';

const Params = z.object({ id: IdSchema });
const PhotoParams = z.object({ id: IdSchema, photoId: IdSchema });

/** One photo of at most 5 MB (multipart field `file`). */
export const receivePhoto = receiveFile({ maxBytes: INCIDENT_PHOTO_MAX_BYTES, sizeError: INCIDENT_PHOTO_SIZE_ERROR });

/** GET /api/incidents/:id/photos → the incident's photos, oldest first. */
export async function listPhotos(ctx: Ctx) {
  const { id } = parseInput(Params, ctx.params);
  ctx.body = (await incidentPhotos(ctx.knex, currentUser(ctx), id)).map(presentIncidentPhoto);
}

/** POST /api/incidents/:id/photos (multipart `file`, JPG or PNG, 5 MB) → 201 with the photo; the 6th is 409. */
export async function addPhoto(ctx: Ctx) {
  const { id } = parseInput(Params, ctx.params);
  const file = (ctx.request as { file?: Express.Multer.File }).file;
  if (!file || file.size === 0) throw validationError('Elige una foto', { file: 'Elige una foto' });
  const fileType = detectFileType(file.buffer);
  if (fileType !== 'image/jpeg' && fileType !== 'image/png') throw validationError(INCIDENT_PHOTO_TYPE_ERROR, { file: INCIDENT_PHOTO_TYPE_ERROR });
  const row = await addIncidentPhoto(ctx.state.trx!, currentUser(ctx), documentsDir(ctx.config), id, { bytes: file.buffer, originalName: file.originalname, fileType }, INCIDENT_PHOTO_MAX);
  ctx.status = 201;
  ctx.body = presentIncidentPhoto({ ...row, relatedEntityId: id });
}

/** GET /api/incidents/:id/photos/:photoId → the image, for whoever sees the incident (anyone else 404). */
export async function photo(ctx: Ctx) {
  const { id, photoId } = parseInput(PhotoParams, ctx.params);
  const row = await findIncidentPhoto(ctx.knex, currentUser(ctx), id, photoId);
  // Shown by <img> all the same: sendFile makes it a download when opened on its own (issue 15).
  await sendFile(ctx, {
    dir: documentsDir(ctx.config),
    storedName: row.filePath,
    fileName: row.fileName,
    mimeType: row.fileType,
    cacheControl: 'private, max-age=3600',
    missing: 'La foto ya no está disponible',
  });
}

/** GET /api/incidents/:id/comments → the incident's comments, oldest first, with their authors. */
export async function listComments(ctx: Ctx) {
  const { id } = parseInput(Params, ctx.params);
  ctx.body = (await incidentComments(ctx.knex, currentUser(ctx), id)).map(presentIncidentComment);
}

/** POST /api/incidents/:id/comments {content} → 201 with the comment's id. */
export async function addComment(ctx: Ctx, input: z.output<typeof IncidentCommentsCreateSchema>) {
  const { id } = parseInput(Params, ctx.params);
  const { content } = input;
  const commentId = await addIncidentComment(ctx.state.trx!, currentUser(ctx), id, content);
  ctx.status = 201;
  ctx.body = { id: commentId };
}
