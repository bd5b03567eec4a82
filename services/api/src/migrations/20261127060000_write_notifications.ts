import type { Knex } from 'knex';

/**
 * Announces every committed write on the channel 'arrendia_writes_<schema>', for the per-process
 * caches of figures derived from rows (a list's total: app.ts, db/writeNotices.ts). Every mutation
 * writes its audit_log row in its own transaction (audit.ts, the daily jobs included), so one
 * statement-level trigger there hears them all: PostgreSQL sends the notice when the transaction
 * commits, never for one rolled back, and once per transaction however many rows it audited.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function arrendia_rows_written() returns trigger language plpgsql as $$
    begin
      perform pg_notify('arrendia_writes_' || current_schema(), '');
      return null;
    end $$`);
  await knex.raw('create trigger audit_log_written after insert on audit_log for each statement execute function arrendia_rows_written()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger audit_log_written on audit_log');
  await knex.raw('drop function arrendia_rows_written()');
}
