import knexFactory from 'knex';
import { openTestDatabase } from '../test/support';
import type { Database } from '.';
import { runPrepared } from './prepared';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await db.knex.schema.createTable('probe', (t) => {
    t.increments('id');
    t.string('name');
  });
  await db.knex('probe').insert([{ name: 'uno' }, { name: 'dos' }, { name: 'tres' }]);
});
afterAll(async () => {
  await drop();
  await db.close();
});

const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

describe('runPrepared', () => {
  it('answers the rows of the query, whatever the values', async () => {
    const above = (id: number) => runPrepared<{ name: string }[]>(db.knex('probe').select('name').where('id', '>', id).orderBy('id'));
    expect((await above(0)).map((r) => r.name)).toEqual(['uno', 'dos', 'tres']);
    expect((await above(2)).map((r) => r.name)).toEqual(['tres']);
  });

  onPostgres('prepares the text once per connection and runs it with a generic plan', async () => {
    await db.knex.transaction(async (trx) => {
      for (const id of [0, 1, 2]) await runPrepared(trx('probe').select('name').where('id', '>', id).where('name', '<>', 'x'));
      const { rows } = await trx.raw(`select name, generic_plans, custom_plans from pg_prepared_statements where statement like '%"probe"%<>%'`);
      expect(rows).toHaveLength(1);
      expect(rows[0].name).toMatch(/^arrendia_\d+_[0-9a-f]{24}$/);
      expect(Number(rows[0].generic_plans)).toBe(3);
      expect(Number(rows[0].custom_plans)).toBe(0);
    });
  });

  onPostgres('prepares again a statement whose table changed shape since (a migration by another instance)', async () => {
    // One connection, so that the second run meets the statement the first one prepared.
    const target = db.target as Extract<Database['target'], { kind: 'postgres' }>;
    const one = knexFactory({ client: 'pg', connection: target.url, searchPath: target.searchPath, pool: { min: 1, max: 1 } });
    try {
      const all = () => runPrepared<Record<string, unknown>[]>(one('probe').select('*').where('id', 1));
      expect(await all()).toEqual([{ id: 1, name: 'uno' }]);
      await db.knex.schema.alterTable('probe', (t) => t.integer('rooms').notNullable().defaultTo(3));
      expect(await all()).toEqual([{ id: 1, name: 'uno', rooms: 3 }]);
    } finally {
      await one.destroy();
    }
  });
});
