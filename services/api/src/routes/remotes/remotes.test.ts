import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { RemoteAdminSchema, RemoteDescriptorSchema } from '@arrendia/api-contract';
import type { RoleName } from '@arrendia/permissions';
import { REMOTE_NAMES, REMOTE_ROLES } from '@arrendia/remote-contract';
import { defaultManifestUrl } from '../../staticFiles';
import { buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
// A build of two remotes on disk: the API serves their manifests itself at /remotes/<name>/.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-remotes-'));
for (const name of ['owner-portal', 'admin-portal']) {
  fs.mkdirSync(path.join(distDir, 'apps', name), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'apps', name, 'mf-manifest.json'), JSON.stringify({ name: name.replace('-', '_') }));
}
beforeAll(async () => {
  t = await startTestApp({ distDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const OTHER_ROLES = ['propietario_individual', 'admin_agencia', 'agente', 'propietario_delegado', 'inquilino'] as const;

async function signedIn(roleName: RoleName) {
  const user = await buildUser(t.knex, { roleName });
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  return { agent, user };
}

describe('GET /api/remotes', () => {
  it('lists the five seeded remotes to anyone, never cached', async () => {
    const res = await t.request().get('/api/remotes').expect(200);

    expect(res.headers['cache-control']).toBe('no-store');
    const remotes = RemoteDescriptorSchema.array().parse(res.body);
    expect(remotes.map((r) => r.name).sort()).toEqual([...REMOTE_NAMES].sort());
    for (const remote of remotes) {
      const name = remote.name as (typeof REMOTE_NAMES)[number];
      expect(remote).toMatchObject({ enabled: true, version: '1', manifestUrl: defaultManifestUrl(name), roles: [...REMOTE_ROLES[name]] });
      expect(new Date(remote.updatedAt).toISOString()).toBe(remote.updatedAt);
    }
  });
});

describe('the admin remotes endpoints', () => {
  it.each(OTHER_ROLES)('answer 403 to %s and change nothing', async (roleName) => {
    const { agent } = await signedIn(roleName);
    const before = await t.knex('remotes').orderBy('name');
    await agent.get('/api/admin/remotes').expect(403);
    const res = await agent.patch('/api/admin/remotes/owner-portal').send({ enabled: false }).expect(403);
    expect(res.body.error).toBe('forbidden');
    expect(await t.knex('remotes').orderBy('name')).toEqual(before);
  });

  it('answer 401 signed out', async () => {
    expect((await t.request().get('/api/admin/remotes').expect(401)).body.error).toBe('unauthorized');
    expect((await t.request().patch('/api/admin/remotes/owner-portal').send({ version: '2' }).expect(401)).body.error).toBe('unauthorized');
  });
});

/** A remote's server elsewhere: /ok answers a manifest, /error a 500, /hang never answers. */
async function startRemoteServer() {
  const server = http.createServer((req, res) => {
    if (req.url === '/ok/mf-manifest.json') res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"tenant_portal"}');
    else if (req.url === '/error/mf-manifest.json') res.writeHead(500).end();
    else if (req.url !== '/hang/mf-manifest.json') res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((done) => server.close(done));
    },
  };
}

describe('GET /api/admin/remotes', () => {
  it('checks every manifest now, within the 3 s timeout, and answers each remote with its health', async () => {
    const remote = await startRemoteServer();
    try {
      await t.knex('remotes').where({ name: 'tenant-portal' }).update({ manifestUrl: `${remote.origin}/ok/mf-manifest.json` });
      await t.knex('remotes').where({ name: 'agency-portal' }).update({ manifestUrl: `${remote.origin}/error/mf-manifest.json` });
      await t.knex('remotes').where({ name: 'public-site' }).update({ manifestUrl: `${remote.origin}/hang/mf-manifest.json` });
      const { agent } = await signedIn('super_admin');

      const started = Date.now();
      const res = await agent.get('/api/admin/remotes').expect(200);

      // The one real wait of the suite: the hanging remote costs the timeout (3 s), once, for all.
      // Bounded by two timeouts, not by a tight figure: a loaded CI machine adds a second here.
      expect(Date.now() - started).toBeLessThan(6000);
      expect(res.headers['cache-control']).toBe('no-store');
      const remotes = RemoteAdminSchema.array().parse(res.body);
      const health = Object.fromEntries(remotes.map((r) => [r.name, r.health]));
      // Same-origin paths are fetched from the API's own address: the build on disk answers.
      expect(health['owner-portal']).toMatchObject({ ok: true, error: null, latencyMs: expect.any(Number) });
      expect(health['admin-portal']).toMatchObject({ ok: true, error: null });
      expect(health['tenant-portal']).toMatchObject({ ok: true, error: null });
      expect(health['agency-portal']).toMatchObject({ ok: false, error: 'El manifiesto respondió 500', latencyMs: expect.any(Number) });
      expect(health['public-site']).toMatchObject({ ok: false, error: 'Sin respuesta en 3 s', latencyMs: null });
      for (const r of remotes) {
        expect(Date.parse(r.health.checkedAt!)).toBeGreaterThanOrEqual(started - 1000);
        expect(r).toMatchObject({ roles: [...REMOTE_ROLES[r.name as (typeof REMOTE_NAMES)[number]]], enabled: true, version: '1' });
      }
      // What was answered is what was stored, for the admin dashboard's alerts.
      const stored = await t.knex('remotes').where({ name: 'owner-portal' }).first();
      expect(stored).toMatchObject({ healthOk: true, healthLatencyMs: health['owner-portal'].latencyMs, healthError: null });
    } finally {
      await remote.close();
      for (const name of ['tenant-portal', 'agency-portal', 'public-site'] as const) {
        await t.knex('remotes').where({ name }).update({ manifestUrl: defaultManifestUrl(name) });
      }
    }
  });
});

describe('PATCH /api/admin/remotes/:name', () => {
  it('answers 401 without a session', async () => {
    const res = await t.request().patch('/api/admin/remotes/owner-portal').send({ enabled: false }).expect(401);
    expect(res.body.error).toBe('unauthorized');
  });

  it('answers 403 to any other role', async () => {
    const { agent } = await signedIn('propietario_individual');
    const res = await agent.patch('/api/admin/remotes/owner-portal').send({ enabled: false }).expect(403);
    expect(res.body).toEqual({ error: 'forbidden', message: 'No tienes permiso para realizar esta acción' });
  });

  it('answers 404 for a remote that does not exist', async () => {
    const { agent } = await signedIn('super_admin');
    const res = await agent.patch('/api/admin/remotes/no-existe').send({ enabled: false }).expect(404);
    expect(res.body.error).toBe('not_found');
  });

  it('refuses to disable the admin portal with 409 and changes nothing', async () => {
    const { agent } = await signedIn('super_admin');
    const audits = await countRows(t.knex, 'audit_log');

    const res = await agent.patch('/api/admin/remotes/admin-portal').send({ enabled: false }).expect(409);

    expect(res.body).toEqual({ error: 'conflict', message: 'El portal de administración no se puede desactivar' });
    expect(await t.knex('remotes').where({ name: 'admin-portal' }).first()).toMatchObject({ enabled: true });
    expect(await countRows(t.knex, 'audit_log')).toBe(audits);
  });

  const NOT_AN_ADDRESS = 'La dirección debe ser una URL http(s):// o una ruta de este servidor que empiece por /';
  const NOT_A_MANIFEST = 'La dirección debe terminar en /mf-manifest.json';
  const BAD_VERSION = 'La versión solo admite letras sin acentos, números y los signos . + _ -';
  it.each([
    [{}, undefined, undefined],
    [{ enabled: 'no' }, 'enabled', 'Indica si el módulo está activo'],
    [{ manifestUrl: 'javascript:alert(1)' }, 'manifestUrl', NOT_AN_ADDRESS],
    [{ manifestUrl: 'ftp://cdn.ejemplo.es/mf-manifest.json' }, 'manifestUrl', NOT_AN_ADDRESS],
    [{ manifestUrl: '//otro.ejemplo.es/mf-manifest.json' }, 'manifestUrl', NOT_AN_ADDRESS],
    [{ manifestUrl: 'https://usuario:clave@cdn.ejemplo.es/mf-manifest.json' }, 'manifestUrl', NOT_AN_ADDRESS],
    [{ manifestUrl: 'mf-manifest.json' }, 'manifestUrl', NOT_AN_ADDRESS],
    [{ manifestUrl: '/remotes/owner-portal/remoteEntry.js' }, 'manifestUrl', NOT_A_MANIFEST],
    [{ manifestUrl: '/remotes/owner-portal/mf-manifest.json?v=2' }, 'manifestUrl', NOT_A_MANIFEST],
    [{ manifestUrl: '/\\otro.ejemplo.es/mf-manifest.json' }, 'manifestUrl', NOT_AN_ADDRESS],
    [{ manifestUrl: 'https://cdn.ejemplo.es/owner/manifest.json' }, 'manifestUrl', NOT_A_MANIFEST],
    [{ manifestUrl: 'https://cdn.ejemplo.es/owner/remote-mf-manifest.json' }, 'manifestUrl', NOT_A_MANIFEST],
    [{ manifestUrl: `https://cdn.ejemplo.es/${'a'.repeat(500)}/mf-manifest.json` }, 'manifestUrl', 'Máximo 500 caracteres'],
    [{ version: '' }, 'version', 'Indica la versión'],
    [{ version: '   ' }, 'version', 'Indica la versión'],
    [{ version: 'v'.repeat(51) }, 'version', 'Máximo 50 caracteres'],
    [{ version: '2 beta' }, 'version', BAD_VERSION],
    [{ version: 'versión' }, 'version', BAD_VERSION],
    [{ version: '1;drop' }, 'version', BAD_VERSION],
    [{ version: 2 }, 'version', 'Indica la versión'],
    [{ name: 'otro' }, 'name', 'Campo no permitido'],
  ])('refuses %j with 400, a Spanish message on the field, and writes nothing', async (body, field, message) => {
    const { agent } = await signedIn('super_admin');
    const before = await t.knex('remotes').where({ name: 'owner-portal' }).first();
    const audits = await countRows(t.knex, 'audit_log');

    const res = await agent.patch('/api/admin/remotes/owner-portal').send(body).expect(400);

    expect(res.body.error).toBe('validation_error');
    if (field) expect(res.body.fields).toEqual({ [field]: message });
    else expect(res.body.message).toBe('Indica al menos un cambio');
    expect(await t.knex('remotes').where({ name: 'owner-portal' }).first()).toEqual(before);
    expect(await countRows(t.knex, 'audit_log')).toBe(audits);
  });

  it.each([
    ['/remotes/owner-portal/mf-manifest.json', '1.4.0'],
    ['https://cdn.ejemplo.es/owner/mf-manifest.json?v=3', '2026.11.26+build_7'],
    ['http://127.0.0.1:4301/mf-manifest.json', 'rc-1'],
  ])('accepts %s with version %s and audits the change', async (manifestUrl, version) => {
    const { agent, user } = await signedIn('super_admin');
    const before = await t.knex('remotes').where({ name: 'agency-portal' }).first();

    const res = await agent.patch('/api/admin/remotes/agency-portal').send({ manifestUrl, version }).expect(200);

    expect(res.body).toMatchObject({ name: 'agency-portal', manifestUrl, version });
    const [last] = await t.knex('audit_log').where({ tableName: 'remotes', recordId: 'agency-portal' }).orderBy('id', 'desc').limit(1);
    expect(last).toMatchObject({ userId: user.id, action: 'update', oldValues: { manifestUrl: before.manifestUrl, version: before.version }, newValues: { manifestUrl, version } });
  });

  it('disables a remote, which leaves the public list, and enables it again, auditing both', async () => {
    const { agent, user } = await signedIn('super_admin');
    const before = await t.knex('remotes').where({ name: 'tenant-portal' }).first();

    const off = await agent.patch('/api/admin/remotes/tenant-portal').send({ enabled: false }).expect(200);
    expect(RemoteDescriptorSchema.parse(off.body)).toMatchObject({ name: 'tenant-portal', enabled: false });
    expect(new Date(off.body.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());

    const publicList = await t.request().get('/api/remotes').expect(200);
    expect(publicList.body.map((r: { name: string }) => r.name)).not.toContain('tenant-portal');
    const adminList = await agent.get('/api/admin/remotes').expect(200);
    expect(adminList.body.find((r: { name: string }) => r.name === 'tenant-portal')).toMatchObject({ enabled: false });

    await agent.patch('/api/admin/remotes/tenant-portal').send({ enabled: true }).expect(200);
    const again = await t.request().get('/api/remotes').expect(200);
    expect(again.body.map((r: { name: string }) => r.name)).toContain('tenant-portal');

    const audits = await t.knex('audit_log').where({ tableName: 'remotes', recordId: 'tenant-portal' }).orderBy('id');
    expect(audits.map((a) => [a.userId, a.action, a.oldValues, a.newValues])).toEqual([
      [user.id, 'update', { enabled: true }, { enabled: false }],
      [user.id, 'update', { enabled: false }, { enabled: true }],
    ]);
  });

  it('moves a remote to another address', async () => {
    const { agent } = await signedIn('super_admin');
    const manifestUrl = 'https://propietarios.ejemplo.es/mf-manifest.json';

    const res = await agent.patch('/api/admin/remotes/owner-portal').send({ manifestUrl, version: '2' }).expect(200);

    expect(res.body).toMatchObject({ manifestUrl, version: '2', enabled: true });
    const listed = await t.request().get('/api/remotes').expect(200);
    expect(listed.body.find((r: { name: string }) => r.name === 'owner-portal')).toMatchObject({ manifestUrl, version: '2' });
  });
});
