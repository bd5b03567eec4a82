import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  ImportCreateFieldsSchema,
  ImportParamsSchema,
  ImportsListQuerySchema,
  ImportTemplateParamsSchema,
  type ImportMappingPutData,
} from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { cancelImport, scheduleImportCommit, startImportCommit } from '../../commands/importCommitter';
import { createImportPreview, remapImport } from '../../commands/importer';
import type { Ctx } from '../../context';
import { validationError } from '../../errors';
import { csvTemplate, templateFileName, WORKBOOK_TEMPLATE_NAME, xlsxTemplate } from '../../imports/templates';
import { currentUser } from '../../middlewares/authenticate';
import { receiveFile } from '../../middlewares/receiveFile';
import { parseInput, type ValidatingMiddleware } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentImport, presentImportSummary } from '../../presenters/import';
import { findImport, importListPage, importListRecord, importRows } from '../../queries/imports';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One CSV or XLSX of at most 10 MB (multipart field `file`). */
export const receiveImport = receiveFile({ maxBytes: IMPORT_MAX_BYTES, sizeError: IMPORT_MESSAGES.tooLarge });

/** GET /api/imports/templates/:entity.csv → the entity's template (';', UTF-8 with BOM, one example row). */
export async function template(ctx: Ctx) {
  const { entity } = parseInput(ImportTemplateParamsSchema, ctx.params);
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${templateFileName(entity)}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = csvTemplate(entity);
}

/** GET /api/imports/templates/plantilla.xlsx → one sheet per entity, in import order. */
export async function workbookTemplate(ctx: Ctx) {
  ctx.set('Content-Type', XLSX_TYPE);
  ctx.set('Content-Disposition', `attachment; filename="${WORKBOOK_TEMPLATE_NAME}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = await xlsxTemplate();
}

/** The preview as the screens read it. */
async function preview(db: Knex, ctx: Ctx, id: number) {
  const record = await findImport(db, currentUser(ctx), id);
  return presentImport(record, await importRows(db, id));
}

/**
 * POST /api/imports (multipart: file, entity?, forUserId?, agencyId?) → 201 with the preview: every
 * row with its values and its Spanish errors. Nothing but the preview is written.
 */
export const create = Object.assign(
  async (ctx: Ctx) => {
    const user = currentUser(ctx);
    const file = (ctx.request as { file?: Express.Multer.File }).file;
    const fields = parseInput(ImportCreateFieldsSchema, { ...(ctx.request.body as object) });
    if (!file) throw validationError(IMPORT_MESSAGES.noFile, { file: IMPORT_MESSAGES.noFile });
    if (file.size === 0) throw validationError(IMPORT_MESSAGES.empty, { file: IMPORT_MESSAGES.empty });
    const trx = ctx.state.trx!;
    const id = await createImportPreview(trx, user, { bytes: file.buffer, fileName: file.originalname, fields });
    ctx.status = 201;
    ctx.body = await preview(trx, ctx, id);
  },
  // The multipart fields, for the authorization matrix's relationship check (forUserId, agencyId).
  { bodySchema: ImportCreateFieldsSchema },
) as ValidatingMiddleware;

/** GET /api/imports → the user's own imports, newest first (?sort=createdAt: oldest), ?status=, paged (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(ImportsListQuerySchema, ctx.query);
  const rows = await paginate<Record<string, unknown>>(ctx, importListPage(ctx.knex, currentUser(ctx), filters), { page, pageSize });
  ctx.body = rows.map((row) => presentImportSummary(importListRecord(row)));
}

/** GET /api/imports/:id → the preview (or, later, the import's state); only its maker's, or any for the super admin. */
export async function show(ctx: Ctx) {
  const { id } = parseInput(ImportParamsSchema, ctx.params);
  ctx.body = await preview(ctx.knex, ctx, id);
}

/** PUT /api/imports/:id/mapping → 200 with the preview read again with the corrected entities and columns. */
export async function remap(ctx: Ctx, input: ImportMappingPutData) {
  const { id } = parseInput(ImportParamsSchema, ctx.params);
  const trx = ctx.state.trx!;
  await remapImport(trx, currentUser(ctx), id, input);
  ctx.body = await preview(trx, ctx, id);
}

/**
 * POST /api/imports/:id/commit → 202 with the import 'importing': a job writes its valid rows in
 * batches (progress on the live events stream, 'import.progress'); GET /api/imports/:id follows it.
 */
export async function commit(ctx: Ctx) {
  const { id } = parseInput(ImportParamsSchema, ctx.params);
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  await startImportCommit(trx, user, id);
  scheduleImportCommit(trx, ctx.knex, id, user.id);
  ctx.status = 202;
  ctx.body = await preview(trx, ctx, id);
}

/** POST /api/imports/:id/cancel → 200 with the import 'cancelled'; a running job stops before its next batch. */
export async function cancel(ctx: Ctx) {
  const { id } = parseInput(ImportParamsSchema, ctx.params);
  const trx = ctx.state.trx!;
  await cancelImport(trx, currentUser(ctx), id);
  ctx.body = await preview(trx, ctx, id);
}
