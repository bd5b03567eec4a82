import { UnitsListQuerySchema } from '@arrendia/api-contract';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { presentUnitOption } from '../../presenters/unit';
import { unitOptions } from '../../queries/units';

/**
 * GET /api/units?available=&propertyId= → the units of the properties the user manages (the
 * contract form's choice), by property name then unit name. `available=true` keeps the active
 * units of non-archived properties that no Activo contract rents.
 */
export async function list(ctx: Ctx) {
  const { available, propertyId } = parseInput(UnitsListQuerySchema, ctx.query);
  ctx.body = (await unitOptions(ctx.knex, currentUser(ctx), { available, propertyId })).map(presentUnitOption);
}
