import { PageQuerySchema, type ProvidersCreateSchema } from '@arrendia/api-contract';
import type { z } from 'zod';
import { registerProvider } from '../../commands/maintenanceScheduler';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentProvider, type ProviderRow } from '../../presenters/maintenance';
import { providerList } from '../../queries/maintenanceRows';

/** GET /api/providers → the user's providers by name, paged. */
export async function list(ctx: Ctx) {
  const page = parseInput(PageQuerySchema, ctx.query);
  ctx.body = (await paginate<ProviderRow>(ctx, providerList(ctx.knex, currentUser(ctx)), page)).map(presentProvider);
}

/** POST /api/providers → 201 with the provider. */
export async function create(ctx: Ctx, input: z.output<typeof ProvidersCreateSchema>) {
  const row = await registerProvider(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = presentProvider(row);
}
