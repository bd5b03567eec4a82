import { IdSchema, PageQuerySchema, RENT_CHARGE_STATUSES, type PaymentDetails } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { z } from 'zod';
import { confirmPayment, markTransfer } from '../../commands/rentPayments';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { maskIban, presentRentCharge, type RentChargeRow } from '../../presenters/rentCharge';
import { rentChargeRows } from '../../queries/rentCharges';

const ListQuerySchema = PageQuerySchema.extend({
  contractId: IdSchema.optional(),
  status: z.enum(RENT_CHARGE_STATUSES, { error: 'Estado no válido' }).optional(),
});
const Params = z.object({ id: IdSchema });

/** GET /api/rent-charges[?contractId&status] → the charges in scope, newest due date first, paged. */
export async function list(ctx: Ctx) {
  const query = parseInput(ListQuerySchema, ctx.query);
  const qb = rentChargeRows(ctx.knex, currentUser(ctx));
  if (query.contractId) qb.where('rent_charges.contractId', query.contractId);
  if (query.status) qb.where('rent_charges.status', query.status);
  qb.orderBy([
    { column: 'rent_charges.dueDate', order: 'desc' },
    { column: 'rent_charges.id', order: 'desc' },
  ]);
  const rows = await paginate<RentChargeRow>(ctx, qb, query);
  const today = todayIso();
  ctx.body = rows.map((row) => presentRentCharge(row, today));
}

/** GET /api/rent-charges/:id/payment → how to pay it: the landlord's masked IBAN, the amount and the reference. */
export async function payment(ctx: Ctx) {
  const { id } = parseInput(Params, ctx.params);
  const row = await rentChargeRows(ctx.knex, currentUser(ctx))
    .join('users as owner', 'owner.id', 'main_properties.ownerUserId')
    .where('rent_charges.id', id)
    .first('owner.ibanBancaria as ownerIban', 'owner.firstName as ownerFirstName', 'owner.lastName as ownerLastName');
  if (!row) throw notFound('No se ha encontrado el pago');
  const body: PaymentDetails = {
    chargeId: row.id,
    amount: String(row.amount),
    reference: row.reference,
    dueDate: presentRentCharge(row, todayIso()).dueDate,
    ibanMasked: maskIban(row.ownerIban),
    beneficiary: [row.ownerFirstName, row.ownerLastName].filter(Boolean).join(' ') || 'Propietario',
  };
  ctx.body = body;
}

async function answerCharge(ctx: Ctx, id: number) {
  const row: RentChargeRow = await rentChargeRows(ctx.state.trx!, currentUser(ctx)).where('rent_charges.id', id).first();
  ctx.body = presentRentCharge(row, todayIso());
}

/** POST /api/rent-charges/:id/transfer → the charge, now 'Transferencia indicada' (the tenant). */
export async function transfer(ctx: Ctx) {
  const { id } = parseInput(Params, ctx.params);
  await markTransfer(ctx.state.trx!, currentUser(ctx), id);
  await answerCharge(ctx, id);
}

/** POST /api/rent-charges/:id/confirm → the charge, now Pagado, with its income written once (the landlord's side). */
export async function confirm(ctx: Ctx) {
  const { id } = parseInput(Params, ctx.params);
  await confirmPayment(ctx.state.trx!, currentUser(ctx), id);
  await answerCharge(ctx, id);
}
