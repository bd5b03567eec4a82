import { createHmac } from 'node:crypto';
import { CurrentUserSchema, ErrorBodySchema } from '@arrendia/api-contract';
import supertest from 'supertest';
import { createApp } from '../../app';
import { openDatabase } from '../../db';
import { TRUST_NOBODY, type ProxyTrust } from '../../clientAddress';
import { REGISTRATION_WINDOW_MS, REGISTRATIONS_PER_ADDRESS } from '../../commands/userRegistrar';
import type { Config } from '../../env';
import { SESSION_COOKIE } from '../../middlewares/session';
import { buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { countRows, startTestApp, testConfig, TEST_SESSION_SECRET, type TestApp } from '../../test/support';

/** name → { value, attributes } of every Set-Cookie of a response. */
function setCookies(res: supertest.Response): Record<string, { value: string; attributes: string }> {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  return Object.fromEntries(
    (header ?? []).map((line) => {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = pair.split('=');
      return [name.trim(), { value, attributes: attributes.join(';').toLowerCase() }];
    }),
  );
}

/** The Cookie header a browser holding session id `sid` would send (signed like koa does). */
function cookieHeader(sid: string): string {
  const sig = createHmac('sha1', TEST_SESSION_SECRET)
    .update(`${SESSION_COOKIE}=${sid}`)
    .digest('base64')
    .replace(/\//g, '_')
    .replace(/\+/g, '-')
    .replace(/=+$/, '');
  return `${SESSION_COOKIE}=${sid}; ${SESSION_COOKIE}.sig=${sig}`;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const counts = async () => ({ users: await countRows(t.knex, 'users'), audit: await countRows(t.knex, 'audit_log') });
const sessionRow = (sid: string) => t.knex('sessions').where({ sid }).first();

async function logIn(email: string, password = FACTORY_PASSWORD) {
  const agent = t.agent();
  const res = await agent.post('/api/auth/login').send({ email, password }).expect(200);
  return { agent, sid: setCookies(res)[SESSION_COOKIE].value };
}

describe('POST /api/auth/register', () => {
  const payload = { email: 'Nueva.Propietaria@Ejemplo.es', password: 'una-clave-larga', firstName: 'Elena', lastName: 'Moreno Gil' };

  it('creates an individual owner and answers 201 with the current user', async () => {
    const res = await t.request().post('/api/auth/register').send(payload).expect(201);

    const user = CurrentUserSchema.parse(res.body);
    expect(user).toMatchObject({ email: 'nueva.propietaria@ejemplo.es', firstName: 'Elena', lastName: 'Moreno Gil' });
    expect(user.role?.roleName).toBe('propietario_individual');
    const row = await t.knex('users').where({ id: user.id }).first();
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(res.text).not.toContain(row.password);
    const auditRow = await t.knex('audit_log').where({ tableName: 'users', recordId: String(user.id), action: 'register' }).first();
    expect(auditRow.userId).toBe(user.id);
    expect(auditRow.newValues).toMatchObject({ email: 'nueva.propietaria@ejemplo.es' });
    expect(auditRow.newValues).not.toHaveProperty('password');
  });

  it('never lets the caller choose a role', async () => {
    const res = await t
      .request()
      .post('/api/auth/register')
      .send({ ...payload, email: 'quiere.ser.admin@ejemplo.es', roleId: 1, roleName: 'super_admin' })
      .expect(201);
    expect(res.body.role.roleName).toBe('propietario_individual');
  });

  it('refuses a duplicate email (any case) with 409 and writes nothing', async () => {
    await buildUser(t.knex, { email: 'repetido@ejemplo.es' });
    const before = await counts();

    const res = await t.request().post('/api/auth/register').send({ ...payload, email: 'REPETIDO@ejemplo.es' }).expect(409);

    expect(res.body).toEqual({
      error: 'conflict',
      message: 'Ya existe una cuenta con ese correo electrónico',
      fields: { email: 'Ya existe una cuenta con ese correo electrónico' },
    });
    expect(await counts()).toEqual(before);
  });

  it(`registers ${REGISTRATIONS_PER_ADDRESS} of ${REGISTRATIONS_PER_ADDRESS + 5} accounts sent at once from one address; then 429, writing nothing (issue 30)`, async () => {
    await t.knex('throttle_hits').delete();
    const burst = Array.from({ length: REGISTRATIONS_PER_ADDRESS + 5 }, (_, i) => t.request().post('/api/auth/register').send({ ...payload, email: `rafaga.alta${i}@ejemplo.es` }));
    const statuses = (await Promise.all(burst)).map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(REGISTRATIONS_PER_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const before = await counts();

    const refused = await t.request().post('/api/auth/register').send({ ...payload, email: 'una.mas@ejemplo.es' }).expect(429);

    expect(refused.body).toMatchObject({ error: 'rate_limited', message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(REGISTRATION_WINDOW_MS / 1000 - 60);
    expect(await counts()).toEqual(before);
    expect(await t.knex('users').where({ email: 'una.mas@ejemplo.es' }).first()).toBeUndefined();
    await t.knex('throttle_hits').delete();
  });

  it('refuses an invalid payload with 400 and a Spanish message per field, writing nothing', async () => {
    const before = await counts();

    const res = await t.request().post('/api/auth/register').send({ email: 'no-es-un-correo', password: 'corta', firstName: '  ' }).expect(400);

    expect(res.body).toEqual({
      error: 'validation_error',
      message: 'Revisa los campos marcados',
      fields: {
        email: 'Introduce un correo electrónico válido',
        password: 'La contraseña debe tener al menos 8 caracteres',
        firstName: 'El nombre es obligatorio',
        lastName: 'Este campo es obligatorio',
      },
    });
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/auth/login', () => {
  it('refuses a wrong password and an unknown email alike: 401 invalid_credentials', async () => {
    const user = await buildUser(t.knex);
    const expected = { error: 'invalid_credentials', message: 'Correo electrónico o contraseña incorrectos' };

    const wrong = await t.request().post('/api/auth/login').send({ email: user.email, password: 'no-es-esta' }).expect(401);
    const unknown = await t.request().post('/api/auth/login').send({ email: 'nadie@ejemplo.es', password: 'no-es-esta' }).expect(401);

    expect(wrong.body).toEqual(expected);
    expect(unknown.body).toEqual(expected);
    expect(setCookies(wrong)[SESSION_COOKIE]).toBeUndefined();
  });

  it('signs in with a signed, httpOnly, SameSite=Lax cookie and a new session id', async () => {
    const user = await buildUser(t.knex);
    // A session planted before login (session fixation) must not survive it.
    await t.knex('sessions').insert({ sid: 'plantada', sess: JSON.stringify({}), expire: new Date(Date.now() + 60_000) });

    const res = await t.request().post('/api/auth/login').set('Cookie', cookieHeader('plantada')).send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);

    expect(CurrentUserSchema.parse(res.body).id).toBe(user.id);
    const cookies = setCookies(res);
    const sid = cookies[SESSION_COOKIE];
    expect(sid.value).toMatch(/^[0-9a-f-]{36}$/);
    expect(sid.attributes).toContain('httponly');
    expect(sid.attributes).toContain('samesite=lax');
    expect(sid.attributes).not.toContain('secure');
    // Signed with the session secret, exactly as a browser will send it back.
    expect(`${SESSION_COOKIE}=${sid.value}; ${SESSION_COOKIE}.sig=${cookies[`${SESSION_COOKIE}.sig`].value}`).toBe(cookieHeader(sid.value));
    expect(await sessionRow('plantada')).toBeUndefined();
    const row = await sessionRow(sid.value);
    expect(row.sess).toMatchObject({ userId: user.id });
    const hours = (new Date(row.expire).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThan(8.1);
  });

  it('records lastLogin and audits the login', async () => {
    const user = await buildUser(t.knex);
    await logIn(user.email);

    const row = await t.knex('users').where({ id: user.id }).first();
    expect(Date.now() - new Date(row.lastLogin).getTime()).toBeLessThan(60_000);
    const auditRow = await t.knex('audit_log').where({ tableName: 'users', recordId: String(user.id), action: 'login' }).first();
    expect(auditRow).toMatchObject({ userId: user.id, oldValues: { lastLogin: null } });
  });

  it('refuses a deactivated account with 403 once the password is right', async () => {
    const user = await buildUser(t.knex, { isActive: false });
    const res = await t.request().post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(403);
    expect(res.body.error).toBe('forbidden');
    expect(setCookies(res)[SESSION_COOKIE]).toBeUndefined();
  });

  it('answers 429 after ten wrong passwords for one account, even with the right one', async () => {
    const user = await buildUser(t.knex);
    for (let i = 0; i < 10; i++) {
      await t.request().post('/api/auth/login').send({ email: user.email, password: `mala-${i}` }).expect(401);
    }
    const res = await t.request().post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(429);
    expect(ErrorBodySchema.parse(res.body).error).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a missing password with 400', async () => {
    const res = await t.request().post('/api/auth/login').send({ email: 'alguien@ejemplo.es' }).expect(400);
    expect(res.body.fields).toEqual({ password: 'Este campo es obligatorio' });
  });
});

describe('GET /api/auth/user', () => {
  it('answers 401 without a session', async () => {
    const res = await t.request().get('/api/auth/user').expect(401);
    expect(res.body).toEqual({ error: 'unauthorized', message: 'Debes iniciar sesión para continuar' });
  });

  it('answers the current user with its role when signed in', async () => {
    const user = await buildUser(t.knex, { roleName: 'inquilino' });
    const { agent } = await logIn(user.email);

    const res = await agent.get('/api/auth/user').expect(200);

    expect(CurrentUserSchema.strict().parse(res.body)).toMatchObject({ id: user.id, role: { roleId: user.roleId, roleName: 'inquilino' } });
  });

  it('ends the session of a user deactivated since login', async () => {
    const user = await buildUser(t.knex);
    const { agent, sid } = await logIn(user.email);
    await t.knex('users').where({ id: user.id }).update({ isActive: false });

    await agent.get('/api/auth/user').expect(401);
    expect(await sessionRow(sid)).toBeUndefined();
  });

  it('ignores a session cookie with a forged signature', async () => {
    const user = await buildUser(t.knex);
    const { sid } = await logIn(user.email);
    await t.request().get('/api/auth/user').set('Cookie', `${SESSION_COOKIE}=${sid}; ${SESSION_COOKIE}.sig=falsa`).expect(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('deletes the session row, after which the user is signed out', async () => {
    const user = await buildUser(t.knex);
    const { agent, sid } = await logIn(user.email);
    expect(await sessionRow(sid)).toBeDefined();

    await agent.post('/api/auth/logout').expect(204);

    expect(await sessionRow(sid)).toBeUndefined();
    await agent.get('/api/auth/user').expect(401);
    // Even replaying the old cookie gets nowhere.
    await t.request().get('/api/auth/user').set('Cookie', cookieHeader(sid)).expect(401);
  });

  it('answers 204 with no session at all', async () => {
    await t.request().post('/api/auth/logout').expect(204);
  });
});

describe('GET /api/login', () => {
  it('redirects to the landing page with the login dialog open', async () => {
    const res = await t.request().get('/api/login').expect(302);
    expect(res.headers.location).toBe('/?login=1');
  });

  it('keeps a next path on this site', async () => {
    const res = await t.request().get('/api/login').query({ next: '/contracts?estado=Activo' }).expect(302);
    expect(res.headers.location).toBe('/?login=1&next=%2Fcontracts%3Festado%3DActivo');
  });

  it.each(['//evil.example', 'https://evil.example/', '/\\evil.example', 'contracts', '/ok\r\nSet-Cookie: x=1'])('drops next=%s, which could leave the site', async (next) => {
    const res = await t.request().get('/api/login').query({ next }).expect(302);
    expect(res.headers.location).toBe('/?login=1');
  });
});

describe('session cookie in production', () => {
  const production = (trustProxy: ProxyTrust = { networks: ['127.0.0.1', '::1'] }) =>
    supertest(createApp({ knex: t.knex, config: testConfig({ nodeEnv: 'production', production: true, cookieSecure: true, trustProxy }) }).callback());

  it('is Secure behind an HTTPS proxy that TRUST_PROXY names', async () => {
    const user = await buildUser(t.knex);
    const res = await production()
      .post('/api/auth/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: user.email, password: FACTORY_PASSWORD })
      .expect(200);
    expect(setCookies(res)[SESSION_COOKIE].attributes).toContain('secure');
  });

  it('is refused over plain HTTP with 403 https_required rather than failing', async () => {
    const user = await buildUser(t.knex);
    const res = await production().post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(403);
    expect(res.body.error).toBe('https_required');
  });

  it('does not believe X-Forwarded-Proto from a peer that is no trusted proxy (issue 30)', async () => {
    const user = await buildUser(t.knex);
    for (const trustProxy of [TRUST_NOBODY, { networks: ['10.0.0.0/8'] }]) {
      const res = await production(trustProxy).post('/api/auth/login').set('X-Forwarded-Proto', 'https').send({ email: user.email, password: FACTORY_PASSWORD }).expect(403);
      expect(res.body.error).toBe('https_required');
    }
  });
});

describe('the address a session records, as the sessions list shows it (TRUST_PROXY, issue 30)', () => {
  /** Signs a new user in through an app with `config`, claiming `forwardedFor`; the address its session list shows. */
  async function recordedAddress(config: Partial<Config>, forwardedFor: string): Promise<string> {
    const user = await buildUser(t.knex);
    const client = supertest.agent(createApp({ knex: t.knex, config: { ...t.config, ...config } }).callback());
    await client.post('/api/auth/login').set('X-Forwarded-For', forwardedFor).send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
    const sessions = (await client.get('/api/settings/sessions').expect(200)).body as { ipAddress: string }[];
    expect(sessions).toHaveLength(1);
    return sessions[0]!.ipAddress;
  }

  it('by default, in production too, is the socket address, not a claimed X-Forwarded-For', async () => {
    expect(await recordedAddress({ nodeEnv: 'production', production: true }, '198.51.100.7')).toBe('127.0.0.1');
  });

  it('behind a list of proxies, is the rightmost address that is no proxy, never the spoofed leftmost', async () => {
    expect(await recordedAddress({ trustProxy: { networks: ['127.0.0.1', '::1', '10.0.0.0/8'] } }, '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
  });

  it('behind a hop count, skips that many proxies', async () => {
    expect(await recordedAddress({ trustProxy: { hops: 2 } }, '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
  });
});

describe('sessions across API processes', () => {
  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

  // Skipped on PGlite: an embedded database belongs to one process by design (the lock file).
  onPostgres('lets a second app with its own pool read a session made by the first (PostgreSQL only, TEST_DATABASE_URL)', async () => {
    const other = await openDatabase(t.db.target);
    try {
      const appB = supertest(createApp({ knex: other.knex, config: t.config }).callback());
      const user = await buildUser(t.knex);
      const { sid } = await logIn(user.email);

      const res = await appB.get('/api/auth/user').set('Cookie', cookieHeader(sid)).expect(200);

      expect(res.body.id).toBe(user.id);
      expect(other.knex).not.toBe(t.knex);
    } finally {
      await other.close();
    }
  });
});
