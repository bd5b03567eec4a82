import { IdSchema, type AgentPatchSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { updateAgentTarget } from '../../commands/agencySettings';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { agentPerformance, agentProperties } from '../../queries/agentFigures';

/** GET /api/agents/me/performance → 'Rendimiento': this month against the caller's target. */
export async function performance(ctx: Ctx) {
  ctx.body = await agentPerformance(ctx.knex, currentUser(ctx));
}

/** GET /api/agents/me/properties → 'Mis Propiedades': the properties the caller is in charge of. */
export async function properties(ctx: Ctx) {
  ctx.body = await agentProperties(ctx.knex, currentUser(ctx));
}

/** PATCH /api/agents/:id {monthlyTarget} → the agent's new monthly target (the agency manager). */
export async function patch(ctx: Ctx, input: z.output<typeof AgentPatchSchema>) {
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  const { monthlyTarget } = input;
  ctx.body = await updateAgentTarget(ctx.state.trx!, currentUser(ctx), id, monthlyTarget);
}
