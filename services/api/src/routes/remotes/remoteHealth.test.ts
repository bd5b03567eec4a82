import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkAllRemotes, checkManifest } from '../../queries/remoteHealth';
import { startTestApp, type TestApp } from '../../test/support';

/**
 * A remote's server as the health check meets it: /ok answers a manifest, /error a 500, /invalid
 * text that is not JSON, /nameless JSON without a name, /hang never answers and /stall sends its
 * headers and never its body.
 */
function startManifestServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const route = req.url?.split('/')[1];
    if (route === 'ok') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'owner_portal', metaData: {} }));
    if (route === 'error') return void res.writeHead(500).end('boom');
    if (route === 'invalid') return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>no</html>');
    if (route === 'nameless') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"remotes":[]}');
    if (route === 'stall') return void res.writeHead(200, { 'content-type': 'application/json' }).write('{"name":');
    if (route === 'hang') return;
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      });
    }),
  );
}

let remote: Awaited<ReturnType<typeof startManifestServer>>;
beforeAll(async () => {
  remote = await startManifestServer();
});
afterAll(() => remote.close());

describe('checkManifest', () => {
  it('calls a manifest served with its name healthy and measures the latency', async () => {
    const health = await checkManifest(`${remote.origin}/ok/mf-manifest.json`, 'http://unused.invalid');
    expect(health).toEqual({ ok: true, latencyMs: expect.any(Number), error: null, checkedAt: expect.any(Date) });
    expect(health.latencyMs).toBeGreaterThanOrEqual(0);
    expect(health.latencyMs).toBeLessThan(3000);
  });

  it('resolves a path against the origin it is given', async () => {
    expect(await checkManifest('/ok/mf-manifest.json', remote.origin)).toMatchObject({ ok: true, error: null });
  });

  it.each([
    ['/error/mf-manifest.json', 'El manifiesto respondió 500'],
    ['/missing/mf-manifest.json', 'El manifiesto respondió 404'],
    ['/invalid/mf-manifest.json', 'La respuesta no es un mf-manifest.json válido'],
    ['/nameless/mf-manifest.json', 'La respuesta no es un mf-manifest.json válido'],
  ])('calls %s down, saying why in Spanish, with its latency', async (path, error) => {
    const health = await checkManifest(path, remote.origin);
    expect(health).toMatchObject({ ok: false, error, latencyMs: expect.any(Number) });
  });

  it.each(['/hang/mf-manifest.json', '/stall/mf-manifest.json'])('gives up on %s at the timeout, with no latency', async (path) => {
    const started = Date.now();
    const health = await checkManifest(path, remote.origin, fetch, 200);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(health).toEqual({ ok: false, latencyMs: null, error: 'Sin respuesta en 0,2 s', checkedAt: expect.any(Date) });
  });

  it('is not held by a fetch that ignores its abort signal', async () => {
    const deaf = (() => new Promise<Response>(() => undefined)) as typeof fetch;
    const health = await checkManifest('/ok/mf-manifest.json', remote.origin, deaf, 100);
    expect(health).toMatchObject({ ok: false, latencyMs: null, error: 'Sin respuesta en 0,1 s' });
  });

  it('calls a server that refuses the connection down', async () => {
    const closed = await startManifestServer();
    await closed.close();
    expect(await checkManifest('/ok/mf-manifest.json', closed.origin)).toMatchObject({ ok: false, error: 'No se pudo conectar con el remoto' });
  });
});

describe('checkAllRemotes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('checks every remote in parallel and stores each result on its row, leaving updatedAt and the audit log alone', async () => {
    await t.knex('remotes').where({ name: 'owner-portal' }).update({ manifestUrl: `${remote.origin}/ok/mf-manifest.json` });
    await t.knex('remotes').where({ name: 'tenant-portal' }).update({ manifestUrl: '/error/mf-manifest.json' });
    await t.knex('remotes').where({ name: 'agency-portal' }).update({ manifestUrl: '/invalid/mf-manifest.json' });
    await t.knex('remotes').where({ name: 'public-site' }).update({ manifestUrl: '/hang/mf-manifest.json' });
    await t.knex('remotes').where({ name: 'admin-portal' }).update({ manifestUrl: '/stall/mf-manifest.json' });
    const before = await t.knex('remotes').orderBy('name');

    const started = Date.now();
    const results = await checkAllRemotes(t.knex, remote.origin, fetch, 300);

    // Two remotes that time out cost one timeout, not two.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(results.map((r) => [r.name, r.ok, r.error])).toEqual([
      ['admin-portal', false, 'Sin respuesta en 0,3 s'],
      ['agency-portal', false, 'La respuesta no es un mf-manifest.json válido'],
      ['owner-portal', true, null],
      ['public-site', false, 'Sin respuesta en 0,3 s'],
      ['tenant-portal', false, 'El manifiesto respondió 500'],
    ]);
    const rows = await t.knex('remotes').orderBy('name');
    for (const [i, row] of rows.entries()) {
      const result = results[i];
      expect(row).toMatchObject({ name: result.name, healthOk: result.ok, healthLatencyMs: result.latencyMs, healthError: result.error, updatedAt: before[i].updatedAt });
      expect(new Date(row.healthCheckedAt).getTime()).toBe(result.checkedAt.getTime());
    }
    expect(rows.find((r) => r.name === 'owner-portal')!.healthLatencyMs).toEqual(expect.any(Number));
    expect(rows.find((r) => r.name === 'public-site')!.healthLatencyMs).toBeNull();
    expect(await t.knex('audit_log').where({ tableName: 'remotes' })).toEqual([]);
  });
});
