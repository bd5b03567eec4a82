import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCUMENT_MAX_BYTES, DocumentSchema, DocumentsSummarySchema, ErrorBodySchema } from '@arrendia/api-contract';
import type { User } from '../../models/User';
import { buildAgency, buildContract, buildIncident, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-documents-'));
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

/** A tiny but real PDF header followed by random bytes (every byte value, to catch re-encoding). */
const pdfBytes = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256))]);
const pngBytes = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
const storedFiles = () => fs.readdirSync(dir).filter((f) => f !== 'reports');
const counts = async () => ({ documents: await countRows(t.knex, 'documents'), audit: await countRows(t.knex, 'audit_log'), files: storedFiles().length });

async function ownerWithProperty() {
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
  return { owner, property, unit, agent: await signedIn(owner) };
}

describe('POST /api/documents', () => {
  it('stores a PDF under a random name, records it with its category and audits it', async () => {
    const { owner, property, agent } = await ownerWithProperty();
    const before = await counts();
    const res = await agent
      .post('/api/documents')
      .field('category', 'Contratos')
      .field('relatedEntityType', 'property')
      .field('relatedEntityId', String(property.id))
      .attach('file', pdfBytes(), { filename: 'contrato-señal.pdf', contentType: 'application/pdf' })
      .expect(201);
    const doc = DocumentSchema.parse(res.body);
    expect(doc).toMatchObject({ fileName: 'contrato-señal.pdf', fileType: 'application/pdf', category: 'Contratos', uploadedByUserId: owner.id, fileSizeKb: 3 });
    expect(await counts()).toEqual({ documents: before.documents + 1, audit: before.audit + 1, files: before.files + 1 });
    const row = await t.knex('documents').where({ id: doc.id }).first();
    expect(row.filePath).toMatch(/^[0-9a-f-]{36}$/);
    expect(fs.readFileSync(path.join(dir, row.filePath)).equals(pdfBytes())).toBe(true);
    expect(res.body).not.toHaveProperty('filePath');
  });

  it('judges the type by the magic bytes: a PNG named .pdf is stored as image/png', async () => {
    const { agent } = await ownerWithProperty();
    const res = await agent.post('/api/documents').field('category', 'Recibos').attach('file', pngBytes(), { filename: 'recibo.pdf', contentType: 'application/pdf' }).expect(201);
    expect(res.body.fileType).toBe('image/png');
  });

  it('refuses a text file dressed as a PDF with 400 and writes nothing', async () => {
    const { agent } = await ownerWithProperty();
    const before = await counts();
    const res = await agent
      .post('/api/documents')
      .field('category', 'Recibos')
      .attach('file', Buffer.from('no soy un pdf'), { filename: 'factura.pdf', contentType: 'application/pdf' })
      .expect(400);
    expect(ErrorBodySchema.parse(res.body).fields).toEqual({ file: 'Solo se admiten archivos JPG, GIF, PNG o PDF' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 and writes nothing', async () => {
    const { agent } = await ownerWithProperty();
    const before = await counts();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const res = await agent.post('/api/documents').field('category', 'Contratos').attach('file', big, { filename: 'grande.pdf' }).expect(413);
    expect(ErrorBodySchema.parse(res.body).error).toBe('payload_too_large');
    expect(await counts()).toEqual(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const { agent } = await ownerWithProperty();
    const exact = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(DOCUMENT_MAX_BYTES - 9)]);
    const res = await agent.post('/api/documents').field('category', 'Contratos').attach('file', exact, { filename: 'justo.pdf' }).expect(201);
    expect(res.body.fileSizeKb).toBe(10240);
  });

  it('refuses a missing file, a bad category and two files with 400', async () => {
    const { agent } = await ownerWithProperty();
    const before = await counts();
    const noFile = await agent.post('/api/documents').field('category', 'Contratos').expect(400);
    expect(noFile.body.fields).toEqual({ file: 'Elige un archivo' });
    const badCategory = await agent.post('/api/documents').field('category', 'Otros').attach('file', pdfBytes(), 'a.pdf').expect(400);
    expect(badCategory.body.fields).toHaveProperty('category');
    await agent.post('/api/documents').field('category', 'Contratos').attach('file', pdfBytes(), 'a.pdf').attach('file', pdfBytes(), 'b.pdf').expect(400);
    await agent.post('/api/documents').send({ category: 'Contratos' }).expect(400);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 when attaching to another owner's property, contract or incident, and writes nothing", async () => {
    const { agent } = await ownerWithProperty();
    const other = await ownerWithProperty();
    const contract = await buildContract(t.knex, { rentableUnitId: other.unit.id });
    const incident = await buildIncident(t.knex, { rentableUnitId: other.unit.id, reportedByUserId: other.owner.id });
    const before = await counts();
    for (const [type, id] of [
      ['property', other.property.id],
      ['contract', contract.id],
      ['incident', incident.id],
    ] as const) {
      await agent.post('/api/documents').field('category', 'Contratos').field('relatedEntityType', type).field('relatedEntityId', String(id)).attach('file', pdfBytes(), 'x.pdf').expect(404);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 401 without a session and 403 to a tenant', async () => {
    await t.request().post('/api/documents').field('category', 'Contratos').attach('file', pdfBytes(), 'x.pdf').expect(401);
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    await (await signedIn(tenant)).get('/api/documents').expect(403);
  });
});

describe('GET /api/documents, /summary and /:id/download', () => {
  it('downloads the very bytes with the original name and type; 404 for another owner', async () => {
    const { agent } = await ownerWithProperty();
    const bytes = pdfBytes();
    const { body } = await agent.post('/api/documents').field('category', 'Inventarios').attach('file', bytes, { filename: 'inventario ñ.pdf' }).expect(201);
    const res = await agent.get(`/api/documents/${body.id}/download`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('inventario ñ.pdf')}`);
    expect((res.body as Buffer).equals(bytes)).toBe(true);

    const stranger = await ownerWithProperty();
    await stranger.agent.get(`/api/documents/${body.id}/download`).expect(404);
    await stranger.agent.delete(`/api/documents/${body.id}`).expect(404);
    expect((await stranger.agent.get('/api/documents').expect(200)).body).toEqual([]);
  });

  it('lists what the user uploaded or what hangs off its scope, with counts per category and ?category=', async () => {
    const { owner, property, unit, agent } = await ownerWithProperty();
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    await t.knex('main_properties').where({ id: property.id }).update({ managerAgencyId: agency.id });
    const incident = await buildIncident(t.knex, { rentableUnitId: unit.id, reportedByUserId: owner.id });
    const managerAgent = await signedIn(manager);
    await managerAgent.post('/api/documents').field('category', 'Incidencias').field('relatedEntityType', 'incident').field('relatedEntityId', String(incident.id)).attach('file', pngBytes(), 'foto.png').expect(201);
    await managerAgent.post('/api/documents').field('category', 'Recibos').attach('file', pngBytes(), 'privado.png').expect(201);
    await agent.post('/api/documents').field('category', 'Recibos').attach('file', pdfBytes(), 'recibo.pdf').expect(201);

    const list = await agent.get('/api/documents').expect(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.body.map((d: { fileName: string }) => d.fileName)).toEqual(['recibo.pdf', 'foto.png']);
    const summary = DocumentsSummarySchema.parse((await agent.get('/api/documents/summary').expect(200)).body);
    // Storage counts what the owner stored (its 3 KB receipt), not what it sees.
    expect(summary).toEqual({ total: 2, byCategory: { Contratos: 0, Recibos: 1, Incidencias: 1, Inventarios: 0 }, storage: { usedKb: 3, quotaKb: 2048 * 1024 } });
    const receipts = await agent.get('/api/documents?category=Recibos').expect(200);
    expect(receipts.body.map((d: { fileName: string }) => d.fileName)).toEqual(['recibo.pdf']);
    await agent.get('/api/documents?category=Nada').expect(400);
  });

  it('deletes a document in scope: row gone, audited, file removed after the commit and before the answer', async () => {
    const { agent } = await ownerWithProperty();
    const { body } = await agent.post('/api/documents').field('category', 'Contratos').attach('file', pdfBytes(), 'borrar.pdf').expect(201);
    const { filePath } = await t.knex('documents').where({ id: body.id }).first();
    const audits = await countRows(t.knex, 'audit_log');
    await agent.delete(`/api/documents/${body.id}`).expect(204);
    expect(await t.knex('documents').where({ id: body.id }).first()).toBeUndefined();
    expect(await countRows(t.knex, 'audit_log')).toBe(audits + 1);
    expect(fs.existsSync(path.join(dir, filePath))).toBe(false);
    await agent.get(`/api/documents/${body.id}/download`).expect(404);
  });
});
