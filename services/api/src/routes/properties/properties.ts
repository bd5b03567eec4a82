import type { z } from 'zod';
import {
  PROPERTY_DETAIL_INCIDENTS,
  PROPERTY_DETAIL_TRANSACTIONS,
  PropertiesListQuerySchema,
  PropertyParamsSchema,
  type PropertiesCreateSchema,
  type PropertiesUpdateSchema,
} from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { createProperty } from '../../commands/propertyCreator';
import { archiveProperty, deleteProperty } from '../../commands/propertyUpdater';
import type { Ctx } from '../../context';
import { contractRows, incidentRows, transactionRows } from '../../queries/portfolioRows';
import { notFound } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { RentableUnit } from '../../models/RentableUnit';
import { paginate } from '../../pagination';
import { resolvePropertyParties } from '../../policies/property';
import { scopeContracts, scopeProperties } from '../../policies/scope';
import { presentContractListItem, type ContractListRow } from '../../presenters/contract';
import { presentIncidentListItem, type IncidentRow } from '../../presenters/incident';
import {
  PROPERTY_COLUMNS,
  presentProperty,
  presentPropertyDetail,
  presentPropertyListItem,
  type PropertyColumns,
  type UnitFigures,
} from '../../presenters/property';
import { presentTransactionListItem, type TransactionListRow } from '../../presenters/transaction';
import { presentPropertyUnit } from '../../presenters/unit';
import { whereContains } from '../../queries/textSearch';

const PROPERTY_NOT_FOUND = 'No se ha encontrado la propiedad';

/** What `?q=` searches, ignoring case and accents (queries/textSearch.ts). */
const SEARCHED_COLUMNS = ['main_properties.propertyName', 'main_properties.addressStreet', 'main_properties.city'];

/**
 * The card figures of each property's active units, joined to the page's rows only (a lateral
 * subquery per row of the page, in the same round trip; the count does not compute them).
 */
function withUnitFigures(db: Knex, page: Knex.QueryBuilder): Knex.QueryBuilder {
  return page
    .joinRaw(
      `left join lateral (
         select count(*)::int as "unitCount",
                (count(*) filter (where ru."currentStatus" = 'Alquilado'))::int as "rentedUnits",
                coalesce(sum(ru."baseRentPrice"), 0)::numeric(14,2)::text as "monthlyRent"
           from rentable_units ru
          where ru."mainPropertyId" = main_properties.id and ru."isActive"
       ) as figures on true`,
    )
    .select(db.raw('figures.*'));
}

/** GET /api/properties → the user's properties, newest first, one page; the total in X-Total-Count. */
export async function list(ctx: Ctx) {
  const query = parseInput(PropertiesListQuerySchema, ctx.query);
  const db = ctx.knex;
  const qb = scopeProperties(db, db('main_properties').select(PROPERTY_COLUMNS.map((column) => `main_properties.${column}`)), currentUser(ctx));
  if (query.archived !== undefined) qb.where('main_properties.isArchived', query.archived);
  if (query.ownerId !== undefined) qb.where('main_properties.ownerUserId', query.ownerId);
  if (query.q) whereContains(qb, db, SEARCHED_COLUMNS, query.q);
  qb.orderBy([
    { column: 'main_properties.createdAt', order: 'desc' },
    { column: 'main_properties.id', order: 'desc' },
  ]);

  const properties = await paginate<PropertyColumns & UnitFigures>(ctx, qb, query, { decorate: (page) => withUnitFigures(db, page) });
  ctx.body = properties.map((p) => presentPropertyListItem(p, p));
}

/** POST /api/properties → 201 with the new property (and its first unit when `unitType` is given). */
export async function create(ctx: Ctx, input: z.output<typeof PropertiesCreateSchema>) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const parties = await resolvePropertyParties(trx, user, input);
  const property = await createProperty(trx, user, input, parties);
  ctx.status = 201;
  ctx.set('Location', `/api/properties/${property.id}`);
  ctx.body = presentProperty(property);
}

/** GET /api/properties/:id → the property with its units, contracts, latest incidents and transactions. */
export async function show(ctx: Ctx) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  const db = ctx.knex;
  const user = currentUser(ctx);
  const property: PropertyColumns | undefined = await scopeProperties(db, db('main_properties').select('main_properties.*').where('main_properties.id', id), user).first();
  if (!property) throw notFound(PROPERTY_NOT_FOUND);

  const units = await RentableUnit.query(db).where('mainPropertyId', id).withGraphFetched('[unitType, details]').orderBy('id');

  // The rows below hang off a property the user may see; each still goes through its own scope.
  const contracts: ContractListRow[] = await scopeContracts(db, contractRows(db).where('rentable_units.mainPropertyId', id), user).orderBy([
    { column: 'contracts.startDate', order: 'desc' },
    { column: 'contracts.id', order: 'desc' },
  ]);

  const incidents: IncidentRow[] = await incidentRows(db, user)
    .where('rentable_units.mainPropertyId', id)
    .orderBy([
      { column: 'incidents.createdAt', order: 'desc' },
      { column: 'incidents.id', order: 'desc' },
    ])
    .limit(PROPERTY_DETAIL_INCIDENTS);

  const transactions: TransactionListRow[] = await transactionRows(db, user)
    .where('transactions.mainPropertyId', id)
    .orderBy([
      { column: 'transactions.transactionDate', order: 'desc' },
      { column: 'transactions.id', order: 'desc' },
    ])
    .limit(PROPERTY_DETAIL_TRANSACTIONS);

  ctx.body = presentPropertyDetail({
    property,
    units: units.map((unit) => presentPropertyUnit({ ...unit, unitType: unit.unitType! })),
    contracts: contracts.map(presentContractListItem),
    incidents: incidents.map(presentIncidentListItem),
    recentTransactions: transactions.map(presentTransactionListItem),
  });
}

/** PATCH /api/properties/:id → archives or restores it (see commands/propertyUpdater). */
export async function update(ctx: Ctx, input: z.output<typeof PropertiesUpdateSchema>) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  const patch = input;
  ctx.body = presentProperty(await archiveProperty(ctx.state.trx!, currentUser(ctx), id, patch.isArchived));
}

/** DELETE /api/properties/:id → 204; only a property with no history (see commands/propertyUpdater). */
export async function remove(ctx: Ctx) {
  const { id } = parseInput(PropertyParamsSchema, ctx.params);
  await deleteProperty(ctx.state.trx!, currentUser(ctx), id);
  ctx.status = 204;
}
