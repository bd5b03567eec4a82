import { RecoveryCodesSchema, SettingsSchema, TwoFactorSetupSchema } from '@arrendia/api-contract';
import type supertest from 'supertest';
import type { User } from '../../models/User';
import { buildUser, FACTORY_PASSWORD, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';
import { totpCode, totpStep } from '../../twoFactor';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const STEP_MS = 30_000;
/** The app's code one step before or after now (a code of now may have been spent already). */
const codeAt = (secret: string, steps: number) => totpCode(secret, new Date(Date.now() + steps * STEP_MS));

/** A six-digit code that is none of the app's codes the server would accept now. */
function wrongCode(secret: string, seed = 0): string {
  const valid = new Set([-1, 0, 1].map((steps) => codeAt(secret, steps)));
  for (let n = 100000 + seed * 7919; ; n += 1) if (!valid.has(String(n % 1_000_000).padStart(6, '0'))) return String(n % 1_000_000).padStart(6, '0');
}

async function setUp(agent: supertest.Agent) {
  return TwoFactorSetupSchema.parse((await agent.post('/api/settings/two-factor/setup').expect(200)).body);
}

/** A user with two-factor authentication on: its secret, its recovery codes and a signed-in agent. */
async function withTwoFactor(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.knex, overrides);
  const agent = await signIn(t, user);
  const { secret } = await setUp(agent);
  const { recoveryCodes } = RecoveryCodesSchema.parse((await agent.post('/api/settings/two-factor').send({ code: totpCode(secret), currentPassword: FACTORY_PASSWORD }).expect(200)).body);
  return { user, agent, secret, recoveryCodes };
}

const userRow = (user: User) => t.knex('users').where({ id: user.id }).first();
const auditRows = (user: User) => t.knex('audit_log').where({ tableName: 'users', recordId: String(user.id) }).orderBy('id');

/** The first step of a sign-in: right password, the answer asks for the code. */
async function passwordStep(user: { email: string }) {
  const agent = t.agent();
  const res = await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  expect(res.body).toEqual({ twoFactorRequired: true });
  return agent;
}

