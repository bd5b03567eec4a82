import { IdSchema, LeadsListQuerySchema, type LeadsUpdateSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { updateLead } from '../../commands/leadUpdater';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { LEADS_SHEET } from '../../csv/sheets';
import { listPage } from '../../pagination';
import { leadsOf, requestScope } from '../../listSources';
import { presentLead } from '../../presenters/lead';
import { findLead } from '../../queries/pipelineRows';

const leadIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/** GET /api/leads → the agency's leads, newest first or by ?sort=, paged (X-Total-Count); ?status=&mine=true&q=. */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(LeadsListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, leadsOf(requestScope(ctx), filters), { page, pageSize });
}

/** GET /api/leads.csv → the whole list under the same filters and order, as a CSV (csv/listCsv). */
export const exportCsv = listCsv(LeadsListQuerySchema, LEADS_SHEET, leadsOf);

/** GET /api/leads/:id → one lead, or 404 outside the user's agency. */
export async function show(ctx: Ctx) {
  ctx.body = presentLead(await findLead(ctx.knex, currentUser(ctx), leadIdOf(ctx)));
}

/** PATCH /api/leads/:id → the lead, moved, annotated or reassigned (commands/leadUpdater). */
export async function update(ctx: Ctx, input: z.output<typeof LeadsUpdateSchema>) {
  ctx.body = presentLead(await updateLead(ctx.state.trx!, currentUser(ctx), leadIdOf(ctx), input));
}
