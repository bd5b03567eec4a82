import { RENT_UPDATE_MESSAGES, RentUpdateParamsSchema, RentUpdatesListQuerySchema, type RentUpdatePatchData } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import { adjustRentUpdate, sendRentUpdateNotice } from '../../commands/rentUpdater';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import type { User } from '../../models/User';
import { paginate } from '../../pagination';
import { loadInScope } from '../../policies/inScope';
import { presentRentUpdate } from '../../presenters/rentUpdate';
import { contractTenantNames, rentUpdateListPage, rentUpdateRows, type RentUpdateRow } from '../../queries/rentUpdates';
import { documentsDir } from '../../storage/files';

/** Rows presented with their contracts' tenants (one query for the page). */
async function present(db: Knex | Knex.Transaction, rows: readonly RentUpdateRow[]) {
  const tenants = await contractTenantNames(db, rows.map((r) => r.contractId));
  return rows.map((row) => presentRentUpdate(row, tenants.get(row.contractId) ?? []));
}

/** One rent update of the contracts the user sees (404 otherwise), presented. */
async function one(db: Knex | Knex.Transaction, user: User, id: number) {
  const row = await loadInScope<RentUpdateRow>(rentUpdateRows(db, user).where('rent_updates.id', id), { notFound: RENT_UPDATE_MESSAGES.notFound });
  return (await present(db, [row]))[0]!;
}

/** GET /api/rent-updates?month=&status=&propertyId=&contractId=&sort= → the user's contracts' updates, the nearest anniversary first, paged (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(RentUpdatesListQuerySchema, ctx.query);
  const rows = await paginate<RentUpdateRow>(ctx, rentUpdateListPage(ctx.knex, currentUser(ctx), filters), { page, pageSize });
  ctx.body = await present(ctx.knex, rows);
}

/** GET /api/rent-updates/:id → one update with its calculation. */
export async function show(ctx: Ctx) {
  const { id } = parseInput(RentUpdateParamsSchema, ctx.params);
  ctx.body = await one(ctx.knex, currentUser(ctx), id);
}

/** PATCH /api/rent-updates/:id {percent} | {discarded: true} → 200 with the update (409 above the legal limit or once notified). */
export async function patch(ctx: Ctx, input: RentUpdatePatchData) {
  const { id } = parseInput(RentUpdateParamsSchema, ctx.params);
  const trx = ctx.state.trx!;
  await adjustRentUpdate(trx, currentUser(ctx), id, input);
  ctx.body = await one(trx, currentUser(ctx), id);
}

/** POST /api/rent-updates/:id/notice → 200 with the update 'notificada': the letter in the contract's documents, the tenants told. */
export async function notice(ctx: Ctx) {
  const { id } = parseInput(RentUpdateParamsSchema, ctx.params);
  const trx = ctx.state.trx!;
  await sendRentUpdateNotice(trx, currentUser(ctx), id, { documentsDir: documentsDir(ctx.config), today: todayIso() });
  ctx.body = await one(trx, currentUser(ctx), id);
}
