import { inTransaction } from '../db/afterCommit';
import { notify, type NotificationDraft } from '../notify';
import { buildUser } from '../test/factories';
import { startTestSmtp, type TestSmtp } from '../test/smtp';
import { countRows, startTestApp, type TestApp } from '../test/support';
import { deliverDue, smtpTransport } from './sender';

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
});

const incident: NotificationDraft = { title: 'Nueva incidencia', message: 'Gotera en el <baño> del 2ºB', notificationType: 'new_incident', relatedEntityType: 'incident', relatedEntityId: 42 };
const signIn: NotificationDraft = { title: 'Nuevo inicio de sesión', message: 'Se ha iniciado sesión en tu cuenta desde un dispositivo nuevo', notificationType: 'login', relatedEntityType: 'settings', relatedEntityId: 1 };
const lead: NotificationDraft = { title: 'Nuevo cliente potencial', message: 'Ana pregunta por el ático', notificationType: 'new_lead', relatedEntityType: 'lead', relatedEntityId: 7 };

const send = (ids: number[], draft: NotificationDraft) => inTransaction(t.knex, (trx) => notify(trx, ids, draft));
const deliver = () => deliverDue(t.knex, smtpTransport(smtp.url), { from: 'Arrendia <no-responder@arrendia.test>' });

describe('notifications by email (issue 34, points 6 and 7)', () => {
  it("mails an incident to whoever has email notifications on, leading where the bell does, with List-Unsubscribe to the settings; the user's text is escaped", async () => {
    const owner = await buildUser(t.knex, { firstName: 'Olga', email: 'olga.correo@example.com' });
    const quiet = await buildUser(t.knex, { email: 'sin.correo@example.com' });
    await t.knex('users').where({ id: quiet.id }).update({ notificationPrefs: JSON.stringify({ email: false }) });
    expect(await send([owner.id, quiet.id], incident)).toBe(2);
    expect(await deliver()).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.envelopeTo).toEqual(['olga.correo@example.com']);
    expect(mail!.subject).toBe('Nueva incidencia');
    expect(mail!.text).toContain('Hola, Olga:');
    expect(mail!.text).toContain('Abrir en Arrendia: https://arrendia.test/incidents/42');
    expect(mail!.html).toContain('Gotera en el &lt;baño&gt; del 2ºB');
    expect(mail!.html).not.toContain('<baño>');
    expect(mail!.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe('List-Unsubscribe: <https://arrendia.test/settings?tab=notificaciones>');
    // Both still have the notification in the app.
    expect(Number((await t.knex('notifications').whereIn('recipientUserId', [owner.id, quiet.id]).count({ n: '*' }).first())?.n)).toBe(2);
  });

  it('mails a security notice even to someone who switched email notifications off, without an unsubscribe link', async () => {
    const user = await buildUser(t.knex, { email: 'seguridad@example.com' });
    await t.knex('users').where({ id: user.id }).update({ notificationPrefs: JSON.stringify({ email: false }) });
    await send([user.id], signIn);
    expect(await deliver()).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.subject).toBe('Nuevo inicio de sesión');
    expect(mail!.text).toContain('no se puede desactivar');
    expect(mail!.text).toContain('https://arrendia.test/settings?tab=seguridad');
    expect(mail!.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(false);
  });

  it('keeps the kinds that are not mailed in the app only, and mails nothing for a change that rolls back', async () => {
    const user = await buildUser(t.knex);
    await send([user.id], lead);
    expect(await countRows(t.knex, 'outbox_messages')).toBe(0);
    await expect(
      inTransaction(t.knex, async (trx) => {
        await notify(trx, [user.id], incident);
        throw new Error('falla');
      }),
    ).rejects.toThrow('falla');
    expect(await countRows(t.knex, 'outbox_messages')).toBe(0);
  });

  it('mails no deactivated account', async () => {
    const gone = await buildUser(t.knex, { isActive: false });
    await send([gone.id], incident);
    expect(await countRows(t.knex, 'outbox_messages')).toBe(0);
  });
});