describe('turning two-factor authentication on (Seguridad)', () => {
  it('is off by default (spec §2)', async () => {
    const agent = await signIn(t, await buildUser(t.knex));
    const settings = SettingsSchema.parse((await agent.get('/api/settings').expect(200)).body);
    expect(settings.security).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: null });
  });

  it('gives a secret, its otpauth address and QR code; nothing is in force until a code of the app confirms it', async () => {
    const user = await buildUser(t.knex);
    const agent = await signIn(t, user);
    const setup = await setUp(agent);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(setup.secret);
    expect(url.searchParams.get('issuer')).toBe('Arrendia');
    expect(decodeURIComponent(url.pathname)).toContain(user.email);
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The audit row says a setup began, and never carries the secret.
    const rows = await auditRows(user);
    expect(rows.at(-1).newValues).toEqual({ twoFactorSetupStarted: true });
    expect(JSON.stringify(rows)).not.toContain(setup.secret);
    // Set up but not on: signing in still needs only the password.
    await signIn(t, user);
    expect((await agent.get('/api/settings').expect(200)).body.security.twoFactorEnabled).toBe(false);
  });

  it('turns on with a code of the app: ten recovery codes shown once, audited and notified', async () => {
    const { user, agent, recoveryCodes } = await withTwoFactor();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const settings = SettingsSchema.parse((await agent.get('/api/settings').expect(200)).body);
    expect(settings.security).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 });
    const row = await userRow(user);
    // Kept hashed, never as given.
    expect(JSON.stringify(row.twoFactorRecoveryCodes)).not.toContain(recoveryCodes[0]!.replace('-', ''));
    const audit = (await auditRows(user)).at(-1);
    expect(audit.newValues).toHaveProperty('twoFactorEnabledAt');
    expect(JSON.stringify(audit)).not.toMatch(/twoFactorSecret|twoFactorRecoveryCodes/);
    const notice = await t.knex('notifications').where({ recipientUserId: user.id, notificationType: 'two_factor' }).first();
    expect(notice.title).toBe('Verificación en dos pasos activada');
  });

  it('refuses a wrong code with 400 on `code` and turns nothing on', async () => {
    const user = await buildUser(t.knex);
    const agent = await signIn(t, user);
    const { secret } = await setUp(agent);
    const res = await agent.post('/api/settings/two-factor').send({ code: wrongCode(secret), currentPassword: FACTORY_PASSWORD }).expect(400);
    expect(res.body).toMatchObject({ error: 'validation_error', fields: { code: 'El código no es correcto o ha caducado' } });
    // A code of five minutes ago is no code either.
    await agent.post('/api/settings/two-factor').send({ code: codeAt(secret, -10), currentPassword: FACTORY_PASSWORD }).expect(400);
    // The right code with a wrong password neither.
    const wrongPassword = await agent.post('/api/settings/two-factor').send({ code: totpCode(secret), currentPassword: 'otra-cosa' }).expect(400);
    expect(wrongPassword.body.fields).toEqual({ currentPassword: 'La contraseña actual no es correcta' });
    expect((await userRow(user)).twoFactorEnabledAt).toBeNull();
  });

  it.each([
    [{ code: '12345', currentPassword: FACTORY_PASSWORD }, 'Introduce el código de 6 cifras de tu aplicación'],
    [{ code: 'abcde-fghij', currentPassword: FACTORY_PASSWORD }, 'Introduce el código de 6 cifras de tu aplicación'],
    [{ currentPassword: FACTORY_PASSWORD }, 'Introduce el código de 6 cifras de tu aplicación'],
  ])('refuses %j with the Spanish message', async (body, message) => {
    const agent = await signIn(t, await buildUser(t.knex));
    await setUp(agent);
    expect((await agent.post('/api/settings/two-factor').send(body).expect(400)).body.fields.code).toBe(message);
  });

  it('asks for the QR code first (409), and refuses a second setup while on (409)', async () => {
    const agent = await signIn(t, await buildUser(t.knex));
    expect((await agent.post('/api/settings/two-factor').send({ code: '123456', currentPassword: FACTORY_PASSWORD }).expect(409)).body.message).toBe('Primero escanea el código QR con tu aplicación');
    const on = await withTwoFactor();
    expect((await on.agent.post('/api/settings/two-factor/setup').expect(409)).body.message).toBe('La verificación en dos pasos ya está activada');
    // The secret in force is untouched.
    expect((await userRow(on.user)).twoFactorSecret).toBe(on.secret);
  });

  it('ends the other sessions of the user when it turns on, and keeps this one', async () => {
    const user = await buildUser(t.knex);
    const other = await signIn(t, user);
    const agent = await signIn(t, user);
    const { secret } = await setUp(agent);
    await agent.post('/api/settings/two-factor').send({ code: totpCode(secret), currentPassword: FACTORY_PASSWORD }).expect(200);
    await other.get('/api/auth/user').expect(401);
    await agent.get('/api/auth/user').expect(200);
  });

  it('is refused to the demo accounts, whose password every visitor knows (403)', async () => {
    const demo = await buildUser(t.knex, { email: `visita.${Date.now()}@demo.arrendia.es` });
    const agent = await signIn(t, demo);
    const res = await agent.post('/api/settings/two-factor/setup').expect(403);
    expect(res.body.message).toBe('Las cuentas de demostración no pueden activar la verificación en dos pasos');
    expect((await userRow(demo)).twoFactorSecret).toBeNull();
  });

  it('is 401 signed out', async () => {
    await t.request().post('/api/settings/two-factor/setup').expect(401);
  });
});

