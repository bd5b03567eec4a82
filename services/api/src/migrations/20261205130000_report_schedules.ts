import type { Knex } from 'knex';
import { REPORT_FREQUENCIES, REPORT_TYPES } from '@arrendia/api-contract';

/** A SQL list of constant strings; DDL takes no bind parameters. */
const sqlList = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/**
 * Scheduled reports (issue 33, point 6): a user's report of a type, monthly or quarterly, over one
 * property or the whole portfolio (propertyId null), which the daily job generates once per period.
 * `lastPeriodGenerated` is the first day of the last period generated; the job moves it forward in
 * the transaction that writes the report, and reports.(scheduleId, periodFrom) is unique besides,
 * so one period of one schedule can never be written twice. A user has each schedule once.
 *
 * A report keeps the property it covered: its id while the property exists, and its name as it was.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_schedules', (t) => {
    t.increments('id').primary();
    t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('reportType', 30).notNullable();
    t.check(`"reportType" in (${sqlList(REPORT_TYPES)})`, [], 'report_schedules_report_type_check');
    t.string('frequency', 20).notNullable();
    t.check(`"frequency" in (${sqlList(REPORT_FREQUENCIES)})`, [], 'report_schedules_frequency_check');
    // A schedule of one property goes with it.
    t.integer('propertyId').references('id').inTable('main_properties').onDelete('CASCADE');
    t.date('lastPeriodGenerated');
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index report_schedules_once on report_schedules ("userId", "reportType", "frequency", coalesce("propertyId", 0))');
  await knex.raw('create index report_schedules_property_index on report_schedules ("propertyId") where "propertyId" is not null');
  await knex.schema.alterTable('reports', (t) => {
    t.integer('scheduleId').references('id').inTable('report_schedules').onDelete('SET NULL');
    t.integer('propertyId').references('id').inTable('main_properties').onDelete('SET NULL');
    t.string('propertyName', 255);
    t.unique(['scheduleId', 'periodFrom'], { indexName: 'reports_schedule_period_unique' });
    t.index(['propertyId'], 'reports_property_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reports', (t) => {
    t.dropIndex(['propertyId'], 'reports_property_index');
    t.dropUnique(['scheduleId', 'periodFrom'], 'reports_schedule_period_unique');
    t.dropColumn('propertyName');
    t.dropColumn('propertyId');
    t.dropColumn('scheduleId');
  });
  await knex.schema.dropTable('report_schedules');
}
