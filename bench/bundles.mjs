#!/usr/bin/env node
// Bundle sizes of the front end (issue 14). Per app, from dist/apps: the JavaScript its build holds
// (gzip, as the server compresses it), then what a real Chromium downloads of it: a signed-out
// visitor's / (shell and public site) and each portal's first use after signing in as its demo
// account (the chart library apart, loaded after a dashboard's first render). The budgets and the
// measurement are e2e/tests/perf/bundleBudgets.cjs, the same the e2e test of `npm test` asserts.
//
//   node bench/bundles.mjs                    # builds what changed, serves it on PORT 3191 (BENCH_PORT), prints the tables
//   node bench/bundles.mjs --check            # the same, and exits 1 when a budget is exceeded
//   node bench/bundles.mjs --files            # also lists every script measured, with what it holds
//   BENCH_SKIP_BUILD=1 node bench/bundles.mjs # measure dist/ as it is (local iterations only)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import browserTools from '../e2e/support/chromium.cjs';
import { startDemoServer, waitFor } from './support/server.mjs';
import budgets from '../e2e/tests/perf/bundleBudgets.cjs';

const { BUDGETS, PORTAL_ACCOUNTS, DIST_APPS } = budgets;
const port = Number(process.env.BENCH_PORT ?? 3191);
const baseURL = `http://127.0.0.1:${port}`;
const check = process.argv.includes('--check');
const listFiles = process.argv.includes('--files');
/** Every demo account (e2e/fixtures/accounts.ts) is <name>@demo.arrendia.es with this password. */
const DEMO_PASSWORD = 'demo1234';
/** koa-compress leaves bodies under 1 KB as they are. */
const COMPRESS_THRESHOLD = 1024;
const APPS = ['shell', 'public-site', ...Object.keys(PORTAL_ACCOUNTS)];

const kbText = (bytes) => (bytes / 1024).toFixed(1);

/** The scripts of one app's build (not its source maps, not a remote's stand-alone page). */
function builtScripts(app) {
  const dir = path.join(DIST_APPS, app);
  if (!fs.existsSync(dir)) throw new Error(`${dir} no existe: compila primero (npm run build)`);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const body = fs.readFileSync(path.join(dir, name));
      return { name, bytes: body.length < COMPRESS_THRESHOLD ? body.length : zlib.gzipSync(body).length };
    });
}


/** Runs `measure` on a page of a fresh context (nothing cached), signed in as `account` if given. */
async function inFreshPage(browser, account, measure) {
  const context = await browser.newContext({ baseURL, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  try {
    const page = await context.newPage();
    if (account) {
      const res = await page.request.post('/api/auth/login', { data: { email: `${account}@demo.arrendia.es`, password: DEMO_PASSWORD } });
      if (res.status() !== 200) throw new Error(`login as ${account}: ${res.status()} ${await res.text()}`);
    }
    return await measure(page);
  } finally {
    await context.close();
  }
}

const sum = (scripts) => scripts.reduce((total, s) => total + s.bytes, 0);

const server = startDemoServer(port);
let browser;
let failed = false;
try {
  // dist/ as the server found it once started (scripts/start.mjs builds what changed first).
  await waitFor(`${baseURL}/api/health`, server.child, { intervalMs: 1000 });
  const built = Object.fromEntries(APPS.map((app) => [app, builtScripts(app)]));

  const chromiumFound = browserTools.resolveChromium();
  browser = await chromium.launch({ executablePath: chromiumFound.executablePath, env: { ...process.env, ...chromiumFound.env }, args: browserTools.CHROMIUM_ARGS });

  const landing = await inFreshPage(browser, null, (page) => budgets.measureLanding(page));
  const problems = [...budgets.checkLanding(landing), ...budgets.checkSingletons(landing)];
  const firstUses = {};
  for (const [remote, account] of Object.entries(PORTAL_ACCOUNTS)) {
    const { shell, added } = await inFreshPage(browser, account, (page) => budgets.measureFirstUse(page, remote));
    firstUses[remote] = { account, shell, added, charts: added.filter(budgets.isChartLibrary), own: added.filter((s) => !budgets.isChartLibrary(s)) };
    problems.push(...budgets.checkFirstUse(remote, added), ...budgets.checkSingletons([...shell, ...added]));
  }

  console.log('\nJavaScript por aplicación (KB gzip). «Inicial»: lo que descarga / sin sesión (shell, public-site) o el primer uso del portal con su cuenta de demostración.');
  console.table(
    APPS.map((app) => {
      const entry = built[app].find((f) => f.name === 'remoteEntry.js' || /^main\./.test(f.name));
      const use = firstUses[app];
      const initial = use ? use.own : landing.filter((s) => s.app === app);
      return {
        aplicación: app,
        ficheros: built[app].length,
        'total (KB)': kbText(sum(built[app])),
        'entrada (KB)': entry ? kbText(entry.bytes) : '-',
        'inicial (KB)': kbText(sum(initial)),
        'ficheros iniciales': initial.length,
        'gráficos después (KB)': use?.charts.length ? kbText(sum(use.charts)) : '-',
      };
    }),
  );

  console.log('Presupuestos (e2e/tests/perf/bundleBudgets.cjs):');
  const rows = [{ medida: '/ sin sesión', 'KB gzip': kbText(sum(landing)), ficheros: landing.length, presupuesto: BUDGETS.landingKb }];
  for (const [remote, use] of Object.entries(firstUses)) {
    rows.push({ medida: `primer uso de ${remote} (${use.account})`, 'KB gzip': kbText(sum(use.own)), ficheros: use.own.length, presupuesto: BUDGETS.remoteFirstUseKb });
    if (use.charts.length) rows.push({ medida: `  gráficos de ${remote}, tras el primer render`, 'KB gzip': kbText(sum(use.charts)), ficheros: use.charts.length, presupuesto: BUDGETS.chartLibraryKb });
  }
  console.table(rows.map((row) => ({ ...row, ok: Number(row['KB gzip']) <= row.presupuesto ? 'sí' : 'NO' })));

  if (listFiles || problems.length) {
    console.log(`\n/ sin sesión:\n${budgets.listScripts(landing)}`);
    for (const [remote, use] of Object.entries(firstUses)) console.log(`\nprimer uso de ${remote}:\n${budgets.listScripts(use.added)}`);
  }
  if (problems.length) {
    console.log(`\n${problems.length} problema(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    if (check) failed = true;
  } else {
    console.log('\nTodo dentro de presupuesto; cada singleton llega una sola vez.');
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await browser?.close();
  server.stop();
}
process.exit(failed ? 1 : 0);
