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
      .field('category', 'contrato')
      .field('relatedEntityType', 'property')
      .field('relatedEntityId', String(property.id))
      .attach('file', pdfBytes(), { filename: 'contrato-señal.pdf', contentType: 'application/pdf' })
      .expect(201);
    const doc = DocumentSchema.parse(res.body);
    expect(doc).toMatchObject({ fileName: 'contrato-señal.pdf', fileType: 'application/pdf', category: 'contrato', relatedEntityType: 'property', relatedEntityId: property.id, relatedEntityLabel: property.propertyName, uploadedByUserId: owner.id, fileSizeKb: 3 });
    expect(await counts()).toEqual({ documents: before.documents + 1, audit: before.audit + 1, files: before.files + 1 });
    const row = await t.knex('documents').where({ id: doc.id }).first();
    expect(row.filePath).toMatch(/^[0-9a-f-]{36}$/);
    expect(fs.readFileSync(path.join(dir, row.filePath)).equals(pdfBytes())).toBe(true);
    expect(res.body).not.toHaveProperty('filePath');
  });

  it('judges the type by the magic bytes: a PNG named .pdf is stored as image/png', async () => {
    const { agent } = await ownerWithProperty();
    const res = await agent.post('/api/documents').field('category', 'recibo').attach('file', pngBytes(), { filename: 'recibo.pdf', contentType: 'application/pdf' }).expect(201);
    expect(res.body.fileType).toBe('image/png');
  });

  it('refuses a text file dressed as a PDF with 400 and writes nothing', async () => {
    const { agent } = await ownerWithProperty();
    const before = await counts();
    const res = await agent
      .post('/api/documents')
      .field('category', 'recibo')
      .attach('file', Buffer.from('no soy un pdf'), { filename: 'factura.pdf', contentType: 'application/pdf' })
      .expect(400);
    expect(ErrorBodySchema.parse(res.body).fields).toEqual({ file: 'Solo se admiten archivos JPG, GIF, PNG o PDF' });
    expect(await counts()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 and writes nothing', async () => {
    const { agent } = await ownerWithProperty();
    const before = await counts();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const res = await agent.post('/api/documents').field('category', 'contrato').attach('file', big, { filename: 'grande.pdf' }).expect(413);
    expect(ErrorBodySchema.parse(res.body).error).toBe('payload_too_large');
    expect(await counts()).toEqual(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const { agent } = await ownerWithProperty();
    const exact = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(DOCUMENT_MAX_BYTES - 9)]);
    const res = await agent.post('/api/documents').field('category', 'contrato').attach('file', exact, { filename: 'justo.pdf' }).expect(201);
    expect(res.body.fileSizeKb).toBe(10240);
  });

  it('refuses a missing file, a bad category and two files with 400', async () => {
    const { agent } = await ownerWithProperty();
    const before = await counts();
    const noFile = await agent.post('/api/documents').field('category', 'contrato').expect(400);
    expect(noFile.body.fields).toEqual({ file: 'Elige un archivo' });
    // The former tiles ('Contratos') are no category any more.
    for (const category of ['Otros', 'Contratos', '']) {
      const badCategory = await agent.post('/api/documents').field('category', category).attach('file', pdfBytes(), 'a.pdf').expect(400);
      expect(badCategory.body.fields).toEqual({ category: 'Elige una categoría' });
    }
    await agent.post('/api/documents').field('category', 'contrato').attach('file', pdfBytes(), 'a.pdf').attach('file', pdfBytes(), 'b.pdf').expect(400);
    await agent.post('/api/documents').send({ category: 'contrato' }).expect(400);
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
      await agent.post('/api/documents').field('category', 'contrato').field('relatedEntityType', type).field('relatedEntityId', String(id)).attach('file', pdfBytes(), 'x.pdf').expect(404);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 401 without a session and 403 to a tenant', async () => {
    await t.request().post('/api/documents').field('category', 'contrato').attach('file', pdfBytes(), 'x.pdf').expect(401);
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    await (await signedIn(tenant)).get('/api/documents').expect(403);
  });
});

