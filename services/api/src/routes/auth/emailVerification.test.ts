import {
  CurrentUserSchema,
  EMAIL_VERIFICATION_EXPIRED,
  EMAIL_VERIFICATION_UNKNOWN,
  EMAIL_VERIFICATION_USED,
  EMAIL_VERIFIED,
  EmailVerifiedSchema,
  ErrorBodySchema,
  NOTHING_TO_CONFIRM,
  SettingsSchema,
  TenantInvitationSchema,
  VERIFICATION_RESENDS_PER_HOUR,
  VERIFICATION_RESENDS_USED,
  VerificationSentSchema,
  emailChangedTo,
  verificationSentTo,
} from '@arrendia/api-contract';
import { EMAIL_TAKEN } from '../../commands/emailVerifier';
import { deliverDue, smtpTransport } from '../../mail/sender';
import type { User } from '../../models/User';
import { buildContract, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD, signIn } from '../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  t = await startTestApp();
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await t.knex('outbox_messages').delete();
  await t.knex('throttle_hits').delete();
});

/** Sends what the outbox holds through the test SMTP server, as the API's sender does. */
const deliver = () => deliverDue(t.knex, smtpTransport(smtp.url), { from: 'Arrendia <no-responder@arrendia.test>' });
const confirm = (token: string) => t.request().post(`/api/auth/verify-email/${token}`);
const me = async (client: ReturnType<TestApp['agent']>) => CurrentUserSchema.parse((await client.get('/api/auth/user').expect(200)).body);
const emailOf = async (id: number) => (await t.knex('users').where({ id }).first('email')).email as string;

/** The token of the confirmation link in `mail`, checked to be an absolute link on PUBLIC_URL in both parts. */
function tokenIn(mail: TestSmtp['received'][number]): string {
  const match = /https:\/\/arrendia\.test\/verificar-correo\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  expect(match).not.toBeNull();
  expect(mail.html).toContain(`https://arrendia.test/verificar-correo/${match![1]}`);
  return match![1]!;
}

const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));

const profileWith = (user: User, email: string) => ({ firstName: user.firstName, lastName: user.lastName, email });

/** A signed-in account that asked to change its address to `newEmail` in Ajustes, and the link mailed for it. */
async function pendingChange(newEmail: string, input: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.knex, input);
  const api = await signIn(t, user);
  await api.put('/api/settings/profile').send(profileWith(user, newEmail)).expect(200);
  expect(await deliver()).toBe(1);
  const [mail] = mailsTo(newEmail);
  return { user, api, token: tokenIn(mail!) };
}

