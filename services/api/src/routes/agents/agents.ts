import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { agentPerformance, agentProperties } from '../../queries/agentFigures';

/** GET /api/agents/me/performance → 'Rendimiento': this month against the caller's target. */
export async function performance(ctx: Ctx) {
  ctx.body = await agentPerformance(ctx.knex, currentUser(ctx));
}

/** GET /api/agents/me/properties → 'Mis Propiedades': the properties the caller is in charge of. */
export async function properties(ctx: Ctx) {
  ctx.body = await agentProperties(ctx.knex, currentUser(ctx));
}