describe('GET /api/documents, /summary and /:id/download', () => {
  it('downloads the very bytes with the original name and type; 404 for another owner', async () => {
    const { agent } = await ownerWithProperty();
    const bytes = pdfBytes();
    const { body } = await agent.post('/api/documents').field('category', 'inventario').attach('file', bytes, { filename: 'inventario ñ.pdf' }).expect(201);
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
    await managerAgent.post('/api/documents').field('category', 'otro').field('relatedEntityType', 'incident').field('relatedEntityId', String(incident.id)).attach('file', pngBytes(), 'foto.png').expect(201);
    await managerAgent.post('/api/documents').field('category', 'recibo').attach('file', pngBytes(), 'privado.png').expect(201);
    await agent.post('/api/documents').field('category', 'recibo').attach('file', pdfBytes(), 'recibo.pdf').expect(201);

    const list = await agent.get('/api/documents').expect(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.body.map((d: { fileName: string }) => d.fileName)).toEqual(['recibo.pdf', 'foto.png']);
    const summary = DocumentsSummarySchema.parse((await agent.get('/api/documents/summary').expect(200)).body);
    // Storage counts what the owner stored (its 3 KB receipt), not what it sees.
    expect(summary).toEqual({ total: 2, byCategory: { contrato: 0, factura: 0, recibo: 1, seguro: 0, 'certificado energético': 0, inventario: 0, otro: 1 }, storage: { usedKb: 3, quotaKb: 2048 * 1024 } });
    const receipts = await agent.get('/api/documents?category=recibo').expect(200);
    expect(receipts.body.map((d: { fileName: string }) => d.fileName)).toEqual(['recibo.pdf']);
    await agent.get('/api/documents?category=Nada').expect(400);
  });

  it('deletes a document in scope: row gone, audited, file removed after the commit and before the answer', async () => {
    const { agent } = await ownerWithProperty();
    const { body } = await agent.post('/api/documents').field('category', 'contrato').attach('file', pdfBytes(), 'borrar.pdf').expect(201);
    const { filePath } = await t.knex('documents').where({ id: body.id }).first();
    const audits = await countRows(t.knex, 'audit_log');
    await agent.delete(`/api/documents/${body.id}`).expect(204);
    expect(await t.knex('documents').where({ id: body.id }).first()).toBeUndefined();
    expect(await countRows(t.knex, 'audit_log')).toBe(audits + 1);
    expect(fs.existsSync(path.join(dir, filePath))).toBe(false);
    await agent.get(`/api/documents/${body.id}/download`).expect(404);
  });
});

/** A row as the list reads it: name only. */
const names = (res: { body: { fileName: string }[] }) => res.body.map((d) => d.fileName);

