import type { Ctx } from '../../context';
import { presentUnitType } from '../../presenters/unit';
import { unitTypes } from '../../queries/units';

/** GET /api/unit-types → every unit type, in the spec's order (vivienda … local), then by name. */
export async function list(ctx: Ctx) {
  ctx.body = (await unitTypes(ctx.knex)).map(presentUnitType);
}
