import type { Knex } from 'knex';
import { DOCUMENT_CATEGORIES, REPORT_TYPES } from '@arrendia/api-contract';

/** A SQL list of constant strings; DDL takes no bind parameters. */
const sqlList = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/**
 * Documents get the category of the /documents tiles; `reports` keeps each generated PDF report
 * (its file lives under the data directory, like documents, never under its display name).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.string('category', 30);
    t.check(`"category" is null or "category" in (${sqlList(DOCUMENT_CATEGORIES)})`, [], 'documents_category_check');
    t.index(['category']);
    t.index(['createdAt']);
  });
  await knex.schema.createTable('reports', (t) => {
    t.increments('id').primary();
    t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('reportType', 30).notNullable();
    t.check(`"reportType" in (${sqlList(REPORT_TYPES)})`, [], 'reports_report_type_check');
    t.date('periodFrom').notNullable();
    t.date('periodTo').notNullable();
    t.string('fileName', 255).notNullable();
    t.string('filePath', 500).notNullable();
    t.integer('fileSizeKb').notNullable();
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['userId', 'createdAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('reports');
  await knex.schema.alterTable('documents', (t) => {
    t.dropIndex(['createdAt']);
    t.dropIndex(['category']);
    t.dropChecks(['documents_category_check']);
    t.dropColumn('category');
  });
}
