import type { Knex } from 'knex';
import { RENT_CHARGE_STATUSES } from '@arrendia/api-contract';

const sqlList = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/**
 * Monthly rent charges (issue 12): one per active contract and month, due on its payment day, paid
 * by bank transfer with a reference unique to that month's rent. The tenant marks the transfer
 * (Transferencia indicada); the landlord's side confirms reception, which writes the income
 * transaction once (Pagado). Overdue is computed (due date passed, not paid), and the overdue
 * notice is sent once (overdueNotifiedAt). Contracts remember when their renewal notice went out.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rent_charges', (t) => {
    t.increments('id').primary();
    t.integer('contractId').notNullable().references('id').inTable('contracts').onDelete('CASCADE');
    t.string('period', 7).notNullable();
    t.date('dueDate').notNullable();
    t.decimal('amount', 10, 2).notNullable();
    t.string('reference', 40).notNullable().unique();
    t.string('status', 30).notNullable().defaultTo('Pendiente');
    t.timestamp('markedAt', { useTz: true });
    t.integer('markedByUserId').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('confirmedAt', { useTz: true });
    t.integer('confirmedByUserId').references('id').inTable('users').onDelete('SET NULL');
    t.integer('transactionId').references('id').inTable('transactions').onDelete('SET NULL');
    t.timestamp('overdueNotifiedAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['contractId', 'period']);
    t.index(['status', 'dueDate']);
    t.check('"amount" >= 0', [], 'rent_charges_amount_check');
    t.check(`"status" in (${sqlList(RENT_CHARGE_STATUSES)})`, [], 'rent_charges_status_check');
  });
  await knex.schema.alterTable('contracts', (t) => {
    t.timestamp('renewalNoticeSentAt', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contracts', (t) => {
    t.dropColumn('renewalNoticeSentAt');
  });
  await knex.schema.dropTable('rent_charges');
}
