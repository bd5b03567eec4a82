// @ts-check
/**
 * The front-end bundle budgets (issue 14) and how a page is measured against them, in one place
 * for the e2e test that `npm test` runs (bundles.e2e.ts, next to this file) and for the bench
 * (bench/bundles.mjs). Plain CommonJS, like e2e/support/chromium.cjs, so both can load it.
 *
 * What is measured is what the server sends: the gzip-compressed bodies of the scripts a real
 * Chromium downloads. For one build these sizes are deterministic; timings are not, and are
 * Lighthouse's business (bench/lighthouse.mjs).
 */
const fs = require('node:fs');
const path = require('node:path');

const DIST_APPS = path.resolve(__dirname, '../../../dist/apps');

/** The budgets, in KB (1024 bytes) of gzip-compressed JavaScript. */
const BUDGETS = Object.freeze({
  /** All the JavaScript a signed-out visitor's `/` downloads until the page is still. */
  landingKb: 190,
  /** What a portal adds to the signed-in shell on its first page, the chart library apart. */
  remoteFirstUseKb: 60,
  /**
   * The chart library (recharts and what it pulls in), which a dashboard loads after it has shown
   * its figures, where the chart's skeleton was: most of a portal's code, kept out of its first use.
   */
  chartLibraryKb: 120,
});

/** Packages that must reach the page once, from one app, whatever the page. */
const SINGLETON_PACKAGES = Object.freeze(['react', 'react-dom', 'react-router', '@tanstack/react-query', 'styled-components']);

/** Packages that make up the chart library of BUDGETS.chartLibraryKb. */
const CHART_PACKAGES = Object.freeze(['recharts']);

/** The signed-in portals, and the demo account (e2e/fixtures/accounts.ts) whose first use is measured. */
const PORTAL_ACCOUNTS = Object.freeze({
  'owner-portal': 'owner',
  'agency-portal': 'manager',
  'tenant-portal': 'tenant',
  'admin-portal': 'admin',
});

/** A path no route has: a signed-in user gets the shell's own 404 page, with no portal loaded. */
const PAGE_WITHOUT_PORTAL = '/sin-portal';

/**
 * @typedef {{ url: string, app: string, file: string, bytes: number }} Script
 *   app: the build it comes from ('shell' or a remote); file: its path inside dist/apps/<app>;
 *   bytes: the compressed body the server sent.
 * @typedef {{ packages: string[], projects: string[] }} Contents
 */

/** Which build a script URL belongs to: `/x.js` is the shell's, `/remotes/<name>/x.js` that remote's. */
function locate(url) {
  const { pathname } = new URL(url);
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(pathname);
  return remote ? { app: remote[1], file: remote[2] } : { app: 'shell', file: pathname.replace(/^\//, '') };
}

/** @type {Map<string, Contents>} */
const contentsCache = new Map();

/**
 * The npm packages and the workspace projects (apps/…, libs/…) a built file holds, from the
 * source map beside it in dist/apps. Empty lists when there is no map (a few tiny runtime chunks).
 * @param {string} app @param {string} file @returns {Contents}
 */
function contentsOf(app, file) {
  const key = `${app}/${file}`;
  const cached = contentsCache.get(key);
  if (cached) return cached;
  const packages = new Set();
  const projects = new Set();
  const mapFile = path.join(DIST_APPS, app, `${file}.map`);
  if (fs.existsSync(mapFile)) {
    /** @type {{ sources?: string[] }} */
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    for (const source of map.sources ?? []) {
      const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
      if (inPackage) {
        packages.add(inPackage[1]);
        continue;
      }
      const inWorkspace = /(?:^|\/)((?:apps|libs\/shared|libs\/features)\/[^/]+)\//.exec(source);
      if (inWorkspace) projects.add(inWorkspace[1]);
      else if (/^webpack:\/\/[^/]+\/\.\/src\//.test(source)) projects.add(`apps/${app}`);
    }
  }
  const contents = { packages: [...packages].sort(), projects: [...projects].sort() };
  contentsCache.set(key, contents);
  return contents;
}

/**
 * Starts recording the scripts a page downloads (a fresh browser context: nothing cached).
 * @param {import('@playwright/test').Page} page
 */
function recordScripts(page) {
  /** @type {Promise<Script>[]} */
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = response.url();
    scripts.push(
      response
        .finished()
        .then(() => response.request().sizes())
        .then((sizes) => ({ url, ...locate(url), bytes: sizes.responseBodySize })),
    );
  });
  return {
    /** How many scripts have started so far: `settle(mark())` later gives the ones after. */
    mark: () => scripts.length,
    /**
     * Waits until no script has started for `quietMs`, then gives the scripts from `from` on.
     * @param {number} [from] @param {number} [quietMs]
     * @returns {Promise<Script[]>}
     */
    async settle(from = 0, quietMs = 1000) {
      let seen;
      do {
        seen = scripts.length;
        await new Promise((resolve) => setTimeout(resolve, quietMs));
      } while (seen !== scripts.length);
      return Promise.all(scripts.slice(from));
    },
  };
}

/** Until every skeleton of the page has given way to content (a dashboard's chart among them). */
async function contentLoaded(page) {
  // A function, not a string: the page's CSP forbids evaluating strings (no 'unsafe-eval').
  await page.waitForFunction(() => globalThis.document.querySelector('[data-skeleton]') === null, undefined, { timeout: 20_000 });
}

/**
 * `/` for a signed-out visitor: the scripts of the public site's landing.
 * @param {import('@playwright/test').Page} page @returns {Promise<Script[]>}
 */
async function measureLanding(page) {
  const recorder = recordScripts(page);
  await page.goto('/');
  await page.locator('[data-remote="public-site"]').waitFor();
  await contentLoaded(page);
  return recorder.settle();
}

/**
 * A portal's first use, for a page already signed in as one of its users: the shell on a page with
 * no portal (its 404), then "Volver al inicio" to the dashboard. `shell` is what the first page
 * downloaded, `added` what the dashboard added to it.
 * @param {import('@playwright/test').Page} page @param {string} remote
 * @returns {Promise<{ shell: Script[], added: Script[] }>}
 */
async function measureFirstUse(page, remote) {
  const recorder = recordScripts(page);
  await page.goto(PAGE_WITHOUT_PORTAL);
  const home = page.getByRole('link', { name: 'Volver al inicio' });
  await home.waitFor();
  const shell = await recorder.settle();
  const mark = recorder.mark();
  await home.click();
  await page.locator(`[data-remote="${remote}"]`).waitFor();
  await contentLoaded(page);
  return { shell, added: await recorder.settle(mark) };
}

/** @param {Script[]} scripts */
const kb = (scripts) => scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;

/** @param {Script} script */
const isChartLibrary = (script) => contentsOf(script.app, script.file).packages.some((p) => CHART_PACKAGES.includes(p));

/**
 * One line per script, largest first: size, app, file and what it holds.
 * @param {Script[]} scripts @returns {string}
 */
function listScripts(scripts) {
  return [...scripts]
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => {
      const { packages, projects } = contentsOf(s.app, s.file);
      const holds = [...projects, ...packages].join(', ') || 'runtime';
      return `  ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.app.padEnd(13)} ${s.file.padEnd(38)} ${holds.length > 90 ? `${holds.slice(0, 87)}...` : holds}`;
    })
    .join('\n');
}

