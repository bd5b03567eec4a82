import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_SIZE_ERROR,
  DOCUMENT_TYPE_ERROR,
  DocumentsListQuerySchema,
  DocumentsUploadSchema,
  IdSchema,
} from '@arrendia/api-contract';
import { z } from 'zod';
import { deleteDocument, uploadDocument } from '../../commands/documentStore';
import type { Ctx } from '../../context';
import { validationError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { receiveFile } from '../../middlewares/receiveFile';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { DOCUMENTS_SHEET } from '../../csv/sheets';
import { listPage } from '../../pagination';
import { documentsOf, requestScope } from '../../listSources';
import { presentDocument, presentDocumentsSummary } from '../../presenters/document';
import { documentCountsByCategory, findDocument } from '../../queries/documents';
import { sendFile } from '../../storage/download';
import { detectFileType } from '../../storage/fileType';
import { documentsDir } from '../../storage/files';
import { storageUsage } from '../../storage/quota';

const documentIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/** One document of at most 10 MB (multipart field `file`). */
export const receiveDocument = receiveFile({ maxBytes: DOCUMENT_MAX_BYTES, sizeError: DOCUMENT_SIZE_ERROR });

/**
 * GET /api/documents → the user's documents, newest first or by ?sort=, paged (X-Total-Count);
 * filters category, relatedEntityType(+relatedEntityId), propertyId, q, from, to.
 */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(DocumentsListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, documentsOf(requestScope(ctx), filters), { page, pageSize });
}

/** GET /api/documents.csv → the metadata of the whole list under the same filters and order, as a CSV (csv/listCsv); no file. */
export const exportCsv = listCsv(DocumentsListQuerySchema, DOCUMENTS_SHEET, documentsOf);

/** GET /api/documents/summary → counts per category of the documents the user sees, and the user's storage use. */
export async function summary(ctx: Ctx) {
  const user = currentUser(ctx);
  const [counts, storage] = await Promise.all([documentCountsByCategory(ctx.knex, user), storageUsage(ctx.knex, user.id)]);
  ctx.body = presentDocumentsSummary(counts, storage);
}

/**
 * POST /api/documents (multipart: file, category, description?, relatedEntityType?, relatedEntityId?)
 * → 201 with the document; 404 when the record is not one the user may see and edit.
 */
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
    description: fields.description,
    relatedEntityType: fields.relatedEntityType,
    relatedEntityId: fields.relatedEntityId,
  });
  ctx.status = 201;
  // Read back as the list reads it, with the name of the record it hangs off.
  ctx.body = presentDocument(await findDocument(ctx.state.trx!, user, row.id), true);
}

/** GET /api/documents/:id/download → the bytes, with the original name; 404 outside the user's scope. */
export async function download(ctx: Ctx) {
  const row = await findDocument(ctx.knex, currentUser(ctx), documentIdOf(ctx));
  await sendFile(ctx, {
    dir: documentsDir(ctx.config),
    storedName: row.filePath,
    fileName: row.fileName,
    mimeType: row.fileType,
    cacheControl: 'private, no-store',
    missing: 'El archivo del documento ya no está disponible',
  });
}

/** DELETE /api/documents/:id → 204; only documents the user may manage (else 404). The file goes after the commit. */
export async function remove(ctx: Ctx) {
  await deleteDocument(ctx.state.trx!, currentUser(ctx), documentsDir(ctx.config), documentIdOf(ctx));
  ctx.status = 204;
}
