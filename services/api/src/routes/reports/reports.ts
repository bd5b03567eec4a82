import { IdSchema, type ReportsCreateSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { generateReport } from '../../commands/reportGenerator';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { presentReport } from '../../presenters/report';
import { ownReport, report, reportList } from '../../queries/reports';
import { sendFile } from '../../storage/download';
import { reportsDir } from '../../storage/files';

/** POST /api/reports {reportType, from, to, ownerUserId?} → 201 with the generated report's metadata. */
export async function create(ctx: Ctx, input: z.output<typeof ReportsCreateSchema>) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const row = await generateReport(trx, user, reportsDir(ctx.config), input);
  ctx.status = 201;
  ctx.body = presentReport(await report(trx, user, row.id));
}

/** GET /api/reports → the user's own reports, newest first (at most 100). */
export async function list(ctx: Ctx) {
  ctx.body = (await reportList(ctx.knex, currentUser(ctx))).map(presentReport);
}

/** GET /api/reports/:id/download → the PDF; only its owner (404 for anyone else). */
export async function download(ctx: Ctx) {
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  const row = await ownReport(ctx.knex, currentUser(ctx), id);
  await sendFile(ctx, {
    dir: reportsDir(ctx.config),
    storedName: row.filePath,
    fileName: row.fileName,
    mimeType: 'application/pdf',
    cacheControl: 'private, no-store',
    missing: 'El archivo del reporte ya no está disponible',
  });
}
