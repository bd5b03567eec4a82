import type { Knex } from 'knex';
import { seedDemo } from './demo';
import { seedCatalogues, seedRemotes, seedRoles } from './reference';

/** Reference data always; demo data only in demo mode (its outbox's links point to `publicUrl`). Safe to run at every start. */
export async function seed(knex: Knex, { demo, publicUrl }: { demo: boolean; publicUrl?: string }): Promise<void> {
  await seedRoles(knex);
  await seedRemotes(knex);
  await seedCatalogues(knex);
  if (demo) await seedDemo(knex, { publicUrl });
}
