import type { Knex } from 'knex';
import { seedDemo } from './demo';
import { seedCatalogues, seedRemotes, seedRoles } from './reference';

/** Reference data always; demo data only in demo mode. Safe to run at every start. */
export async function seed(knex: Knex, { demo }: { demo: boolean }): Promise<void> {
  await seedRoles(knex);
  await seedRemotes(knex);
  await seedCatalogues(knex);
  if (demo) await seedDemo(knex);
}
