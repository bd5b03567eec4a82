import { ErrorBodySchema, INVITATION_ALREADY_ACCEPTED, INVITATION_ALREADY_REVOKED, INVITATION_REVOKED, PendingTenantInvitationSchema, TenantInvitationSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { RESENDS_PER_HOUR } from '../../commands/tenantInviter';
import { deliverDue, smtpTransport } from '../../mail/sender';
import type { User } from '../../models/User';
import { buildContract, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
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
});

async function signedIn(user: User) {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  return agent;
}

async function ownerWithContract() {
  const owner = await buildUser(t.knex, { firstName: 'Olga', lastName: 'Dueña' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Edificio Sol' });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: '2ºB' });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Pendiente' });
  return { owner, contract, api: await signedIn(owner) };
}

const deliver = () => deliverDue(t.knex, smtpTransport(smtp.url), { from: 'Arrendia <no-responder@arrendia.test>' });
const tokenOf = (link: string) => link.split('/').pop()!;

describe('tenant invitations by email (issue 34, point 5)', () => {
  it("'Invitar Inquilino' mails the invitee the link it shows, on PUBLIC_URL, from the inviter", async () => {
    const { api, contract } = await ownerWithContract();
    const res = await api.post('/api/tenant-invitations').send({ email: 'nueva.inquilina@example.com', contractId: contract.id }).expect(201);
    const { link } = TenantInvitationSchema.parse(res.body);
    expect(await deliver()).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.envelopeTo).toEqual(['nueva.inquilina@example.com']);
    expect(mail!.subject).toBe('Olga Dueña te invita a Arrendia');
    expect(mail!.text).toContain(`https://arrendia.test${link}`);
    expect(mail!.text).toContain('Edificio Sol · 2ºB');
  });

  it('lists the pending invitations of the contracts one manages, and none of another owner', async () => {
    const ours = await ownerWithContract();
    const theirs = await ownerWithContract();
    const { id } = (await ours.api.post('/api/tenant-invitations').send({ email: 'pendiente@example.com', contractId: ours.contract.id }).expect(201)).body;
    await theirs.api.post('/api/tenant-invitations').send({ email: 'ajena@example.com', contractId: theirs.contract.id }).expect(201);
    const list = await ours.api.get('/api/tenant-invitations').expect(200);
    expect(z.array(PendingTenantInvitationSchema).parse(list.body).map((i) => [i.id, i.email, i.propertyName, i.unitName, i.expired])).toEqual([[id, 'pendiente@example.com', 'Edificio Sol', '2ºB', false]]);
    expect(list.headers['x-total-count']).toBe('1');
    await ours.api.get('/api/tenant-invitations?sort=email').expect(400);
  });

  it("'Reenviar' mails a new link: the old one stops working, the new one opens; limited per hour", async () => {
    const { api, contract } = await ownerWithContract();
    const first = (await api.post('/api/tenant-invitations').send({ email: 'reenvio@example.com', contractId: contract.id }).expect(201)).body;
    const again = TenantInvitationSchema.parse((await api.post(`/api/tenant-invitations/${first.id}/resend`).expect(200)).body);
    expect(again.link).not.toBe(first.link);
    await t.request().get(`/api/tenant-invitations/${tokenOf(first.link)}`).expect(404);
    await t.request().get(`/api/tenant-invitations/${tokenOf(again.link)}`).expect(200);
    expect(await deliver()).toBe(2);
    expect(smtp.received.at(-1)!.text).toContain(`https://arrendia.test${again.link}`);

    for (let i = 1; i < RESENDS_PER_HOUR; i++) await api.post(`/api/tenant-invitations/${first.id}/resend`).expect(200);
    const refused = await api.post(`/api/tenant-invitations/${first.id}/resend`).expect(429);
    expect(ErrorBodySchema.parse(refused.body).error).toBe('rate_limited');
  });

  it("'Revocar' ends the link at once (410 in Spanish); it cannot be re-sent or revoked twice, nor by another owner", async () => {
    const { api, contract } = await ownerWithContract();
    const stranger = await ownerWithContract();
    const { id, link } = (await api.post('/api/tenant-invitations').send({ email: 'anulada@example.com', contractId: contract.id }).expect(201)).body;
    await stranger.api.delete(`/api/tenant-invitations/${id}`).expect(404);
    const audits = await countRows(t.knex, 'audit_log');
    await api.delete(`/api/tenant-invitations/${id}`).expect(204);
    expect(await countRows(t.knex, 'audit_log')).toBe(audits + 1);
    const gone = await t.request().get(`/api/tenant-invitations/${tokenOf(link)}`).expect(410);
    expect(ErrorBodySchema.parse(gone.body)).toMatchObject({ error: 'invitation_revoked', message: INVITATION_REVOKED });
    expect((await api.post(`/api/tenant-invitations/${id}/resend`).expect(409)).body.message).toBe(INVITATION_ALREADY_REVOKED);
    expect((await api.delete(`/api/tenant-invitations/${id}`).expect(409)).body.message).toBe(INVITATION_ALREADY_REVOKED);
    expect((await api.get('/api/tenant-invitations').expect(200)).body).toEqual([]);
  });

  it('refuses to re-send or revoke an accepted invitation', async () => {
    const { api, contract } = await ownerWithContract();
    const { id, link } = (await api.post('/api/tenant-invitations').send({ email: 'acepta@example.com', contractId: contract.id }).expect(201)).body;
    await t.request().post(`/api/tenant-invitations/${tokenOf(link)}/accept`).send({ firstName: 'Acepta', lastName: 'Prueba', password: 'clave-segura-1' }).expect(200);
    expect((await api.post(`/api/tenant-invitations/${id}/resend`).expect(409)).body.message).toBe(INVITATION_ALREADY_ACCEPTED);
    expect((await api.delete(`/api/tenant-invitations/${id}`).expect(409)).body.message).toBe(INVITATION_ALREADY_ACCEPTED);
  });

  it.each(['abc', '0', '99999999999'])('answers 400 naming id for the id %s', async (id) => {
    const { api } = await ownerWithContract();
    const res = await api.delete(`/api/tenant-invitations/${id}`).expect(400);
    expect(Object.keys(ErrorBodySchema.parse(res.body).fields ?? {})).toEqual(['id']);
  });
});
