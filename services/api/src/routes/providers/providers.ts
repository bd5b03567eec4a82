import { IdSchema, ProvidersListQuerySchema, type ProvidersCreateSchema, type ProvidersUpdateSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { registerProvider, updateProvider } from '../../commands/maintenanceScheduler';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { PROVIDERS_SHEET } from '../../csv/sheets';
import { listPage } from '../../pagination';
import { providersOf, requestScope } from '../../listSources';
import { presentProvider } from '../../presenters/maintenance';

/** GET /api/providers → the user's providers by name, paged (X-Total-Count); filters q, trade, active. */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(ProvidersListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, providersOf(requestScope(ctx), filters), { page, pageSize });
}

/** GET /api/providers.csv → the whole list under the same filters and order, as a CSV (csv/listCsv). */
export const exportCsv = listCsv(ProvidersListQuerySchema, PROVIDERS_SHEET, providersOf);

/** POST /api/providers → 201 with the provider. */
export async function create(ctx: Ctx, input: z.output<typeof ProvidersCreateSchema>) {
  const row = await registerProvider(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = presentProvider(row);
}

/** PATCH /api/providers/:id → the provider, edited, deactivated or reactivated. */
export async function update(ctx: Ctx, input: z.output<typeof ProvidersUpdateSchema>) {
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  ctx.body = presentProvider(await updateProvider(ctx.state.trx!, currentUser(ctx), id, input));
}
