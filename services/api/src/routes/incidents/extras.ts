import fs from 'node:fs/promises';
import {
  IdSchema,
  INCIDENT_PHOTO_MAX,
  INCIDENT_PHOTO_MAX_BYTES,
  INCIDENT_PHOTO_SIZE_ERROR,
  INCIDENT_PHOTO_TYPE_ERROR,
  INCIDENT_PHOTO_TYPES,
  type IncidentComment,
  type IncidentCommentsCreateSchema,
  type IncidentPhoto,
} from '@arrendia/api-contract';
import { z } from 'zod';
import { addIncidentComment, addIncidentPhoto, loadIncidentInScope } from '../../commands/incidentExtras';
import type { Ctx } from '../../context';
import { notFound, validationError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { receiveFile } from '../../middlewares/receiveFile';
import { parseInput } from '../../middlewares/validate';
import { detectFileType } from '../../storage/fileType';
import { contentDisposition, documentsDir, storedPath } from '../../storage/files';

const Params = z.object({ id: IdSchema });
const PhotoParams = z.object({ id: IdSchema, photoId: IdSchema });

/** One photo of at most 5 MB (multipart field `file`). */
export const receivePhoto = receiveFile({ maxBytes: INCIDENT_PHOTO_MAX_BYTES, sizeError: INCIDENT_PHOTO_SIZE_ERROR });

const photoUrl = (incidentId: number, photoId: number) => `/api/incidents/${incidentId}/photos/${photoId}`;
const presentPhoto = (row: { id: number; fileName: string; fileSizeKb: number; createdAt: Date | string; relatedEntityId: number }): IncidentPhoto => ({
  id: row.id,
  fileName: row.fileName,
  fileSizeKb: row.fileSizeKb,
  createdAt: new Date(row.createdAt).toISOString(),
  url: photoUrl(row.relatedEntityId, row.id),
});
const photos = (ctx: Ctx, incidentId: number) =>
  ctx.knex('documents').where({ relatedEntityType: 'incident', relatedEntityId: incidentId }).whereIn('fileType', INCIDENT_PHOTO_TYPES as unknown as string[]);

/** GET /api/incidents/:id/photos → the incident's photos, oldest first. */
export async function listPhotos(ctx: Ctx) {
  const { id } = parseInput(Params, ctx.params);
  const incident = await loadIncidentInScope(ctx.knex, currentUser(ctx), id);
  ctx.body = (await photos(ctx, incident.id).orderBy('id')).map(presentPhoto);
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
  ctx.body = presentPhoto({ ...row, relatedEntityId: id });
}

/** GET /api/incidents/:id/photos/:photoId → the image, for whoever sees the incident (anyone else 404). */
export async function photo(ctx: Ctx) {
  const { id, photoId } = parseInput(PhotoParams, ctx.params);
  const incident = await loadIncidentInScope(ctx.knex, currentUser(ctx), id);
  const row = await photos(ctx, incident.id).where('id', photoId).first();
  if (!row) throw notFound('No se ha encontrado la foto');
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(storedPath(documentsDir(ctx.config), row.filePath));
  } catch {
    throw notFound('La foto ya no está disponible');
  }
  // Shown by <img> all the same; opened on its own, an upload is a download, never a page (issue 15).
  ctx.set('Content-Disposition', contentDisposition(row.fileName));
  ctx.set('Cache-Control', 'private, max-age=3600');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = row.fileType;
  ctx.body = bytes;
}

/** GET /api/incidents/:id/comments → the incident's comments, oldest first, with their authors. */
export async function listComments(ctx: Ctx) {
  const { id } = parseInput(Params, ctx.params);
  const incident = await loadIncidentInScope(ctx.knex, currentUser(ctx), id);
  const rows: { id: number; content: string; createdAt: Date | string; userId: number | null; firstName: string | null; lastName: string | null; roleName: string | null }[] = await ctx
    .knex('incident_comments')
    .leftJoin('users', 'users.id', 'incident_comments.userId')
    .leftJoin('roles', 'roles.id', 'users.roleId')
    .where('incident_comments.incidentId', incident.id)
    .orderBy([{ column: 'incident_comments.createdAt' }, { column: 'incident_comments.id' }])
    .select('incident_comments.id', 'incident_comments.content', 'incident_comments.createdAt', 'incident_comments.userId', 'users.firstName', 'users.lastName', 'roles.roleName');
  ctx.body = rows.map(
    (r): IncidentComment => ({
      id: r.id,
      content: r.content,
      createdAt: new Date(r.createdAt).toISOString(),
      author: r.userId === null ? null : { id: r.userId, firstName: r.firstName, lastName: r.lastName, roleName: r.roleName },
    }),
  );
}

/** POST /api/incidents/:id/comments {content} → 201 with the comment's id. */
export async function addComment(ctx: Ctx, input: z.output<typeof IncidentCommentsCreateSchema>) {
  const { id } = parseInput(Params, ctx.params);
  const { content } = input;
  const commentId = await addIncidentComment(ctx.state.trx!, currentUser(ctx), id, content);
  ctx.status = 201;
  ctx.body = { id: commentId };
}
