import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { BrowserNotFoundError, packagedChromium, resolveChromium, untar } from './chromium.cjs';

/** A one-file ustar archive, as the package's .tar.br files hold. */
function tarOf(name: string, body: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write('0000644\0', 100);
  header.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124);
  header.write('0', 156);
  const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
  data.write(body);
  return Buffer.concat([header, data, Buffer.alloc(1024)]);
}

const tmpDirs: string[] = [];
function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-browser-'));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => tmpDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A fake @sparticuz/chromium whose "browser" is `script` (a shell script standing in for the binary). */
function fakePackage(script: string): string {
  const dir = tmp();
  fs.mkdirSync(path.join(dir, 'bin'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '1.0.0' }));
  fs.writeFileSync(path.join(dir, 'bin/chromium.br'), zlib.brotliCompressSync(Buffer.from(script)));
  fs.writeFileSync(path.join(dir, 'bin/al2023.tar.br'), zlib.brotliCompressSync(tarOf('lib/libnss3.so', 'not really')));
  fs.writeFileSync(path.join(dir, 'bin/fonts.tar.br'), zlib.brotliCompressSync(tarOf('fonts/Open_Sans/OpenSans-Regular.ttf', 'font')));
  return dir;
}

const nothingElse = { env: {}, systemPaths: [], playwrightPath: () => null };
const onLinuxX64 = process.platform === 'linux' && process.arch === 'x64' ? it : it.skip;

describe('resolveChromium', () => {
  it('fails with one line naming every candidate tried and the command that fixes it', () => {
    let error: unknown;
    try {
      resolveChromium({ ...nothingElse, packaged: () => ({ detail: 'no se pudo desempaquetar' }) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BrowserNotFoundError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(/^No hay navegador para las pruebas e2e\. Probado: CHROMIUM_PATH \(no definida\); Playwright \(playwright-core no está instalado\); sistema \(ningún Chromium ni Chrome instalado\); @sparticuz\/chromium \(no se pudo desempaquetar\)\. Se arregla con: /);
    expect((error as BrowserNotFoundError).fix).toBe(process.platform === 'linux' && process.arch === 'x64' ? 'npm ci' : 'npx playwright install chromium');
  });

  it('uses CHROMIUM_PATH first and refuses, rather than falls back, when it does not run', () => {
    const packaged = jest.fn(() => ({ detail: 'unused' }));
    expect(() => resolveChromium({ ...nothingElse, env: { CHROMIUM_PATH: '/nonexistent/chrome' }, packaged })).toThrow(/CHROMIUM_PATH \(\/nonexistent\/chrome no existe\)/);
    expect(packaged).not.toHaveBeenCalled();
  });

  it('goes to the packaged browser only when CHROMIUM_PATH, Playwright and the system have none', () => {
    const browser = { executablePath: '/x/chromium', env: { LD_LIBRARY_PATH: '/x/lib' }, source: '@sparticuz/chromium 1.0.0' };
    expect(resolveChromium({ ...nothingElse, packaged: () => ({ browser }) })).toBe(browser);
  });

  it('with E2E_BROWSER=packaged ignores CHROMIUM_PATH and the system browser', () => {
    const browser = { executablePath: '/x/chromium', env: {}, source: '@sparticuz/chromium 1.0.0' };
    const playwrightPath = jest.fn(() => '/bin/sh');
    expect(resolveChromium({ env: { E2E_BROWSER: 'packaged', CHROMIUM_PATH: '/bin/sh' }, systemPaths: ['/bin/sh'], playwrightPath, packaged: () => ({ browser }) })).toBe(browser);
    expect(playwrightPath).not.toHaveBeenCalled();
  });
});

describe('packagedChromium', () => {
  onLinuxX64('unpacks the browser, its libraries and fonts once, and probes it with --version', () => {
    const cacheRoot = tmp();
    const packageDir = fakePackage('#!/bin/sh\necho "Chromium 153.0.8010.0"\n');
    const first = packagedChromium({ packageDir, cacheRoot });
    expect(first).toEqual({
      browser: {
        executablePath: path.join(cacheRoot, '1.0.0/chromium'),
        env: { LD_LIBRARY_PATH: expect.stringMatching(new RegExp(`^${path.join(cacheRoot, '1.0.0/lib')}`)), FONTCONFIG_FILE: path.join(cacheRoot, '1.0.0/fonts.conf') },
        source: '@sparticuz/chromium 1.0.0',
      },
    });
    expect(fs.readFileSync(path.join(cacheRoot, '1.0.0/lib/libnss3.so'), 'utf8')).toBe('not really');
    expect(fs.readFileSync(path.join(cacheRoot, '1.0.0/fonts.conf'), 'utf8')).toContain(`<dir>${path.join(cacheRoot, '1.0.0/fonts')}</dir>`);
    // A second call trusts the finished unpack: it does not read the archives again.
    fs.rmSync(path.join(packageDir, 'bin'), { recursive: true });
    expect(packagedChromium({ packageDir, cacheRoot })).toEqual(first);
  });

  onLinuxX64('reports a browser that does not start (here: exits 127 like a missing library)', () => {
    const result = packagedChromium({ packageDir: fakePackage('#!/bin/sh\necho "libnss3.so: cannot open shared object file" >&2\nexit 127\n'), cacheRoot: tmp() });
    expect(result).toEqual({ detail: expect.stringMatching(/chromium no arranca: libnss3\.so: cannot open shared object file$/) });
  });

  onLinuxX64('reports a corrupt archive instead of throwing', () => {
    const packageDir = fakePackage('x');
    fs.writeFileSync(path.join(packageDir, 'bin/chromium.br'), 'not brotli');
    expect(packagedChromium({ packageDir, cacheRoot: tmp() })).toEqual({ detail: expect.stringMatching(/^no se pudo desempaquetar en /) });
  });

  it('reports a missing package', () => {
    expect(packagedChromium({ packageDir: null, cacheRoot: tmp() })).toEqual({ detail: expect.any(String) });
  });

  onLinuxX64('the package npm installed really starts here', () => {
    const result = packagedChromium();
    expect(result).toEqual({ browser: expect.objectContaining({ source: expect.stringMatching(/^@sparticuz\/chromium \d+/) }) });
  });
});

describe('untar', () => {
  it('refuses an entry that would land outside the folder', () => {
    const dest = tmp();
    expect(() => untar(tarOf('../escape.txt', 'x'), dest)).toThrow(/fuera de la carpeta/);
    expect(fs.existsSync(path.join(dest, '../escape.txt'))).toBe(false);
  });
});
