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
const onPglite = process.env.TEST_DATABASE_URL ? it.skip : it;

/** The statements prepared in this session (PGlite: the instance) whose text names `marker`. */
async function preparedLike(runner: Database['knex'], marker: string) {
  const { rows } = await runner.raw(`select name, generic_plans, custom_plans from pg_prepared_statements where statement like ?`, [`%${marker}%`]);
  return rows as { name: string; generic_plans: string | number; custom_plans: string | number }[];
}

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

  onPglite('prepares the text once on PGlite and runs it with a generic plan, with values as query() sends them', async () => {
    const since = new Date('2020-01-01T00:00:00Z');
    const page = (id: number, name: string | null) =>
      runPrepared<{ id: number; name: string; at: Date }[]>(
        db.knex('probe').select('id', 'name', db.knex.raw('?::timestamptz as at', [since])).where('id', '>', id).where((q) => (name === null ? q.whereNotNull('name') : q.where('name', '<>', name))).orderBy('id'),
      );
    expect(await page(0, 'dos')).toEqual([
      { id: 1, name: 'uno', at: since },
      { id: 3, name: 'tres', at: since },
    ]);
    expect((await page(1, 'tres')).map((r) => r.name)).toEqual(['dos']);
    expect((await page(2, 'x')).map((r) => r.name)).toEqual(['tres']);
    const statements = await preparedLike(db.knex, `"name" <> $`);
    expect(statements).toHaveLength(1);
    expect(statements[0]!.name).toMatch(/^arrendia_\d+_[0-9a-f]{24}$/);
    expect(Number(statements[0]!.generic_plans)).toBe(3);
    expect(Number(statements[0]!.custom_plans)).toBe(0);
  });

  onPglite('on PGlite, reads every kind of column as query() does, and a result larger than one buffer', async () => {
    const sql = `select g as n, g::bigint * 3000000000 as big, (g % 3 = 0) as even, g::numeric / 7 as ratio,
        case when g % 4 = 0 then null else 'año ' || g || ' ✓ 𝄞' end as label,
        timestamptz '2026-11-27 02:00:00+00' + g * interval '1 hour' as at, date '2026-01-31' + g as day,
        jsonb_build_object('k', g, 'ñ', array[g, g + 1]) as doc, array['a', 'b' || g] as tags, interval '1 day' * g as span
      from generate_series(1, ?::int) g where g > ? order by g`;
    for (const [count, above] of [
      [5, 0],
      [5000, 10],
    ] as const) {
      const named = await runPrepared<Record<string, unknown>[]>(db.knex.select('*').from(db.knex.raw(`(${sql}) as t`, [count, above])));
      const plain = (await db.knex.raw(sql, [count, above])).rows;
      expect(named).toHaveLength(count - above);
      expect(named).toEqual(plain);
    }
  });

  onPglite('on PGlite, a refused value is the database error query() gives, and the session goes on', async () => {
    const byId = (id: unknown) => runPrepared<{ name: string }[]>(db.knex('probe').select('name').where('id', id as number).where('name', '<>', 'z'));
    await expect(byId('abc')).rejects.toMatchObject({ code: '22P02' });
    expect(await byId(2)).toEqual([{ name: 'dos' }]);
    await expect(db.knex('probe').count({ n: '*' }).first()).resolves.toEqual({ n: 3 });
  });

  onPglite('on PGlite, a named statement inside a transaction sees its writes, and they roll back with it', async () => {
    const named = (runner: Database['knex']) => runPrepared<{ name: string }[]>(runner('probe').select('name').where('name', 'like', 'cua%'));
    await expect(
      db.knex.transaction(async (trx) => {
        await trx('probe').insert({ name: 'cuatro' });
        expect(await named(trx)).toEqual([{ name: 'cuatro' }]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await named(db.knex)).toEqual([]);
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

  onPglite('on PGlite, prepares again a statement deallocated behind its back', async () => {
    const one = () => runPrepared<{ name: string }[]>(db.knex('probe').select('name').where('id', 1).where('name', '<>', 'y'));
    expect(await one()).toEqual([{ name: 'uno' }]);
    await db.knex.raw('deallocate all');
    expect(await one()).toEqual([{ name: 'uno' }]);
  });

  onPglite('on PGlite, prepares again a statement whose table changed shape since', async () => {
    const all = () => runPrepared<Record<string, unknown>[]>(db.knex('probe').select('*').where('id', 2));
    expect(await all()).toEqual([{ id: 2, name: 'dos' }]);
    await db.knex.schema.alterTable('probe', (t) => t.integer('floors').notNullable().defaultTo(4));
    expect(await all()).toEqual([{ id: 2, name: 'dos', floors: 4 }]);
  });
});
