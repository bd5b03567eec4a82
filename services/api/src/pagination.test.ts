import { buildProperty, buildUser, signIn } from './test/factories';
import { startTestApp, type TestApp } from './test/support';

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
