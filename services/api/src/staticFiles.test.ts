import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import supertest from 'supertest';
import { createApp } from './app';
import { testConfig, unusedKnex } from './test/support';

/** A fake dist/ with a shell and one remote, as the front-end builds lay them out. */
function fakeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-dist-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), content);
  };
  write('apps/shell/index.html', '<!doctype html><title>Arrendia</title>');
  write('apps/shell/main.3f9a1c.js', 'console.log("shell");'.repeat(200));
  write('apps/owner-portal/mf-manifest.json', '{"id":"owner_portal"}');
  write('apps/owner-portal/remoteEntry.js', 'var owner_portal;');
  write('apps/owner-portal/static/js/812.a1b2c3.js', 'console.log("chunk");');
  return dist;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('static files', () => {
  let knex: Knex;
  let dist: string;
  let request: () => ReturnType<typeof supertest>;
  beforeAll(() => {
    knex = unusedKnex();
    dist = fakeDist();
    const callback = createApp({ knex, config: testConfig({ distDir: dist }) }).callback();
    request = () => supertest(callback);
  });
  afterAll(async () => {
    await knex.destroy();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the shell at / with no-cache', async () => {
    const res = await request().get('/').set('Accept', 'text/html').expect(200);
    expect(res.text).toContain('<title>Arrendia</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed chunks as immutable, gzipped when asked', async () => {
    const res = await request().get('/main.3f9a1c.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers a page request for an app route with the shell (single-page fallback)', async () => {
    const res = await request().get('/dashboard').set('Accept', 'text/html,application/xhtml+xml').expect(200);
    expect(res.text).toContain('<title>Arrendia</title>');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not the page, for a missing file a script asks for', async () => {
    await request().get('/missing.123.js').set('Accept', '*/*').expect(404);
  });

  it('serves a remote manifest and entry with no-cache and CORS for any origin', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const res = await request().get(`/remotes/owner-portal/${file}`).set('Origin', 'https://otro.ejemplo.es').expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('serves a remote chunk as immutable with CORS', async () => {
    const res = await request().get('/remotes/owner-portal/static/js/812.a1b2c3.js').expect(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers a missing remote file with a JSON 404 with CORS, never the shell page', async () => {
    for (const url of ['/remotes/owner-portal/nope.js', '/remotes/tenant-portal/mf-manifest.json', '/remotes/no-such-remote/x.js', '/remotes/']) {
      const res = await request().get(url).set('Accept', 'text/html').expect(404);
      expect(res.body.error).toBe('not_found');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('refuses to climb out of the build directory', async () => {
    const res = await request().get('/remotes/owner-portal/..%2f..%2fshell%2findex.html').expect(403);
    expect(res.body.error).toBe('forbidden');
  });

  it('answers a CORS preflight for remote files', async () => {
    const res = await request().options('/remotes/owner-portal/mf-manifest.json').expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 503 with a Spanish hint when the shell is not built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-dist-empty-'));
    try {
      const res = await supertest(createApp({ knex, config: testConfig({ distDir: empty }) }).callback())
        .get('/')
        .set('Accept', 'text/html')
        .expect(503);
      expect(res.body).toEqual({ error: 'service_unavailable', message: expect.stringContaining('npm run build') });
    } finally {
      fs.rmSync(empty, { recursive: true });
    }
  });
});
