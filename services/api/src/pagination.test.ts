import { buildAgency, buildContract, buildProperty, buildUnit, buildUser, signIn } from './test/factories';
import type { Knex } from 'knex';
import { audit } from './audit';
import { dropListenConnection, eventually, startTestApp, type TestApp } from './test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('paginate (X-Total-Count)', () => {
  it('tells the same total on every page, in the page query itself but past the end', async () => {
    const owner = await buildUser(t.knex);
    for (let i = 0; i < 5; i += 1) await buildProperty(t.knex, { ownerUserId: owner.id });
    const agent = await signIn(t, owner);
    const counts: string[] = [];
    const listen = (q: { sql: string }) => {
      if (/^select /i.test(q.sql) && /count\(\*\)/i.test(q.sql)) counts.push(q.sql);
    };
    t.knex.on('query', listen);
    try {
      const pages = [];
      for (const page of [1, 2, 3, 4]) {
        counts.length = 0;
        const res = await agent.get('/api/properties').query({ page, pageSize: 2 }).expect(200);
        pages.push({ page, rows: res.body.length, total: res.headers['x-total-count'], queries: counts.length });
        expect(Object.keys(res.body[0] ?? {})).not.toContain('__total');
      }
      expect(pages).toEqual([
        { page: 1, rows: 2, total: '5', queries: 1 },
        { page: 2, rows: 2, total: '5', queries: 1 },
        { page: 3, rows: 1, total: '5', queries: 1 },
        { page: 4, rows: 0, total: '5', queries: 2 }, // past the end: no row carries the count
      ]);
    } finally {
      t.knex.removeListener('query', listen);
    }
  });
});

describe('paginate with narrow (the in-scope rows read once)', () => {
  it("pages an agency's contracts in list order, same total on every page, none of another agency's", async () => {
    const [agency, other] = [await buildAgency(t.knex), await buildAgency(t.knex)];
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const owner = await buildUser(t.knex);
    const ours = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const theirs = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: other.id });
    const mine: { id: number; startDate: string }[] = [];
    // Interleaved dates, two on one day (the id breaks the tie), and the other agency's in between.
    for (const [i, startDate] of ['2025-03-01', '2026-01-15', '2024-07-01', '2026-01-15', '2025-11-30'].entries()) {
      const unit = await buildUnit(t.knex, { mainPropertyId: ours.id });
      mine.push({ id: (await buildContract(t.knex, { rentableUnitId: unit.id, startDate, endDate: null })).id, startDate });
      const foreignUnit = await buildUnit(t.knex, { mainPropertyId: theirs.id });
      await buildContract(t.knex, { rentableUnitId: foreignUnit.id, startDate: `202${i}-06-01`, endDate: null });
    }
    const expected = [...mine].sort((a, b) => b.startDate.localeCompare(a.startDate) || b.id - a.id).map((c) => c.id);
    const agent = await signIn(t, manager);

    const seen: number[] = [];
    const totals: string[] = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await agent.get('/api/contracts').query({ page, pageSize: 2 }).expect(200);
      seen.push(...res.body.map((c: { contract: { id: number } }) => c.contract.id));
      totals.push(res.headers['x-total-count']);
      expect(Object.keys(res.body[0] ?? {})).not.toContain('__total');
    }
    expect(seen).toEqual(expected);
    expect(totals).toEqual(['5', '5', '5', '5']);
    // A filter narrows both the page and the total.
    const active = await agent.get('/api/contracts').query({ propertyId: theirs.id }).expect(200);
    expect(active.body).toEqual([]);
    expect(active.headers['x-total-count']).toBe('0');
  });
});

