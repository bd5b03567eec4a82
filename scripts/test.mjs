#!/usr/bin/env node
// `npm test`: every check the project has, in the order that fails fastest. Each step prints its
// own output; a summary and one closing "N passed, N failed" line follow.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import browserTools from '../e2e/support/chromium.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, 'tmp');
mkdirSync(tmp, { recursive: true });

const baseEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0' };
// The API suite loads PGlite (ESM + WASM); jest needs the VM-modules flag for that.
const jestEnv = { ...baseEnv, NODE_ENV: 'test', NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ') };
// FUZZ_RUNS (CI: 10000 payloads, security/fuzz.test.ts) is for the PostgreSQL run; the PGlite run
// fuzzes its default count, so the full count is paid once.
const { TEST_DATABASE_URL, ...envWithoutPg } = jestEnv;
delete envWithoutPg.FUZZ_RUNS;

const only = process.argv.slice(2); // e.g. `npm test -- lint unit`
const results = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

function run(name, cmd, args, env = baseEnv, report) {
  if (only.length && !only.includes(name)) return true;
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  const ok = res.status === 0;
  if (report) report();
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

/**
 * Like run(), without blocking: the step's output is kept and printed whole when it ends, so
 * steps that run side by side do not interleave their lines.
 */
function runAsync(name, cmd, args, env = baseEnv, report) {
  if (only.length && !only.includes(name)) return Promise.resolve(true);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      const ok = code === 0;
      if (report) report();
      results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
      resolve(ok);
    });
  });
}

/** Like run(), streaming its output as it comes, without blocking the steps running beside it. */
function runLive(name, cmd, args, env = baseEnv, report) {
  if (only.length && !only.includes(name)) return Promise.resolve(true);
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit' });
    child.on('close', (code) => {
      const ok = code === 0;
      if (report) report();
      results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
      resolve(ok);
    });
  });
}

function jestReport(file) {
  return () => {
    if (!existsSync(file)) return;
    const r = JSON.parse(readFileSync(file, 'utf8'));
    counts.passed += r.numPassedTests;
    counts.failed += r.numFailedTests;
    counts.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  };
}

function playwrightReport(file) {
  return () => {
    if (!existsSync(file)) return;
    const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
    counts.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    counts.failed += s.unexpected ?? 0;
    counts.skipped += s.skipped ?? 0;
  };
}

const jestArgs = (project, out) => ['jest', '--selectProjects', project, '--json', `--outputFile=${out}`];
/**
 * The API runs go beside the e2e suite at a lower CPU priority: a browser journey waits on the
 * clock (expect timeouts, a rebuild, a password hash behind a click) while a jest file only takes
 * longer. The CI run of 66ae093 failed two e2e tests that pass alone and beside both API runs here
 * (a 2-core machine shared by three suites); `nice` gives the e2e step the cores first.
 */
const background = (args) => (process.platform === 'linux' ? ['nice', ['-n', '10', 'npx', ...args]] : ['npx', args]);

// The module-boundary rule reads Nx's project graph; compute it first or the rule skips itself.
run('graph', 'npx', ['nx', 'show', 'projects']);
run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
// The three jest runs share nothing (the unit project no database; each API suite its own PGlite,
// or its own schema on PostgreSQL), so they run side by side: one jest worker each on a 2-core
// machine keeps both cores busy instead of one.
const unitOut = path.join(tmp, 'jest-unit.json');
rmSync(unitOut, { force: true });
const unitRun = runAsync('unit', 'npx', jestArgs('unit', unitOut), jestEnv, jestReport(unitOut));
const jestRuns = [];
const pgliteOut = path.join(tmp, 'jest-api-pglite.json');
rmSync(pgliteOut, { force: true });
/**
 * With PostgreSQL there too, the PGlite run keeps to what depends on the engine, and the rest runs
 * once, on PostgreSQL (both are PostgreSQL: the same SQL, planner and locks; PGlite is one
 * connection in this process):
 * - left to PostgreSQL: the authorization matrix and the fuzz (services/api/src/security), and the
 *   route handlers' suites (services/api/src/routes), which test the API's rules;
 * - on both: the migrations, seeds, database layer, queries, jobs, mail queue, policies and storage,
 *   and the routes built on the engine's own mechanisms: sessions and sign-in (auth), live events
 *   over LISTEN/NOTIFY (events, conversations), files and their quota (documents), invitations
 *   and their mail (tenants), health.
 * The app itself runs on PGlite in the e2e step (its web server uses the embedded database), and
 * `npm test` without TEST_DATABASE_URL runs every suite on PGlite. Measured 2026-12-07: the CI
 * run had reached 19 minutes of its 20 with every suite on both engines.
 */