describe('registration (POST /api/auth/register)', () => {
  it('creates the account unconfirmed and mails one working link; the account works meanwhile; the link confirms it once', async () => {
    const account = { email: 'Nueva.Cuenta@Example.com', password: 'clave-segura-1', firstName: 'Nuria', lastName: 'Nueva' };
    const created = await t.request().post('/api/auth/register').send(account).expect(201);
    expect(CurrentUserSchema.parse(created.body)).toMatchObject({ email: 'nueva.cuenta@example.com', emailVerified: false });

    // Unconfirmed, it signs in and uses the API as any account.
    const api = t.agent();
    await api.post('/api/auth/login').send({ email: 'nueva.cuenta@example.com', password: account.password }).expect(200);
    expect(await me(api)).toMatchObject({ emailVerified: false });
    await api.get('/api/settings').expect(200);

    expect(await deliver()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.envelopeTo).toEqual(['nueva.cuenta@example.com']);
    expect(mail!.subject).toBe('Confirma tu correo electrónico en Arrendia');
    expect(mail!.text).toContain('Hola, Nuria:');
    const token = tokenIn(mail!);

    // Only its hash is kept.
    const stored = await t.knex('email_verifications').where({ userId: created.body.id }).first();
    expect(stored).toMatchObject({ purpose: 'verify', email: 'nueva.cuenta@example.com' });
    expect(stored.tokenHash).not.toContain(token);

    const res = await confirm(token).expect(200);
    expect(EmailVerifiedSchema.parse(res.body)).toEqual({ purpose: 'verify', email: 'nueva.cuenta@example.com', message: EMAIL_VERIFIED });
    expect(await me(api)).toMatchObject({ emailVerified: true });
    const audited = await t.knex('audit_log').where({ tableName: 'users', recordId: String(created.body.id), action: 'update' }).orderBy('id', 'desc').first();
    expect(audited.newValues).toMatchObject({ emailVerificationId: stored.id });

    const again = await confirm(token).expect(410);
    expect(ErrorBodySchema.parse(again.body)).toMatchObject({ error: 'email_verification_used', message: EMAIL_VERIFICATION_USED });
  });

  it('sends no mail for a registration that is refused', async () => {
    const taken = await buildUser(t.knex);
    await t.request().post('/api/auth/register').send({ email: taken.email, password: 'clave-segura-1', firstName: 'Otra', lastName: 'Vez' }).expect(409);
    expect(await countRows(t.knex, 'outbox_messages')).toBe(0);
  });

  it('answers an unknown token 404 in Spanish and writes nothing', async () => {
    const before = await countRows(t.knex, 'audit_log');
    const res = await confirm('x'.repeat(43)).expect(404);
    expect(ErrorBodySchema.parse(res.body).message).toBe(EMAIL_VERIFICATION_UNKNOWN);
    expect(await countRows(t.knex, 'audit_log')).toBe(before);
  });

  it.each([
    ['5000 characters', 'a'.repeat(5000)],
    ['quotes and a semicolon', encodeURIComponent("x'; drop table users; --")],
    ['a NUL byte', 'abc%00def'],
    ['non-ASCII letters', encodeURIComponent('ñandú-€-😀')],
    ['a stray percent sign', '%E0%A4%A'],
  ])('answers a token of %s 404 (never 500) and writes nothing', async (_what, token) => {
    const before = await countRows(t.knex, 'audit_log');
    const res = await confirm(token);
    expect(res.status).toBe(404);
    expect(ErrorBodySchema.parse(res.body).error).toBe('not_found');
    expect(await countRows(t.knex, 'audit_log')).toBe(before);
  });

  it('refuses an expired link with 410', async () => {
    const created = await t.request().post('/api/auth/register').send({ email: 'caducada@example.com', password: 'clave-segura-1', firstName: 'Caducada', lastName: 'Prueba' }).expect(201);
    await deliver();
    const token = tokenIn(smtp.received[0]!);
    await t.knex('email_verifications').where({ userId: created.body.id }).update({ expiresAt: new Date(Date.now() - 1000) });
    const res = await confirm(token).expect(410);
    expect(ErrorBodySchema.parse(res.body)).toMatchObject({ error: 'email_verification_expired', message: EMAIL_VERIFICATION_EXPIRED });
    expect((await t.knex('users').where({ id: created.body.id }).first('emailVerifiedAt')).emailVerifiedAt).toBeNull();
  });
});