describe('POST /api/documents attached to a record (issue 33, point 3)', () => {
  /** An owner's property with a unit, a contract with its tenant and an incident. */
  async function records() {
    const base = await ownerWithProperty();
    const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Lucía', lastName: 'Prieto' });
    const contract = await buildContract(t.knex, { rentableUnitId: base.unit.id, tenantUserIds: [tenant.id] });
    const incident = await buildIncident(t.knex, { rentableUnitId: base.unit.id, reportedByUserId: tenant.id, title: 'Caldera averiada' });
    return { ...base, tenant, contract, incident };
  }
  const attach = (agent: Awaited<ReturnType<typeof signedIn>>, type: string, id: number, name = 'adjunto.pdf', category = 'otro') =>
    agent.post('/api/documents').field('category', category).field('relatedEntityType', type).field('relatedEntityId', String(id)).attach('file', pdfBytes(), name);

  it('attaches to a property, a unit, a contract, an incident and a tenant, and each record lists only its own', async () => {
    const { owner, property, unit, contract, incident, tenant, agent } = await records();
    const targets = [
      ['property', property.id, property.propertyName],
      ['unit', unit.id, `${property.propertyName} · ${unit.unitName}`],
      ['contract', contract.id, contract.contractCode],
      ['incident', incident.id, 'Caldera averiada'],
      ['tenant', tenant.id, 'Lucía Prieto'],
    ] as const;
    for (const [type, id, label] of targets) {
      const before = await counts();
      const res = await attach(agent, type, id, `${type}.pdf`).expect(201);
      expect(DocumentSchema.parse(res.body)).toMatchObject({ relatedEntityType: type, relatedEntityId: id, relatedEntityLabel: label, uploadedByUserId: owner.id, canDelete: true });
      expect(await counts()).toEqual({ documents: before.documents + 1, audit: before.audit + 1, files: before.files + 1 });
      const audit = await t.knex('audit_log').where({ tableName: 'documents', recordId: String(res.body.id), action: 'create' }).first();
      expect(audit.newValues).toMatchObject({ relatedEntityType: type, relatedEntityId: id });
    }
    for (const [type, id] of targets) {
      const own = await agent.get(`/api/documents?relatedEntityType=${type}&relatedEntityId=${id}`).expect(200);
      expect([names(own), own.headers['x-total-count']]).toEqual([[`${type}.pdf`], '1']);
    }
  });

  it("answers 404 for another owner's property, unit, contract, incident or tenant, and for one that does not exist; writes nothing", async () => {
    const { agent } = await ownerWithProperty();
    const other = await records();
    const before = await counts();
    for (const [type, id] of [
      ['property', other.property.id],
      ['unit', other.unit.id],
      ['contract', other.contract.id],
      ['incident', other.incident.id],
      ['tenant', other.tenant.id],
      ['contract', 2147483647],
    ] as const) {
      const res = await attach(agent, type, id).expect(404);
      expect(ErrorBodySchema.parse(res.body)).toEqual({ error: 'not_found', message: 'No se ha encontrado el elemento al que quieres adjuntar el documento', fields: { relatedEntityId: 'No se ha encontrado el elemento al que quieres adjuntar el documento' } });
    }
    // A user who is no tenant of the owner's is no tenant record of it, even when it exists.
    await attach(agent, 'tenant', other.owner.id).expect(404);
    expect(await counts()).toEqual(before);
  });

  it('answers 400 naming relatedEntityType for an unknown type, and relatedEntityId for a type without id; writes nothing', async () => {
    const { agent, property } = await ownerWithProperty();
    const before = await counts();
    const unknown = await attach(agent, 'garaje', property.id).expect(400);
    expect(ErrorBodySchema.parse(unknown.body).fields).toEqual({ relatedEntityType: 'Tipo de entidad no válido' });
    const half = await agent.post('/api/documents').field('category', 'otro').field('relatedEntityType', 'property').attach('file', pdfBytes(), 'a.pdf').expect(400);
    expect(half.body.fields).toHaveProperty('relatedEntityId');
    expect(await counts()).toEqual(before);
  });

  it('lets an agent attach to what it may edit: the property in its charge and its unit, any contract of its agency, not an unassigned property', async () => {
    const agency = await buildAgency(t.knex);
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const agentUser = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    const mine = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    await t.knex('main_properties').where({ id: mine.id }).update({ assignedAgentUserId: agentUser.id });
    const notMine = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const notMineUnit = await buildUnit(t.knex, { mainPropertyId: notMine.id });
    const notMineContract = await buildContract(t.knex, { rentableUnitId: notMineUnit.id });
    const agent = await signedIn(agentUser);
    await attach(agent, 'property', mine.id).expect(201);
    await attach(agent, 'unit', (await buildUnit(t.knex, { mainPropertyId: mine.id })).id).expect(201);
    await attach(agent, 'contract', notMineContract.id).expect(201);
    await attach(agent, 'property', notMine.id).expect(404);
    await attach(agent, 'unit', notMineUnit.id).expect(404);
  });

  it("keeps a tenant's documents with the landlord who attached them: the tenant's next landlord neither lists nor downloads them", async () => {
    const first = await records();
    const second = await ownerWithProperty();
    await buildContract(t.knex, { rentableUnitId: second.unit.id, tenantUserIds: [first.tenant.id] });
    const { body } = await attach(first.agent, 'tenant', first.tenant.id, 'nomina.pdf').expect(201);
    await attach(second.agent, 'tenant', first.tenant.id, 'aval.pdf').expect(201);

    const tenantDocs = `/api/documents?relatedEntityType=tenant&relatedEntityId=${first.tenant.id}`;
    expect(names(await first.agent.get(tenantDocs).expect(200))).toEqual(['nomina.pdf']);
    const seconds = await second.agent.get(tenantDocs).expect(200);
    expect([names(seconds), seconds.headers['x-total-count']]).toEqual([['aval.pdf'], '1']);
    await second.agent.get(`/api/documents/${body.id}/download`).expect(404);
    await second.agent.delete(`/api/documents/${body.id}`).expect(404);
    expect(await t.knex('documents').where({ id: body.id }).first()).toBeDefined();
  });

  it('takes each of the seven categories, in any case and with or without accents, and stores a description', async () => {
    const { agent } = await ownerWithProperty();
    const sent = ['contrato', 'Factura', 'RECIBO', 'seguro', 'Certificado energetico', 'inventario', 'Otro'];
    const stored: string[] = [];
    for (const category of sent) {
      const res = await agent.post('/api/documents').field('category', category).field('description', '  Copia firmada  ').attach('file', pdfBytes(), 'doc.pdf').expect(201);
      stored.push(res.body.category);
      expect(res.body.description).toBe('Copia firmada');
    }
    expect(stored).toEqual(['contrato', 'factura', 'recibo', 'seguro', 'certificado energético', 'inventario', 'otro']);
  });
});

