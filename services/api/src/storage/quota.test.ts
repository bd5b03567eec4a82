import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorBodySchema, USER_PLANS } from '@arrendia/api-contract';
import type { User } from '../models/User';
import { buildContract, buildIncident, buildProperty, buildUnit, buildUser, signIn } from '../test/factories';
import { countRows, startTestApp, type TestApp } from '../test/support';
import { UPLOADS_PER_WINDOW } from './quota';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-quota-'));
  t = await startTestApp({ documentsDir: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A PDF of `kb` KB exactly (what fileSizeKb records). */
const pdf = (kb: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(kb * 1024 - 9, 1)]);
const png = (kb: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(kb * 1024 - 8, 7)]);
const files = (sub = '') => (fs.existsSync(path.join(dir, sub)) ? fs.readdirSync(path.join(dir, sub)).filter((f) => !['reports', 'profile-photos'].includes(f)) : []);
const written = async () => ({ documents: await countRows(t.knex, 'documents'), audit: await countRows(t.knex, 'audit_log'), uploads: await countRows(t.knex, 'throttle_hits'), files: files().length, photos: files('profile-photos').length });
const quotaKb = (plan: keyof typeof USER_PLANS) => USER_PLANS[plan].storageQuotaMb * 1024;

/** What `user` already stores, as a documents row of `kb` KB (its file is not needed to count). */
const alreadyStored = (user: User, kb: number) =>
  t.knex('documents').insert({ fileName: 'archivo.pdf', filePath: `antiguo-${user.id}-${kb}`, fileType: 'application/pdf', fileSizeKb: kb, category: 'contrato', uploadedByUserId: user.id });

const uploadDocument = (agent: Awaited<ReturnType<typeof signIn>>, bytes: Buffer, name = 'recibo.pdf') => agent.post('/api/documents').field('category', 'recibo').attach('file', bytes, name);

async function owner() {
  const user = await buildUser(t.knex, { roleName: 'propietario_individual' });
  return { user, agent: await signIn(t, user) };
}

