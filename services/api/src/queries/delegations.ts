import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeDelegations } from '../policies/scope';
import { madridMonthBounds } from './dashboardMetrics';

type Db = Knex | Knex.Transaction;

/**
 * Delegations in the user's scope with both people and, per principal, the figures of the delegated
 * owner's dashboard: properties, units and how many are rented, and this month's collected rent.
 */
function delegationRows(db: Db, user: User): Knex.QueryBuilder {
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

/** GET /api/delegations: an owner's delegates, or a delegate's principals (DelegationRow), newest first. */
export function delegationList(db: Db, user: User): Knex.QueryBuilder {
  return delegationRows(db, user).orderBy([
    { column: 'owner_delegations.createdAt', order: 'desc' },
    { column: 'owner_delegations.delegateUserId', order: 'asc' },
  ]);
}
