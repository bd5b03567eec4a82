import type { ListSort, RENT_CHARGE_SORTS, RentChargeStatus } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { loadInScope } from '../policies/inScope';
import { scopeContracts } from '../policies/scope';
import type { PaymentDetailsRow, RentChargeRow } from '../presenters/rentCharge';

type Db = Knex | Knex.Transaction;

/** Rent charges in the user's scope (a tenant: its contracts'; staff: their properties'), with contract, home and first tenant. */
export function rentChargeRows(db: Db, user: User): Knex.QueryBuilder {
  const query = db('rent_charges')
    .join('contracts', 'contracts.id', 'rent_charges.contractId')
    .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
    .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
    .select(
      'rent_charges.*',
      'contracts.contractCode',
      'main_properties.propertyName',
      'rentable_units.unitName',
      db.raw(
        `(select concat_ws(' ', u."firstName", u."lastName") from tenants_contracts tc join users u on u.id = tc."tenantUserId"
           where tc."contractId" = contracts.id order by tc."isPrimaryTenant" desc, u.id limit 1) as "tenantName"`,
      ),
    );
  return scopeContracts(db, query, user);
}

type RentChargeSort = (typeof RENT_CHARGE_SORTS)[number];

export interface RentChargeFilters {
  status?: RentChargeStatus;
  contractId?: number;
  propertyId?: number;
  /** The charge's month, 'YYYY-MM'. */
  period?: string;
  /** Inclusive days of the due date (a calendar date). */
  from?: string;
  to?: string;
  sort?: ListSort<RentChargeSort> | null;
}

/** The column of each sortable field of the list (api-contract RENT_CHARGE_SORTS). */
const RENT_CHARGE_SORT_COLUMNS: Record<RentChargeSort, SortColumn> = {
  dueDate: 'rent_charges.dueDate',
  amount: 'rent_charges.amount',
};

/** GET /api/rent-charges: the charges in scope (RentChargeRow), latest due date first unless sorted, narrowed by the filters. */
export function rentChargeList(db: Db, user: User, { status, contractId, propertyId, period, from, to, sort }: RentChargeFilters): Knex.QueryBuilder {
  const query = rentChargeRows(db, user);
  if (status) query.where('rent_charges.status', status);
  if (contractId) query.where('rent_charges.contractId', contractId);
  if (propertyId) query.where('main_properties.id', propertyId);
  if (period) query.where('rent_charges.period', period);
  if (from) query.where('rent_charges.dueDate', '>=', from);
  if (to) query.where('rent_charges.dueDate', '<=', to);
  const latestFirst: PageOrder[] = [
    { column: 'rent_charges.dueDate', order: 'desc' },
    { column: 'rent_charges.id', order: 'desc' },
  ];
  return orderedBy(query, listOrder(sort, RENT_CHARGE_SORT_COLUMNS, latestFirst, 'rent_charges.id'));
}

/** Charge `id` as the user sees it (after a command changed it: it is in scope). */
export async function rentCharge(db: Db, user: User, id: number): Promise<RentChargeRow> {
  const row: RentChargeRow = await rentChargeRows(db, user).where('rent_charges.id', id).first();
  return row;
}

/** Charge `id` with its landlord's name and IBAN (how to pay it); 404 outside the user's scope. */
export function paymentDetails(db: Db, user: User, id: number): Promise<PaymentDetailsRow> {
  return loadInScope<PaymentDetailsRow>(
    rentChargeRows(db, user)
      .join('users as owner', 'owner.id', 'main_properties.ownerUserId')
      .where('rent_charges.id', id)
      .select('owner.ibanBancaria as ownerIban', 'owner.firstName as ownerFirstName', 'owner.lastName as ownerLastName'),
    { notFound: 'No se ha encontrado el pago' },
  );
}
