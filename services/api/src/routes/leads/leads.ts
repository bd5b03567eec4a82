import { IdSchema, LeadsListQuerySchema, type LeadsUpdateSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { LEAD_NOT_FOUND, updateLead } from '../../commands/leadUpdater';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentLead, type LeadRow } from '../../presenters/lead';
import { leadRows } from '../../queries/pipelineRows';
import { whereContains } from '../../queries/textSearch';

const leadIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/** GET /api/leads → the agency's leads, newest first, paged (X-Total-Count); ?status=&mine=true&q=. */
export async function list(ctx: Ctx) {
  const { status, mine, q, ...page } = parseInput(LeadsListQuerySchema, ctx.query);
  const user = currentUser(ctx);
  const query = leadRows(ctx.knex, user);
  if (status) query.where('leads.status', status);
  if (mine) query.where('leads.assignedAgentUserId', user.id);
  if (q) whereContains(query, ctx.knex, ['leads.name', 'leads.email', 'unit_listings.title'], q);
  query.orderBy([
    { column: 'leads.createdAt', order: 'desc' },
    { column: 'leads.id', order: 'desc' },
  ]);
  const rows = await paginate<LeadRow>(ctx, query, page);
  ctx.body = rows.map(presentLead);
}

/** GET /api/leads/:id → one lead, or 404 outside the user's agency. */
export async function show(ctx: Ctx) {
  const row: LeadRow | undefined = await leadRows(ctx.knex, currentUser(ctx)).where('leads.id', leadIdOf(ctx)).first();
  if (!row) throw notFound(LEAD_NOT_FOUND);
  ctx.body = presentLead(row);
}

/** PATCH /api/leads/:id → the lead, moved, annotated or reassigned (commands/leadUpdater). */
export async function update(ctx: Ctx, input: z.output<typeof LeadsUpdateSchema>) {
  ctx.body = presentLead(await updateLead(ctx.state.trx!, currentUser(ctx), leadIdOf(ctx), input));
}
