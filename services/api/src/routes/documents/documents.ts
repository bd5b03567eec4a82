import fs from 'node:fs/promises';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_SIZE_ERROR,
  DOCUMENT_TYPE_ERROR,
  DocumentsListQuerySchema,
  DocumentsUploadSchema,
  IdSchema,
  type DocumentCategory,
} from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { z } from 'zod';
import { deleteDocument, uploadDocument } from '../../commands/documentStore';
import type { Ctx } from '../../context';
import { notFound, validationError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { receiveFile } from '../../middlewares/receiveFile';
import { parseInput } from '../../middlewares/validate';
import type { User } from '../../models/User';
import { paginate } from '../../pagination';
import { scopeDeletableDocuments, scopeDocuments } from '../../policies/scope';
import { presentDocument, type DocumentRow } from '../../presenters/document';
import { detectFileType } from '../../storage/fileType';
import { contentDisposition, documentsDir, storedPath } from '../../storage/files';
import { storageUsage, type StorageUsage } from '../../storage/quota';

type Db = Knex | Knex.Transaction;

const documentIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

function documentRows(db: Db, user: User): Knex.QueryBuilder {
  const query = db('documents')
    .leftJoin('users as uploader', 'uploader.id', 'documents.uploadedByUserId')
    .select('documents.*', 'uploader.firstName as uploaderFirstName', 'uploader.lastName as uploaderLastName');
  return scopeDocuments(db, query, user);
}

/** Ids of the given documents the user may delete. */
async function deletableIds(db: Db, user: User, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows: { id: number }[] = await scopeDeletableDocuments(db, db('documents').select('documents.id').whereIn('documents.id', ids), user);
  return new Set(rows.map((r) => r.id));
}

/** One document of at most 10 MB (multipart field `file`). */
export const receiveDocument = receiveFile({ maxBytes: DOCUMENT_MAX_BYTES, sizeError: DOCUMENT_SIZE_ERROR });

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

/** GET /api/documents/summary → counts per category of the documents the user sees, and the user's storage use. */
export async function summary(ctx: Ctx) {
  const user = currentUser(ctx);
  const [rows, storage]: [{ category: DocumentCategory | null; n: string | number }[], StorageUsage] = await Promise.all([
    scopeDocuments(ctx.knex, ctx.knex('documents').select('documents.category').count({ n: '*' }).groupBy('documents.category'), user),
    storageUsage(ctx.knex, user.id),
  ]);
  const byCategory = Object.fromEntries(DOCUMENT_CATEGORIES.map((c) => [c, 0])) as Record<DocumentCategory, number>;
  let total = 0;
  for (const row of rows) {
    total += Number(row.n);
    if (row.category) byCategory[row.category] = Number(row.n);
  }
  ctx.body = { total, byCategory, storage };
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

  const row = await uploadDocument(ctx.state.trx!, user, documentsDir(ctx.config), {
    bytes: file.buffer,
    originalName: file.originalname,
    fileType,
    category: fields.category,
    relatedEntityType: fields.relatedEntityType,
    relatedEntityId: fields.relatedEntityId,
  });
  ctx.status = 201;
  ctx.body = presentDocument(row, true);
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
  await deleteDocument(ctx.state.trx!, currentUser(ctx), documentsDir(ctx.config), documentIdOf(ctx));
  ctx.status = 204;
}
