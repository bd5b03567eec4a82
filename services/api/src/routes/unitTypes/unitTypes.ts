import { UNIT_TYPE_NAMES } from '@arrendia/api-contract';
import type { Ctx } from '../../context';
import { UnitType } from '../../models/UnitType';
import { presentUnitType } from '../../presenters/unit';

/** Position of a type in the spec's order (the property form's); types added later go last. */
const rank = (typeName: string) => {
  const i = (UNIT_TYPE_NAMES as readonly string[]).indexOf(typeName);
  return i === -1 ? UNIT_TYPE_NAMES.length : i;
};

/** GET /api/unit-types → every unit type, in the spec's order (vivienda … local), then by name. */
export async function list(ctx: Ctx) {
  // A handful of reference rows: sorted here rather than teaching SQL the spec's order.
  const types = await UnitType.query(ctx.knex).orderBy('typeName');
  ctx.body = types.sort((a, b) => rank(a.typeName) - rank(b.typeName)).map(presentUnitType);
}
