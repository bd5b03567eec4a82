import { openDatabase, type Database } from '../db';
import { inTransaction } from '../db/afterCommit';
import { createLogger } from '../log';
import { buildUser } from '../test/factories';
import { startTestSmtp, type TestSmtp } from '../test/smtp';
import { countRows, startTestApp, type TestApp } from '../test/support';
import { enqueueMail, NO_MAIL_SERVER, type MailMessage } from './outbox';
import { deliverDue, MAX_ATTEMPTS, retryDelayMs, smtpTransport, startMailer } from './sender';
import { renderMail } from './templates';

const FROM = 'Arrendia <no-responder@arrendia.test>';
const log = createLogger('silent');

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
  await t.knex('outbox_messages').delete();
  smtp.received.length = 0;
});

const message = (n: number, overrides: Partial<MailMessage> = {}): MailMessage => ({
  kind: 'prueba',
  to: { address: `persona${n}@example.com`, name: `Persona ${n}` },
  ...renderMail({ subject: `Aviso ${n}`, paragraphs: [`Mensaje número ${n}`], reason: 'Lo recibes porque es una prueba.' }, { publicUrl: 'https://arrendia.test' }),
  ...overrides,
});

const enqueue = (...messages: MailMessage[]) => inTransaction(t.knex, async (trx) => Promise.all(messages.map((m) => enqueueMail(trx, m))));
const row = async (id: number) => t.knex('outbox_messages').where({ id }).first();
/** A clock `minutes` from now. */
const later = (ms: number) => () => new Date(Date.now() + ms);

