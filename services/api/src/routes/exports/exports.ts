import { EXPORT_MESSAGES, ExportParamsSchema, ExportsListQuerySchema, exportFileName } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { exportStorage, requestDataExport, scheduleDataExport } from '../../commands/dataExporter';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { listPage, listSource } from '../../pagination';
import { presentDataExport } from '../../presenters/dataExport';
import { dataExportList, downloadableExport, findDataExport, type DataExportRow } from '../../queries/dataExports';
import { sendFile } from '../../storage/download';

/**
 * POST /api/exports → 202 with the export 'pending': a job builds the ZIP once this request commits
 * ('export.ready' on the live stream when it is ready or failed). 409 while another one is running,
 * 429 past the day's allowance.
 */
export async function create(ctx: Ctx) {
  const trx = ctx.state.trx!;
  const row = await requestDataExport(trx, currentUser(ctx));
  scheduleDataExport(trx, ctx.knex, row.id, exportStorage(ctx.config, ctx.log));
  ctx.status = 202;
  ctx.set('Location', `/api/exports/${row.id}`);
  ctx.body = presentDataExport(row);
}

/** GET /api/exports → the user's own exports, newest first, paged (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { page, pageSize } = parseInput(ExportsListQuerySchema, ctx.query);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await listPage(ctx, listSource(dataExportList(ctx.knex, currentUser(ctx)), (rows: DataExportRow[]) => rows.map(presentDataExport)), { page, pageSize });
}

/** GET /api/exports/:id → one of the user's exports (another user's is a 404). */
export async function show(ctx: Ctx) {
  const { id } = parseInput(ExportParamsSchema, ctx.params);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = presentDataExport(await findDataExport(ctx.knex, currentUser(ctx), id));
}

/** GET /api/exports/:id/download → the ZIP; 409 until ready, 410 once its link has expired, 404 for another user's. */
export async function download(ctx: Ctx) {
  const { id } = parseInput(ExportParamsSchema, ctx.params);
  const row = await downloadableExport(ctx.knex, currentUser(ctx), id);
  await sendFile(ctx, {
    dir: exportStorage(ctx.config).exportsDir,
    storedName: row.storedName,
    fileName: exportFileName(todayIso(new Date(row.finishedAt ?? row.createdAt))),
    mimeType: 'application/zip',
    cacheControl: 'private, no-store',
    missing: EXPORT_MESSAGES.missingFile,
  });
}
