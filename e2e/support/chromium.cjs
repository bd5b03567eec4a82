// @ts-check
/**
 * Finds a Chromium the end-to-end tests and the Lighthouse bench can drive, so that `npm ci`
 * alone is enough on a fresh Linux x64 machine. In order:
 *   1. CHROMIUM_PATH, when set (a deliberate choice: if it does not run, nothing else is tried);
 *   2. a browser Playwright installed (`npx playwright install chromium`);
 *   3. a system Chromium or Chrome;
 *   4. the Chromium inside the npm package @sparticuz/chromium (a dev dependency): its brotli
 *      archives are unpacked on first use into node_modules/.cache, with the NSS libraries and
 *      fonts it ships, so it needs nothing from the system but glibc.
 * `E2E_BROWSER=packaged` skips 1–3 (CI uses it to prove step 4 keeps working).
 * Nothing is downloaded: every candidate is already on disk.
 *
 * Synchronous on purpose: the Playwright config needs the answer while it is being loaded.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '../..');
const PACKAGE = '@sparticuz/chromium';
const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];
/** Flags every launch needs here: root without a sandbox, and no calls to a network that is closed. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * @typedef {{ executablePath: string, env: Record<string, string>, source: string }} Browser
 * @typedef {{ source: string, detail: string }} Attempt
 */

class BrowserNotFoundError extends Error {
  /** @param {Attempt[]} tried @param {string} fix */
  constructor(tried, fix) {
    super(`No hay navegador para las pruebas e2e. Probado: ${tried.map((t) => `${t.source} (${t.detail})`).join('; ')}. Se arregla con: ${fix}`);
    this.name = 'BrowserNotFoundError';
    this.tried = tried;
    this.fix = fix;
  }
}

/**
 * Runs `<exe> --version`: it fails when the file is missing, not executable, corrupt or lacks a
 * shared library, which is what stops a browser from starting on a fresh machine.
 * @param {string} executablePath @param {Record<string, string>} [env]
 * @returns {{ ok: true } | { ok: false, detail: string }}
 */
function probe(executablePath, env = {}) {
  if (!fs.existsSync(executablePath)) return { ok: false, detail: `${executablePath} no existe` };
  const res = spawnSync(executablePath, ['--headless', '--no-sandbox', '--version'], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 20_000 });
  if (res.status === 0 && /\d+\.\d+/.test(res.stdout)) return { ok: true };
  const why = (res.error?.message || res.stderr || res.stdout || `código ${res.status}`).trim().split('\n')[0];
  return { ok: false, detail: `${executablePath} no arranca: ${why}` };
}

/** The path Playwright would use for its own download, if that download exists. */
function playwrightPath() {
  try {
    const { chromium } = require('playwright-core');
    return chromium.executablePath();
  } catch {
    return null;
  }
}

/**
 * Extracts a plain (ustar) tar held in memory: directories and regular files only, which is all
 * the package's archives hold. Writes nothing outside `dest`.
 * @param {Buffer} tar @param {string} dest
 */
function untar(tar, dest) {
  const root = path.resolve(dest);
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start, length) => header.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '');
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const mode = parseInt(field(100, 8).trim() || '644', 8);
    const type = field(156, 1) || '0';
    const target = path.resolve(root, name);
    if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`entrada fuera de la carpeta: ${name}`);
    const body = offset + 512;
    if (type === '5') fs.mkdirSync(target, { recursive: true });
    else if (type === '0') {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, tar.subarray(body, body + size), { mode });
    }
    offset = body + Math.ceil(size / 512) * 512;
  }
}

/**
 * The packaged Chromium, unpacked into `cacheRoot/<version>` on first use (a `ready` marker is
 * written last, so an interrupted unpack is redone rather than trusted).
 * @param {{ packageDir?: string | null, cacheRoot?: string }} [where]
 * @returns {{ browser: Browser } | { detail: string }}
 */