describe('POST /api/auth/verify-email/resend', () => {
  it('mails a new link and the earlier one stops working', async () => {
    const user = await buildUser(t.knex, { email: 'reenvio@example.com', emailVerified: false });
    const api = await signIn(t, user);
    const first = VerificationSentSchema.parse((await api.post('/api/auth/verify-email/resend').expect(200)).body);
    expect(first).toEqual({ purpose: 'verify', email: 'reenvio@example.com', message: verificationSentTo('reenvio@example.com') });
    await api.post('/api/auth/verify-email/resend').expect(200);
    expect(await deliver()).toBe(2);
    const [earlier, later] = smtp.received.map(tokenIn);
    expect((await confirm(earlier!).expect(410)).body.error).toBe('email_verification_expired');
    await confirm(later!).expect(200);
    expect(await me(api)).toMatchObject({ emailVerified: true });
  });

  it(`refuses the ${VERIFICATION_RESENDS_PER_HOUR + 1}th link within the hour with 429 and a Spanish message, and sends no more`, async () => {
    const user = await buildUser(t.knex, { emailVerified: false });
    const api = await signIn(t, user);
    for (let i = 0; i < VERIFICATION_RESENDS_PER_HOUR; i++) await api.post('/api/auth/verify-email/resend').expect(200);
    const refused = await api.post('/api/auth/verify-email/resend').expect(429);
    expect(ErrorBodySchema.parse(refused.body)).toMatchObject({ error: 'rate_limited', message: VERIFICATION_RESENDS_USED });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await deliver()).toBe(VERIFICATION_RESENDS_PER_HOUR);
  });

  it('answers 409 when there is nothing to confirm, and 401 signed out', async () => {
    const api = await signIn(t, await buildUser(t.knex));
    const res = await api.post('/api/auth/verify-email/resend').expect(409);
    expect(ErrorBodySchema.parse(res.body).message).toBe(NOTHING_TO_CONFIRM);
    await t.request().post('/api/auth/verify-email/resend').expect(401);
    expect(await countRows(t.knex, 'outbox_messages')).toBe(0);
  });

  it('sends the link of the pending new address when there is one', async () => {
    const { api } = await pendingChange('pendiente.nueva@example.com');
    const res = await api.post('/api/auth/verify-email/resend').expect(200);
    expect(res.body).toMatchObject({ purpose: 'change', email: 'pendiente.nueva@example.com' });
    await deliver();
    expect(mailsTo('pendiente.nueva@example.com')).toHaveLength(2);
  });
});