describe('GET /api/documents: paging, order, filters and search (issue 33)', () => {
  it('sorts by ?sort= (id breaking ties), filters, searches name and description, and the total is the filtered count', async () => {
    const { owner, property, unit, agent } = await ownerWithProperty();
    const secondProperty = await buildProperty(t.knex, { ownerUserId: owner.id });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id });
    const stranger = await ownerWithProperty();
    const row = async (input: { fileName: string; fileSizeKb: number; createdAt: string; category: string; description?: string; relatedEntityType?: string; relatedEntityId?: number; uploadedByUserId?: number }) => {
      const [doc] = await t
        .knex('documents')
        .insert({ filePath: `lista-${input.fileName}-${Math.random()}`, fileType: 'application/pdf', uploadedByUserId: owner.id, ...input })
        .returning('id');
      return doc.id as number;
    };
    const lease = await row({ fileName: 'Contrato firmado.pdf', fileSizeKb: 300, createdAt: '2026-03-01T10:00:00Z', category: 'contrato', relatedEntityType: 'contract', relatedEntityId: contract.id });
    // 22:30 UTC on 31 March is 1 April in Madrid.
    const invoice = await row({ fileName: 'agua.pdf', fileSizeKb: 50, createdAt: '2026-03-31T22:30:00Z', category: 'factura', description: 'Factura del Canal de Isabel II', relatedEntityType: 'property', relatedEntityId: property.id });
    const insurance = await row({ fileName: 'Ático póliza.pdf', fileSizeKb: 50, createdAt: '2026-04-02T08:00:00Z', category: 'seguro', relatedEntityType: 'property', relatedEntityId: secondProperty.id });
    const loose = await row({ fileName: 'borrador.pdf', fileSizeKb: 10, createdAt: '2026-04-03T08:00:00Z', category: 'otro' });
    // Another owner's document matches every filter and is never listed nor counted.
    await row({ fileName: 'Contrato ajeno agua.pdf', fileSizeKb: 50, createdAt: '2026-03-15T10:00:00Z', category: 'factura', relatedEntityType: 'property', relatedEntityId: stranger.property.id, uploadedByUserId: stranger.owner.id });
    const ids = (res: { body: { id: number }[] }) => res.body.map((d) => d.id);
    const get = async (query: string) => {
      const res = await agent.get(`/api/documents${query}`).expect(200);
      return [ids(res), res.headers['x-total-count']];
    };

    expect(await get('')).toEqual([[loose, insurance, invoice, lease], '4']);
    expect(await get('?sort=createdAt')).toEqual([[lease, invoice, insurance, loose], '4']);
    expect(await get('?sort=-createdAt&pageSize=3&page=2')).toEqual([[lease], '4']);
    // Accents and case as a reader orders them: agua, Ático, borrador, Contrato.
    expect(await get('?sort=fileName')).toEqual([[invoice, insurance, loose, lease], '4']);
    expect(await get('?sort=-fileName')).toEqual([[lease, loose, insurance, invoice], '4']);
    // 50 KB twice: the id breaks the tie, in the same direction.
    expect(await get('?sort=fileSizeKb')).toEqual([[loose, invoice, insurance, lease], '4']);
    expect(await get('?sort=-fileSizeKb')).toEqual([[lease, insurance, invoice, loose], '4']);

    expect(await get('?category=factura')).toEqual([[invoice], '1']);
    expect(await get('?relatedEntityType=property')).toEqual([[insurance, invoice], '2']);
    // A property's documents: its own and those of what hangs off it (the contract of its unit).
    expect(await get(`?propertyId=${property.id}`)).toEqual([[invoice, lease], '2']);
    expect(await get(`?propertyId=${stranger.property.id}`)).toEqual([[], '0']);
    // The name or the description; accents and case folded.
    expect(await get('?q=CONTRATO')).toEqual([[lease], '1']);
    expect(await get('?q=canal de isabel')).toEqual([[invoice], '1']);
    expect(await get('?q=atico')).toEqual([[insurance], '1']);
    expect(await get('?q=agua')).toEqual([[invoice], '1']);
    expect(await get('?from=2026-03-01&to=2026-03-31')).toEqual([[lease], '1']);
    expect(await get('?from=2026-04-01&sort=createdAt')).toEqual([[invoice, insurance, loose], '3']);
    expect(await get('?category=otro&q=borrador&pageSize=1')).toEqual([[loose], '1']);
  });

  it.each([
    ['sort=coste', 'sort'],
    ['sort=-', 'sort'],
    ['sort=size', 'sort'],
    ['category=Contratos', 'category'],
    ['relatedEntityType=garaje', 'relatedEntityType'],
    ['relatedEntityId=3', 'relatedEntityId'],
    ['propertyId=abc', 'propertyId'],
    ['from=2026-02-30', 'from'],
    ['from=2026-04-02&to=2026-04-01', 'to'],
    ['pageSize=101', 'pageSize'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const { agent } = await ownerWithProperty();
    const res = await agent.get(`/api/documents?${query}`).expect(400);
    expect(ErrorBodySchema.parse(res.body)).toMatchObject({ error: 'validation_error', fields: { [field]: expect.any(String) } });
  });
});

