import type { z } from 'zod';
import { PropertiesListQuerySchema, PropertyOwnersQuerySchema, PropertyParamsSchema, PropertyUnitsListQuerySchema, type PropertiesCreateSchema, type PropertiesUpdateSchema, type PropertyAgencyPutSchema, type PropertyAgentPutSchema, type UnitCreateSchema } from '@arrendia/api-contract';
import { createProperty } from '../../commands/propertyCreator';
import { deleteProperty, updateProperty } from '../../commands/propertyUpdater';
import { createUnit } from '../../commands/unitEditor';
import { assignAgent } from '../../commands/agentAssigner';
import { setManagingAgency } from '../../commands/propertyAgency';
import { presentConsentRequest } from '../../presenters/consentRequest';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { PROPERTIES_SHEET, PROPERTY_UNITS_SHEET } from '../../csv/sheets';
import { listPage, listSource, type ListFilters } from '../../pagination';
import { propertiesOf, requestScope, type ListScope } from '../../listSources';
import { presentProperty, presentPropertyDetail, presentPropertyOwnerOption } from '../../presenters/property';
import { presentPropertyUnit } from '../../presenters/unit';
import { presentPerson } from '../../presenters/user';
import { assignableAgents, propertyDetail, propertyOwnerOptions } from '../../queries/properties';
import { propertyUnit, propertyUnitList, unitsInOrder } from '../../queries/units';
import { assertPropertyVisible } from '../../policies/scope';

/** GET /api/properties → the user's properties, newest first or by ?sort=, one page (X-Total-Count); filters archived, ownerId, city, q. */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(PropertiesListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, propertiesOf(requestScope(ctx), filters), { page, pageSize });
}

/** GET /api/properties.csv → the whole list under the same filters and order, as a CSV (csv/listCsv). */
export const exportCsv = listCsv(PropertiesListQuerySchema, PROPERTIES_SHEET, propertiesOf);

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

/** The units of the property in the path under the list's filters, in its order; 404 outside the user's scope. */
async function unitsOf({ knex, user }: ListScope, filters: ListFilters<typeof PropertyUnitsListQuerySchema>, ctx: Ctx) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  await assertPropertyVisible(knex, user, id);
  return listSource(propertyUnitList(knex, id, filters), async (ids: { id: number }[]) => (await unitsInOrder(knex, ids.map((row) => row.id))).map(presentPropertyUnit));
}

/**
 * GET /api/properties/:id/units → its units, archived ones too, with type, details and occupancy:
 * the active ones first in the order they were added, or by ?sort=; paged (X-Total-Count);
 * filters status, type, archived, q.
 */
export async function units(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(PropertyUnitsListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, await unitsOf(requestScope(ctx), filters, ctx), { page, pageSize });
}

/** GET /api/properties/:id/units.csv → all of them under the same filters and order, as a CSV. */
export const exportUnitsCsv = listCsv(PropertyUnitsListQuerySchema, PROPERTY_UNITS_SHEET, unitsOf);

/** POST /api/properties/:id/units → 201 with the new unit ('Añadir unidad'; commands/unitEditor). */
export async function addUnit(ctx: Ctx, input: z.output<typeof UnitCreateSchema>) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  const unit = await createUnit(ctx.state.trx!, currentUser(ctx), id, input);
  ctx.status = 201;
  ctx.set('Location', `/api/units/${unit.id}`);
  ctx.body = presentPropertyUnit(await propertyUnit(ctx.state.trx!, unit.id));
}

/** GET /api/properties/:id/agents → the agents the user may put in charge of it (queries/properties). */
export async function agents(ctx: Ctx) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  ctx.body = (await assignableAgents(ctx.knex, currentUser(ctx), id)).map(presentPerson);
}

/** PUT /api/properties/:id/agent {agentUserId} → {assignedAgent}: the agent now in charge, or null (commands/agentAssigner). */
export async function putAgent(ctx: Ctx, input: z.output<typeof PropertyAgentPutSchema>) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  const agent = await assignAgent(ctx.state.trx!, currentUser(ctx), id, input.agentUserId);
  ctx.body = { assignedAgent: agent && presentPerson(agent) };
}

/** PUT /api/properties/:id/agency {managerAgencyId} → {managerAgencyId, pendingRequest} (commands/propertyAgency). */
export async function putAgency(ctx: Ctx, input: z.output<typeof PropertyAgencyPutSchema>) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  const { managerAgencyId, pendingRequest } = await setManagingAgency(ctx.state.trx!, currentUser(ctx), id, input.managerAgencyId);
  ctx.body = { managerAgencyId, pendingRequest: pendingRequest && presentConsentRequest(pendingRequest) };
}
