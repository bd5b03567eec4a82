import fs from 'node:fs/promises';
import { IdSchema, type ReportsCreateSchema } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { z } from 'zod';
import { generateReport } from '../../commands/reportGenerator';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { presentReport, type ReportRow } from '../../presenters/report';
import { contentDisposition, reportsDir, storedPath } from '../../storage/files';

/** The user's reports with the principal each one is about (if any). */
function reportRows(db: Knex | Knex.Transaction, ctx: Ctx) {
  return db('reports')
    .leftJoin('users as owner', 'owner.id', 'reports.ownerUserId')
    .select('reports.*', 'owner.firstName as ownerFirstName', 'owner.lastName as ownerLastName')
    .where('reports.userId', currentUser(ctx).id);
}

/** POST /api/reports {reportType, from, to, ownerUserId?} → 201 with the generated report's metadata. */
export async function create(ctx: Ctx, input: z.output<typeof ReportsCreateSchema>) {
  const row = await generateReport(ctx.state.trx!, currentUser(ctx), reportsDir(ctx.config), input);
  ctx.status = 201;
  ctx.body = presentReport(await reportRows(ctx.state.trx!, ctx).where('reports.id', row.id).first());
}

/** GET /api/reports → the user's own reports, newest first (at most 100). */
export async function list(ctx: Ctx) {
  const rows: ReportRow[] = await reportRows(ctx.knex, ctx)
    .orderBy([
      { column: 'reports.createdAt', order: 'desc' },
      { column: 'reports.id', order: 'desc' },
    ])
    .limit(100);
  ctx.body = rows.map(presentReport);
}

/** GET /api/reports/:id/download → the PDF; only its owner (404 for anyone else). */
export async function download(ctx: Ctx) {
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  const row: ReportRow | undefined = await ctx.knex('reports').where({ id, userId: currentUser(ctx).id }).first();
  if (!row) throw notFound('No se ha encontrado el reporte');
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(storedPath(reportsDir(ctx.config), row.filePath));
  } catch {
    throw notFound('El archivo del reporte ya no está disponible');
  }
  ctx.set('Content-Disposition', contentDisposition(row.fileName));
  ctx.set('Cache-Control', 'private, no-store');
  ctx.type = 'application/pdf';
  ctx.body = bytes;
}
