import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_SIZE_ERROR,
  DOCUMENT_TYPE_ERROR,
  DocumentsListQuerySchema,
  DocumentsUploadSchema,
  IdSchema,
  type DocumentCategory,
  type DocumentEntityType,
  type DocumentItem,
  type DocumentMimeType,
} from '@arrendia/api-contract';
import multer from '@koa/multer';
import type { Knex } from 'knex';
import { z } from 'zod';
import { audit } from '../../audit';
import type { AppMiddleware, Ctx } from '../../context';
import { HttpError, notFound, validationError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import type { User } from '../../models/User';
import { paginate } from '../../pagination';
import { manageablePropertyIds, visiblePropertyIds } from '../../policies/scope';
import { detectFileType } from './fileType';
import { contentDisposition, documentsDir, removeStored, storedPath, storeFile } from './storage';

type Db = Knex | Knex.Transaction;

interface DocumentRow {
  id: number;
  fileName: string;
  filePath: string;
  fileType: DocumentMimeType;
  fileSizeKb: number;
  category: DocumentCategory | null;
  relatedEntityType: DocumentEntityType | null;
  relatedEntityId: number | null;
  uploadedByUserId: number | null;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
  createdAt: Date | string;
}

const documentIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/** Ids of the entities of one type hanging off the given properties (null: every property). */
function entityIds(db: Db, type: DocumentEntityType, propertyIds: Knex.QueryBuilder | null): Knex.QueryBuilder {
  const base =
    type === 'property'
      ? db('main_properties').select('main_properties.id as id').where((w) => (propertyIds ? w.whereIn('main_properties.id', propertyIds) : w))
      : db(type === 'contract' ? 'contracts' : 'incidents')
          .join('rentable_units', 'rentable_units.id', `${type === 'contract' ? 'contracts' : 'incidents'}.rentableUnitId`)
          .select(`${type === 'contract' ? 'contracts' : 'incidents'}.id as id`)
          .where((w) => (propertyIds ? w.whereIn('rentable_units.mainPropertyId', propertyIds) : w));
  return base;
}

/** Documents attached to an entity hanging off the properties `ids` returns for the user. */
function attachedInScope(db: Db, w: Knex.QueryBuilder, user: User, ids: (db: Db, user: User) => Knex.QueryBuilder | null) {
  for (const type of ['property', 'contract', 'incident'] as const) {
    w.orWhere((x) => x.where('documents.relatedEntityType', type).whereIn('documents.relatedEntityId', entityIds(db, type, ids(db, user))));
  }
}

/** Documents the user sees: those it uploaded and those attached to an entity in its scope. */
function scopeDocuments(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  return qb.where((w) => {
    w.where('documents.uploadedByUserId', user.id);
    attachedInScope(db, w, user, visiblePropertyIds);
  });
}

/**
 * Documents the user may delete: attached to an entity it may manage, or uploaded by it and
 * attached to nothing.
 */
function scopeDeletable(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  return qb.where((w) => {
    w.where((x) => x.where('documents.uploadedByUserId', user.id).whereNull('documents.relatedEntityType'));
    attachedInScope(db, w, user, manageablePropertyIds);
  });
}

function documentRows(db: Db, user: User): Knex.QueryBuilder {
  const query = db('documents')
    .leftJoin('users as uploader', 'uploader.id', 'documents.uploadedByUserId')
    .select('documents.*', 'uploader.firstName as uploaderFirstName', 'uploader.lastName as uploaderLastName');
  return scopeDocuments(db, query, user);
}

/** Ids of the given documents the user may delete. */
async function deletableIds(db: Db, user: User, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows: { id: number }[] = await scopeDeletable(db, db('documents').select('documents.id').whereIn('documents.id', ids), user);
  return new Set(rows.map((r) => r.id));
}

function presentDocument(row: DocumentRow, canDelete: boolean): DocumentItem {
  return {
    id: row.id,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSizeKb: row.fileSizeKb,
    category: row.category,
    relatedEntityType: row.relatedEntityType,
    relatedEntityId: row.relatedEntityId,
    uploadedByUserId: row.uploadedByUserId,
    uploadedBy: row.uploadedByUserId === null ? null : { firstName: row.uploaderFirstName, lastName: row.uploaderLastName },
    createdAt: new Date(row.createdAt).toISOString(),
    canDelete,
  };
}

/** The name shown and sent back on download: the last path segment, no control characters, at most 255. */
function cleanFileName(original: string): string {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(original.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'documento').slice(-255);
}

/** Throws 404 unless the entity exists and the user may manage it. */
async function assertEntityManageable(db: Db, user: User, type: DocumentEntityType, id: number): Promise<void> {
  const row = await entityIds(db, type, manageablePropertyIds(db, user))
    .where(`${type === 'property' ? 'main_properties' : type === 'contract' ? 'contracts' : 'incidents'}.id`, id)
    .first();
  if (!row) throw notFound('No se ha encontrado el elemento al que quieres adjuntar el documento');
}

const upload = multer({
  storage: multer.memoryStorage(),
  // One file of at most 10 MB and a few short text fields; non-ASCII names arrive as UTF-8.
  limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  defParamCharset: 'utf8',
}).single('file');

/** Multipart parsing with our error shape: a file over the limit is 413, any other refusal 400. */
export const receiveFile: AppMiddleware = async (ctx, next) => {
  if (!ctx.is('multipart')) throw validationError('Envía el archivo como multipart/form-data', { file: 'Elige un archivo' });
  try {
    await upload(ctx as never, async () => {});
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE') throw new HttpError(413, 'payload_too_large', DOCUMENT_SIZE_ERROR, { file: DOCUMENT_SIZE_ERROR });
    if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') throw validationError('Sube un solo archivo en el campo file', { file: 'Sube un solo archivo' });
    if (typeof code === 'string' && code.startsWith('LIMIT_')) throw validationError('La petición tiene demasiados campos', {});
    throw validationError('No se pudo leer el archivo enviado', { file: 'No se pudo leer el archivo enviado' });
  }
  await next();
};

/** GET /api/documents → the user's documents, newest first, paged (X-Total-Count); ?category=. */
export async function list(ctx: Ctx) {
  const { category, ...page } = parseInput(DocumentsListQuerySchema, ctx.query);
  const user = currentUser(ctx);
  const query = documentRows(ctx.knex, user);
  if (category) query.where('documents.category', category);
  query.orderBy([
    { column: 'documents.createdAt', order: 'desc' },
    { column: 'documents.id', order: 'desc' },
  ]);
  const rows = await paginate<DocumentRow>(ctx, query, page);
  const deletable = await deletableIds(ctx.knex, user, rows.map((r) => r.id));
  ctx.body = rows.map((r) => presentDocument(r, deletable.has(r.id)));
}

/** GET /api/documents/summary → counts per category of the documents the user sees. */
export async function summary(ctx: Ctx) {
  const rows: { category: DocumentCategory | null; n: string | number }[] = await scopeDocuments(
    ctx.knex,
    ctx.knex('documents').select('documents.category').count({ n: '*' }).groupBy('documents.category'),
    currentUser(ctx),
  );
  const byCategory = Object.fromEntries(DOCUMENT_CATEGORIES.map((c) => [c, 0])) as Record<DocumentCategory, number>;
  let total = 0;
  for (const row of rows) {
    total += Number(row.n);
    if (row.category) byCategory[row.category] = Number(row.n);
  }
  ctx.body = { total, byCategory };
}

/** POST /api/documents (multipart: file, category, relatedEntityType?, relatedEntityId?) → 201 with the document. */
export async function create(ctx: Ctx) {
  const user = currentUser(ctx);
  const file = (ctx.request as { file?: Express.Multer.File }).file;
  const fields = parseInput(DocumentsUploadSchema, { ...(ctx.request.body as object) });
  if (!file) throw validationError('Elige un archivo', { file: 'Elige un archivo' });
  if (file.size === 0) throw validationError('El archivo está vacío', { file: 'El archivo está vacío' });
  const fileType = detectFileType(file.buffer);
  if (!fileType) throw validationError(DOCUMENT_TYPE_ERROR, { file: DOCUMENT_TYPE_ERROR });

  const trx = ctx.state.trx!;
  if (fields.relatedEntityType && fields.relatedEntityId) await assertEntityManageable(trx, user, fields.relatedEntityType, fields.relatedEntityId);

  const dir = documentsDir(ctx.config);
  const stored = await storeFile(dir, file.buffer);
  try {
    const [row] = await trx('documents')
      .insert({
        fileName: cleanFileName(file.originalname),
        filePath: stored,
        fileType,
        fileSizeKb: Math.ceil(file.size / 1024),
        category: fields.category,
        relatedEntityType: fields.relatedEntityType ?? null,
        relatedEntityId: fields.relatedEntityId ?? null,
        uploadedByUserId: user.id,
      })
      .returning('*');
    await audit(trx, { userId: user.id, action: 'create', tableName: 'documents', recordId: row.id, newValues: { ...row, filePath: undefined } });
    ctx.status = 201;
    ctx.body = presentDocument({ ...row, uploaderFirstName: user.firstName ?? null, uploaderLastName: user.lastName ?? null }, true);
  } catch (err) {
    await removeStored(dir, stored);
    throw err;
  }
}

/** GET /api/documents/:id/download → the bytes, with the original name; 404 outside the user's scope. */
export async function download(ctx: Ctx) {
  const row: DocumentRow | undefined = await documentRows(ctx.knex, currentUser(ctx)).where('documents.id', documentIdOf(ctx)).first();
  if (!row) throw notFound('No se ha encontrado el documento');
  const file = storedPath(documentsDir(ctx.config), row.filePath);
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch {
    throw notFound('El archivo del documento ya no está disponible');
  }
  ctx.set('Content-Disposition', contentDisposition(row.fileName));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'private, no-store');
  ctx.type = row.fileType;
  ctx.body = bytes;
}

/** DELETE /api/documents/:id → 204; only documents the user may manage (else 404). The file goes after the commit. */
export async function remove(ctx: Ctx) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const id = documentIdOf(ctx);
  const row: DocumentRow | undefined = await scopeDeletable(trx, trx('documents').select('documents.*').where('documents.id', id), user).forUpdate().first();
  if (!row) throw notFound('No se ha encontrado el documento');
  await trx('documents').where('id', id).delete();
  await audit(trx, { userId: user.id, action: 'delete', tableName: 'documents', recordId: id, oldValues: { ...row, filePath: undefined } });
  const dir = documentsDir(ctx.config);
  trx.executionPromise
    .then(() => removeStored(dir, row.filePath))
    .catch(() => undefined);
  ctx.status = 204;
}