describe('the outbox sender with a real SMTP server (issue 34)', () => {
  it('delivers a committed message once, with its HTML, its plain text and its headers, as soon as it is committed', async () => {
    const transport = smtpTransport(smtp.url);
    const mailer = await startMailer(t.db, log, { transport, from: FROM });
    try {
      const [id] = await enqueue(message(1, { headers: { 'List-Unsubscribe': '<https://arrendia.test/settings>' } }));
      await smtp.waitFor(1);
      await mailer.idle();
      const [mail] = smtp.received;
      expect(mail!.subject).toBe('Aviso 1');
      expect(mail!.envelopeTo).toEqual(['persona1@example.com']);
      expect(mail!.from?.value).toEqual([{ name: 'Arrendia', address: 'no-responder@arrendia.test' }]);
      expect(mail!.text).toContain('Mensaje número 1');
      expect(mail!.html).toContain('Mensaje número 1');
      expect(mail!.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe('List-Unsubscribe: <https://arrendia.test/settings>');
      expect(await row(id!)).toMatchObject({ state: 'enviado', attempts: 1, lastError: null });
      // Nothing goes twice: another round finds nothing due.
      expect(await deliverDue(t.knex, transport, { from: FROM })).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await mailer.close();
    }
  });

  it('sends nothing for a change that rolls back: the message never was', async () => {
    await expect(
      inTransaction(t.knex, async (trx) => {
        await enqueueMail(trx, message(2));
        throw new Error('la operación falla después');
      }),
    ).rejects.toThrow('la operación falla después');
    expect(await countRows(t.knex, 'outbox_messages')).toBe(0);
    expect(await deliverDue(t.knex, smtpTransport(smtp.url), { from: FROM })).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('retries a 451 reply after its backoff and then delivers', async () => {
    const transport = smtpTransport(smtp.url);
    smtp.answerNext({ code: 451, message: 'Inténtelo más tarde' });
    const [id] = await enqueue(message(3));
    expect(await deliverDue(t.knex, transport, { from: FROM })).toBe(1);
    expect(await row(id!)).toMatchObject({ state: 'pendiente', attempts: 1, lastError: expect.stringContaining('451') });
    // Not due again before its backoff…
    expect(await deliverDue(t.knex, transport, { from: FROM, now: later(retryDelayMs(1) - 5_000) })).toBe(0);
    // …and delivered after it.
    expect(await deliverDue(t.knex, transport, { from: FROM, now: later(retryDelayMs(1) + 1_000) })).toBe(1);
    expect(await row(id!)).toMatchObject({ state: 'enviado', attempts: 2 });
    expect(smtp.received.map((m) => m.subject)).toEqual(['Aviso 3']);
  });

  it('keeps a message queued with its error while the server is down, and sends it when the server is back', async () => {
    const down = await startTestSmtp();
    const { port } = down;
    await down.close();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const [id] = await enqueue(message(4));
    expect(await deliverDue(t.knex, transport, { from: FROM })).toBe(1);
    expect(await row(id!)).toMatchObject({ state: 'pendiente', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
    const back = await startTestSmtp(port);
    try {
      expect(await deliverDue(t.knex, transport, { from: FROM, now: later(retryDelayMs(1) + 1_000) })).toBe(1);
      expect(back.received.map((m) => m.subject)).toEqual(['Aviso 4']);
      expect(await row(id!)).toMatchObject({ state: 'enviado', attempts: 2 });
    } finally {
      await back.close();
    }
  });

  it('gives a 550 up at once, and a temporary failure after MAX_ATTEMPTS, keeping the error', async () => {
    const transport = smtpTransport(smtp.url);
    smtp.answerNext({ code: 550, message: 'Buzón inexistente' });
    const [rejected] = await enqueue(message(5));
    await deliverDue(t.knex, transport, { from: FROM });
    expect(await row(rejected!)).toMatchObject({ state: 'fallido', attempts: 1, lastError: expect.stringContaining('550') });

    smtp.answerNext(...Array.from({ length: MAX_ATTEMPTS }, () => ({ code: 421, message: 'Servicio no disponible' })));
    const [retried] = await enqueue(message(6));
    let clock = 0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverDue(t.knex, transport, { from: FROM, now: later(clock) })).toBe(1);
      clock += retryDelayMs(attempt) + 1_000;
    }
    expect(await row(retried!)).toMatchObject({ state: 'fallido', attempts: MAX_ATTEMPTS, lastError: expect.stringContaining('421') });
    expect(await deliverDue(t.knex, transport, { from: FROM, now: later(clock + 86_400_000) })).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('keeps a line break a user typed out of the headers: one recipient, the subject on one line', async () => {
    const user = await buildUser(t.knex);
    const [id] = await enqueue(
      message(7, { userId: user.id, to: { address: 'persona7@example.com', name: 'Ana\r\nBcc: victima@example.com' }, subject: 'Hola\r\nBcc: otra@example.com' }),
    );
    await deliverDue(t.knex, smtpTransport(smtp.url), { from: FROM });
    expect(await row(id!)).toMatchObject({ state: 'enviado' });
    const [mail] = smtp.received;
    expect(mail!.envelopeTo).toEqual(['persona7@example.com']);
    expect(mail!.headers.has('bcc')).toBe(false);
    expect(mail!.subject).toBe('Hola Bcc: otra@example.com');
  });

  it('refuses to queue an address that is not one mailbox', async () => {
    for (const address of ['dos@example.com, tres@example.com', 'a@example.com\r\nBcc: b@example.com', 'sin-arroba']) {
      await expect(enqueue(message(8, { to: { address } }))).rejects.toThrow('Dirección de correo no válida');
    }
    expect(await countRows(t.knex, 'outbox_messages')).toBe(0);
  });

  it('without an SMTP server marks what would be sent as not sent, for the outbox screen', async () => {
    const [id] = await enqueue(message(9));
    expect(await deliverDue(t.knex, null, { from: FROM })).toBe(1);
    expect(await row(id!)).toMatchObject({ state: 'no_enviado', lastError: NO_MAIL_SERVER, attempts: 0 });
  });
});

// PGlite belongs to one process: the race of two senders needs PostgreSQL.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
onPostgres('two API processes sending from one PostgreSQL (issue 34)', () => {
  let other: Database;
  beforeAll(async () => {
    other = await openDatabase(t.db.target);
  });
  afterAll(() => other.close());

  it('delivers each of 200 messages exactly once', async () => {
    await enqueue(...Array.from({ length: 200 }, (_, i) => message(1000 + i)));
    const mailers = [await startMailer(t.db, log, { transport: smtpTransport(smtp.url), from: FROM }), await startMailer(other, log, { transport: smtpTransport(smtp.url), from: FROM })];
    try {
      await smtp.waitFor(200, 60_000);
      await Promise.all(mailers.map((m) => m.idle()));
    } finally {
      await Promise.all(mailers.map((m) => m.close()));
    }
    const subjects = smtp.received.map((m) => m.subject);
    expect(subjects).toHaveLength(200);
    expect(new Set(subjects).size).toBe(200);
    expect(Number((await t.knex('outbox_messages').where({ state: 'enviado', attempts: 1 }).count({ n: '*' }).first())?.n)).toBe(200);
  }, 90_000);
});
