import { ConsentRequestSchema, DelegationSchema } from '@arrendia/api-contract';
import type { User } from '../../models/User';
import { todayIso } from '@arrendia/locale-es';
import { z } from 'zod';
import { buildProperty, buildTransaction, buildUnit, buildUser, delegate, FACTORY_PASSWORD } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(user: User) {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  return agent;
}

const ids = (body: { id: number }[]) => body.map((p) => p.id).sort((a, b) => a - b);

describe('/api/delegations', () => {
  it('a delegate sees exactly the properties of the owners who delegated to it, and stops seeing them on the next request after a revoke', async () => {
    const owner = await buildUser(t.knex);
    const stranger = await buildUser(t.knex);
    const delegado = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    const mine = [await buildProperty(t.knex, { ownerUserId: owner.id }), await buildProperty(t.knex, { ownerUserId: owner.id })];
    const foreign = await buildProperty(t.knex, { ownerUserId: stranger.id });
    const asOwner = await signedIn(owner);
    const asDelegate = await signedIn(delegado);
    expect((await asDelegate.get('/api/properties?pageSize=100').expect(200)).body).toEqual([]);

    // Issue 30: the owner's request binds nobody until the delegate accepts it.
    const asked = await asOwner.post('/api/delegations').send({ delegateEmail: delegado.email.toUpperCase() }).expect(201);
    expect(ConsentRequestSchema.parse(asked.body)).toMatchObject({ kind: 'delegation', status: 'Pendiente', owner: { id: owner.id }, email: delegado.email.toLowerCase() });
    expect((await asDelegate.get('/api/properties?pageSize=100').expect(200)).body).toEqual([]);
    expect((await asDelegate.get('/api/delegations').expect(200)).body).toEqual([]);
    const incoming = (await asDelegate.get('/api/consent-requests').expect(200)).body;
    expect(incoming.map((r: { id: number }) => r.id)).toEqual([asked.body.id]);
    expect((await asDelegate.get('/api/notifications').expect(200)).body.map((n: { title: string }) => n.title)).toContain('Solicitud de gestión de cartera');
    await asDelegate.post(`/api/consent-requests/${asked.body.id}/accept`).expect(200);
    expect((await asDelegate.get('/api/consent-requests').expect(200)).body).toEqual([]);
    expect(DelegationSchema.parse((await asDelegate.get('/api/delegations').expect(200)).body[0])).toMatchObject({ owner: { id: owner.id }, delegate: { id: delegado.id }, properties: 2 });
    expect(ids((await asDelegate.get('/api/properties?pageSize=100').expect(200)).body)).toEqual(mine.map((p) => p.id).sort((a, b) => a - b));
    await asDelegate.get(`/api/properties/${foreign.id}`).expect(404);
    expect((await asDelegate.get('/api/delegations').expect(200)).body.map((d: { owner: { id: number } }) => d.owner.id)).toEqual([owner.id]);

    await asOwner.delete(`/api/delegations/${delegado.id}`).expect(204);
    expect((await asDelegate.get('/api/properties?pageSize=100').expect(200)).body).toEqual([]);
    await asDelegate.get(`/api/properties/${mine[0]!.id}`).expect(404);
    expect(await t.knex('audit_log').where({ tableName: 'owner_delegations', recordId: `${owner.id}:${delegado.id}` }).pluck('action')).toEqual(expect.arrayContaining(['create', 'delete']));
  });

  it("gives the delegate each principal's units, occupancy and this month's collected rent, and narrows /api/properties to one principal with ownerId", async () => {
    const [first, second] = [await buildUser(t.knex), await buildUser(t.knex)];
    const delegado = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    const home = await buildProperty(t.knex, { ownerUserId: first.id });
    await buildUnit(t.knex, { mainPropertyId: home.id, currentStatus: 'Alquilado' });
    await buildUnit(t.knex, { mainPropertyId: home.id, currentStatus: 'Alquilado' });
    await buildUnit(t.knex, { mainPropertyId: home.id, currentStatus: 'Disponible' });
    await buildUnit(t.knex, { mainPropertyId: home.id, currentStatus: 'Alquilado', isActive: false });
    const today = todayIso();
    await buildTransaction(t.knex, { mainPropertyId: home.id, amount: '900.50', transactionDate: today });
    await buildTransaction(t.knex, { mainPropertyId: home.id, amount: '100.00', transactionDate: today, status: 'Pendiente' });
    await buildTransaction(t.knex, { mainPropertyId: home.id, amount: '50.00', transactionDate: today, type: 'Gasto' });
    await buildTransaction(t.knex, { mainPropertyId: home.id, amount: '700.00', transactionDate: '2020-01-05' });
    const other = await buildProperty(t.knex, { ownerUserId: second.id });
    await delegate(t.knex, first.id, delegado.id);
    await delegate(t.knex, second.id, delegado.id);
    const asDelegate = await signedIn(delegado);

    const rows = z.array(DelegationSchema).parse((await asDelegate.get('/api/delegations').expect(200)).body);
    expect(rows.find((d) => d.owner.id === first.id)).toMatchObject({ properties: 1, units: 3, occupancyRate: 66.7, monthlyIncome: '900.50' });
    expect(rows.find((d) => d.owner.id === second.id)).toMatchObject({ properties: 1, units: 0, occupancyRate: 0, monthlyIncome: '0.00' });

    expect(ids((await asDelegate.get(`/api/properties?ownerId=${second.id}`).expect(200)).body)).toEqual([other.id]);
    // Another owner's id narrows nothing open: the scope still applies.
    const stranger = await buildUser(t.knex);
    await buildProperty(t.knex, { ownerUserId: stranger.id });
    expect((await asDelegate.get(`/api/properties?ownerId=${stranger.id}`).expect(200)).body).toEqual([]);
    expect((await asDelegate.get('/api/properties?ownerId=abc').expect(400)).body.fields).toHaveProperty('ownerId');
  });

  it("says each principal is 'Pendiente informe' until the delegate reports on its portfolio this month, then 'Al día' with the date", async () => {
    const [owner, other] = [await buildUser(t.knex), await buildUser(t.knex)];
    const delegado = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    await delegate(t.knex, owner.id, delegado.id);
    await delegate(t.knex, other.id, delegado.id);
    const asDelegate = await signedIn(delegado);
    const statusOf = async (id: number) => {
      const rows = z.array(DelegationSchema).parse((await asDelegate.get('/api/delegations').expect(200)).body);
      const row = rows.find((d) => d.owner.id === id)!;
      return { reportStatus: row.reportStatus, lastReportAt: row.lastReportAt };
    };
    expect(await statusOf(owner.id)).toEqual({ reportStatus: 'Pendiente informe', lastReportAt: null });

    // A report from before this month (another delegate's too) leaves it pending, with that date.
    const lastYear = new Date('2025-06-10T10:00:00Z');
    const report = { reportType: 'financial', periodFrom: '2025-05-01', periodTo: '2025-05-31', fileName: 'r.pdf', filePath: 'r.pdf', fileSizeKb: 1 };
    await t.knex('reports').insert({ ...report, userId: delegado.id, ownerUserId: owner.id, createdAt: lastYear });
    const otherDelegate = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    await t.knex('reports').insert({ ...report, userId: otherDelegate.id, ownerUserId: owner.id });
    expect(await statusOf(owner.id)).toEqual({ reportStatus: 'Pendiente informe', lastReportAt: lastYear.toISOString() });

    // 'Generar reporte' of this owner's portfolio now: up to date, for this owner only.
    const month = todayIso().slice(0, 7);
    const made = await asDelegate.post('/api/reports').send({ reportType: 'financial', from: `${month}-01`, to: todayIso(), ownerUserId: owner.id }).expect(201);
    const now = await statusOf(owner.id);
    expect(now.reportStatus).toBe('Al día');
    expect(now.lastReportAt).toBe(new Date(made.body.createdAt).toISOString());
    expect(await statusOf(other.id)).toEqual({ reportStatus: 'Pendiente informe', lastReportAt: null });
  });

  it('answers any email alike (a delegate, an agent, nobody), binds only the delegate that accepts, and refuses a repeat, its own email or a bad one', async () => {
    const owner = await buildUser(t.knex);
    const delegado = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    const agent = await buildUser(t.knex, { roleName: 'agente' });
    const asOwner = await signedIn(owner);
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    const toDelegate = await asOwner.post('/api/delegations').send({ delegateEmail: delegado.email }).expect(201);
    const toAgent = await asOwner.post('/api/delegations').send({ delegateEmail: agent.email }).expect(201);
    const toNobody = await asOwner.post('/api/delegations').send({ delegateEmail: `nadie.${Date.now()}@example.com` }).expect(201);
    expect([shape(toAgent.body), shape(toNobody.body)]).toEqual([shape(toDelegate.body), shape(toDelegate.body)]);
    // The agent holding the address is no delegate: the request is not its to answer.
    const asAgent = await signedIn(agent);
    expect((await asAgent.get('/api/consent-requests').expect(200)).body).toEqual([]);
    await asAgent.post(`/api/consent-requests/${toAgent.body.id}/accept`).expect(404);
    expect(await t.knex('owner_delegations').where({ ownerUserId: owner.id })).toEqual([]);

    const before = { rows: await countRows(t.knex, 'consent_requests'), audit: await countRows(t.knex, 'audit_log') };
    expect((await asOwner.post('/api/delegations').send({ delegateEmail: delegado.email }).expect(409)).body.fields).toEqual({ delegateEmail: 'Ya has enviado una solicitud a ese correo electrónico' });
    expect((await asOwner.post('/api/delegations').send({ delegateEmail: owner.email }).expect(400)).body.fields).toEqual({ delegateEmail: 'No puedes delegar tu cartera en ti mismo' });
    expect((await asOwner.post('/api/delegations').send({ delegateEmail: 'no-es-un-correo' }).expect(400)).body.fields).toEqual({ delegateEmail: 'Introduce un correo electrónico válido' });
    await asOwner.delete('/api/delegations/999999').expect(404);
    expect({ rows: await countRows(t.knex, 'consent_requests'), audit: await countRows(t.knex, 'audit_log') }).toEqual(before);

    // Declined: nothing bound, the owner is told and may ask again; accepted: a second request is a 409.
    const asDelegate = await signedIn(delegado);
    await asDelegate.post(`/api/consent-requests/${toDelegate.body.id}/decline`).expect(200);
    await asDelegate.post(`/api/consent-requests/${toDelegate.body.id}/accept`).expect(409);
    expect(await t.knex('owner_delegations').where({ ownerUserId: owner.id })).toEqual([]);
    expect((await asOwner.get('/api/notifications').expect(200)).body.map((n: { title: string }) => n.title)).toContain('Solicitud rechazada');
    const again = await asOwner.post('/api/delegations').send({ delegateEmail: delegado.email }).expect(201);
    await asDelegate.post(`/api/consent-requests/${again.body.id}/accept`).expect(200);
    expect((await asOwner.post('/api/delegations').send({ delegateEmail: delegado.email }).expect(409)).body.message).toBe('Ya has delegado tu cartera en esta persona');
    // The owner withdraws a pending one; nobody else may.
    await asAgent.delete(`/api/consent-requests/${toNobody.body.id}`).expect(404);
    expect((await asOwner.delete(`/api/consent-requests/${toNobody.body.id}`).expect(200)).body.status).toBe('Cancelada');
    const outgoing = (await asOwner.get('/api/consent-requests?direction=outgoing').expect(200)).body as { id: number; status: string }[];
    expect(Object.fromEntries(outgoing.map((r) => [r.id, r.status]))).toEqual({
      [toDelegate.body.id]: 'Rechazada',
      [toAgent.body.id]: 'Pendiente',
      [toNobody.body.id]: 'Cancelada',
      [again.body.id]: 'Aceptada',
    });
    const pending = await asOwner.get('/api/consent-requests?direction=outgoing&kind=delegation&status=Pendiente').expect(200);
    expect(pending.body.map((r: { id: number }) => r.id)).toEqual([toAgent.body.id]);
    expect(pending.headers['x-total-count']).toBe('1');
    expect((await asOwner.get('/api/consent-requests?direction=outgoing&kind=agency_management').expect(200)).body).toEqual([]);
    expect((await asOwner.get('/api/consent-requests?status=Borrador').expect(400)).body.fields).toHaveProperty('status');
  });

  it('lets only owners grant or revoke (403 for the other roles), and shows nobody else one owner’s delegations', async () => {
    const owner = await buildUser(t.knex);
    const delegado = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    await (await signedIn(owner)).post('/api/delegations').send({ delegateEmail: delegado.email }).expect(201);
    for (const roleName of ['propietario_delegado', 'agente', 'admin_agencia', 'inquilino', 'super_admin'] as const) {
      const other = await signedIn(await buildUser(t.knex, { roleName }));
      await other.post('/api/delegations').send({ delegateEmail: delegado.email }).expect(403);
      await other.delete(`/api/delegations/${delegado.id}`).expect(403);
    }
    expect((await (await signedIn(await buildUser(t.knex))).get('/api/delegations').expect(200)).body).toEqual([]);
    expect((await (await signedIn(await buildUser(t.knex, { roleName: 'propietario_delegado' }))).get('/api/delegations').expect(200)).body).toEqual([]);
    await (await signedIn(await buildUser(t.knex, { roleName: 'inquilino' }))).get('/api/delegations').expect(403);
  });

  it('counts the delegation requests of one owner: 10 sent at once pass, the next is 429 and writes nothing (issue 30)', async () => {
    const owner = await buildUser(t.knex);
    const asOwner = await signedIn(owner);
    const sent = await Promise.all(Array.from({ length: 12 }, (_, i) => asOwner.post('/api/delegations').send({ delegateEmail: `rafaga${i}.${Date.now()}@example.com` })));
    expect(sent.map((r) => r.status).sort()).toEqual([...Array(10).fill(201), 429, 429]);
    expect(await t.knex('consent_requests').where({ ownerUserId: owner.id }).count({ n: '*' }).first()).toEqual({ n: 10 });
    const refused = sent.find((r) => r.status === 429)!;
    expect(refused.body.message).toBe('Has enviado 10 solicitudes de delegación en la última hora, el máximo permitido. Vuelve a intentarlo más tarde.');
  });
});
