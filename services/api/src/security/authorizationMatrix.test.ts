/**
 * The authorization matrix (issue 15, point 1), generated from the route table: every route of the
 * API router × every role (and a signed-out caller) × rows in and out of the caller's scope (× fields
 * it may not set). The table is ./matrix.ts, the world it runs against ./world.ts.
 *
 * One `it` per route; a failing route lists every case that answered otherwise, e.g.
 *   GET /api/contracts/:id as agente (agentX) → cell BY (owner B, agency Y): expected 404, got 200
 */
import { apiRouter } from '../routes';
import type { ValidatingMiddleware } from '../middlewares/validate';
import { casesOf, MATRIX, passesGate } from './matrix';
import { partyFields, RELATIONSHIPS } from './relationships';
import { runCase } from './runner';
import { ACTOR_KEYS, buildWorld, type World } from './world';

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

/** Every write route of the real router whose validated body names a party, with those fields. */
function partyRoutes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const layer of apiRouter(w.t.app).stack) {
    const schema = (layer.stack as Partial<ValidatingMiddleware>[]).find((mw) => mw.bodySchema)?.bodySchema;
    const fields = schema ? partyFields(schema) : [];
    if (!fields.length) continue;
    for (const method of layer.methods) if (method !== 'HEAD') found.set(`${method} ${layer.path}`, fields);
  }
  return found;
}

describe('the relationship dimension (issue 30): a body naming another party binds it only with its consent', () => {
  it('has an entry for every field of a write route that names a party, and none for a field that is gone', () => {
    const routes = partyRoutes();
    expect(routes.size).toBeGreaterThan(10);
    const missing = [...routes].flatMap(([route, fields]) => fields.filter((field) => !RELATIONSHIPS[route]?.[field]).map((field) => `${route} ${field}`));
    const gone = Object.entries(RELATIONSHIPS).flatMap(([route, fields]) => Object.keys(fields).filter((field) => !routes.get(route)?.includes(field)).map((field) => `${route} ${field}`));
    expect({ 'party fields without an entry': missing.sort(), 'entries without a field': gone.sort() }).toEqual({ 'party fields without an entry': [], 'entries without a field': [] });
  });

  for (const [route, fields] of Object.entries(RELATIONSHIPS)) {
    for (const [field, relationship] of Object.entries(fields)) {
      const spec = MATRIX[route]!;
      const cases = casesOf(route, spec).filter((c) => passesGate(spec.gate, c.actor));
      if (relationship.check === 'refused') {
        it(`${route} ${field}: an unrelated party is refused for every caller past the gate${relationship.binds ? ` but ${relationship.binds.join(', ')}` : ''}`, () => {
          const unrelated = cases.filter((c) => {
            if (relationship.variant !== undefined) return c.variant === relationship.variant;
            if (c.variant !== null) return false;
            if (relationship.target !== undefined) return Boolean(c.target?.endsWith(relationship.target));
            return c.target !== null && spec.sees !== undefined && !spec.sees(c.actor, c.target);
          });
          // The cases exist (so the matrix below runs them, guards included) and every one but the binding callers' is a refusal.
          expect(unrelated.length).toBeGreaterThan(0);
          expect(unrelated.filter((c) => !relationship.binds?.includes(c.actor) && c.expected < 400).map((c) => `${c.actor} → ${c.target} expects ${c.expected}`)).toEqual([]);
        });
      } else if (relationship.check === 'ignored') {
        it(`${route} ${field}: the party named is dropped for the caller's own account (the matrix's variant cases verify what is stored)`, () => {
          expect(cases.filter((c) => c.variant === relationship.variant).length).toBeGreaterThan(0);
          expect(spec.verify).toBeDefined();
        });
      } else if (relationship.check === 'admin') {
        it(`${route} ${field}: only the super admin passes the gate`, () => {
          expect(ACTOR_KEYS.filter((a) => passesGate(spec.gate, a))).toEqual(['super']);
        });
      }
    }
  }
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
