import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IncidentCommentSchema, IncidentPhotoSchema, INCIDENT_PHOTO_COUNT_ERROR, INCIDENT_PHOTO_SIZE_ERROR, INCIDENT_PHOTO_TYPE_ERROR } from '@arrendia/api-contract';
import type { User } from '../../models/User';
import { buildContract, buildIncident, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-photos-'));
  t = await startTestApp({ documentsDir: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function signedIn(user: User) {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  return agent;
}
const png = (size = 100) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size, 7)]);
const jpg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 3)]);
const pdf = () => Buffer.from('%PDF-1.4 documento');

/** A tenant's incident in a building where a second tenant rents another unit. */
async function building() {
  const owner = await buildUser(t.knex, { firstName: 'Olga' });
  const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Tomás' });
  const neighbour = await buildUser(t.knex, { roleName: 'inquilino' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  const other = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id] });
  await buildContract(t.knex, { rentableUnitId: other.id, tenantUserIds: [neighbour.id] });
  const incident = await buildIncident(t.knex, { rentableUnitId: unit.id, reportedByUserId: tenant.id, contractId: contract.id, title: 'Gotera en el baño' });
  return { owner, tenant, neighbour, incident, asOwner: await signedIn(owner), asTenant: await signedIn(tenant), asNeighbour: await signedIn(neighbour) };
}

describe('incident photos', () => {
  it('lets the tenant add JPG and PNG photos that the staff sees and downloads; a sixth is refused with 409', async () => {
    const { incident, asTenant, asOwner } = await building();
    const first = await asTenant.post(`/api/incidents/${incident.id}/photos`).attach('file', jpg(), { filename: 'gotera.jpg' }).expect(201);
    expect(IncidentPhotoSchema.parse(first.body)).toMatchObject({ fileName: 'gotera.jpg', url: `/api/incidents/${incident.id}/photos/${first.body.id}` });
    for (let i = 2; i <= 5; i++) await asTenant.post(`/api/incidents/${incident.id}/photos`).attach('file', png(), { filename: `foto-${i}.png` }).expect(201);
    const sixth = await asTenant.post(`/api/incidents/${incident.id}/photos`).attach('file', png(), { filename: 'sexta.png' }).expect(409);
    expect(sixth.body.fields).toEqual({ file: INCIDENT_PHOTO_COUNT_ERROR });

    const listed = (await asOwner.get(`/api/incidents/${incident.id}/photos`).expect(200)).body;
    expect(listed.map((p: { fileName: string }) => p.fileName)).toEqual(['gotera.jpg', 'foto-2.png', 'foto-3.png', 'foto-4.png', 'foto-5.png']);
    const image = await asOwner.get(first.body.url).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['content-disposition']).toMatch(/^attachment; filename="gotera\.jpg"/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(await t.knex('audit_log').where({ tableName: 'documents', action: 'create' }).count({ n: '*' }).first()).toEqual({ n: 5 });
  });

  it('refuses a PDF, a file over 5 MB and no file with 4xx in Spanish, writing nothing', async () => {
    const { incident, asTenant } = await building();
    const before = await countRows(t.knex, 'documents');
    expect((await asTenant.post(`/api/incidents/${incident.id}/photos`).attach('file', pdf(), { filename: 'a.pdf' }).expect(400)).body.fields).toEqual({ file: INCIDENT_PHOTO_TYPE_ERROR });
    expect((await asTenant.post(`/api/incidents/${incident.id}/photos`).attach('file', png(5 * 1024 * 1024), { filename: 'grande.png' }).expect(413)).body.fields).toEqual({ file: INCIDENT_PHOTO_SIZE_ERROR });
    await asTenant.post(`/api/incidents/${incident.id}/photos`).field('x', '1').expect(400);
    expect(await countRows(t.knex, 'documents')).toBe(before);
  });

  it("keeps a neighbour out of another tenant's incident photos and comments (404), even in the same building", async () => {
    const { incident, asTenant, asNeighbour } = await building();
    const photo = await asTenant.post(`/api/incidents/${incident.id}/photos`).attach('file', png(), { filename: 'mia.png' }).expect(201);
    await asNeighbour.get(`/api/incidents/${incident.id}/photos`).expect(404);
    await asNeighbour.get(photo.body.url).expect(404);
    await asNeighbour.post(`/api/incidents/${incident.id}/photos`).attach('file', png(), { filename: 'intrusa.png' }).expect(404);
    await asNeighbour.get(`/api/incidents/${incident.id}/comments`).expect(404);
    await asNeighbour.post(`/api/incidents/${incident.id}/comments`).send({ content: 'hola' }).expect(404);
    await asNeighbour.get(`/api/incidents/${incident.id}`).expect(404);
  });
});

describe('incident comments', () => {
  it("lets the tenant and the staff comment; each side is notified of the other's comment", async () => {
    const { incident, owner, tenant, asTenant, asOwner } = await building();
    await asTenant.post(`/api/incidents/${incident.id}/comments`).send({ content: '  Sigue goteando por la noche  ' }).expect(201);
    await asOwner.post(`/api/incidents/${incident.id}/comments`).send({ content: 'El fontanero va el martes' }).expect(201);
    const comments = (await asTenant.get(`/api/incidents/${incident.id}/comments`).expect(200)).body.map((c: unknown) => IncidentCommentSchema.parse(c));
    expect(comments.map((c: { content: string; author: { id: number } | null }) => [c.author?.id, c.content])).toEqual([
      [tenant.id, 'Sigue goteando por la noche'],
      [owner.id, 'El fontanero va el martes'],
    ]);
    const toOwner = await t.knex('notifications').where({ recipientUserId: owner.id, notificationType: 'incident_commented', relatedEntityId: incident.id }).pluck('message');
    expect(toOwner).toEqual([expect.stringContaining('Sigue goteando por la noche')]);
    const toTenant = await t.knex('notifications').where({ recipientUserId: tenant.id, notificationType: 'incident_commented', relatedEntityId: incident.id }).pluck('message');
    expect(toTenant).toEqual([expect.stringContaining('El fontanero va el martes')]);
    expect((await asTenant.post(`/api/incidents/${incident.id}/comments`).send({ content: '   ' }).expect(400)).body.fields).toEqual({ content: 'Escribe un comentario' });
  });
});
