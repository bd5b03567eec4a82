import { ContractsListQuerySchema, IdSchema, type ContractsCreateSchema, type ContractsUpdateSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { createContract } from '../../commands/contractCreator';
import { editContract } from '../../commands/contractTransitioner';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { CONTRACTS_SHEET } from '../../csv/sheets';
import { listPage } from '../../pagination';
import { contractsOf, requestScope } from '../../listSources';
import { presentContractDetail, presentContractListItem, presentRentHistory } from '../../presenters/contract';
import { contractDetail, contractRentHistory } from '../../queries/contracts';
import { contractPdf } from '../../reports/contractPdf';
import { contentDisposition } from '../../storage/files';

const contractIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/** GET /api/contracts → the user's contracts, latest start first or by ?sort=, paged (X-Total-Count); filters status, propertyId, q, from, to. */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(ContractsListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, contractsOf(requestScope(ctx), filters), { page, pageSize });
}

/** GET /api/contracts.csv → the whole list under the same filters and order, as a CSV (csv/listCsv). */
export const exportCsv = listCsv(ContractsListQuerySchema, CONTRACTS_SHEET, contractsOf);

/** POST /api/contracts → 201 with the new contract's list record. */
export async function create(ctx: Ctx, input: z.output<typeof ContractsCreateSchema>) {
  const contract = await createContract(ctx.state.trx!, currentUser(ctx), input, { rentUpdateNoticeDays: ctx.config.rentUpdateNoticeDays });
  ctx.status = 201;
  ctx.body = presentContractListItem(contract);
}

/** GET /api/contracts/:id → the contract with its unit, property, tenants, latest transactions and documents. */
export async function show(ctx: Ctx) {
  ctx.body = presentContractDetail(await contractDetail(ctx.knex, currentUser(ctx), contractIdOf(ctx)));
}

/** GET /api/contracts/:id/rent-history → every rent the contract has had, from its start, oldest first (anyone who sees it; 404 otherwise). */
export async function rentHistory(ctx: Ctx) {
  const { contract, changes } = await contractRentHistory(ctx.knex, currentUser(ctx), contractIdOf(ctx));
  ctx.body = presentRentHistory(contract, changes);
}

/** PATCH /api/contracts/:id → edits the contract and/or moves its status; 200 with its list record. */
export async function update(ctx: Ctx, input: z.output<typeof ContractsUpdateSchema>) {
  ctx.body = presentContractListItem(await editContract(ctx.state.trx!, currentUser(ctx), contractIdOf(ctx), input, { rentUpdateNoticeDays: ctx.config.rentUpdateNoticeDays }));
}

/** GET /api/contracts/:id/pdf → the contract as a PDF (a party or the property's staff; anyone else 404). */
export async function pdf(ctx: Ctx) {
  const { fileName, bytes } = await contractPdf(ctx.knex, currentUser(ctx), contractIdOf(ctx));
  ctx.set('Content-Disposition', contentDisposition(fileName));
  ctx.set('Cache-Control', 'private, no-store');
  ctx.type = 'application/pdf';
  ctx.body = bytes;
}
