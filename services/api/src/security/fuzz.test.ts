/**
 * Fuzz test over every write endpoint (issue 15, point 2). fast-check builds, from a fixed seed,
 * payloads around each route's valid body (wrong types, huge strings, NUL bytes, unicode,
 * negative and huge numbers, extra fields, deep nesting, invalid dates, SQL and HTML fragments,
 * broken JSON and multipart, wrong ids in the path) and totally random JSON; each is sent as a
 * user allowed to call the route, with real in-scope ids, on a seeded database. Required: no
 * answer is a 5xx, and after every 4xx a checksum of every table is what it was before and no new
 * file is left in the documents store: a refused request wrote nothing.
 *
 * FUZZ_RUNS is the total number of payloads (default 1500 in `npm test`; CI runs 10000),
 * FUZZ_SEED the seed (default 20261126), FUZZ_ROUTE a substring to fuzz only some routes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createApp } from '../app';
import { settleDataExports } from '../commands/dataExporter';
import { settleImportJobs } from '../commands/importCommitter';
import { apiRouter } from '../routes';
import type { User } from '../models/User';
import { startTestApp, type TestApp } from '../test/support';
import { changedTables, Client, type Checksums, EXCLUDED_TABLES, filesSnapshot, leftoverFiles, newFiles, prepareChecksums, signIn, Target, type Answer, type Snapshot } from './fuzzHarness';
import { describeBody, materialize, materializeMultipart, multipartPlanFor, planFor, type MultipartPlan, type Plan, type RawBody } from './fuzzPayloads';
import { buildWorld, ROUTES, type Fixture, type RouteSpec, type World } from './fuzzRoutes';

const SEED = Number(process.env.FUZZ_SEED || 20261126);
const RUNS = Number(process.env.FUZZ_RUNS || 1500);
const ONLY = process.env.FUZZ_ROUTE || '';
/** Every route gets at least this many payloads, whatever its weight. */
const MIN_PER_ROUTE = 10;

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

let t: TestApp;
let documentsDir: string;
let main: Target;
let world: World;
const extraTargets: Target[] = [];
let checksums: Checksums | null = null;

beforeAll(async () => {
  documentsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-fuzz-'));
  t = await startTestApp({ documentsDir });
  main = await Target.listen(t.app);
  world = await buildWorld(t);
  world.clients = { admin: await signIn(t.knex, main, world.admin.email), owner: await signIn(t.knex, main, world.owner.email) };
}, 120_000);

afterAll(async () => {
  await checksums?.close();
  for (const target of extraTargets) await target.close();
  await main?.close();
  await t?.close();
  fs.rmSync(documentsDir, { recursive: true, force: true });
});

/** 'METHOD /api/path' of every write route the app's router has. */
function writeRoutes(): string[] {
  const router = apiRouter(createApp({ knex: t.knex, config: t.config }));
  const names = new Set<string>();
  for (const layer of router.stack) for (const method of layer.methods) if (WRITE_METHODS.includes(method)) names.add(`${method} ${layer.path}`);
  return [...names].sort();
}

const paramNames = (route: string) => [...route.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);

