import { openDatabase } from '../db';
import { buildConversation, buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { DIGEST_AFTER_MINUTES, sendMessageDigests } from './messageDigests';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
// Each test sees only its own unread messages: the job works on the whole database.
beforeEach(() => t.knex('messages').whereNull('readAt').update({ readAt: t.knex.fn.now() }));

/** Minutes after an arbitrary start: the job's clock is its `now` argument and each message's sentAt. */
const BASE = new Date('2026-03-02T09:00:00Z').getTime();
const at = (minutes: number) => new Date(BASE + minutes * 60_000);

/** A conversation between `userIds` with no message yet (the factory writes one; these tests write their own). */
async function conversation(userIds: number[], title = 'Consulta sobre el contrato') {
  const c = await buildConversation(t.knex, userIds, title);
  await t.knex('messages').where({ conversationId: c.id }).delete();
  return c;
}
const write = (conversationId: number, senderUserId: number, minute: number, content = 'Hola, ¿podemos hablar del contrato?') =>
  t.knex('messages').insert({ conversationId, senderUserId, content, sentAt: at(minute) });
const readAll = (conversationId: number, readerUserId: number) =>
  t.knex('messages').where({ conversationId }).whereNull('readAt').whereNot('senderUserId', readerUserId).update({ readAt: t.knex.fn.now() });
const digestsTo = (userId: number) =>
  t.knex('outbox_messages').where({ userId, kind: 'message_digest' }).orderBy('id').select('toAddress', 'toName', 'subject', 'text', 'html', 'headers', 'state');
const run = (minute: number) => sendMessageDigests(t.knex, at(minute));

async function pair() {
  const sender = await buildUser(t.knex, { firstName: 'Ana', lastName: 'Ruiz' });
  const recipient = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Luis' });
  const c = await conversation([sender.id, recipient.id]);
  return { sender, recipient, c };
}

describe('sendMessageDigests (issue 34, point 6)', () => {
  it('mails one digest to a recipient away for 15 minutes, not before, leading to the conversation, and never the sender', async () => {
    const { sender, recipient, c } = await pair();
    await write(c.id, sender.id, 0, 'El lunes paso a ver la caldera');

    expect(await run(DIGEST_AFTER_MINUTES - 1)).toBe(0);
    expect(await digestsTo(recipient.id)).toEqual([]);

    expect(await run(DIGEST_AFTER_MINUTES)).toBe(1);
    const [mail, ...more] = await digestsTo(recipient.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ toAddress: recipient.email, toName: 'Luis', subject: 'Un mensaje sin leer en «Consulta sobre el contrato»', state: 'pendiente' });
    expect(mail!.text).toContain('Hola, Luis:');
    expect(mail!.text).toContain('Ana Ruiz te ha escrito un mensaje en «Consulta sobre el contrato» que aún no has leído.');
    expect(mail!.text).toContain('Último mensaje, de Ana Ruiz: «El lunes paso a ver la caldera»');
    expect(mail!.text).toContain(`Abrir la conversación: https://arrendia.test/messages?conversation=${c.id}`);
    expect(mail!.html).toContain(`href="https://arrendia.test/messages?conversation=${c.id}"`);
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': '<https://arrendia.test/settings?tab=notificaciones>' });
    expect(await digestsTo(sender.id)).toEqual([]);

    const audited = await t.knex('audit_log').where({ tableName: 'conversation_participants', recordId: String(c.id), action: 'update' }).select('userId', 'newValues');
    expect(audited).toEqual([{ userId: null, newValues: { userId: recipient.id, digestSent: true, unreadMessages: 1 } }]);
  });

  it('puts three unread messages in one digest, and sends no second one while they stay unread, even as more arrive', async () => {
    const { sender, recipient, c } = await pair();
    await write(c.id, sender.id, 0, 'Primero');
    await write(c.id, sender.id, 3, 'Segundo');
    await write(c.id, sender.id, 6, 'Tercero');
    // The recipient's own reply, not read by the sender, is no message for the recipient's digest.
    await write(c.id, recipient.id, 7, 'Respuesta sin leer');

    await run(DIGEST_AFTER_MINUTES + 1);
    const [mail, ...more] = await digestsTo(recipient.id);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('3 mensajes sin leer en «Consulta sobre el contrato»');
    expect(mail!.text).toContain('Ana Ruiz te ha escrito 3 mensajes en «Consulta sobre el contrato»');
    expect(mail!.text).toContain('Último mensaje, de Ana Ruiz: «Tercero»');

    await write(c.id, sender.id, 20, 'Cuarto');
    for (const minute of [DIGEST_AFTER_MINUTES + 2, 40, 120, 24 * 60]) await run(minute);
    expect(await digestsTo(recipient.id)).toHaveLength(1);
    // The sender's digest is of the recipient's reply only, once it has waited its 15 minutes.
    const senderDigests = await digestsTo(sender.id);
    expect(senderDigests.map((m) => m.subject)).toEqual(['Un mensaje sin leer en «Consulta sobre el contrato»']);
    expect(senderDigests[0]!.text).toContain('«Respuesta sin leer»');
  });

  it('names every writer of a group conversation, and says nothing of a title it does not have', async () => {
    const ana = await buildUser(t.knex, { firstName: 'Ana', lastName: 'Ruiz' });
    const marta = await buildUser(t.knex, { firstName: 'Marta', lastName: 'Gil' });
    const luis = await buildUser(t.knex, { firstName: 'Luis' });
    const [c] = await t.knex('conversations').insert({ title: null }).returning('id');
    await t.knex('conversation_participants').insert([ana.id, marta.id, luis.id].map((userId) => ({ conversationId: c.id, userId })));
    await write(c.id, ana.id, 0, 'Hola');
    await write(c.id, marta.id, 1, 'Buenas');
    await run(30);
    const [mail] = await digestsTo(luis.id);
    expect(mail!.subject).toBe('2 mensajes sin leer');
    expect(mail!.text).toContain('Ana Ruiz y Marta Gil te han escrito 2 mensajes que aún no has leído.');
    expect(mail!.text).toContain('Último mensaje, de Marta Gil: «Buenas»');
  });

  it('sends a new digest once the recipient has read the conversation and new messages have waited 15 minutes again', async () => {
    const { sender, recipient, c } = await pair();
    await write(c.id, sender.id, 0, 'Primero');
    await run(15);
    expect(await digestsTo(recipient.id)).toHaveLength(1);

    await readAll(c.id, recipient.id);
    await write(c.id, sender.id, 30, 'Otra cosa');
    await run(44);
    expect(await digestsTo(recipient.id)).toHaveLength(1);
    await run(45);
    const mails = await digestsTo(recipient.id);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Un mensaje sin leer en «Consulta sobre el contrato»');
    expect(mails[1]!.text).toContain('«Otra cosa»');
    expect(mails[1]!.text).not.toContain('Primero');
    await run(90);
    expect(await digestsTo(recipient.id)).toHaveLength(2);
  });

  it('mails no recipient who has Arrendia open, and mails once the presence is gone or stale', async () => {
    const { sender, recipient, c } = await pair();
    await write(c.id, sender.id, 0);
    await t.knex('user_presence').insert({ instanceId: 'otra-instancia', userId: recipient.id, seenAt: t.knex.fn.now() });
    await run(20);
    expect(await digestsTo(recipient.id)).toEqual([]);

    // An instance that died an hour ago left its row behind: it says nothing of the user.
    await t.knex('user_presence').where({ userId: recipient.id }).update({ seenAt: t.knex.raw(`now() - interval '1 hour'`) });
    await run(21);
    expect(await digestsTo(recipient.id)).toHaveLength(1);
  });

  it('mails nobody with email notifications off, nor a deactivated account', async () => {
    const { sender, recipient: quiet, c } = await pair();
    await t.knex('users').where({ id: quiet.id }).update({ notificationPrefs: JSON.stringify({ email: false }) });
    const gone = await buildUser(t.knex, { isActive: false });
    await t.knex('conversation_participants').insert({ conversationId: c.id, userId: gone.id });
    await write(c.id, sender.id, 0);
    expect(await run(60)).toBe(0);
    expect(await digestsTo(quiet.id)).toEqual([]);
    expect(await digestsTo(gone.id)).toEqual([]);

    // Switched back on, the unread message is mailed after all.
    await t.knex('users').where({ id: quiet.id }).update({ notificationPrefs: JSON.stringify({ email: true }) });
    expect(await run(61)).toBe(1);
    expect(await digestsTo(quiet.id)).toHaveLength(1);
  });

  it('queues each digest exactly once when two processes run at the same moment, past one batch', async () => {
    const sender = await buildUser(t.knex, { firstName: 'Ana', lastName: 'Ruiz' });
    const recipients: { id: number }[] = [];
    for (let i = 0; i < 60; i++) recipients.push(await buildUser(t.knex));
    const ids: { id: number }[] = await t.knex('conversations').insert(recipients.map((_, i) => ({ title: `Conversación ${i}` }))).returning('id');
    await t.knex('conversation_participants').insert(ids.flatMap((c, i) => [{ conversationId: c.id, userId: sender.id }, { conversationId: c.id, userId: recipients[i]!.id }]));
    await t.knex('messages').insert(ids.map((c) => ({ conversationId: c.id, senderUserId: sender.id, content: 'Hola', sentAt: at(0) })));

    // On PostgreSQL a second pool on the same schema, as a second API process has; PGlite has one connection.
    const other = t.db.target.kind === 'postgres' ? await openDatabase(t.db.target) : null;
    try {
      const queued = await Promise.all([sendMessageDigests(t.knex, at(20)), sendMessageDigests(other?.knex ?? t.knex, at(20))]);
      expect(queued[0]! + queued[1]!).toBe(60);
    } finally {
      await other?.close();
    }
    const mails = await t.knex('outbox_messages').where({ kind: 'message_digest' }).whereIn('userId', recipients.map((r) => r.id)).pluck('userId');
    expect(mails.sort((a, b) => a - b)).toEqual(recipients.map((r) => r.id).sort((a, b) => a - b));
    expect(await t.knex('audit_log').where({ tableName: 'conversation_participants' }).whereIn('recordId', ids.map((c) => String(c.id)))).toHaveLength(60);
    expect(await digestsTo(sender.id)).toEqual([]);
  });
});