describe('changing the email in Ajustes (PUT /api/settings/profile)', () => {
  it('keeps the old address until the new one confirms; then replaces it and tells the old address', async () => {
    const user = await buildUser(t.knex, { email: 'antigua@example.com', firstName: 'Carmen' });
    const api = await signIn(t, user);
    const saved = await api.put('/api/settings/profile').send({ ...profileWith(user, 'nueva@example.com'), nifCif: 'k1234567l' }).expect(200);
    // The other fields save at once; the email does not.
    expect(CurrentUserSchema.parse(saved.body)).toMatchObject({ email: 'antigua@example.com', nifCif: 'K1234567L' });
    expect(await emailOf(user.id)).toBe('antigua@example.com');
    expect(SettingsSchema.parse((await api.get('/api/settings').expect(200)).body).profile).toMatchObject({ email: 'antigua@example.com', pendingEmail: 'nueva@example.com' });
    await t.agent().post('/api/auth/login').send({ email: 'antigua@example.com', password: FACTORY_PASSWORD }).expect(200);

    expect(await deliver()).toBe(1);
    const [link] = smtp.received;
    expect(link!.envelopeTo).toEqual(['nueva@example.com']);
    expect(link!.subject).toBe('Confirma tu nuevo correo electrónico en Arrendia');
    expect(await t.knex('audit_log').where({ tableName: 'email_verifications', userId: user.id }).first('newValues')).toMatchObject({ newValues: { purpose: 'change', email: 'nueva@example.com' } });

    const res = await confirm(tokenIn(link!)).expect(200);
    expect(res.body).toEqual({ purpose: 'change', email: 'nueva@example.com', message: emailChangedTo('nueva@example.com') });
    expect(await me(api)).toMatchObject({ email: 'nueva@example.com', emailVerified: true });
    expect(SettingsSchema.parse((await api.get('/api/settings').expect(200)).body).profile.pendingEmail).toBeNull();
    await t.agent().post('/api/auth/login').send({ email: 'nueva@example.com', password: FACTORY_PASSWORD }).expect(200);
    await t.agent().post('/api/auth/login').send({ email: 'antigua@example.com', password: FACTORY_PASSWORD }).expect(401);
    const audited = await t.knex('audit_log').where({ tableName: 'users', recordId: String(user.id), action: 'update' }).orderBy('id', 'desc').first();
    expect(audited).toMatchObject({ oldValues: { email: 'antigua@example.com' }, newValues: { email: 'nueva@example.com' } });

    expect(await deliver()).toBe(1);
    const notice = smtp.received.at(-1)!;
    expect(notice.envelopeTo).toEqual(['antigua@example.com']);
    expect(notice.subject).toBe('Tu correo electrónico de Arrendia ha cambiado');
    expect(notice.text).toContain('ha cambiado a nueva@example.com');
    expect(notice.headers.get('list-unsubscribe')).toBeUndefined();
    expect((await t.knex('outbox_messages').where({ toAddress: 'antigua@example.com' }).first('kind')).kind).toBe('security');
  });

  it('refuses with 409 EMAIL_TAKEN at the link when another account took the address meanwhile, and changes nothing', async () => {
    const { user, token } = await pendingChange('disputada@example.com', { email: 'primera@example.com' });
    await buildUser(t.knex, { email: 'disputada@example.com' });
    const auditRows = await countRows(t.knex, 'audit_log');
    const mails = await countRows(t.knex, 'outbox_messages');
    const res = await confirm(token).expect(409);
    expect(ErrorBodySchema.parse(res.body)).toMatchObject({ message: EMAIL_TAKEN, fields: { email: EMAIL_TAKEN } });
    expect(await emailOf(user.id)).toBe('primera@example.com');
    expect(await countRows(t.knex, 'audit_log')).toBe(auditRows);
    // No notice to the old address: the change did not happen.
    expect(await countRows(t.knex, 'outbox_messages')).toBe(mails);
    expect((await t.knex('email_verifications').where({ userId: user.id }).first('usedAt')).usedAt).toBeNull();
  });

  it('refuses at once an address another account holds (409 EMAIL_TAKEN) and mails nothing', async () => {
    const user = await buildUser(t.knex);
    const other = await buildUser(t.knex);
    const api = await signIn(t, user);
    const res = await api.put('/api/settings/profile').send(profileWith(user, other.email)).expect(409);
    expect(res.body.fields.email).toBe(EMAIL_TAKEN);
    expect(await countRows(t.knex, 'outbox_messages')).toBe(0);
    expect(await t.knex('email_verifications').where({ userId: user.id }).first()).toBeUndefined();
  });

  it("binds the token to the account that asked: opened by someone else's session it changes the asker's address, never the opener's", async () => {
    const { user: asker, token } = await pendingChange('del.que.pide@example.com', { email: 'pide@example.com' });
    const opener = await buildUser(t.knex, { email: 'abre@example.com' });
    const openerApi = await signIn(t, opener);
    await openerApi.post(`/api/auth/verify-email/${token}`).send({ userId: opener.id, email: 'otra@example.com' }).expect(200);
    expect(await emailOf(opener.id)).toBe('abre@example.com');
    expect(await emailOf(asker.id)).toBe('del.que.pide@example.com');
    expect(await me(openerApi)).toMatchObject({ id: opener.id, email: 'abre@example.com' });
  });

  it("a verify link for an address the account no longer has is refused with 410", async () => {
    const created = await t.request().post('/api/auth/register').send({ email: 'registro.viejo@example.com', password: 'clave-segura-1', firstName: 'Rita', lastName: 'Prueba' }).expect(201);
    await deliver();
    const verifyToken = tokenIn(smtp.received[0]!);
    const api = t.agent();
    await api.post('/api/auth/login').send({ email: 'registro.viejo@example.com', password: 'clave-segura-1' }).expect(200);
    await api.put('/api/settings/profile').send({ firstName: 'Rita', lastName: 'Prueba', email: 'registro.nuevo@example.com' }).expect(200);
    await deliver();
    await confirm(tokenIn(mailsTo('registro.nuevo@example.com')[0]!)).expect(200);
    expect(await emailOf(created.body.id)).toBe('registro.nuevo@example.com');
    expect((await confirm(verifyToken).expect(410)).body.error).toBe('email_verification_expired');
  });

  it("'Cancelar cambio' (DELETE /api/settings/email-change) drops the pending address: its link stops working", async () => {
    const { user, api, token } = await pendingChange('cancelada@example.com');
    await api.delete('/api/settings/email-change').expect(204);
    expect(SettingsSchema.parse((await api.get('/api/settings').expect(200)).body).profile.pendingEmail).toBeNull();
    expect(await t.knex('audit_log').where({ tableName: 'email_verifications', userId: user.id, action: 'update' }).first('oldValues')).toMatchObject({ oldValues: { pendingEmail: 'cancelada@example.com' } });
    expect((await confirm(token).expect(410)).body.error).toBe('email_verification_expired');
    expect(await emailOf(user.id)).toBe(user.email);
    // Nothing pending: still 204, and nothing more is audited.
    const auditRows = await countRows(t.knex, 'audit_log');
    await api.delete('/api/settings/email-change').expect(204);
    expect(await countRows(t.knex, 'audit_log')).toBe(auditRows);
  });
});