describe('signing in with two-factor authentication on', () => {
  it('asks for a code after the password, and the code of the app signs in', async () => {
    const { user, secret } = await withTwoFactor();
    const agent = await passwordStep(user);
    // The password alone signs nobody in.
    await agent.get('/api/auth/user').expect(401);
    const res = await agent.post('/api/auth/login/two-factor').send({ code: codeAt(secret, 1) }).expect(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email });
    await agent.get('/api/auth/user').expect(200);
    expect((await userRow(user)).lastLogin).not.toBeNull();
  });

  it('takes each code once: the same code again is refused', async () => {
    const { user, secret } = await withTwoFactor();
    // The code of the next step, and that step, read from one instant: a 30 s boundary crossed
    // between the request and the assertion must not move the expected step (CI, 2026-12-04).
    const at = new Date(Date.now() + STEP_MS);
    const code = totpCode(secret, at);
    await (await passwordStep(user)).post('/api/auth/login/two-factor').send({ code }).expect(200);
    const again = await (await passwordStep(user)).post('/api/auth/login/two-factor').send({ code }).expect(401);
    expect(again.body).toMatchObject({ error: 'invalid_code', message: 'El código no es correcto o ha caducado' });
    expect((await userRow(user)).twoFactorLastStep).toBe(totpStep(at));
  });

  it('refuses a wrong code with 401, counted as a failed sign-in, and no session', async () => {
    const { user, secret } = await withTwoFactor();
    const agent = await passwordStep(user);
    const failedBefore = await t.knex('login_attempts').where({ email: user.email, succeeded: false }).count({ n: '*' }).first();
    await agent.post('/api/auth/login/two-factor').send({ code: wrongCode(secret) }).expect(401);
    const failedAfter = await t.knex('login_attempts').where({ email: user.email, succeeded: false }).count({ n: '*' }).first();
    expect(Number(failedAfter!.n)).toBe(Number(failedBefore!.n) + 1);
    await agent.get('/api/auth/user').expect(401);
  });

  it('stops guessing codes with the sign-in throttle (429 after ten wrong codes)', async () => {
    await t.knex('login_attempts').where({ succeeded: false }).delete();
    const { user, secret } = await withTwoFactor();
    const agent = await passwordStep(user);
    for (let i = 0; i < 10; i += 1) await agent.post('/api/auth/login/two-factor').send({ code: wrongCode(secret, i) }).expect(401);
    // Even the right code now waits.
    const res = await agent.post('/api/auth/login/two-factor').send({ code: codeAt(secret, 1) }).expect(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('counts a burst of codes sent at once one by one: ten wrong codes, then 429', async () => {
    await t.knex('login_attempts').where({ succeeded: false }).delete();
    const { user, secret } = await withTwoFactor();
    const agent = await passwordStep(user);
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => agent.post('/api/auth/login/two-factor').send({ code: wrongCode(secret, i) }).then((res) => res.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    await t.knex('login_attempts').where({ succeeded: false }).delete();
  });

  it('tells the user once that someone has the password when a wrong code follows it', async () => {
    const { user, secret } = await withTwoFactor();
    const agent = await passwordStep(user);
    await agent.post('/api/auth/login/two-factor').send({ code: wrongCode(secret) }).expect(401);
    await agent.post('/api/auth/login/two-factor').send({ code: wrongCode(secret, 1) }).expect(401);
    const warnings = await t.knex('notifications').where({ recipientUserId: user.id, title: 'Contraseña correcta, código incorrecto' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toContain('Si no has sido tú, cambia tu contraseña');
  });

  it('takes an app code typed with a hyphen or spaces', async () => {
    const { user, secret } = await withTwoFactor();
    const code = codeAt(secret, 1);
    await (await passwordStep(user)).post('/api/auth/login/two-factor').send({ code: `${code.slice(0, 3)}-${code.slice(3)}` }).expect(200);
  });

  it('asks for the password again when it changed, or two-factor was turned off, after the password step', async () => {
    const { user, secret } = await withTwoFactor();
    const agent = await passwordStep(user);
    await t.knex('users').where({ id: user.id }).update({ lastPasswordChange: new Date(Date.now() + 1000) });
    expect((await agent.post('/api/auth/login/two-factor').send({ code: codeAt(secret, 1) }).expect(401)).body.error).toBe('two_factor_expired');
    await t.knex('users').where({ id: user.id }).update({ lastPasswordChange: null });
    const again = await passwordStep(user);
    await t.knex('users').where({ id: user.id }).update({ twoFactorEnabledAt: null });
    expect((await again.post('/api/auth/login/two-factor').send({ code: codeAt(secret, 1) }).expect(401)).body.error).toBe('two_factor_expired');
  });

  it('accepts each recovery code once, typed in any case and spacing, and counts them down', async () => {
    const { user, recoveryCodes } = await withTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    const agent = await passwordStep(user);
    await agent.post('/api/auth/login/two-factor').send({ code: ` ${first.toUpperCase().replace('-', ' ')} ` }).expect(200);
    expect((await agent.get('/api/settings').expect(200)).body.security.recoveryCodesLeft).toBe(9);
    await (await passwordStep(user)).post('/api/auth/login/two-factor').send({ code: first }).expect(401);
    await (await passwordStep(user)).post('/api/auth/login/two-factor').send({ code: second.replace('-', '') }).expect(200);
    const audit = (await auditRows(user)).filter((row) => row.newValues?.recoveryCodesLeft !== undefined);
    expect(audit.map((row) => row.newValues.recoveryCodesLeft)).toEqual([9, 8]);
    // Each use is told to the user, with the codes left.
    const notices = await t.knex('notifications').where({ recipientUserId: user.id, title: 'Código de recuperación usado' }).orderBy('id');
    expect(notices.map((n) => n.message)).toEqual([
      'Se ha iniciado sesión con uno de tus códigos de recuperación. Te quedan 9 códigos. Si no has sido tú, cambia tu contraseña.',
      'Se ha iniciado sesión con uno de tus códigos de recuperación. Te quedan 8 códigos. Si no has sido tú, cambia tu contraseña.',
    ]);
  });

  it('refuses a code with no password step first, or once the step has expired', async () => {
    const { user, secret } = await withTwoFactor();
    const res = await t.agent().post('/api/auth/login/two-factor').send({ code: codeAt(secret, 1) }).expect(401);
    expect(res.body).toMatchObject({ error: 'two_factor_expired', message: 'La verificación ha caducado. Vuelve a iniciar sesión' });
    const agent = await passwordStep(user);
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + 6 * 60_000;
      await agent.post('/api/auth/login/two-factor').send({ code: codeAt(secret, 1) }).expect(401);
    } finally {
      Date.now = realNow;
    }
  });

  it.each([[{ code: '12' }], [{ code: 'no es un código' }], [{}], [{ code: '123456', extra: true }]])('refuses %j with 400 and the Spanish message', async (body) => {
    const { user } = await withTwoFactor();
    const res = await (await passwordStep(user)).post('/api/auth/login/two-factor').send(body).expect(400);
    expect(res.body.error).toBe('validation_error');
    if ('code' in body && !('extra' in body)) expect(res.body.fields.code).toBe('Introduce el código de 6 cifras de tu aplicación o un código de recuperación');
  });

  it('does not let a deactivated account finish signing in', async () => {
    const { user, secret } = await withTwoFactor();
    const agent = await passwordStep(user);
    await t.knex('users').where({ id: user.id }).update({ isActive: false });
    await agent.post('/api/auth/login/two-factor').send({ code: codeAt(secret, 1) }).expect(403);
  });

  it('ends the session the browser had when the password step begins', async () => {
    const other = await buildUser(t.knex);
    const { user } = await withTwoFactor();
    const agent = await signIn(t, other);
    await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
    await agent.get('/api/auth/user').expect(401);
  });
});

describe('the super admin, for a user who lost the app and the codes', () => {
  it('turns it off: the user signs in with the password alone and is told; audited as the admin', async () => {
    const admin = await signIn(t, await buildUser(t.knex, { roleName: 'super_admin' }));
    const { user } = await withTwoFactor();
    const listed = await admin.get(`/api/users?q=${encodeURIComponent(user.email)}`).expect(200);
    expect(listed.body[0]).toMatchObject({ id: user.id, twoFactorEnabled: true });
    const res = await admin.post(`/api/users/${user.id}/two-factor/reset`).expect(200);
    expect(res.body).toMatchObject({ id: user.id, twoFactorEnabled: false });
    await signIn(t, user);
    const audit = (await auditRows(user)).find((row) => row.newValues?.twoFactorEnabledAt === null);
    expect(audit.userId).not.toBe(user.id);
    const notice = await t.knex('notifications').where({ recipientUserId: user.id, notificationType: 'two_factor' }).orderBy('id', 'desc').first();
    expect(notice.message).toContain('Un administrador ha desactivado');
    // Nothing to undo a second time.
    await admin.post(`/api/users/${user.id}/two-factor/reset`).expect(409);
  });

  it('is the super admin\'s only (403 for anyone else, even for their own account)', async () => {
    const { user, agent } = await withTwoFactor();
    await agent.post(`/api/users/${user.id}/two-factor/reset`).expect(403);
    expect((await userRow(user)).twoFactorEnabledAt).not.toBeNull();
  });

  it("is not for the admin's own account, which needs the password in Seguridad (409)", async () => {
    const { user, agent } = await withTwoFactor({ roleName: 'super_admin' });
    const res = await agent.post(`/api/users/${user.id}/two-factor/reset`).expect(409);
    expect(res.body.error).toBe('self_two_factor_reset');
    expect((await userRow(user)).twoFactorEnabledAt).not.toBeNull();
  });
});

describe('turning it off and new recovery codes', () => {
  it('turns off with the password: the next sign-in needs only the password; audited and notified', async () => {
    const { user, agent } = await withTwoFactor();
    await agent.post('/api/settings/two-factor/disable').send({ currentPassword: FACTORY_PASSWORD }).expect(204);
    const row = await userRow(user);
    expect(row).toMatchObject({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorRecoveryCodes: null });
    expect((await auditRows(user)).at(-1).newValues).toEqual({ twoFactorEnabledAt: null });
    await signIn(t, user);
    expect(await t.knex('notifications').where({ recipientUserId: user.id, title: 'Verificación en dos pasos desactivada' }).first()).toBeDefined();
  });

  it('refuses a wrong password with 400 on currentPassword and stays on', async () => {
    const { user, agent } = await withTwoFactor();
    const res = await agent.post('/api/settings/two-factor/disable').send({ currentPassword: 'otra-cosa' }).expect(400);
    expect(res.body.fields).toEqual({ currentPassword: 'La contraseña actual no es correcta' });
    expect((await userRow(user)).twoFactorEnabledAt).not.toBeNull();
    await agent.post('/api/settings/two-factor/disable').send({}).expect(400);
  });

  it('is 409 when it is not on', async () => {
    const agent = await signIn(t, await buildUser(t.knex));
    await agent.post('/api/settings/two-factor/disable').send({ currentPassword: FACTORY_PASSWORD }).expect(409);
    await agent.post('/api/settings/two-factor/recovery-codes').send({ currentPassword: FACTORY_PASSWORD }).expect(409);
  });

  it('gives ten new recovery codes with the password; the old ones stop working', async () => {
    const { user, agent, recoveryCodes } = await withTwoFactor();
    await agent.post('/api/settings/two-factor/recovery-codes').send({ currentPassword: 'otra-cosa' }).expect(400);
    const fresh = RecoveryCodesSchema.parse((await agent.post('/api/settings/two-factor/recovery-codes').send({ currentPassword: FACTORY_PASSWORD }).expect(200)).body).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    await (await passwordStep(user)).post('/api/auth/login/two-factor').send({ code: recoveryCodes[0] }).expect(401);
    await (await passwordStep(user)).post('/api/auth/login/two-factor').send({ code: fresh[0] }).expect(200);
  });

  it('says to make new codes when few are left', async () => {
    const { user, recoveryCodes } = await withTwoFactor();
    for (const code of recoveryCodes.slice(0, 8)) await (await passwordStep(user)).post('/api/auth/login/two-factor').send({ code }).expect(200);
    const last = await t.knex('notifications').where({ recipientUserId: user.id, title: 'Código de recuperación usado' }).orderBy('id', 'desc').first();
    expect(last.message).toBe(
      'Se ha iniciado sesión con uno de tus códigos de recuperación. Te quedan 2 códigos. Genera códigos nuevos en Configuración → Seguridad. Si no has sido tú, cambia tu contraseña.',
    );
  });
});
