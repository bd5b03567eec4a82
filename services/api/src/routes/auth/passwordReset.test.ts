import { ErrorBodySchema, PASSWORD_RESET_REQUESTED, PasswordResetRequestedSchema } from '@arrendia/api-contract';
import { RESETS_PER_EMAIL } from '../../commands/passwordResetter';
import { deliverDue, smtpTransport } from '../../mail/sender';
import { buildUser, enableTwoFactorFor, FACTORY_PASSWORD } from '../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { countRows, startTestApp, type TestApp } from '../../test/support';
import { RESET_REQUEST_FLOOR_MS } from './index';

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
  await t.knex('throttle_hits').delete();
});

const FROM = 'Arrendia <no-responder@arrendia.test>';

/** Sends what the outbox holds through the test SMTP server, as the API's sender does. */
const deliver = () => deliverDue(t.knex, smtpTransport(smtp.url), { from: FROM });
const ask = (email: string) => t.request().post('/api/auth/password-reset').send({ email });
const login = (email: string, password: string) => t.request().post('/api/auth/login').send({ email, password });
const written = async () => ({ resets: await countRows(t.knex, 'password_resets'), outbox: await countRows(t.knex, 'outbox_messages'), audit: await countRows(t.knex, 'audit_log') });

/** The link of the last mail received, as a path on PUBLIC_URL. */
function linkInLastMail(): string {
  const mail = smtp.received.at(-1)!;
  const match = /https:\/\/arrendia\.test(\/restablecer\/[A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  expect(match).not.toBeNull();
  expect(mail.html).toContain(`https://arrendia.test${match![1]}`);
  return match![1]!;
}

describe('POST /api/auth/password-reset (issue 34: ¿Olvidaste tu contraseña?)', () => {
  it('mails a known address one working link: the password changes, every session ends, and the link is refused the second time', async () => {
    const user = await buildUser(t.knex, { email: 'olvido@example.com', firstName: 'Olvido' });
    const signedIn = t.agent();
    await signedIn.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);

    const res = await ask('  Olvido@Example.com ').expect(202);
    expect(PasswordResetRequestedSchema.parse(res.body)).toEqual({ message: PASSWORD_RESET_REQUESTED });
    expect(await deliver()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.envelopeTo).toEqual(['olvido@example.com']);
    expect(mail!.subject).toBe('Restablece tu contraseña de Arrendia');
    expect(mail!.text).toContain('Hola, Olvido:');

    const link = linkInLastMail();
    const token = link.split('/').pop()!;
    await t.request().get(`/api/password-resets/${token}`).expect(200);
    await t.request().post(`/api/password-resets/${token}`).send({ password: 'nueva-clave-segura-1' }).expect(200);
    await login(user.email, 'nueva-clave-segura-1').expect(200);
    await login(user.email, FACTORY_PASSWORD).expect(401);
    await signedIn.get('/api/auth/user').expect(401);
    const again = await t.request().post(`/api/password-resets/${token}`).send({ password: 'otra-clave-segura-2' }).expect(410);
    expect(ErrorBodySchema.parse(again.body).error).toBe('password_reset_used');
  });

  it('answers an unknown address the same, and writes and sends nothing for it', async () => {
    const before = await written();
    const res = await ask('nadie@example.com').expect(202);
    expect(res.body).toEqual({ message: PASSWORD_RESET_REQUESTED });
    expect(await written()).toEqual(before);
    expect(await deliver()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('sends nothing to a deactivated account', async () => {
    const user = await buildUser(t.knex, { email: 'baja@example.com' });
    await t.knex('users').where({ id: user.id }).update({ isActive: false });
    await ask(user.email).expect(202);
    expect(await deliver()).toBe(0);
  });

  it('expires the earlier link when a new one is asked for', async () => {
    const user = await buildUser(t.knex, { email: 'dos.enlaces@example.com' });
    await ask(user.email).expect(202);
    await ask(user.email).expect(202);
    expect(await deliver()).toBe(2);
    const [first, second] = smtp.received.map((m) => /\/restablecer\/([A-Za-z0-9_-]+)/.exec(m.text ?? '')![1]!);
    expect((await t.request().get(`/api/password-resets/${first}`).expect(410)).body.error).toBe('password_reset_expired');
    await t.request().get(`/api/password-resets/${second}`).expect(200);
  });

  it('still asks for the second factor after a reset when two-factor is on', async () => {
    const user = await buildUser(t.knex, { email: 'dos.pasos@example.com' });
    await enableTwoFactorFor(t.knex, user.id);
    await ask(user.email).expect(202);
    await deliver();
    const token = linkInLastMail().split('/').pop()!;
    await t.request().post(`/api/password-resets/${token}`).send({ password: 'nueva-clave-segura-3' }).expect(200);
    const res = await login(user.email, 'nueva-clave-segura-3').expect(200);
    expect(res.body).toEqual({ twoFactorRequired: true });
  });

  it(`refuses the ${RESETS_PER_EMAIL + 1}th request for one address within the hour with 429, known or not, and sends no more`, async () => {
    const user = await buildUser(t.knex, { email: 'insistente@example.com' });
    for (const email of [user.email, 'desconocido@example.com']) {
      for (let i = 0; i < RESETS_PER_EMAIL; i++) await ask(email).expect(202);
      const refused = await ask(email).expect(429);
      expect(ErrorBodySchema.parse(refused.body).error).toBe('rate_limited');
    }
    expect(await deliver()).toBe(RESETS_PER_EMAIL);
  });

  it('answers a known and an unknown address no sooner than the floor, so the time taken does not tell them apart', async () => {
    const paced = await startTestApp({ resetRequestFloorMs: RESET_REQUEST_FLOOR_MS });
    try {
      const user = await buildUser(paced.knex, { email: 'pausa@example.com' });
      for (const email of [user.email, 'pausa.nadie@example.com']) {
        const started = Date.now();
        const res = await paced.request().post('/api/auth/password-reset').send({ email }).expect(202);
        expect(res.body).toEqual({ message: PASSWORD_RESET_REQUESTED });
        expect(Date.now() - started).toBeGreaterThanOrEqual(RESET_REQUEST_FLOOR_MS);
      }
    } finally {
      await paced.close();
    }
  });

  it.each([
    [{ email: 'no-es-un-correo' }],
    [{ email: 'a@example.com\r\nBcc: b@example.com' }],
    [{}],
    [{ email: `${'a'.repeat(300)}@example.com` }],
  ])('answers 400 naming email for %j and writes nothing', async (body) => {
    const before = await written();
    const res = await t.request().post('/api/auth/password-reset').send(body).expect(400);
    expect(Object.keys(ErrorBodySchema.parse(res.body).fields ?? {})).toEqual(['email']);
    expect(await written()).toEqual(before);
  });
});
