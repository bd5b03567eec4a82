import { IdSchema, VisitsListQuerySchema, type VisitsCreateSchema, type VisitsUpdateSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { scheduleVisit, updateVisit } from '../../commands/visitScheduler';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { VISITS_SHEET } from '../../csv/sheets';
import { listPage } from '../../pagination';
import { requestScope, visitsOf } from '../../listSources';
import { presentVisit } from '../../presenters/visit';

/** GET /api/visits → the agency's visits, soonest first or by ?sort=startsAt, paged (X-Total-Count); ?from=&to= (Madrid days, inclusive), ?status=, ?mine=true. */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(VisitsListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, visitsOf(requestScope(ctx), filters), { page, pageSize });
}

/** GET /api/visits.csv → the whole list under the same filters and order, as a CSV (csv/listCsv). */
export const exportCsv = listCsv(VisitsListQuerySchema, VISITS_SHEET, visitsOf);

/** POST /api/visits → 201 with the visit ('Programar Visita', commands/visitScheduler). */
export async function create(ctx: Ctx, input: z.output<typeof VisitsCreateSchema>) {
  const visit = await scheduleVisit(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = presentVisit(visit);
}

/** PATCH /api/visits/:id → the visit, held, cancelled or annotated. */
export async function update(ctx: Ctx, input: z.output<typeof VisitsUpdateSchema>) {
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  ctx.body = presentVisit(await updateVisit(ctx.state.trx!, currentUser(ctx), id, input));
}
