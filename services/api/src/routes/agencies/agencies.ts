import { AgenciesListQuerySchema, AgencyDirectoryQuerySchema, IdSchema, type AgenciesCreateSchema, type AgenciesPatchSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { createAgency, updateAgency } from '../../commands/agencyAdministrator';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentAgency, presentAgencyDirectoryEntry } from '../../presenters/agency';
import { agencyDirectory, agencyListQuery, loadAgencyRow, type AgencyRowRecord } from '../../queries/agencies';

const agencyIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/** The agency as the list shows it, through the request's transaction. */
async function loadRow(ctx: Ctx, id: number) {
  return presentAgency(await loadAgencyRow(ctx.state.trx ?? ctx.knex, currentUser(ctx), id));
}

/** GET /api/agencies?q=&status=&sort= → one page of the agencies the user may see, by name or by ?sort= (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(AgenciesListQuerySchema, ctx.query);
  const rows = await paginate<AgencyRowRecord>(ctx, agencyListQuery(ctx.knex, currentUser(ctx), filters), { page, pageSize });
  ctx.body = rows.map(presentAgency);
}

/** POST /api/agencies → 201 with the new agency. */
export async function create(ctx: Ctx, input: z.output<typeof AgenciesCreateSchema>) {
  const id = await createAgency(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = await loadRow(ctx, id);
}

/** PATCH /api/agencies/:id → the agency with its new data (or status). */
export async function patch(ctx: Ctx, input: z.output<typeof AgenciesPatchSchema>) {
  const id = agencyIdOf(ctx);
  await updateAgency(ctx.state.trx!, currentUser(ctx), id, input);
  ctx.body = await loadRow(ctx, id);
}

/** GET /api/agencies/directory?q= → the active agencies an owner may hand a property to (queries/agencies agencyDirectory). */
export async function directory(ctx: Ctx) {
  const { q } = parseInput(AgencyDirectoryQuerySchema, ctx.query);
  ctx.body = (await agencyDirectory(ctx.knex, q)).map(presentAgencyDirectoryEntry);
}