describe('addresses proven another way', () => {
  it('an account a super admin creates starts unconfirmed and gets the link', async () => {
    const admin = await signIn(t, await buildUser(t.knex, { roleName: 'super_admin' }));
    const res = await admin.post('/api/users').send({ email: 'creada.admin@example.com', firstName: 'Celia', lastName: 'Creada', roleName: 'propietario_individual', password: 'clave-segura-9' }).expect(201);
    expect((await t.knex('users').where({ id: res.body.id }).first('emailVerifiedAt')).emailVerifiedAt).toBeNull();
    expect(await deliver()).toBe(1);
    expect(smtp.received[0]!.envelopeTo).toEqual(['creada.admin@example.com']);
    await confirm(tokenIn(smtp.received[0]!)).expect(200);
    expect((await t.knex('users').where({ id: res.body.id }).first('emailVerifiedAt')).emailVerifiedAt).not.toBeNull();
  });

  it('a password reset through the emailed link confirms the address; an admin’s handed-over link does not', async () => {
    const mailed = await buildUser(t.knex, { email: 'reset.correo@example.com', emailVerified: false });
    await t.request().post('/api/auth/password-reset').send({ email: mailed.email }).expect(202);
    await deliver();
    const resetToken = /\/restablecer\/([A-Za-z0-9_-]+)/.exec(smtp.received.at(-1)!.text ?? '')![1]!;
    await t.request().post(`/api/password-resets/${resetToken}`).send({ password: 'nueva-clave-segura-1' }).expect(200);
    expect((await t.knex('users').where({ id: mailed.id }).first('emailVerifiedAt')).emailVerifiedAt).not.toBeNull();

    const handed = await buildUser(t.knex, { emailVerified: false });
    const admin = await signIn(t, await buildUser(t.knex, { roleName: 'super_admin' }));
    const { link } = (await admin.post(`/api/users/${handed.id}/password-reset`).expect(201)).body as { link: string };
    await t.request().post(`/api/password-resets/${link.split('/').pop()}`).send({ password: 'nueva-clave-segura-2' }).expect(200);
    expect((await t.knex('users').where({ id: handed.id }).first('emailVerifiedAt')).emailVerifiedAt).toBeNull();
  });

  it('accepting an emailed invitation confirms the address of the account that accepts it', async () => {
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Pendiente' });
    const tenant = await buildUser(t.knex, { roleName: 'inquilino', email: 'inquilina.sin.confirmar@example.com', emailVerified: false });
    const ownerApi = await signIn(t, owner);
    const { link } = TenantInvitationSchema.parse((await ownerApi.post('/api/tenant-invitations').send({ email: tenant.email, contractId: contract.id }).expect(201)).body);
    const tenantApi = await signIn(t, tenant);
    expect(await me(tenantApi)).toMatchObject({ emailVerified: false });
    await tenantApi.post(`/api/tenant-invitations/${link.split('/').pop()}/accept`).send({}).expect(200);
    expect(await me(tenantApi)).toMatchObject({ emailVerified: true });

    // A new account made by accepting is confirmed from the start.
    const contract2 = await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: property.id })).id, status: 'Pendiente' });
    const invited = TenantInvitationSchema.parse((await ownerApi.post('/api/tenant-invitations').send({ email: 'invitada.nueva@example.com', contractId: contract2.id }).expect(201)).body);
    const accepted = await t.request().post(`/api/tenant-invitations/${invited.link.split('/').pop()}/accept`).send({ firstName: 'Ines', lastName: 'Invitada', password: 'clave-segura-1' }).expect(200);
    expect(CurrentUserSchema.parse(accepted.body).emailVerified).toBe(true);
  });
});
