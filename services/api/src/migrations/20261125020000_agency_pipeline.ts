import type { Knex } from 'knex';
import { AGENCY_DEFAULTS, LEAD_STATUSES, VISIT_STATUSES } from '@arrendia/api-contract';

/** A SQL list of constant strings; DDL takes no bind parameters. */
const sqlList = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/**
 * What an agency runs its business on (issue 11): a commission rate per agency, a monthly target
 * per agent, the agent in charge of each property, leads that move through a pipeline, and visits.
 * Two visits of one agent must not overlap: the command serialises an agent's visits under a row
 * lock and checks, since an exclusion constraint would need btree_gist, which PGlite lacks.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('agencies', (t) => {
    t.decimal('commissionRate', 5, 2).notNullable().defaultTo(AGENCY_DEFAULTS.commissionRate);
    t.check('"commissionRate" >= 0 and "commissionRate" <= 100', [], 'agencies_commission_rate_check');
  });
  await knex.schema.alterTable('users', (t) => {
    t.decimal('monthlyTarget', 10, 2).notNullable().defaultTo(AGENCY_DEFAULTS.agentMonthlyTarget);
    t.check('"monthlyTarget" >= 0', [], 'users_monthly_target_check');
  });
  await knex.schema.alterTable('main_properties', (t) => {
    t.integer('assignedAgentUserId').references('id').inTable('users').onDelete('SET NULL');
    t.index(['assignedAgentUserId']);
  });
  await knex.schema.alterTable('leads', (t) => {
    t.string('status', 30).notNullable().defaultTo('Nuevo');
    t.check(`"status" in (${sqlList(LEAD_STATUSES)})`, [], 'leads_status_check');
    t.text('notes');
    t.integer('assignedAgentUserId').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['agencyId', 'status']);
    t.index(['assignedAgentUserId', 'createdAt']);
  });
  await knex.schema.createTable('visits', (t) => {
    t.increments('id').primary();
    t.integer('leadId').references('id').inTable('leads').onDelete('SET NULL');
    t.string('contactName', 200).notNullable();
    t.string('contactPhone', 30);
    t.string('contactEmail', 255);
    t.integer('rentableUnitId').notNullable().references('id').inTable('rentable_units').onDelete('CASCADE');
    t.integer('agentUserId').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('startsAt', { useTz: true }).notNullable();
    t.timestamp('endsAt', { useTz: true }).notNullable();
    t.string('status', 20).notNullable().defaultTo('Programada');
    t.check(`"status" in (${sqlList(VISIT_STATUSES)})`, [], 'visits_status_check');
    t.check('"endsAt" > "startsAt"', [], 'visits_time_order_check');
    t.text('notes');
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['agentUserId', 'startsAt']);
    t.index(['rentableUnitId', 'startsAt']);
    t.index(['leadId']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('visits');
  await knex.schema.alterTable('leads', (t) => {
    t.dropChecks(['leads_status_check']);
    t.dropColumns('status', 'notes', 'assignedAgentUserId', 'updatedAt');
  });
  await knex.schema.alterTable('main_properties', (t) => t.dropColumn('assignedAgentUserId'));
  await knex.schema.alterTable('users', (t) => {
    t.dropChecks(['users_monthly_target_check']);
    t.dropColumn('monthlyTarget');
  });
  await knex.schema.alterTable('agencies', (t) => {
    t.dropChecks(['agencies_commission_rate_check']);
    t.dropColumn('commissionRate');
  });
}
