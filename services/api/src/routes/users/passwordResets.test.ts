import { createHash } from 'node:crypto';
import { PASSWORD_RESET_EXPIRED, PASSWORD_RESET_UNKNOWN, PASSWORD_RESET_USED, PasswordResetLinkSchema } from '@arrendia/api-contract';
import { RESET_WINDOW_MS, RESETS_PER_ADDRESS, RESETS_PER_EMAIL } from '../../commands/passwordResetter';
import type { User } from '../../models/User';
import { buildUser, FACTORY_PASSWORD, signIn } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signedIn = (user: User, password = FACTORY_PASSWORD) => signIn(t, user, { password });

/** An admin's 'Restablecer contraseña' for `user`: the link's token and its answer. */
async function resetLinkFor(user: User) {
  const admin = await signedIn(await buildUser(t.knex, { roleName: 'super_admin' }));
  const res = await admin.post(`/api/users/${user.id}/password-reset`).expect(201);
  const link = PasswordResetLinkSchema.strict().parse(res.body);
  return { ...link, token: link.link.replace('/restablecer/', '') };
}

describe('POST /api/users/:id/password-reset', () => {
  it('answers a one-time link valid 24 h, keeps only the hash, audits it and voids the earlier links of that user', async () => {
    const user = await buildUser(t.knex);
    const first = await resetLinkFor(user);
    expect(first.link).toMatch(/^\/restablecer\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(first.expiresAt) - Date.now()).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(Date.parse(first.expiresAt) - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    const stored = await t.knex('password_resets').where('userId', user.id).first();
    expect(stored.tokenHash).toBe(createHash('sha256').update(first.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(first.token);
    const audited = await t.knex('audit_log').where({ tableName: 'password_resets', recordId: String(stored.id) }).first();
    expect(audited.newValues).toMatchObject({ userId: user.id });
    expect(JSON.stringify(audited)).not.toContain(first.token);

    const second = await resetLinkFor(user);
    expect((await t.request().get(`/api/password-resets/${first.token}`).expect(410)).body.message).toBe(PASSWORD_RESET_EXPIRED);
    expect((await t.request().get(`/api/password-resets/${second.token}`).expect(200)).body).toEqual({ email: user.email, expiresAt: second.expiresAt });
  });

  describe('throttled (issue 30)', () => {
    beforeEach(() => t.knex('throttle_hits').delete());
    afterAll(() => t.knex('throttle_hits').delete());

    /** The 429 of one more link for `user`, and that it made no link. */
    async function refusedFor(admin: Awaited<ReturnType<typeof signedIn>>, user: User) {
      const before = await countRows(t.knex, 'password_resets');
      const res = await admin.post(`/api/users/${user.id}/password-reset`).expect(429);
      expect(res.body).toMatchObject({ error: 'rate_limited', message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(RESET_WINDOW_MS / 1000 - 60);
      expect(await countRows(t.knex, 'password_resets')).toBe(before);
    }

    it(`makes ${RESETS_PER_EMAIL} links for one account in an hour, then 429 and no link`, async () => {
      const admin = await signedIn(await buildUser(t.knex, { roleName: 'super_admin' }));
      const user = await buildUser(t.knex);
      for (let i = 0; i < RESETS_PER_EMAIL; i++) await admin.post(`/api/users/${user.id}/password-reset`).expect(201);
      await refusedFor(admin, user);
      // Another account is not refused.
      await admin.post(`/api/users/${(await buildUser(t.knex)).id}/password-reset`).expect(201);
    });

    it(`makes ${RESETS_PER_ADDRESS} links from one address in an hour, whatever the accounts, then 429 and no link`, async () => {
      const admin = await signedIn(await buildUser(t.knex, { roleName: 'super_admin' }));
      const users = await Promise.all(Array.from({ length: RESETS_PER_ADDRESS + 1 }, () => buildUser(t.knex)));
      for (const user of users.slice(0, RESETS_PER_ADDRESS)) await admin.post(`/api/users/${user.id}/password-reset`).expect(201);
      await refusedFor(admin, users[RESETS_PER_ADDRESS]!);
    });
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await signedIn(await buildUser(t.knex, { roleName: 'super_admin' }));
    await admin.post('/api/users/999999/password-reset').expect(404);
  });
});

describe('the public link', () => {
  it("sets the password once, ends every session of the user, and is then refused as used", async () => {
    const user = await buildUser(t.knex, { roleName: 'agente' });
    const open = await signedIn(user);
    const { token } = await resetLinkFor(user);

    const res = await t.request().post(`/api/password-resets/${token}`).send({ password: 'otra-clave-segura' }).expect(200);
    expect(res.body).toEqual({ email: user.email });
    await open.get('/api/auth/user').expect(401);
    await t.agent().post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(401);
    await signedIn(user, 'otra-clave-segura');
    const row = await t.knex('users').where('id', user.id).first('password', 'lastPasswordChange');
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(Date.parse(row.lastPasswordChange)).toBeGreaterThan(Date.now() - 60_000);
    const audited = await t.knex('audit_log').where({ tableName: 'users', recordId: String(user.id), action: 'update' }).orderBy('id', 'desc').first();
    expect(audited.newValues).toMatchObject({ passwordResetId: expect.any(Number) });
    expect(Number((await t.knex('sessions').whereRaw(`sess->>'userId' = ?`, [String(user.id)]).count({ n: '*' }).first())?.n)).toBe(1);
    expect(JSON.stringify(audited)).not.toMatch(/otra-clave|argon2/);

    const audits = await countRows(t.knex, 'audit_log');
    expect((await t.request().post(`/api/password-resets/${token}`).send({ password: 'tercera-clave-1' }).expect(410)).body).toEqual({ error: 'password_reset_used', message: PASSWORD_RESET_USED });
    expect((await t.request().get(`/api/password-resets/${token}`).expect(410)).body.message).toBe(PASSWORD_RESET_USED);
    expect(await countRows(t.knex, 'audit_log')).toBe(audits);
    await signedIn(user, 'otra-clave-segura');
  });

  it('refuses an expired link (410) and an unknown one (404) in Spanish, changing nothing', async () => {
    const user = await buildUser(t.knex);
    const { token } = await resetLinkFor(user);
    await t.knex('password_resets').where('userId', user.id).update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.request().get(`/api/password-resets/${token}`).expect(410)).body).toEqual({ error: 'password_reset_expired', message: PASSWORD_RESET_EXPIRED });
    await t.request().post(`/api/password-resets/${token}`).send({ password: 'clave-tardia-1' }).expect(410);
    expect((await t.request().get('/api/password-resets/no-existe').expect(404)).body).toEqual({ error: 'not_found', message: PASSWORD_RESET_UNKNOWN });
    await t.request().post('/api/password-resets/no-existe').send({ password: 'clave-nueva-1' }).expect(404);
    await signedIn(user);
  });

  it('refuses a short password with 400 and leaves the link usable', async () => {
    const user = await buildUser(t.knex);
    const { token } = await resetLinkFor(user);
    const res = await t.request().post(`/api/password-resets/${token}`).send({ password: 'corta' }).expect(400);
    expect(res.body.fields).toEqual({ password: 'La contraseña debe tener al menos 8 caracteres' });
    await t.request().get(`/api/password-resets/${token}`).expect(200);
    await signedIn(user);
  });
});
