#!/usr/bin/env node
// Lighthouse on the public site: starts its own server (`node scripts/start.mjs`, which builds
// what changed, on a fresh embedded database seeded with the demo data), audits /, /alquiler and
// one /property/:id with the desktop preset in the Chromium e2e/support/chromium.cjs finds (CHROMIUM_PATH,
// Playwright's, the system's or the npm-packaged one), prints the four scores per
// page and exits 1 when a score is under its target.
//
//   node bench/lighthouse.mjs                 # PORT 3190 unless BENCH_PORT is set
//   CHROMIUM_PATH=/path/to/chrome node bench/lighthouse.mjs
//   BENCH_SKIP_BUILD=1 node bench/lighthouse.mjs   # reuse dist/ as it is (local iterations only)
//   BENCH_REPORT_DIR=tmp/lighthouse node bench/lighthouse.mjs   # also keep each page's JSON report
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import browserTools from '../e2e/support/chromium.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3190);
const baseURL = `http://127.0.0.1:${port}`;
const browser = browserTools.resolveChromium();
const CHROME_FLAGS = ['--headless', ...browserTools.CHROMIUM_ARGS];

/** Targets of issue 5, by Lighthouse category id. */
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };

function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-bench-'));
  const env = { ...process.env, PORT: String(port), PGLITE_DIR: path.join(dataDir, 'pglite'), SESSION_SECRET: 'bench-secret-not-for-production' };
  delete env.SKIP_BUILD;
  if (process.env.BENCH_SKIP_BUILD === '1') env.SKIP_BUILD = '1';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { child, stop };
}

async function waitForHealth(child, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the server did not answer /api/health in time');
}

async function audit(url, chromePort) {
  const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error' }, desktopConfig);
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  if (process.env.BENCH_REPORT_DIR) {
    fs.mkdirSync(process.env.BENCH_REPORT_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '_').replace(/^_+|_+$/g, '') || 'root';
    fs.writeFileSync(path.join(process.env.BENCH_REPORT_DIR, `${name}.json`), String(result.report));
  }
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(Object.keys(TARGETS).map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]));
  // What keeps a category under 100: the failing audits, for the report.
  const failing = Object.keys(TARGETS).flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id] && audits[ref.id].score !== null && audits[ref.id].score < 0.9)
      .map((ref) => `${id}: ${ref.id} (${audits[ref.id].displayValue ?? audits[ref.id].score})`),
  );
  return { scores, failing };
}

const server = startServer();
let chrome;
let failed = false;
try {
  await waitForHealth(server.child);
  const listings = await (await fetch(`${baseURL}/api/public/listings?pageSize=1`)).json();
  const propertyId = listings.items?.[0]?.id;
  if (!propertyId) throw new Error('the catalogue has no published listing to audit');
  const pages = ['/', '/alquiler', `/property/${propertyId}`];

  chrome = await chromeLauncher.launch({ chromePath: browser.executablePath, envVars: { ...process.env, ...browser.env }, chromeFlags: CHROME_FLAGS });
  const rows = [];
  for (const page of pages) {
    const { scores, failing } = await audit(`${baseURL}${page}`, chrome.port);
    const under = Object.entries(TARGETS).filter(([id, target]) => scores[id] < target);
    if (under.length) failed = true;
    rows.push({ page, ...scores, ok: under.length ? `NO (${under.map(([id]) => id).join(', ')})` : 'sí' });
    for (const line of failing) console.log(`  ${page} · ${line}`);
  }
  console.table(rows);
  console.log(`Objetivos: rendimiento ≥ ${TARGETS.performance}, accesibilidad ${TARGETS.accessibility}, buenas prácticas ≥ ${TARGETS['best-practices']}, SEO ≥ ${TARGETS.seo}`);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await chrome?.kill();
  server.stop();
}
process.exit(failed ? 1 : 0);
