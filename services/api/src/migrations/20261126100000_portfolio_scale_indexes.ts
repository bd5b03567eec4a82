import type { Knex } from 'knex';
import { searchTextSql } from '../queries/textSearch';

/**
 * Indexes the large portfolio (issue 14, `npm run seed:large`) showed missing:
 * - transactions by contract and date: the daily rent-charge job looks up each active contract's
 *   income of a month (with only the contract index PostgreSQL combined it with the date index,
 *   20,000 rows a lookup: 57 s for 35,000 charges, 0.6 s with this one);
 * - rent_charges by transaction: the same job's "not already linked" test scanned every charge;
 * - unit_listings."searchText": the catalogue's text filter folded (accents, case) once when a
 *   listing is written instead of on every row of every search (7 of the 12 ms of a filtered page).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transactions', (t) => {
    t.index(['contractId', 'transactionDate'], 'transactions_contract_date_index');
    t.dropIndex(['contractId'], 'transactions_contractid_index');
  });
  await knex.schema.alterTable('rent_charges', (t) => {
    t.index(['transactionId'], 'rent_charges_transaction_index');
  });
  await knex.raw(`alter table unit_listings add column "searchText" text generated always as (${searchTextSql(['title', 'address', 'district'])}) stored`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('unit_listings', (t) => t.dropColumn('searchText'));
  await knex.schema.alterTable('rent_charges', (t) => {
    t.dropIndex(['transactionId'], 'rent_charges_transaction_index');
  });
  await knex.schema.alterTable('transactions', (t) => {
    t.index(['contractId'], 'transactions_contractid_index');
    t.dropIndex(['contractId', 'transactionDate'], 'transactions_contract_date_index');
  });
}
