/**
 * Secrets in request logs and error reports (issue 30): the one-time tokens of invitations and
 * password resets travel in paths (/api/tenant-invitations/:token, /invitacion/:token). Every line
 * the app writes while those links are made, opened, used, missed and broken is scanned for them.
 */
import Koa from 'koa';
import supertest from 'supertest';
import { createApp } from '../app';
import type { AppContext, AppState } from '../context';
import { createLogger, pathRedactor } from '../log';
import { errorHandler } from '../onerror';
import { buildContract, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { redactorOf, requestLogger } from './logger';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('pathRedactor', () => {
  const redact = pathRedactor(['/api/tenant-invitations/:token', '/api/tenant-invitations/:token/accept', '/api/users/:id', '/invitacion/:token']);

  it.each([
    ['/api/tenant-invitations/abc123', '/api/tenant-invitations/:token'],
    ['/api/tenant-invitations/abc123/accept', '/api/tenant-invitations/:token/accept'],
    // A longer path (a 404) and another case (the router ignores it) carry the token as well.
    ['/api/tenant-invitations/abc123/otra/cosa', '/api/tenant-invitations/:token/otra/cosa'],
    ['/API/Tenant-Invitations/abc123/', '/API/Tenant-Invitations/:token/'],
    ['/invitacion/abc123', '/invitacion/:token'],
    ['/api/users/42', '/api/users/42'],
    ['/api/tenant-invitations', '/api/tenant-invitations'],
    ['/api/contracts?token=abc123&page=2', '/api/contracts?token=[redacted]&page=2'],
    ['/algo?page=1&resetToken=abc123&code=123456&password=x&token%5B%5D=abc123', '/algo?page=1&resetToken=[redacted]&code=[redacted]&password=[redacted]&token%5B%5D=[redacted]'],
  ])('%s → %s', (path, shown) => {
    expect(redact(path)).toBe(shown);
  });

  it("takes the secret parameters from the router's own routes", () => {
    const redactApi = redactorOf({ stack: [{ path: '/api/nuevo/:inviteToken/usar' }, { path: /regexp/ }] });
    expect(redactApi('/api/nuevo/abc123/usar')).toBe('/api/nuevo/:inviteToken/usar');
    // The shell's pages are always known: the links land there.
    expect(redactApi('/restablecer/abc123')).toBe('/restablecer/:token');
    expect(redactApi('/invitacion-propietario/abc123')).toBe('/invitacion-propietario/:token');
  });
});

describe('the logs of the token flows', () => {
  const lines: string[] = [];
  let callback: ReturnType<Koa['callback']>;
  const client = () => supertest.agent(callback);
  const signedIn = async (email: string) => {
    const agent = client();
    await agent.post('/api/auth/login').send({ email, password: FACTORY_PASSWORD }).expect(200);
    return agent;
  };
  const logged = () => lines.map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number; err?: { message: string; stack: string } });

  beforeAll(() => {
    // LOG_LEVEL is silent under jest: this app writes every line, at debug, into `lines`.
    callback = createApp({ knex: t.knex, config: t.config, log: createLogger('debug', (line) => lines.push(line)) }).callback();
  });

  /** Every token the flow handled, and the check that no line holds one (raw or percent-encoded). */
  const tokens: string[] = [];
  afterEach(() => {
    expect(lines.length).toBeGreaterThan(0);
    const leaks = lines.filter((line) => tokens.some((token) => line.includes(token) || line.includes(encodeURIComponent(token))));
    expect(leaks).toEqual([]);
  });

  it('an invitation made, opened, missed, accepted and refused as used', async () => {
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const contract = await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: property.id })).id, status: 'Pendiente' });
    const created = await (await signedIn(owner.email)).post('/api/tenant-invitations').send({ email: 'log.invitada@ejemplo.es', contractId: contract.id }).expect(201);
    const token = String(created.body.link).replace('/invitacion/', '');
    tokens.push(token);

    const visitor = client();
    await visitor.get(`/invitacion/${token}`);
    await visitor.get(`/api/tenant-invitations/${token}`).expect(200);
    await visitor.get(`/api/tenant-invitations/${token}/otra`).expect(404);
    await visitor.put(`/api/tenant-invitations/${token}`).expect(405);
    await visitor.get(`/api/tenant-invitations/${token}?token=${token}`).expect(200);
    await visitor.post(`/api/tenant-invitations/${token}/accept`).send({ firstName: 'Nuria', lastName: 'Vidal', password: 'una-clave-segura' }).expect(200);
    await client().post(`/api/tenant-invitations/${token}/accept`).send({ firstName: 'Otra', lastName: 'Vez', password: 'otra-clave-1' }).expect(410);

    const paths = logged().filter((l) => l.msg === 'request').map((l) => l.path);
    expect(paths).toContain('/api/tenant-invitations/:token/accept');
    expect(paths).toContain('/invitacion/:token');
    // Without a built shell that page is a 503, reported with its path redacted as well.
    expect(logged().filter((l) => l.msg === 'request failed').map((l) => l.path)).toContain('/invitacion/:token');
  });

  it('a password reset made, opened and used', async () => {
    const admin = await buildUser(t.knex, { roleName: 'super_admin' });
    const user = await buildUser(t.knex, { roleName: 'agente' });
    const created = await (await signedIn(admin.email)).post(`/api/users/${user.id}/password-reset`).expect(201);
    const token = String(created.body.link).replace('/restablecer/', '');
    tokens.push(token);

    await client().get(`/restablecer/${token}`);
    await client().get(`/api/password-resets/${token}`).expect(200);
    await client().post(`/api/password-resets/${token}`).send({ password: 'otra-clave-segura' }).expect(200);
    await client().get(`/api/password-resets/${token}`).expect(410);

    expect(logged().filter((l) => l.msg === 'request').map((l) => l.path)).toContain('/api/password-resets/:token');
  });

  it('a failure in such a route: its error report names the route, not the token', async () => {
    const token = 'f'.repeat(43);
    tokens.push(token);
    const from = lines.length;
    await t.knex.raw('alter table tenant_invitations rename to tenant_invitations_away');
    try {
      await client().get(`/api/tenant-invitations/${token}`).expect(500);
    } finally {
      await t.knex.raw('alter table tenant_invitations_away rename to tenant_invitations');
    }
    const failure = logged().slice(from).find((l) => l.msg === 'request failed');
    expect(failure).toMatchObject({ path: '/api/tenant-invitations/:token', err: { message: expect.stringContaining('tenant_invitations') } });
  });

  it('an error whose message quotes the token is reported without it', async () => {
    const token = 'q'.repeat(43);
    tokens.push(token);
    const app = new Koa<AppState, AppContext>();
    app.context.log = createLogger('info', (line) => lines.push(line));
    app.silent = true;
    const redact = redactorOf({ stack: [{ path: '/api/enlaces/:token' }] });
    app
      .use(requestLogger(redact))
      .use(errorHandler(redact))
      .use((ctx) => {
        throw new Error(`El enlace ${decodeURIComponent(ctx.path.split('/')[3]!)} no se pudo leer`);
      });
    await supertest(app.callback()).get(`/api/enlaces/${token}`).expect(500);
    expect(logged().at(-2)).toMatchObject({ msg: 'request failed', path: '/api/enlaces/:token', err: { message: 'El enlace [redacted] no se pudo leer' } });
  });
});