describe('the fuzz table', () => {
  it('covers every write route of the API, and only routes that exist', () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    // A new POST/PUT/PATCH/DELETE route needs its entry in fuzzRoutes.ts (who calls it, valid body).
    expect(routes.filter((r) => !(r in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((r) => !routes.includes(r))).toEqual([]);
  });
});

describe('the partial-write check', () => {
  it('sees a committed write, even of the same values, and neither a rolled-back one nor a row lock', async () => {
    const sums = await prepareChecksums(t.knex);
    try {
      const agency = await t.knex('agencies').where('id', world.agencyId).first();
      const start = await sums.take();
      await t.knex
        .transaction(async (trx) => {
          await trx('agencies').where('id', agency.id).forUpdate().first();
          await trx('agencies').where('id', agency.id).update({ nombreAgencia: 'Cambiada' });
          await trx('audit_log').insert({ action: 'update', tableName: 'agencies', recordId: agency.id });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      expect(changedTables(start, await sums.take())).toEqual([]);
      await t.knex('agencies').where('id', agency.id).update({ nombreAgencia: agency.nombreAgencia });
      expect(changedTables(start, await sums.take()).map((c) => c.split(' ')[0])).toEqual(['agencies']);
    } finally {
      await sums.close();
    }
  });
});

interface RouteState {
  route: string;
  spec: RouteSpec;
  method: string;
  pathTemplate: string;
  actor: User | null;
  client: Client | null;
  fixture: Fixture;
  target: Target;
  successes: number;
}

/** A route's caller and fixtures, made anew (a fresh user when the actor is the route's own). */
async function prepare(route: string, spec: RouteSpec, previous?: RouteState, what: 'all' | 'fixtures' = 'all'): Promise<RouteState> {
  const [method, pathTemplate] = route.split(' ');
  const target = previous?.target ?? main;
  let actor = previous?.actor ?? null;
  let client = previous?.client ?? null;
  if (what === 'all' && spec.actor !== 'anonymous') {
    actor = await spec.actor(world);
    client = await signIn(t.knex, target, actor.email);
  }
  const fixture = spec.fixtures ? await spec.fixtures(world, actor, client) : {};
  return { route, spec, method, pathTemplate, actor, client, fixture, target, successes: previous?.successes ?? 0 };
}

function pathFor(state: RouteState, param: Plan['param']): string {
  const values = state.fixture.params ?? [];
  let i = 0;
  return state.pathTemplate.replace(/:[A-Za-z]+/g, () => {
    const index = i++;
    return param && param.pick === index ? param.segment : encodeURIComponent(String(values[index]));
  });
}

/** How many payloads each route gets: FUZZ_RUNS spread by the size of what it reads (fields, path values). */
function allocate(states: RouteState[], total: number): number[] {
  const weights = states.map((s) => {
    const fields = Object.keys(s.fixture.body?.() ?? s.fixture.fields?.() ?? {}).length;
    return 2 + fields + 2 * paramNames(s.route).length + (s.spec.multipart ? 6 : 0);
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => Math.max(MIN_PER_ROUTE, Math.ceil((total * weight) / sum)));
}

interface Failure {
  route: string;
  path: string;
  payload: string;
  status: number | string;
  answer: string;
}

const truncate = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max)}… (${text.length})` : text);

describe('fuzzing every write endpoint', () => {
  it(
    `answers FUZZ_RUNS (${RUNS}) generated payloads with no 5xx and no partial write`,
    async () => {
      const started = Date.now();
      const routes = Object.keys(ROUTES)
        .filter((r) => r.includes(ONLY))
        .sort();
      const states: RouteState[] = [];
      for (const route of routes) {
        states.push(await prepare(route, ROUTES[route]).catch((err: Error) => Promise.reject(new Error(`Preparación de ${route}: ${err.message}`, { cause: err }))));
      }
      const counts = allocate(states, ONLY ? Math.ceil((RUNS * routes.length) / Object.keys(ROUTES).length) : RUNS);

      checksums = await prepareChecksums(t.knex);
      const { take } = checksums;
      const timing = { requests: 0, checksums: 0, fixtures: 0 };
      const timed = async <T>(key: keyof typeof timing, work: () => Promise<T>): Promise<T> => {
        const t0 = performance.now();
        try {
          return await work();
        } finally {
          timing[key] += performance.now() - t0;
        }
      };
      const snapshot = () => timed('checksums', take);
      const serverErrors: Failure[] = [];
      const partialWrites: (Failure & { changed: string[] })[] = [];
      const transportErrors: Failure[] = [];
      const baselines: { route: string; status: number | string }[] = [];
      const statuses = new Map<string, number>();
      const perRoute: { route: string; sent: number; byStatus: Map<number | string, number>; ms: number }[] = [];
      let sent = 0;
      let reSignIns = 0;

      // Where the harness was, should it fail (a fixture, a sign-in): named in the error.
      let where = '';
      try {
        for (const [index, initial] of states.entries()) {
          const { spec, route } = initial;
          // A job an earlier route started writes after its answer (an import's commit, a data
          // export's ZIP): it ends before this route's fixtures and first snapshot, or its rows
          // count as this route's (CI at a180fd0: an export's rows were charged to POST /api/imports).
          await settleImportJobs();
          await settleDataExports();
          // Fixtures a 2xx uses up may also age while the routes before this one run (a sign-in
          // waiting for its code lasts TWO_FACTOR_LOGIN_MINUTES): made again at the route's turn.
          let state = spec.refresh ? await timed('fixtures', () => prepare(route, spec, initial, spec.refresh === 'actor' ? 'all' : 'fixtures')) : initial;
          const routeStarted = Date.now();
          const params = paramNames(route).length;
          const arbitrary: fc.Arbitrary<Plan | MultipartPlan> = spec.multipart ? multipartPlanFor(params) : planFor(params);
          const plans = fc.sample(arbitrary, { seed: SEED + index, numRuns: counts[index] });
          const byStatus = new Map<number | string, number>();
          let before: Snapshot | null = null;
          let filesBefore = '';

          for (const [i, plan] of plans.entries()) {
            where = `${route}, payload ${i + 1} de ${plans.length}`;
            if (spec.beforeEach) {
              await spec.beforeEach(world);
              before = null;
            }
            if (!before) {
              before = await snapshot();
              filesBefore = filesSnapshot(documentsDir);
            }
            // The first payload of every route is its valid body: proof the fixtures reach the handler.
            const body: RawBody = spec.multipart
              ? materializeMultipart(i === 0 ? { ...(plan as MultipartPlan), fields: { kind: 'base' }, files: [spec.multipart.validFile ?? validFile()], notMultipart: null, broken: 'none', param: null } : (plan as MultipartPlan), state.fixture.fields?.() ?? {}, spec.multipart.maxBytes)
              : materialize(i === 0 ? { kind: 'valid' } : (plan as Plan).body, state.fixture.body?.() ?? {});
            const requestPath = pathFor(state, i === 0 ? null : plan.param);
            const client = state.client ?? new Client(state.target);
            let answer: Answer | null = null;
            let status: number | string;
            try {
              answer = await timed('requests', () =>
                client.send({ method: state.method, path: requestPath, contentType: body.contentType, contentEncoding: body.contentEncoding, body: body.bytes }),
              );
              status = answer.status;
            } catch (err) {
              status = `transport:${(err as { code?: string }).code ?? (err as Error).message}`;
            }
            sent++;
            byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
            statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
            if (i === 0) baselines.push({ route, status });

            const after = await snapshot();
            const filesAfter = filesSnapshot(documentsDir);
            const failure = (): Failure => ({ route, path: truncate(requestPath, 120), payload: describeBody(body), status, answer: truncate(answer?.text ?? '') });
            if (typeof status === 'string') {
              transportErrors.push(failure());
            } else if (status >= 500) {
              serverErrors.push(failure());
            } else if (status >= 400) {
              const changed = changedTables(before, after).filter((c) => !spec.writesOnRefusal?.includes(c.split(' ')[0]!));
              const leftovers = newFiles(filesBefore, filesAfter).length ? await leftoverFiles(documentsDir, filesBefore) : [];
              if (leftovers.length) changed.push(`archivos nuevos en el almacén de documentos: ${leftovers.join(', ')}`);
              if (changed.length) partialWrites.push({ ...failure(), changed });
            }
            before = after;
            filesBefore = filesAfter;

            if (typeof status === 'number' && status < 300) {
              state.successes++;
              if (spec.refresh) {
                state = await timed('fixtures', () => prepare(route, spec, state, spec.refresh === 'actor' ? 'all' : 'fixtures'));
                before = null;
              }
              if (spec.freshAppEvery && state.successes % spec.freshAppEvery === 0) {
                const target = await Target.listen(createApp({ knex: t.knex, config: t.config, events: t.events }));
                extraTargets.push(target);
                state = { ...state, target };
                if (state.client) state.client.target = target;
              }
            } else if (status === 401 && state.client) {
              // The session ended (a fuzzed call may end it legitimately): sign in again and go on.
              reSignIns++;
              state = await timed('fixtures', () => prepare(route, spec, state, 'all'));
              before = null;
            }
          }
          perRoute.push({ route, sent: plans.length, byStatus, ms: Date.now() - routeStarted });
        }
      } catch (err) {
        throw new Error(`El fuzz se detuvo en ${where}: ${(err as Error).message}`, { cause: err });
      }

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const statusLine = (m: Map<number | string, number> | Map<string, number>) =>
        [...m]
          .sort(([a], [b]) => String(a).localeCompare(String(b)))
          .map(([s, n]) => `${s}×${n}`)
          .join(' ');
      console.log(
        [
          `Fuzz de endpoints de escritura (issue 15): semilla ${SEED}, FUZZ_RUNS=${RUNS}, ${routes.length} rutas, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
          `  payloads enviados: ${sent} en ${seconds} s (peticiones ${(timing.requests / 1000).toFixed(1)} s, sumas de control ${(timing.checksums / 1000).toFixed(1)} s, preparación ${(timing.fixtures / 1000).toFixed(1)} s)`,
          `  respuestas por estado: ${statusLine(statuses)}`,
          `  respuestas 5xx: ${serverErrors.length}`,
          `  escrituras parciales tras un 4xx: ${partialWrites.length}`,
          `  errores de transporte: ${transportErrors.length}`,
          `  reinicios de sesión: ${reSignIns}`,
          `  tablas fuera de la suma de control: ${EXCLUDED_TABLES.join(', ')}`,
          '  por ruta:',
          ...perRoute.map((r) => `    ${r.route.padEnd(48)} ${String(r.sent).padStart(5)}  ${(r.ms / 1000).toFixed(1).padStart(5)} s  ${statusLine(r.byStatus)}`),
        ].join('\n'),
      );
      if (serverErrors.length || partialWrites.length || transportErrors.length) {
        console.log(JSON.stringify({ serverErrors: serverErrors.slice(0, 30), partialWrites: partialWrites.slice(0, 30), transportErrors: transportErrors.slice(0, 30) }, null, 2));
      }

      expect(serverErrors).toEqual([]);
      expect(partialWrites).toEqual([]);
      expect(transportErrors).toEqual([]);
      // Every route's valid body was accepted: the fuzz reached its handler, not a 401/403/404 wall.
      expect(baselines.filter((b) => typeof b.status !== 'number' || b.status >= 300)).toEqual([]);
      if (!ONLY) expect(sent).toBeGreaterThanOrEqual(RUNS);
    },
    60 * 60_000,
  );
});

/** A small valid PNG for the baseline upload of a multipart route. */
function validFile(): MultipartPlan['files'][number] {
  return { field: 'file', kind: 'png', name: 'foto.png', contentType: 'image/png', size: 64, extendedName: false };
}
