import type { z } from 'zod';
import { PropertiesListQuerySchema, PropertyParamsSchema, type PropertiesCreateSchema, type PropertiesUpdateSchema } from '@arrendia/api-contract';
import { createProperty } from '../../commands/propertyCreator';
import { archiveProperty, deleteProperty } from '../../commands/propertyUpdater';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentProperty, presentPropertyDetail, presentPropertyListItem, type PropertyColumns, type UnitFigures } from '../../presenters/property';
import { propertyDetail, propertyList } from '../../queries/properties';

/** GET /api/properties → the user's properties, newest first, one page; the total in X-Total-Count. */
export async function list(ctx: Ctx) {
  const { archived, ownerId, q, ...page } = parseInput(PropertiesListQuerySchema, ctx.query);
  const { query, options } = propertyList(ctx.knex, currentUser(ctx), { archived, ownerId, q });
  const properties = await paginate<PropertyColumns & UnitFigures>(ctx, query, page, options);
  ctx.body = properties.map((p) => presentPropertyListItem(p, p));
}

/** POST /api/properties → 201 with the new property (and its first unit when `unitType` is given). */
export async function create(ctx: Ctx, input: z.output<typeof PropertiesCreateSchema>) {
  const property = await createProperty(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.set('Location', `/api/properties/${property.id}`);
  ctx.body = presentProperty(property);
}

/** GET /api/properties/:id → the property with its units, contracts, latest incidents and transactions. */
export async function show(ctx: Ctx) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  ctx.body = presentPropertyDetail(await propertyDetail(ctx.knex, currentUser(ctx), id));
}

/** PATCH /api/properties/:id → archives or restores it (see commands/propertyUpdater). */
export async function update(ctx: Ctx, input: z.output<typeof PropertiesUpdateSchema>) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  ctx.body = presentProperty(await archiveProperty(ctx.state.trx!, currentUser(ctx), id, input.isArchived));
}

/** DELETE /api/properties/:id → 204; only a property with no history (see commands/propertyUpdater). */
export async function remove(ctx: Ctx) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  await deleteProperty(ctx.state.trx!, currentUser(ctx), id);
  ctx.status = 204;
}
