import { IdSchema, RentChargesListQuerySchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { z } from 'zod';
import { confirmPayment, markTransfer } from '../../commands/rentPayments';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { RENT_CHARGES_SHEET } from '../../csv/sheets';
import { listPage } from '../../pagination';
import { chargesOf, requestScope } from '../../listSources';
import { presentPaymentDetails, presentRentCharge } from '../../presenters/rentCharge';
import { paymentDetails, rentCharge } from '../../queries/rentCharges';

const Params = z.object({ id: IdSchema });

/** GET /api/rent-charges → the charges in scope, latest due date first or by ?sort=, paged (X-Total-Count); filters status, contractId, propertyId, period, from, to. */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(RentChargesListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, chargesOf(requestScope(ctx), filters), { page, pageSize });
}

/** GET /api/rent-charges.csv → the whole list under the same filters and order, as a CSV (csv/listCsv). */
export const exportCsv = listCsv(RentChargesListQuerySchema, RENT_CHARGES_SHEET, chargesOf);

/** GET /api/rent-charges/:id/payment → how to pay it: the landlord's masked IBAN, the amount and the reference. */
export async function payment(ctx: Ctx) {
  const { id } = parseInput(Params, ctx.params);
  ctx.body = presentPaymentDetails(await paymentDetails(ctx.knex, currentUser(ctx), id));
}

/** POST /api/rent-charges/:id/transfer → the charge, now 'Transferencia indicada' (the tenant). */
export async function transfer(ctx: Ctx) {
  const { id } = parseInput(Params, ctx.params);
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  await markTransfer(trx, user, id);
  ctx.body = presentRentCharge(await rentCharge(trx, user, id), todayIso());
}

/** POST /api/rent-charges/:id/confirm → the charge, now Pagado, with its income written once (the landlord's side). */
export async function confirm(ctx: Ctx) {
  const { id } = parseInput(Params, ctx.params);
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  await confirmPayment(trx, user, id);
  ctx.body = presentRentCharge(await rentCharge(trx, user, id), todayIso());
}
