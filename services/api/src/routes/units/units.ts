import type { z } from 'zod';
import { UnitParamsSchema, UnitsListQuerySchema, type UnitUpdateSchema } from '@arrendia/api-contract';
import { updateUnit } from '../../commands/unitEditor';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { UNITS_SHEET } from '../../csv/sheets';
import { listPage } from '../../pagination';
import { requestScope, unitsOf } from '../../listSources';
import { presentPropertyUnit } from '../../presenters/unit';
import { propertyUnit } from '../../queries/units';

/**
 * GET /api/units → the units of the properties the user manages (the contract form's choice), by
 * property name then unit name or by ?sort=, paged (X-Total-Count); filters available,
 * propertyId, status, q. `available=true` keeps the active units of non-archived properties that
 * no Activo contract rents.
 */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(UnitsListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, unitsOf(requestScope(ctx), filters), { page, pageSize });
}

/** GET /api/units.csv → every unit of the list under the same filters and order, as a CSV (csv/listCsv). */
export const exportCsv = listCsv(UnitsListQuerySchema, UNITS_SHEET, unitsOf);

/** PATCH /api/units/:id → the unit as its property's detail shows it ('Editar unidad', archive, restore; commands/unitEditor). */
export async function update(ctx: Ctx, input: z.output<typeof UnitUpdateSchema>) {
  const { id } = parseInput(UnitParamsSchema, ctx.params);
  const unit = await updateUnit(ctx.state.trx!, currentUser(ctx), id, input);
  ctx.body = presentPropertyUnit(await propertyUnit(ctx.state.trx!, unit.id));
}
