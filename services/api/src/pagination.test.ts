import { buildProperty, buildUser, signIn } from './test/factories';
import { startTestApp, type TestApp } from './test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('paginate (X-Total-Count)', () => {
  it('tells the same total on every page, and counts only when the page cannot tell it', async () => {
    const owner = await buildUser(t.knex);
    for (let i = 0; i < 5; i += 1) await buildProperty(t.knex, { ownerUserId: owner.id });
    const agent = await signIn(t, owner);
    const counts: string[] = [];
    const listen = (q: { sql: string }) => {
      if (/^select count\(\*\)/i.test(q.sql)) counts.push(q.sql);
    };
    t.knex.on('query', listen);
    try {
      const pages = [];
      for (const page of [1, 2, 3, 4]) {
        counts.length = 0;
        const res = await agent.get('/api/properties').query({ page, pageSize: 2 }).expect(200);
        pages.push({ page, rows: res.body.length, total: res.headers['x-total-count'], counted: counts.length });
      }
      expect(pages).toEqual([
        { page: 1, rows: 2, total: '5', counted: 1 },
        { page: 2, rows: 2, total: '5', counted: 1 },
        { page: 3, rows: 1, total: '5', counted: 0 }, // the last page: 2 + 2 + 1
        { page: 4, rows: 0, total: '5', counted: 1 }, // past the end: only a count can tell
      ]);
    } finally {
      t.knex.removeListener('query', listen);
    }
  });
});
