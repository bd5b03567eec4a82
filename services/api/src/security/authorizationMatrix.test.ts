/**
 * The authorization matrix (issue 15, point 1), generated from the route table: every route of the
 * API router × every role (and a signed-out caller) × rows in and out of the caller's scope (× fields
 * it may not set). The table is ./matrix.ts, the world it runs against ./world.ts.
 *
 * One `it` per route; a failing route lists every case that answered otherwise, e.g.
 *   GET /api/contracts/:id as agente (agentX) → cell BY (owner B, agency Y): expected 404, got 200
 */
import { apiRouter } from '../routes';
import { casesOf, MATRIX } from './matrix';
import { runCase } from './runner';
import { buildWorld, type World } from './world';

const ROUTES = Object.entries(MATRIX)
  .map(([route, spec]) => ({ route, spec, cases: casesOf(route, spec) }))
  .sort((a, b) => (a.spec.phase ?? 0) - (b.spec.phase ?? 0));
const CASES = ROUTES.flatMap((r) => r.cases);

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);
afterAll(() => w?.close());

describe('the route table', () => {
  it('has an entry for every route of the API router, and none for a route that is gone', () => {
    const keys = new Set<string>();
    for (const layer of apiRouter(w.t.app).stack) {
      for (const method of layer.methods) if (method !== 'HEAD') keys.add(`${method} ${layer.path}`);
    }
    expect(keys.size).toBeGreaterThan(100);
    const missing = [...keys].filter((key) => !(key in MATRIX)).sort();
    const gone = Object.keys(MATRIX).filter((key) => !keys.has(key)).sort();
    expect({ 'routes without a matrix entry': missing, 'matrix entries without a route': gone }).toEqual({
      'routes without a matrix entry': [],
      'matrix entries without a route': [],
    });
  });
});

describe('authorization matrix', () => {
  for (const { route, spec, cases } of ROUTES) {
    it(`${route} (${cases.length} cases)`, async () => {
      const problems: string[] = [];
      for (const c of cases) problems.push(...(await runCase(w, spec, c)));
      expect(problems).toEqual([]);
    });
  }

  it(`covers ${CASES.length} cases (≥ 2000)`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(2000);
  });
});
