import type { Knex } from 'knex';

/**
 * Announces every change to what a signed-in request is checked against — a session row, its
 * user, a role — on the channel 'arrendia_auth_<schema>' (a test file's schema, or public), for the
 * per-process session cache (middlewares/sessionCache.ts). The payload says what to forget:
 * 's:<sid>', 'u:<user id>' or '*' (everything). Sent by PostgreSQL when the change commits, never
 * for one rolled back; new rows need no notice (nothing cached can be stale about them).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function arrendia_auth_changed() returns trigger language plpgsql as $$
    begin
      if tg_level = 'STATEMENT' then
        perform pg_notify('arrendia_auth_' || current_schema(), '*');
      elsif tg_table_name = 'sessions' then
        perform pg_notify('arrendia_auth_' || current_schema(), 's:' || old.sid);
      elsif tg_table_name = 'users' then
        perform pg_notify('arrendia_auth_' || current_schema(), 'u:' || old.id);
      else
        perform pg_notify('arrendia_auth_' || current_schema(), '*');
      end if;
      return null;
    end $$`);
  for (const table of ['sessions', 'users', 'roles']) {
    await knex.raw(`create trigger ?? after update or delete on ?? for each row execute function arrendia_auth_changed()`, [`${table}_auth_changed`, table]);
    await knex.raw(`create trigger ?? after truncate on ?? for each statement execute function arrendia_auth_changed()`, [`${table}_auth_truncated`, table]);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['sessions', 'users', 'roles']) {
    await knex.raw('drop trigger ?? on ??', [`${table}_auth_changed`, table]);
    await knex.raw('drop trigger ?? on ??', [`${table}_auth_truncated`, table]);
  }
  await knex.raw('drop function arrendia_auth_changed()');
}
