import type { z } from 'zod';
import { PropertiesListQuerySchema, PropertyOwnersQuerySchema, PropertyParamsSchema, type PropertiesCreateSchema, type PropertiesUpdateSchema } from '@arrendia/api-contract';
import { createProperty } from '../../commands/propertyCreator';
import { deleteProperty, updateProperty } from '../../commands/propertyUpdater';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentProperty, presentPropertyDetail, presentPropertyListItem, presentPropertyOwnerOption, type PropertyColumns, type UnitFigures } from '../../presenters/property';
import { propertyDetail, propertyList, propertyOwnerOptions } from '../../queries/properties';

/** GET /api/properties → the user's properties, newest first, one page; the total in X-Total-Count. */
export async function list(ctx: Ctx) {
  const { archived, ownerId, q, ...page } = parseInput(PropertiesListQuerySchema, ctx.query);
  const { query, options } = propertyList(ctx.knex, currentUser(ctx), { archived, ownerId, q });
  const properties = await paginate<PropertyColumns & UnitFigures>(ctx, query, page, options);
  ctx.body = properties.map((p) => presentPropertyListItem(p, p));
}

/** GET /api/properties/owners?q= → the owners the user may name as owner of a new property (queries/properties). */
export async function owners(ctx: Ctx) {
  const { q } = parseInput(PropertyOwnersQuerySchema, ctx.query);
  ctx.body = (await propertyOwnerOptions(ctx.knex, currentUser(ctx), q)).map(presentPropertyOwnerOption);
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

/** PATCH /api/properties/:id → edits, archives or restores it (see commands/propertyUpdater). */
export async function update(ctx: Ctx, input: z.output<typeof PropertiesUpdateSchema>) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  ctx.body = presentProperty(await updateProperty(ctx.state.trx!, currentUser(ctx), id, input));
}

/** DELETE /api/properties/:id → 204; only a property with no history (see commands/propertyUpdater). */
export async function remove(ctx: Ctx) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  await deleteProperty(ctx.state.trx!, currentUser(ctx), id);
  ctx.status = 204;
}
