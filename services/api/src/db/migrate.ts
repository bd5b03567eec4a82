import type { Knex } from 'knex';
import { MIGRATIONS, type Migration } from '../migrations';

const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};

/** Brings the schema up to date; safe to run at every start. */
export async function migrate(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource });
}
