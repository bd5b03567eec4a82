/**
 * Bidirectional control characters (issue 30): invisible, they make a name read otherwise than it
 * is ('factura\u202Efdp.exe' shows as 'facturaexe.pdf'). Neither an uploaded file's name nor a
 * person's name keeps them, whichever route takes it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CurrentUserSchema, DocumentSchema, IncidentPhotoSchema, TenantInvitationSchema } from '@arrendia/api-contract';
import type { User } from './models/User';
import { buildContract, buildIncident, buildProperty, buildUnit, buildUser, signIn } from './test/factories';
import { startTestApp, type TestApp } from './test/support';

const RLO = '\u202E';
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-bidi-'));
  t = await startTestApp({ documentsDir: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const signedIn = (user: User) => signIn(t, user);
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(600, 65)]);
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

/** An owner's rented unit with its tenant and an incident the tenant reported. */
async function rentedUnit() {
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id] });
  const incident = await buildIncident(t.knex, { rentableUnitId: unit.id, reportedByUserId: tenant.id, contractId: contract.id });
  return { owner, tenant, property, unit, incident };
}

describe('uploaded file names', () => {
  it('a document named "factura\\u202Efdp.exe" is kept, listed and downloaded as "facturafdp.exe"', async () => {
    const { owner, property } = await rentedUnit();
    const agent = await signedIn(owner);

    const res = await agent
      .post('/api/documents')
      .field('category', 'recibo')
      .field('relatedEntityType', 'property')
      .field('relatedEntityId', String(property.id))
      .attach('file', pdf(), { filename: `factura${RLO}fdp.exe`, contentType: 'application/pdf' })
      .expect(201);

    expect(DocumentSchema.parse(res.body).fileName).toBe('facturafdp.exe');
    expect((await t.knex('documents').where({ id: res.body.id }).first()).fileName).toBe('facturafdp.exe');
    const listed = (await agent.get('/api/documents?pageSize=100').expect(200)).body as { id: number; fileName: string }[];
    expect(listed.find((d) => d.id === res.body.id)?.fileName).toBe('facturafdp.exe');
    const download = await agent.get(`/api/documents/${res.body.id}/download`).expect(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="facturafdp.exe"; filename*=UTF-8''facturafdp.exe`);
  });

  it('an incident photo keeps none either', async () => {
    const { tenant, incident } = await rentedUnit();
    const res = await (await signedIn(tenant))
      .post(`/api/incidents/${incident.id}/photos`)
      .attach('file', png(), { filename: `gotera${RLO}gnp.jpg` })
      .expect(201);
    expect(IncidentPhotoSchema.parse(res.body).fileName).toBe('goteragnp.jpg');
  });

  it('a name stored with one before uploads dropped them is downloaded without it', async () => {
    const { owner, property } = await rentedUnit();
    const agent = await signedIn(owner);
    const res = await agent.post('/api/documents').field('category', 'recibo').field('relatedEntityType', 'property').field('relatedEntityId', String(property.id)).attach('file', pdf(), { filename: 'antigua.pdf' }).expect(201);
    await t.knex('documents').where({ id: res.body.id }).update({ fileName: `recibo${RLO}fdp.exe` });

    const download = await agent.get(`/api/documents/${res.body.id}/download`).expect(200);

    expect(download.headers['content-disposition']).not.toMatch(/%E2%80%AE/i);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''recibofdp.exe");
  });
});

describe('display names', () => {
  it('sign-up keeps a first name and surname without them', async () => {
    const res = await t
      .request()
      .post('/api/auth/register')
      .send({ email: 'bidi.registro@ejemplo.es', password: 'una-clave-larga', firstName: `Eva${RLO}`, lastName: `\u2067Gil${RLO}navI\u2069` })
      .expect(201);
    expect(CurrentUserSchema.parse(res.body)).toMatchObject({ firstName: 'Eva', lastName: 'GilnavI' });
    expect(await t.knex('users').where({ email: 'bidi.registro@ejemplo.es' }).first('firstName', 'lastName')).toEqual({ firstName: 'Eva', lastName: 'GilnavI' });
  });

  it("a profile change is read back without them, by the user and by whoever it talks to", async () => {
    const { owner, tenant } = await rentedUnit();
    const agent = await signedIn(owner);
    await agent
      .put('/api/settings/profile')
      .send({ firstName: `Olga${RLO}`, lastName: `Mart\u200Fín\u061C`, email: owner.email })
      .expect(200);

    expect(CurrentUserSchema.parse((await agent.get('/api/auth/user').expect(200)).body)).toMatchObject({ firstName: 'Olga', lastName: 'Martín' });
    // The tenant sees its landlord among its contacts.
    const contacts = (await (await signedIn(tenant)).get('/api/conversations/contacts?pageSize=100').expect(200)).body as { id: number; firstName: string; lastName: string }[];
    expect(contacts.find((c) => c.id === owner.id)).toMatchObject({ firstName: 'Olga', lastName: 'Martín' });
  });

  it('an invited tenant names itself without them', async () => {
    const { owner, unit } = await rentedUnit();
    const free = await buildUnit(t.knex, { mainPropertyId: unit.mainPropertyId });
    const contract = await buildContract(t.knex, { rentableUnitId: free.id, status: 'Pendiente' });
    const invitation = TenantInvitationSchema.parse(
      (await (await signedIn(owner)).post('/api/tenant-invitations').send({ email: 'bidi.invitada@ejemplo.es', contractId: contract.id }).expect(201)).body,
    );
    const res = await t
      .agent()
      .post(`/api/tenant-invitations/${invitation.link.replace('/invitacion/', '')}/accept`)
      .send({ firstName: `${RLO}Nuria`, lastName: `Vidal\u202A`, password: 'una-clave-segura' })
      .expect(200);
    expect(res.body).toMatchObject({ firstName: 'Nuria', lastName: 'Vidal' });
    const row = await t.knex('users').where({ email: 'bidi.invitada@ejemplo.es' }).first('firstName', 'lastName');
    expect(`${row.firstName}${row.lastName}`).not.toMatch(BIDI);
  });
});
