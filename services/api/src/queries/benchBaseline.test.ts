import fs from 'node:fs';
import path from 'node:path';
import { LARGE_SEED_PASSWORD, largeSeedAccounts, seedLarge } from '../seeds/large';
import { startTestApp, type TestApp } from '../test/support';

/**
 * bench/api.mjs weighs each list against a bare node:http + pg server that sends that list's own
 * statements (bench/baseline-queries.json). This keeps the file true to the API: the statements an
 * endpoint sends once its session and its page total are cached (as in production, where the bench
 * measures it) are the file's, text and values. A value that is the signed-in user's id or agency
 * is written as {"$": "userId"} or {"$": "agencyId"}: the bench reads them for its own accounts.
 *
 * After a change to a list's query: BENCH_BASELINE_WRITE=1 npx jest benchBaseline --selectProjects api
 */

const FILE = path.resolve(__dirname, '../../../../bench/baseline-queries.json');

const ACCOUNTS = {
  manager: largeSeedAccounts.manager(1),
  agent: largeSeedAccounts.agent(1),
} as const;

/** The lists bench/api.mjs loads (its `lists`), each with the account it signs in as. */
const LISTS: Record<string, { account: keyof typeof ACCOUNTS; url: string }> = {
  properties: { account: 'manager', url: '/api/properties' },
  contracts: { account: 'manager', url: '/api/contracts' },
  transactions: { account: 'manager', url: '/api/transactions' },
  incidents: { account: 'manager', url: '/api/incidents' },
  conversations: { account: 'agent', url: '/api/conversations' },
  search: { account: 'manager', url: '/api/search?q=Mayor' },
};

type Param = string | number | boolean | null | { $: 'userId' | 'agencyId' };
interface Statement {
  sql: string;
  params: Param[];
}
interface BaselineFile {
  [list: string]: { account: keyof typeof ACCOUNTS; url: string; statements: Statement[] };
}

let t: TestApp;
let captured: { sql: string; bindings: readonly unknown[] }[] = [];
beforeAll(async () => {
  // The production caches: a list request then sends its page's statements and nothing else.
  t = await startTestApp({ sessionCacheSeconds: 60, listTotalCacheSeconds: 60 });
  await seedLarge(t.knex, { scale: 0.005, seed: 1 });
  t.knex.on('query', (q: { sql: string; bindings?: readonly unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] }));
});
afterAll(() => t.close());

/** The statements GET `url` sends as `account`, once its caches are warm. */
async function statementsOf(account: keyof typeof ACCOUNTS, url: string): Promise<Statement[]> {
  const email = ACCOUNTS[account];
  const me = await t.knex('users').where({ email }).first<{ id: number; agencyId: number | null }>('id', 'agencyId');
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email, password: LARGE_SEED_PASSWORD }).expect(200);
  // The session cache learns of the login's writes through notices that may arrive after the next
  // requests read the session (and so not keep it; a CI run saw two in a row read it): asked again
  // until two requests in a row send the same statements and neither read the session. A cache
  // that never holds it shows as the session's statement in the comparison below.
  let previous: string | null = null;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    captured = [];
    await agent.get(url).expect(200);
    const sent = JSON.stringify(captured);
    if (sent === previous && !captured.some(({ sql }) => /from "sessions"/.test(sql))) break;
    previous = sent;
  }
  return captured.map(({ sql, bindings }) => ({
    sql,
    params: bindings.map((value): Param => {
      if (value === me!.id) return { $: 'userId' };
      if (value === me!.agencyId) return { $: 'agencyId' };
      return value as Param;
    }),
  }));
}

describe('bench/baseline-queries.json', () => {
  let file: BaselineFile;
  const actual: BaselineFile = {};
  beforeAll(async () => {
    for (const [name, { account, url }] of Object.entries(LISTS)) actual[name] = { account, url, statements: await statementsOf(account, url) };
    if (process.env.BENCH_BASELINE_WRITE === '1') fs.writeFileSync(FILE, `${JSON.stringify(actual, null, 2)}\n`);
    file = JSON.parse(fs.readFileSync(FILE, 'utf8')) as BaselineFile;
  });

  it('names every list the bench loads, with its account and address', () => {
    expect(Object.fromEntries(Object.entries(file).map(([name, { account, url }]) => [name, { account, url }]))).toEqual(LISTS);
  });

  it.each(Object.keys(LISTS))('%s: the statements the API sends, to the letter', (name) => {
    expect(actual[name]!.statements.length).toBeGreaterThan(0);
    expect(file[name]?.statements).toEqual(actual[name]!.statements);
  });
});
