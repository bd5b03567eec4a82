import type { Knex } from 'knex';
import { IMPORT_ENTITIES, IMPORT_STATUSES } from '@arrendia/api-contract';

/**
 * Spreadsheet imports (issue 35, point 1). `imports` is one uploaded file: who uploaded it, into whose
 * account its rows go (`forUserId`, an owner or an agency manager, and that manager's agency), its
 * sheets (name, entity, headers, column mapping), the preview's counts and, once committed, its report.
 * `import_rows` holds each data row as read from the file (`cells`, so a corrected mapping reads it
 * again without the file), its parsed values, its Spanish errors and what became of it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('imports', (t) => {
    t.increments('id').primary();
    t.integer('userId').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('forUserId').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
    t.integer('agencyId').references('id').inTable('agencies').onDelete('SET NULL').index();
    t.string('fileName', 255).notNullable();
    t.string('fileType', 10).notNullable();
    t.string('status', 20).notNullable().defaultTo('preview');
    /** [{ name, entity, headers, mapping }] in the file's order. */
    t.jsonb('sheets').notNullable();
    t.jsonb('counts').notNullable();
    t.jsonb('notices').notNullable().defaultTo('[]');
    /** What the commit created, skipped and why (the next step). */
    t.jsonb('report');
    t.integer('processedRows').notNullable().defaultTo(0);
    t.timestamp('finishedAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['userId', 'createdAt']);
    t.check(`?? in (${IMPORT_STATUSES.map(() => '?').join(', ')})`, ['status', ...IMPORT_STATUSES], 'imports_status_check');
    t.check(`?? in ('csv', 'xlsx')`, ['fileType'], 'imports_file_type_check');
  });

  await knex.schema.createTable('import_rows', (t) => {
    t.bigIncrements('id').primary();
    t.integer('importId').notNullable().references('id').inTable('imports').onDelete('CASCADE');
    /** The sheet's place in imports.sheets. */
    t.integer('sheetIndex').notNullable();
    /** Null for a sheet whose contents were not recognized (its rows wait for the user to say). */
    t.string('entity', 20);
    t.integer('rowNumber').notNullable();
    /** The row's cells as read (text, or a number, boolean or date of an XLSX cell), in header order. */
    t.jsonb('cells').notNullable();
    t.jsonb('values').notNullable();
    t.jsonb('errors').notNullable().defaultTo('[]');
    t.string('status', 20).notNullable();
    /** The record of the account the row matches ('existing'), or the one the commit created. */
    t.integer('existingId');
    t.integer('recordId');
    t.index(['importId', 'sheetIndex', 'rowNumber']);
    t.check(`?? in (${IMPORT_ENTITIES.map(() => '?').join(', ')})`, ['entity', ...IMPORT_ENTITIES], 'import_rows_entity_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('import_rows');
  await knex.schema.dropTableIfExists('imports');
}
