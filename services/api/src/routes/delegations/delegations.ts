import { IdSchema, PageQuerySchema, type DelegationsCreateSchema } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { z } from 'zod';
import { requestDelegation } from '../../commands/consentRequests';
import { revokeDelegation } from '../../commands/delegationGranter';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import type { User } from '../../models/User';
import { paginate } from '../../pagination';
import { scopeDelegations } from '../../policies/scope';
import { madridDayBounds, madridMonthBounds } from '../../queries/dashboardMetrics';
import { presentDelegation, type DelegationRow } from '../../presenters/delegation';

/**
 * Delegations in the user's scope with both people and, per principal, the figures of the delegated
 * owner's dashboard: properties, units and how many are rented, and this month's collected rent.
 */
function delegationRows(db: Knex | Knex.Transaction, user: User): Knex.QueryBuilder {
  const { from, to } = madridMonthBounds();
  const query = db('owner_delegations')
    .join('users as owner', 'owner.id', 'owner_delegations.ownerUserId')
    .join('users as delegate', 'delegate.id', 'owner_delegations.delegateUserId')
    .select(
      'owner_delegations.ownerUserId',
      'owner.firstName as ownerFirstName',
      'owner.lastName as ownerLastName',
      'owner.email as ownerEmail',
      'owner_delegations.delegateUserId',
      'delegate.firstName as delegateFirstName',
      'delegate.lastName as delegateLastName',
      'delegate.email as delegateEmail',
      'owner_delegations.createdAt',
      db.raw('(select count(*) from main_properties p where p."ownerUserId" = owner_delegations."ownerUserId" and not p."isArchived") as "properties"'),
      db.raw(
        `(select count(*) from rentable_units u join main_properties p on p.id = u."mainPropertyId"
           where p."ownerUserId" = owner_delegations."ownerUserId" and not p."isArchived" and u."isActive") as "units"`,
      ),
      db.raw(
        `(select count(*) from rentable_units u join main_properties p on p.id = u."mainPropertyId"
           where p."ownerUserId" = owner_delegations."ownerUserId" and not p."isArchived" and u."isActive" and u."currentStatus" = 'Alquilado') as "rentedUnits"`,
      ),
      db.raw(
        `(select coalesce(sum(t.amount), 0)::numeric(14,2)::text from transactions t join main_properties p on p.id = t."mainPropertyId"
           where p."ownerUserId" = owner_delegations."ownerUserId" and t.type = 'Ingreso' and t.status = 'Completado'
             and t."transactionDate" >= ? and t."transactionDate" < ?) as "monthlyIncome"`,
        [from, to],
      ),
      // The newest report the delegate generated of this owner's portfolio (reports by userId and date: an index).
      db.raw('(select max(r."createdAt") from reports r where r."userId" = owner_delegations."delegateUserId" and r."ownerUserId" = owner_delegations."ownerUserId") as "lastReportAt"'),
    );
  return scopeDelegations(db, query, user);
}

/** The instant this Madrid month began: a principal reported on since then is 'Al día'. */
const monthStart = () => madridDayBounds(madridMonthBounds().from).start;

/** GET /api/delegations → an owner's delegates, or a delegate's principals, newest first, paged. */
export async function list(ctx: Ctx) {
  const page = parseInput(PageQuerySchema, ctx.query);
  const query = delegationRows(ctx.knex, currentUser(ctx)).orderBy([
    { column: 'owner_delegations.createdAt', order: 'desc' },
    { column: 'owner_delegations.delegateUserId', order: 'asc' },
  ]);
  const rows = await paginate<DelegationRow>(ctx, query, page);
  const since = monthStart();
  ctx.body = rows.map((row) => presentDelegation(row, since));
}

/**
 * POST /api/delegations {delegateEmail} → 201 with the request: the delegation exists once the
 * propietario_delegado with that email accepts it (issue 30), and the answer is the same whether
 * or not such an account exists.
 */
export async function create(ctx: Ctx, input: z.output<typeof DelegationsCreateSchema>) {
  const { delegateEmail } = input;
  ctx.status = 201;
  ctx.body = await requestDelegation(ctx.state.trx!, currentUser(ctx), delegateEmail);
}

/** DELETE /api/delegations/:delegateUserId → 204. */
export async function remove(ctx: Ctx) {
  const { delegateUserId } = parseInput(z.object({ delegateUserId: IdSchema }), ctx.params);
  await revokeDelegation(ctx.state.trx!, currentUser(ctx), delegateUserId);
  ctx.status = 204;
}