describe('paginate reusing a total (config.listTotalCacheSeconds)', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await startTestApp({ listTotalCacheSeconds: 60 });
  });
  afterAll(() => cached.close());

  it('counts once for the same query, pages included; a write through the API counts again at once; another user’s scope is its own', async () => {
    const owner = await buildUser(cached.knex);
    for (let i = 0; i < 5; i += 1) await buildProperty(cached.knex, { ownerUserId: owner.id });
    const other = await buildUser(cached.knex);
    await buildProperty(cached.knex, { ownerUserId: other.id });
    const agent = await signIn(cached, owner);
    const counts: string[] = [];
    const listen = (q: { sql: string }) => {
      if (/count\(\*\) as "n"/i.test(q.sql)) counts.push(q.sql);
    };
    cached.knex.on('query', listen);
    try {
      const totals = [];
      for (const page of [1, 2, 3, 1]) totals.push((await agent.get('/api/properties').query({ page, pageSize: 2 }).expect(200)).headers['x-total-count']);
      expect(totals).toEqual(['5', '5', '5', '5']);
      expect(counts).toHaveLength(1);

      // Written straight into the table, without the audit_log row every mutation writes: nothing
      // announces it, and the total may lag for the configured time.
      await buildProperty(cached.knex, { ownerUserId: owner.id });
      expect((await agent.get('/api/properties').expect(200)).headers['x-total-count']).toBe('5');

      // Through the API: the next request counts again.
      await agent.post('/api/auth/logout').expect((res) => expect(res.status).toBeLessThan(300));
      const again = await signIn(cached, owner);
      counts.length = 0;
      expect((await again.get('/api/properties').expect(200)).headers['x-total-count']).toBe('6');
      expect(counts).toHaveLength(1);

      // Another owner's list is another count query.
      expect((await (await signIn(cached, other)).get('/api/properties').expect(200)).headers['x-total-count']).toBe('1');
    } finally {
      cached.knex.removeListener('query', listen);
    }
  });

  it('counts again within milliseconds when another process commits a write', async () => {
    const owner = await buildUser(cached.knex);
    for (let i = 0; i < 3; i += 1) await buildProperty(cached.knex, { ownerUserId: owner.id });
    const agent = await signIn(cached, owner);
    const total = async () => (await agent.get('/api/properties').expect(200)).headers['x-total-count'];
    expect(await total()).toBe('3');

    // Another process (a worker of the cluster, a daily job): its own transaction, with the audit
    // row every mutation writes, and no request through this process.
    const elsewhere = (trx: Knex.Transaction) =>
      buildProperty(trx, { ownerUserId: owner.id }).then((property) => audit(trx, { userId: owner.id, action: 'create', tableName: 'main_properties', recordId: property.id }));
    await cached.knex.transaction(elsewhere);
    await eventually(async () => (await total()) === '4');
  });

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres('reuses no total while its LISTEN connection is down, and again once it is back', async () => {
    const owner = await buildUser(cached.knex);
    await buildProperty(cached.knex, { ownerUserId: owner.id });
    const agent = await signIn(cached, owner);
    const total = async () => (await agent.get('/api/properties').expect(200)).headers['x-total-count'];
    const totals = cached.app.context.listTotals;

    // Down: a write nothing announces is counted at once, as no total is held while notices may be
    // missed. The listener comes back 1 s after it is lost; a run that a loaded machine stretched
    // past that is tried again, so that what is checked is what happened while it was down.
    let properties = 1;
    let seen: { total: string; expected: string } | null = null;
    for (let attempt = 1; attempt <= 5 && !seen; attempt += 1) {
      expect(await total()).toBe(String(properties));
      await dropListenConnection(cached.knex);
      await eventually(async () => !totals.listening);
      await total();
      await buildProperty(cached.knex, { ownerUserId: owner.id });
      properties += 1;
      const now = await total();
      if (!totals.listening) seen = { total: now, expected: String(properties) };
      await eventually(async () => totals.listening);
    }
    expect(seen).not.toBeNull();
    expect(seen!.total).toBe(seen!.expected);

    // Back (the listener reconnects after 1 s): totals are held again.
    expect(await total()).toBe(String(properties));
    await buildProperty(cached.knex, { ownerUserId: owner.id });
    expect(await total()).toBe(String(properties));
  });
});
