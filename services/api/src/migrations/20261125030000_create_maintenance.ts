import type { Knex } from 'knex';
import { MAINTENANCE_TASK_STATUSES, MAINTENANCE_TASK_TYPES } from '@arrendia/api-contract';

const sqlList = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/**
 * Maintenance (issue 11): providers belong to an owner or an agency (the account that hires them);
 * preventive plans repeat every N months on a property or unit; tasks are the work itself, linked
 * to an incident when they answer one and to a plan when they come from one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('providers', (t) => {
    t.increments('id').primary();
    t.integer('ownerUserId').references('id').inTable('users').onDelete('CASCADE');
    t.integer('agencyId').references('id').inTable('agencies').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.string('trade', 100).notNullable();
    t.string('nifCif', 20).notNullable();
    t.string('telefono', 30);
    t.string('email', 255);
    t.string('ibanBancaria', 34);
    t.boolean('isActive').notNullable().defaultTo(true);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('"ownerUserId" is not null or "agencyId" is not null', [], 'providers_account_check');
    t.index(['agencyId']);
    t.index(['ownerUserId']);
  });
  await knex.schema.createTable('maintenance_plans', (t) => {
    t.increments('id').primary();
    t.integer('mainPropertyId').notNullable().references('id').inTable('main_properties').onDelete('CASCADE');
    t.integer('rentableUnitId').references('id').inTable('rentable_units').onDelete('CASCADE');
    t.integer('providerId').references('id').inTable('providers').onDelete('SET NULL');
    t.string('title', 255).notNullable();
    t.text('description');
    t.integer('intervalMonths').notNullable();
    t.date('nextDate').notNullable();
    t.decimal('estimatedCost', 10, 2);
    t.boolean('isActive').notNullable().defaultTo(true);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('"intervalMonths" between 1 and 120', [], 'maintenance_plans_interval_check');
    t.check('"estimatedCost" is null or "estimatedCost" >= 0', [], 'maintenance_plans_cost_check');
    t.index(['mainPropertyId']);
  });
  await knex.schema.createTable('maintenance_tasks', (t) => {
    t.increments('id').primary();
    t.integer('mainPropertyId').notNullable().references('id').inTable('main_properties').onDelete('CASCADE');
    t.integer('rentableUnitId').references('id').inTable('rentable_units').onDelete('CASCADE');
    t.integer('incidentId').references('id').inTable('incidents').onDelete('SET NULL');
    t.integer('planId').references('id').inTable('maintenance_plans').onDelete('SET NULL');
    t.integer('providerId').references('id').inTable('providers').onDelete('SET NULL');
    t.string('title', 255).notNullable();
    t.string('taskType', 20).notNullable().defaultTo('Correctivo');
    t.date('scheduledDate').notNullable();
    t.decimal('cost', 10, 2);
    t.string('status', 20).notNullable().defaultTo('Programado');
    t.text('notes');
    t.timestamp('startedAt', { useTz: true });
    t.timestamp('completedAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`"status" in (${sqlList(MAINTENANCE_TASK_STATUSES)})`, [], 'maintenance_tasks_status_check');
    t.check(`"taskType" in (${sqlList(MAINTENANCE_TASK_TYPES)})`, [], 'maintenance_tasks_type_check');
    t.check('"cost" is null or "cost" >= 0', [], 'maintenance_tasks_cost_check');
    t.index(['mainPropertyId', 'status']);
    t.index(['status', 'completedAt']);
    t.index(['planId']);
    t.index(['incidentId']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('maintenance_tasks');
  await knex.schema.dropTable('maintenance_plans');
  await knex.schema.dropTable('providers');
}