function packagedChromium({ packageDir = locatePackage(), cacheRoot = path.join(ROOT, 'node_modules/.cache/arrendia-chromium') } = {}) {
  if (process.platform !== 'linux' || process.arch !== 'x64') return { detail: `solo para Linux x64, esta máquina es ${process.platform} ${process.arch}` };
  if (!packageDir) return { detail: 'el paquete no está instalado' };
  const bin = path.join(packageDir, 'bin');
  /** @type {string} */
  let version;
  try {
    version = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
  } catch {
    return { detail: 'el paquete está incompleto' };
  }
  const dir = path.join(cacheRoot, version);
  const executablePath = path.join(dir, 'chromium');
  const ready = path.join(dir, 'ready');
  if (!fs.existsSync(ready)) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(executablePath, zlib.brotliDecompressSync(fs.readFileSync(path.join(bin, 'chromium.br'))), { mode: 0o755 });
      untar(zlib.brotliDecompressSync(fs.readFileSync(path.join(bin, 'al2023.tar.br'))), dir);
      untar(zlib.brotliDecompressSync(fs.readFileSync(path.join(bin, 'fonts.tar.br'))), dir);
      // The package's fonts.conf points at /tmp; ours points at the fonts unpacked beside it.
      fs.writeFileSync(path.join(dir, 'fonts.conf'), `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${path.join(dir, 'fonts')}</dir>\n  <cachedir>${path.join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`);
      fs.writeFileSync(ready, `${version}\n`);
    } catch (err) {
      return { detail: `no se pudo desempaquetar en ${dir}: ${/** @type {Error} */ (err).message.split('\n')[0]}` };
    }
  }
  const env = { LD_LIBRARY_PATH: [path.join(dir, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'), FONTCONFIG_FILE: path.join(dir, 'fonts.conf') };
  const check = probe(executablePath, env);
  if (!check.ok) return { detail: check.detail };
  return { browser: { executablePath, env, source: `${PACKAGE} ${version}` } };
}

/** The package's folder (its `exports` hide package.json from require.resolve, so look on disk). */
function locatePackage() {
  const dir = path.join(ROOT, 'node_modules', PACKAGE);
  return fs.existsSync(path.join(dir, 'package.json')) ? dir : null;
}

/**
 * The browser to use, or a BrowserNotFoundError whose one-line message names every candidate tried
 * and the command that fixes it.
 * @param {{ env?: NodeJS.ProcessEnv, systemPaths?: string[], playwrightPath?: () => string | null, packaged?: () => ({ browser: Browser } | { detail: string }) }} [options]
 * @returns {Browser}
 */
function resolveChromium({ env = process.env, systemPaths = SYSTEM_PATHS, playwrightPath: pwPath = playwrightPath, packaged = packagedChromium } = {}) {
  /** @type {Attempt[]} */
  const tried = [];
  const onlyPackaged = env.E2E_BROWSER === 'packaged';
  if (!onlyPackaged) {
    if (env.CHROMIUM_PATH) {
      const check = probe(env.CHROMIUM_PATH);
      if (check.ok) return { executablePath: env.CHROMIUM_PATH, env: {}, source: 'CHROMIUM_PATH' };
      throw new BrowserNotFoundError([{ source: 'CHROMIUM_PATH', detail: check.detail }], 'unset CHROMIUM_PATH (o apúntala a un Chromium que arranque)');
    }
    tried.push({ source: 'CHROMIUM_PATH', detail: 'no definida' });
    const fromPlaywright = pwPath();
    const pw = fromPlaywright ? probe(fromPlaywright) : { ok: false, detail: 'playwright-core no está instalado' };
    if (fromPlaywright && pw.ok) return { executablePath: fromPlaywright, env: {}, source: 'Playwright' };
    tried.push({ source: 'Playwright', detail: 'detail' in pw ? pw.detail : '' });
    const system = systemPaths.filter((p) => fs.existsSync(p));
    for (const candidate of system) {
      const check = probe(candidate);
      if (check.ok) return { executablePath: candidate, env: {}, source: 'sistema' };
      tried.push({ source: 'sistema', detail: check.detail });
    }
    if (!system.length) tried.push({ source: 'sistema', detail: 'ningún Chromium ni Chrome instalado' });
  }
  const fromPackage = packaged();
  if ('browser' in fromPackage) return fromPackage.browser;
  tried.push({ source: PACKAGE, detail: fromPackage.detail });
  const linuxX64 = process.platform === 'linux' && process.arch === 'x64';
  throw new BrowserNotFoundError(tried, linuxX64 ? 'npm ci' : 'npx playwright install chromium');
}

module.exports = { resolveChromium, packagedChromium, probe, untar, BrowserNotFoundError, CHROMIUM_ARGS };