const PGLITE_ROUTES = ['auth', 'events', 'conversations', 'documents', 'tenants', 'health'];
const pgliteEnv = TEST_DATABASE_URL
  ? { ...envWithoutPg, API_TEST_IGNORE: `/services/api/src/(security/|routes/(?!(${PGLITE_ROUTES.join('|')})/))` }
  : envWithoutPg;
jestRuns.push(runAsync('api-pglite', ...background(jestArgs('api', pgliteOut)), pgliteEnv, jestReport(pgliteOut)));
// The PostgreSQL run is the longest (it alone holds the security suites: the fuzz, the matrix).
// The build and the e2e suite start as soon as the unit run ends, beside both API runs: waiting
// for the PGlite run too left one core idle for the e2e suite's last five minutes (19.5 min in
// all, measured 2026-11-29; the API runs spend much of their time waiting on the database).
let postgresRun = Promise.resolve(true);
if (TEST_DATABASE_URL) {
  const pgOut = path.join(tmp, 'jest-api-postgres.json');
  rmSync(pgOut, { force: true });
  postgresRun = runAsync('api-postgres', ...background(jestArgs('api', pgOut)), jestEnv, jestReport(pgOut));
} else if (!only.length) {
  console.log('\n(TEST_DATABASE_URL no está definida: la suite de la API no se repite sobre PostgreSQL)');
}
await unitRun;
/**
 * Finds the e2e browser and starts it once. When none runs, the e2e step fails with one line that
 * names what was tried and the command that fixes it, instead of one failure per test.
 */
async function browserPreflight() {
  let browser;
  try {
    browser = browserTools.resolveChromium();
  } catch (error) {
    return { error: error.message };
  }
  const { chromium } = await import('playwright-core');
  try {
    const instance = await chromium.launch({ executablePath: browser.executablePath, env: { ...process.env, ...browser.env }, args: browserTools.CHROMIUM_ARGS, timeout: 60_000 });
    await (await instance.newPage()).setContent('<p>ok</p>');
    await instance.close();
    return { browser };
  } catch (error) {
    const fix = browser.source.startsWith('@sparticuz') ? 'npm ci' : 'npx playwright install chromium';
    return { error: `No hay navegador para las pruebas e2e: ${browser.source} (${browser.executablePath}) no se pudo lanzar: ${String(error.message).split('\n')[0]}. Se arregla con: ${fix}` };
  }
}

const built = await runLive('build', 'npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static']);
const preflight = built && (!only.length || only.includes('e2e')) ? await browserPreflight() : null;
if (preflight?.error) {
  console.log(`\n=== e2e\n${preflight.error}`);
  results.push({ name: 'e2e', ok: false, seconds: '0.0' });
  counts.failed += 1;
} else if (built) {
  if (preflight?.browser) console.log(`\ne2e: navegador ${preflight.browser.source} (${preflight.browser.executablePath})`);
  const e2eOut = path.join(tmp, 'e2e-results.json');
  rmSync(e2eOut, { force: true });
  await runLive('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { ...baseEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut }, playwrightReport(e2eOut));
}
await Promise.all([...jestRuns, postgresRun]);

console.log('\n=== resumen');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failedSteps = results.filter((r) => !r.ok);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
