import { ErrorBodySchema, OutboxMessageDetailSchema, OutboxMessageSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { inTransaction } from '../../db/afterCommit';
import { enqueueMail } from '../../mail/outbox';
import { deliverDue } from '../../mail/sender';
import { renderMail } from '../../mail/templates';
import { buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(roleName: 'super_admin' | 'propietario_individual') {
  const user = await buildUser(t.knex, { roleName });
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  return agent;
}

const queue = (n: number, subject: string, to = `destino${n}@example.com`) =>
  inTransaction(t.knex, (trx) =>
    enqueueMail(trx, { kind: n % 2 ? 'password_reset' : 'tenant_invitation', to: { address: to }, ...renderMail({ subject, paragraphs: [`<b>Texto ${n}</b>`], reason: 'Prueba.' }, { publicUrl: 'https://arrendia.test' }) }),
  );

describe('GET /api/admin/outbox (issue 34)', () => {
  it('shows the super admin every message, newest first, filtered by state, kind and text, with the total; nobody else', async () => {
    const ids = [await queue(1, 'Restablece tu contraseña'), await queue(2, 'Te invitan a Arrendia'), await queue(3, 'Otro enlace', 'ana.lopez@example.com')];
    await deliverDue(t.knex, null, { from: 'x@example.com' });
    const pending = await queue(4, 'Pendiente aún');
    const admin = await signedIn('super_admin');

    const all = await admin.get('/api/admin/outbox').expect(200);
    expect(z.array(OutboxMessageSchema).parse(all.body).map((m) => m.id)).toEqual([pending, ...ids.reverse()]);
    expect(all.headers['x-total-count']).toBe('4');
    expect(all.body[0]).not.toHaveProperty('html');

    const unsent = await admin.get('/api/admin/outbox?state=no_enviado&kind=password_reset').expect(200);
    expect(unsent.body.map((m: { subject: string; lastError: string }) => [m.subject, m.lastError])).toEqual([
      ['Otro enlace', 'no enviado: sin servidor de correo'],
      ['Restablece tu contraseña', 'no enviado: sin servidor de correo'],
    ]);
    expect(unsent.headers['x-total-count']).toBe('2');
    expect((await admin.get('/api/admin/outbox?q=ANA.LOPEZ').expect(200)).body.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    expect((await admin.get('/api/admin/outbox?sort=createdAt&pageSize=1').expect(200)).body[0].subject).toBe('Restablece tu contraseña');

    await (await signedIn('propietario_individual')).get('/api/admin/outbox').expect(403);
    await t.request().get('/api/admin/outbox').expect(401);
  });

  it('shows one message as rendered, the user content escaped', async () => {
    const id = await queue(5, 'Con HTML');
    const admin = await signedIn('super_admin');
    const detail = OutboxMessageDetailSchema.parse((await admin.get(`/api/admin/outbox/${id}`).expect(200)).body);
    expect(detail.html).toContain('&lt;b&gt;Texto 5&lt;/b&gt;');
    expect(detail.text).toContain('<b>Texto 5</b>');
    const missing = await admin.get('/api/admin/outbox/99999999').expect(404);
    expect(ErrorBodySchema.parse(missing.body).message).toBe('No se ha encontrado el mensaje');
  });

  it.each([
    ['state=perdido', 'state'],
    ['sort=subject', 'sort'],
    ['pageSize=101', 'pageSize'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const res = await (await signedIn('super_admin')).get(`/api/admin/outbox?${query}`).expect(400);
    expect(Object.keys(ErrorBodySchema.parse(res.body).fields ?? {})).toEqual([field]);
  });
});