describe('DELETE /api/documents/:id of an attached document', () => {
  it("deletes a contract's document for the property's agency, audited with the record; 404 for a document that does not exist", async () => {
    const { property, unit, agent } = await ownerWithProperty();
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    await t.knex('main_properties').where({ id: property.id }).update({ managerAgencyId: agency.id });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id });
    const { body } = await agent.post('/api/documents').field('category', 'contrato').field('relatedEntityType', 'contract').field('relatedEntityId', String(contract.id)).attach('file', pdfBytes(), 'firmado.pdf').expect(201);
    const { filePath } = await t.knex('documents').where({ id: body.id }).first();
    const managerAgent = await signedIn(manager);
    await managerAgent.delete(`/api/documents/${body.id}`).expect(204);
    const audit = await t.knex('audit_log').where({ tableName: 'documents', recordId: String(body.id), action: 'delete' }).first();
    expect(audit.oldValues).toMatchObject({ fileName: 'firmado.pdf', relatedEntityType: 'contract', relatedEntityId: contract.id });
    expect(audit.oldValues).not.toHaveProperty('filePath');
    expect(fs.existsSync(path.join(dir, filePath))).toBe(false);
    const before = await counts();
    const res = await managerAgent.delete(`/api/documents/${body.id}`).expect(404);
    expect(ErrorBodySchema.parse(res.body).message).toBe('No se ha encontrado el documento');
    expect(await counts()).toEqual(before);
  });
});