/**
 * The budget's verdict on the landing: over budget, or any script of a signed-in portal.
 * @param {Script[]} scripts @returns {string[]} what is wrong, in Spanish, empty when nothing is
 */
function checkLanding(scripts) {
  const problems = [];
  const total = kb(scripts);
  if (total > BUDGETS.landingKb) problems.push(`/ sin sesión descarga ${total.toFixed(1)} KB de JavaScript (gzip), más que el presupuesto de ${BUDGETS.landingKb} KB`);
  const portal = scripts.filter((s) => s.app in PORTAL_ACCOUNTS);
  if (portal.length) problems.push(`/ sin sesión descarga código de un portal: ${portal.map((s) => `${s.app}/${s.file}`).join(', ')}`);
  return problems;
}

/**
 * The budget's verdict on a portal's first use (see measureFirstUse).
 * @param {string} remote @param {Script[]} added @returns {string[]}
 */
function checkFirstUse(remote, added) {
  const problems = [];
  const charts = added.filter(isChartLibrary);
  const firstUse = kb(added.filter((s) => !isChartLibrary(s)));
  if (firstUse > BUDGETS.remoteFirstUseKb) problems.push(`el primer uso de ${remote} añade ${firstUse.toFixed(1)} KB de JavaScript (gzip), más que el presupuesto de ${BUDGETS.remoteFirstUseKb} KB`);
  if (kb(charts) > BUDGETS.chartLibraryKb) problems.push(`la biblioteca de gráficos de ${remote} pesa ${kb(charts).toFixed(1)} KB (gzip), más que el presupuesto de ${BUDGETS.chartLibraryKb} KB`);
  return problems;
}

/**
 * Every singleton package must come from one build only: two builds' copies of React, the router,
 * react-query or styled-components on one page means one was not shared.
 * @param {Script[]} scripts all the scripts of one page @returns {string[]}
 */
function checkSingletons(scripts) {
  const problems = [];
  for (const name of SINGLETON_PACKAGES) {
    const holders = scripts.filter((s) => contentsOf(s.app, s.file).packages.includes(name));
    const apps = [...new Set(holders.map((s) => s.app))];
    if (apps.length > 1) problems.push(`${name} llega a la página desde ${apps.length} compilaciones (${holders.map((s) => `${s.app}/${s.file}`).join(', ')}): debe compartirse una sola vez`);
  }
  return problems;
}

module.exports = {
  BUDGETS,
  SINGLETON_PACKAGES,
  CHART_PACKAGES,
  PORTAL_ACCOUNTS,
  PAGE_WITHOUT_PORTAL,
  DIST_APPS,
  locate,
  contentsOf,
  recordScripts,
  measureLanding,
  measureFirstUse,
  kb,
  isChartLibrary,
  listScripts,
  checkLanding,
  checkFirstUse,
  checkSingletons,
};
