import {
  CONTRACT_DETAIL_TRANSACTIONS,
  ContractsListQuerySchema,
  IdSchema,
  type ContractsCreateSchema,
  type ContractsUpdateSchema,
} from '@arrendia/api-contract';
import { loadManageable } from '../../policies/manageable';
import { z } from 'zod';
import { createContract } from '../../commands/contractCreator';
import { contractPdf } from '../../reports/contractPdf';
import { contentDisposition } from '../../storage/files';
import { updateContract } from '../../commands/contractTransitioner';
import type { Ctx } from '../../context';
import { contractRows, transactionRows } from '../../queries/portfolioRows';
import { notFound } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate, type PageOrder } from '../../pagination';
import { factsInListOrder, scopeContracts } from '../../policies/scope';
import type { Knex } from 'knex';
import { presentContractDetail, presentContractListItem, type ContractListRow } from '../../presenters/contract';
import { type TransactionListRow, presentTransactionListItem } from '../../presenters/transaction';

const CONTRACT_NOT_FOUND = 'No se ha encontrado el contrato';

const contractIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;


/** GET /api/contracts → the user's contracts, newest start first, paged (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { status, propertyId, ...page } = parseInput(ContractsListQuerySchema, ctx.query);
  const db = ctx.knex;
  const user = currentUser(ctx);
  const filtered = (qb: Knex.QueryBuilder) => {
    if (status) qb.where('contracts.status', status);
    if (propertyId) qb.where('contracts.mainPropertyId', propertyId);
    return qb;
  };
  const query = filtered(scopeContracts(db, contractRows(db), user));
  // Counted on contracts alone: scope and filters read its own columns.
  const count = filtered(scopeContracts(db, db('contracts'), user));
  const order: PageOrder[] = [
    { column: 'contracts.startDate', order: 'desc' },
    { column: 'contracts.id', order: 'desc' },
  ];
  query.orderBy(order);
  const narrow = factsInListOrder(user) ? undefined : { key: 'contracts.id', order, rows: contractRows(db) };
  const rows = await paginate<ContractListRow>(ctx, query, page, { count, narrow });
  ctx.body = rows.map(presentContractListItem);
}

/** POST /api/contracts → 201 with the new contract's list record. */
export async function create(ctx: Ctx, input: z.output<typeof ContractsCreateSchema>) {
  const contract = await createContract(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = presentContractListItem(contract);
}

/** GET /api/contracts/:id → the contract with its unit, property, tenants, latest transactions and documents. */
export async function show(ctx: Ctx) {
  const id = contractIdOf(ctx);
  const user = currentUser(ctx);
  const db = ctx.knex;
  const contract = await scopeContracts(db, contractRows(db), user)
    .select('rentable_units.currentStatus', 'main_properties.addressStreet', 'main_properties.addressNumber', 'main_properties.city')
    .where('contracts.id', id)
    .first();
  if (!contract) throw notFound(CONTRACT_NOT_FOUND);

  const tenants = await db('tenants_contracts')
    .join('users', 'users.id', 'tenants_contracts.tenantUserId')
    .select('users.id', 'users.firstName', 'users.lastName', 'users.email', 'users.telefono', 'tenants_contracts.isPrimaryTenant')
    .where('tenants_contracts.contractId', id)
    .orderBy([
      { column: 'tenants_contracts.isPrimaryTenant', order: 'desc' },
      { column: 'users.id', order: 'asc' },
    ]);
  const transactions: TransactionListRow[] = await transactionRows(db, user)
    .where('transactions.contractId', id)
    .orderBy([
      { column: 'transactions.transactionDate', order: 'desc' },
      { column: 'transactions.id', order: 'desc' },
    ])
    .limit(CONTRACT_DETAIL_TRANSACTIONS);
  const documents = await db('documents')
    .select('id', 'fileName', 'fileType', 'fileSizeKb', 'createdAt')
    .where({ relatedEntityType: 'contract', relatedEntityId: id })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);

  ctx.body = presentContractDetail({
    contract,
    unit: { id: contract.rentableUnitId, unitName: contract.unitName, currentStatus: contract.currentStatus },
    property: {
      id: contract.propertyId,
      propertyName: contract.propertyName,
      addressStreet: contract.addressStreet,
      addressNumber: contract.addressNumber,
      city: contract.city,
    },
    tenants,
    transactions: transactions.map(presentTransactionListItem),
    documents,
  });
}

/** PATCH /api/contracts/:id → edits the contract and/or moves its status; 200 with its list record. */
export async function update(ctx: Ctx, input: z.output<typeof ContractsUpdateSchema>) {
  const id = contractIdOf(ctx);
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const contract = await loadManageable<ContractListRow>(trx, user, contractRows(trx).where('contracts.id', id), {
    propertyColumn: 'rentable_units.mainPropertyId',
    lock: 'contracts',
    notFoundMessage: CONTRACT_NOT_FOUND,
  });
  const updated = await updateContract(trx, user, contract, input);
  ctx.body = presentContractListItem(updated);
}

/** GET /api/contracts/:id/pdf → the contract as a PDF (a party or the property's staff; anyone else 404). */
export async function pdf(ctx: Ctx) {
  const { fileName, bytes } = await contractPdf(ctx.knex, currentUser(ctx), contractIdOf(ctx));
  ctx.set('Content-Disposition', contentDisposition(fileName));
  ctx.set('Cache-Control', 'private, no-store');
  ctx.type = 'application/pdf';
  ctx.body = bytes;
}