describe('storage quota per plan', () => {
  it('refuses a document past the quota with 409 storage_quota_exceeded naming the quota, and writes nothing (row, audit, file)', async () => {
    const { user, agent } = await owner();
    await alreadyStored(user, quotaKb('propietario_individual') - 2);
    const before = await written();
    const res = await uploadDocument(agent, pdf(3)).expect(409);
    expect(ErrorBodySchema.parse(res.body)).toEqual({ error: 'storage_quota_exceeded', message: expect.stringContaining('2.048 MB') });
    expect(await written()).toEqual(before);
    // What still fits is stored, up to the quota exactly.
    await uploadDocument(agent, pdf(2)).expect(201);
    await uploadDocument(agent, png(1), 'foto.png').expect(409);
    // Deleting frees the space.
    const [mine] = await t.knex('documents').where({ uploadedByUserId: user.id }).whereNot('fileSizeKb', 2).pluck('id');
    await t.knex('documents').where({ id: mine }).delete();
    await uploadDocument(agent, pdf(3)).expect(201);
  });

  it("counts an account's own uploads only: another account's full quota changes nothing", async () => {
    const full = await owner();
    const other = await owner();
    await alreadyStored(full.user, quotaKb('propietario_individual'));
    await uploadDocument(full.agent, pdf(1)).expect(409);
    await uploadDocument(other.agent, pdf(1)).expect(201);
  });

  it("refuses a tenant's incident photo past the tenant's quota, and writes nothing", async () => {
    const landlord = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const property = await buildProperty(t.knex, { ownerUserId: landlord.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id] });
    const incident = await buildIncident(t.knex, { rentableUnitId: unit.id, reportedByUserId: tenant.id, contractId: contract.id });
    await alreadyStored(tenant, quotaKb('inquilino') - 1);
    const agent = await signIn(t, tenant);
    const before = await written();
    const res = await agent.post(`/api/incidents/${incident.id}/photos`).attach('file', png(2), 'gotera.png').expect(409);
    expect(res.body).toEqual({ error: 'storage_quota_exceeded', message: expect.stringContaining('250 MB') });
    expect(await written()).toEqual(before);
    await agent.post(`/api/incidents/${incident.id}/photos`).attach('file', png(1), 'gotera.png').expect(201);
  });

  it('counts the profile photo, a new one in place of the old, and refuses one past the quota keeping the old', async () => {
    const { user, agent } = await owner();
    await alreadyStored(user, quotaKb('propietario_individual') - 3);
    await agent.post('/api/settings/profile/photo').attach('file', png(3), 'yo.png').expect(200);
    expect(await t.knex('users').where({ id: user.id }).first('profileImageSizeKb')).toEqual({ profileImageSizeKb: 3 });
    // The photo fills the quota: a 1 KB document no longer fits.
    await uploadDocument(agent, pdf(1)).expect(409);
    // Replacing the 3 KB photo frees its 3 KB for the new one, not 4.
    const second = await agent.post('/api/settings/profile/photo').attach('file', png(3), 'yo.png').expect(200);
    const before = await written();
    const res = await agent.post('/api/settings/profile/photo').attach('file', png(4), 'yo.png').expect(409);
    expect(res.body.error).toBe('storage_quota_exceeded');
    expect(await written()).toEqual(before);
    expect((await t.knex('users').where({ id: user.id }).first('profileImageUrl')).profileImageUrl).toBe(second.body.profileImageUrl);
    // Removing the photo gives its space back.
    await agent.delete('/api/settings/profile/photo').expect(200);
    expect(await t.knex('users').where({ id: user.id }).first('profileImageSizeKb')).toEqual({ profileImageSizeKb: null });
    await uploadDocument(agent, pdf(3)).expect(201);
  });

  it('lets uploads racing for the last kilobytes take no more than the quota', async () => {
    const { user, agent } = await owner();
    // Room for 3 of the 6 uploads of 3 KB sent at once.
    await alreadyStored(user, quotaKb('propietario_individual') - 10);
    const before = files().length;
    const statuses = (await Promise.all(Array.from({ length: 6 }, (_, i) => uploadDocument(agent, pdf(3), `carrera-${i}.pdf`)))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    const used = await t.knex('documents').where({ uploadedByUserId: user.id }).sum({ kb: 'fileSizeKb' }).first();
    expect(Number(used?.kb)).toBe(quotaKb('propietario_individual') - 1);
    expect(files().length).toBe(before + 3);
  });

  it('answers the documents summary with what the user stores against its quota', async () => {
    const { user, agent } = await owner();
    await alreadyStored(user, 1500);
    await uploadDocument(agent, pdf(2)).expect(201);
    expect((await agent.get('/api/documents/summary').expect(200)).body.storage).toEqual({ usedKb: 1502, quotaKb: quotaKb('propietario_individual') });
  });
});

describe('upload rate limit per account', () => {
  it(`refuses the upload after ${UPLOADS_PER_WINDOW} in the window with 429, Retry-After and a Spanish message; deleting does not reset it; other accounts go on`, async () => {
    const { user, agent } = await owner();
    for (let i = 0; i < UPLOADS_PER_WINDOW - 1; i++) await uploadDocument(agent, pdf(1), `recibo-${i}.pdf`).expect(201);
    // A profile photo counts as an upload too.
    await agent.post('/api/settings/profile/photo').attach('file', png(1), 'yo.png').expect(200);
    await t.knex('documents').where({ uploadedByUserId: user.id }).delete();
    const before = await written();
    const res = await uploadDocument(agent, pdf(1)).expect(429);
    expect(ErrorBodySchema.parse(res.body)).toEqual({ error: 'rate_limited', message: `Has subido ${UPLOADS_PER_WINDOW} archivos en los últimos 10 minutos, el máximo permitido. Espera unos minutos y vuelve a intentarlo.` });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
    await agent.post('/api/settings/profile/photo').attach('file', png(1), 'yo.png').expect(429);
    expect(await written()).toEqual(before);

    const other = await owner();
    await uploadDocument(other.agent, pdf(1)).expect(201);
    // Uploads older than the window count no more.
    await t.knex('throttle_hits').where({ scope: 'upload', key: String(user.id) }).update({ createdAt: new Date(Date.now() - 11 * 60_000) });
    await uploadDocument(agent, pdf(1)).expect(201);
  });
});
