import { RemoteDescriptorSchema } from '@arrendia/api-contract';
import { REMOTE_NAMES, REMOTE_ROLES } from '@arrendia/remote-contract';
import { defaultManifestUrl } from '../../staticFiles';
import { buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(roleName: 'super_admin' | 'propietario_individual' | 'admin_agencia') {
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

describe('GET /api/admin/remotes', () => {
  it('is for super admins only', async () => {
    await t.request().get('/api/admin/remotes').expect(401);
    const { agent } = await signedIn('admin_agencia');
    await agent.get('/api/admin/remotes').expect(403);
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

  it.each([
    [{}, undefined],
    [{ enabled: 'no' }, 'enabled'],
    [{ manifestUrl: 'javascript:alert(1)' }, 'manifestUrl'],
    [{ manifestUrl: '/remotes/owner-portal/remoteEntry.js' }, 'manifestUrl'],
    [{ name: 'otro' }, 'name'],
  ])('refuses %j with 400 and changes nothing', async (body, field) => {
    const { agent } = await signedIn('super_admin');
    const before = await t.knex('remotes').where({ name: 'owner-portal' }).first();

    const res = await agent.patch('/api/admin/remotes/owner-portal').send(body).expect(400);

    expect(res.body.error).toBe('validation_error');
    if (field) expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await t.knex('remotes').where({ name: 'owner-portal' }).first()).toEqual(before);
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
