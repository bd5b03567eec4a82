import { buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { LARGE_SEED_PASSWORD, largeSeedAccounts, largeSeedCounts, LargeSeedRefused, seedLarge } from './large';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SCALE = 0.005;

/** A fingerprint of the seeded rows: same seed, same data. */
async function checksum(): Promise<string> {
  const row = await t.knex('transactions').first(t.knex.raw('sum(amount)::text as s'), t.knex.raw(`string_agg(id::text || "transactionDate"::text, ',' order by id) as d`));
  const incidents = await t.knex('incidents').first(t.knex.raw(`string_agg(title || status, ',' order by id) as d`));
  return `${row.s}|${row.d?.length}|${incidents.d}`;
}

describe('seedLarge', () => {
  it('refuses a database that already holds other data and writes nothing', async () => {
    const someone = await buildUser(t.knex);
    await expect(seedLarge(t.knex, { scale: SCALE, seed: 3 })).rejects.toThrow(LargeSeedRefused);
    expect(await t.knex('users').pluck('id')).toEqual([someone.id]);
    expect(Number((await t.knex('main_properties').count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('with replace, seeds every table at the scale asked, with accounts of every role that sign in', async () => {
    const result = await seedLarge(t.knex, { scale: SCALE, seed: 3, replace: true });
    expect(result.status).toBe('seeded');
    const expected = largeSeedCounts(SCALE);
    expect(result.counts).toMatchObject({
      agencies: expected.agencies,
      users: expected.users,
      properties: expected.properties,
      units: expected.units,
      contracts: expected.contracts,
      transactions: expected.transactions,
      conversations: expected.conversations,
      messages: expected.messages,
    });
    expect(result.counts.incidents).toBe(expected.incidents);
    expect(result.counts.listings).toBeGreaterThan(0);
    const roles = await t.knex('users').join('roles', 'roles.id', 'users.roleId').distinct('roles.roleName').pluck('roleName');
    expect(roles.sort()).toEqual(['admin_agencia', 'agente', 'inquilino', 'propietario_delegado', 'propietario_individual', 'super_admin']);

    // The manager of agency 1 sees exactly the properties that agency runs.
    const agent = t.agent();
    await agent.post('/api/auth/login').send({ email: largeSeedAccounts.manager(1), password: LARGE_SEED_PASSWORD }).expect(200);
    const res = await agent.get('/api/properties').expect(200);
    const managed = Number((await t.knex('main_properties').where('managerAgencyId', 1).count({ n: '*' }).first())?.n);
    expect(managed).toBeGreaterThan(0);
    expect(Number(res.headers['x-total-count'])).toBe(managed);
    // Every active contract's current charges exist once, made by the product's own daily job.
    const dup = await t.knex('rent_charges').select('contractId', 'period').count({ n: '*' }).groupBy('contractId', 'period').havingRaw('count(*) > 1');
    expect(dup).toEqual([]);
  });

  it('a second run with the same seed writes nothing; another seed needs replace, and replaces instead of doubling', async () => {
    const before = await checksum();
    const again = await seedLarge(t.knex, { scale: SCALE, seed: 3 });
    expect(again.status).toBe('already-seeded');
    expect(await checksum()).toBe(before);

    await expect(seedLarge(t.knex, { scale: SCALE, seed: 4 })).rejects.toThrow(/semilla 3/);
    const other = await seedLarge(t.knex, { scale: SCALE, seed: 4, replace: true });
    expect(other.counts.transactions).toBe(largeSeedCounts(SCALE).transactions);
    expect(await checksum()).not.toBe(before);

    // The same seed gives the same rows.
    await seedLarge(t.knex, { scale: SCALE, seed: 3, replace: true });
    const after = await checksum();
    expect(after.slice(0, 300)).toBe(before.slice(0, 300));
    expect(after).toBe(before);
  });

  it('refuses a scale or seed out of range', async () => {
    for (const options of [{ scale: 0, seed: 1 }, { scale: Number('x'), seed: 1 }, { scale: 1, seed: -1 }, { scale: 1, seed: 1.5 }]) {
      await expect(seedLarge(t.knex, options)).rejects.toThrow(LargeSeedRefused);
    }
  });
});
