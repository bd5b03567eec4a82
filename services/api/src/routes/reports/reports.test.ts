import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorBodySchema, ReportSchema } from '@arrendia/api-contract';
import { formatEuros } from '@arrendia/locale-es';
import { extractText, getDocumentProxy } from 'unpdf';
import type { User } from '../../models/User';
import { buildContract, buildProperty, delegate, buildTransaction, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-reports-'));
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

const binary = (res: { on(event: string, listener: (chunk?: Buffer) => void): unknown }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** The PDF's text with non-breaking spaces as plain ones (pdf text extraction may keep either). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\u00a0/g, ' ');
}
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

async function ownerWithMoney() {
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual', firstName: 'Olga', lastName: 'Martín' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Edificio Olivo' });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Ático A', currentStatus: 'Alquilado' });
  const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Tomás', lastName: 'Ruiz' });
  await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], contractCode: `CTR-OLIVO-${owner.id}`, rentAmount: '1234.56' });
  await buildTransaction(t.knex, { mainPropertyId: property.id, amount: '1234.56', transactionDate: '2026-03-05' });
  await buildTransaction(t.knex, { mainPropertyId: property.id, amount: '800.00', transactionDate: '2026-04-05' });
  await buildTransaction(t.knex, { mainPropertyId: property.id, type: 'Gasto', amount: '150.25', transactionDate: '2026-04-10' });
  // Not counted: outside the period, not Completado.
  await buildTransaction(t.knex, { mainPropertyId: property.id, amount: '999.00', transactionDate: '2026-05-01' });
  await buildTransaction(t.knex, { mainPropertyId: property.id, amount: '500.00', transactionDate: '2026-04-06', status: 'Pendiente' });
  return { owner, property, agent: await signedIn(owner) };
}

describe('POST /api/reports', () => {
  it('generates a financial PDF with the period totals, by month and by property, stored and audited', async () => {
    const { agent } = await ownerWithMoney();
    // Another owner's money never reaches this report.
    const other = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const otherProperty = await buildProperty(t.knex, { ownerUserId: other.id });
    await buildTransaction(t.knex, { mainPropertyId: otherProperty.id, amount: '7777.00', transactionDate: '2026-03-10' });
    const audits = await countRows(t.knex, 'audit_log');

    const res = await agent.post('/api/reports').send({ reportType: 'financial', from: '2026-03-01', to: '2026-04-30' }).expect(201);
    const report = ReportSchema.parse(res.body);
    expect(report).toMatchObject({ reportType: 'financial', periodFrom: '2026-03-01', periodTo: '2026-04-30', fileName: 'reporte-financiero_2026-03-01_2026-04-30.pdf' });
    expect(await countRows(t.knex, 'audit_log')).toBe(audits + 1);
    const row = await t.knex('reports').where({ id: report.id }).first();
    expect(fs.existsSync(path.join(dir, 'reports', row.filePath))).toBe(true);

    const pdf = await agent.get(`/api/reports/${report.id}/download`).buffer(true).parse(binary).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Sent by storage/download.ts like every stored file: a download, never cached, never sniffed.
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"; filename\*=UTF-8''.+\.pdf$/);
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const bytes = pdf.body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Reporte Financiero');
    expect(text).toContain('Olga Martín');
    expect(text).toContain('01/03/2026 - 30/04/2026');
    expect(text).toContain(`Ingresos totales: ${plain(formatEuros('2034.56'))}`);
    expect(text).toContain(plain(formatEuros('150.25')));
    expect(text).toContain(plain(formatEuros('1884.31')));
    expect(text).toContain('Edificio Olivo');
    expect(text).toContain('marzo 2026');
    expect(text).not.toContain(plain(formatEuros('7777.00')));
  });

  it('generates the occupancy and tenants reports', async () => {
    const { owner, agent } = await ownerWithMoney();
    const occ = await agent.post('/api/reports').send({ reportType: 'occupancy', from: '2026-01-01', to: '2026-03-31' }).expect(201);
    const occText = await pdfText((await agent.get(`/api/reports/${occ.body.id}/download`).buffer(true).parse(binary).expect(200)).body);
    expect(occText).toContain('Reporte de Ocupación');
    expect(occText).toContain('Edificio Olivo');
    expect(occText).toMatch(/100,0\s?%/);

    const ten = await agent.post('/api/reports').send({ reportType: 'tenants', from: '2026-01-01', to: '2026-12-31' }).expect(201);
    const tenText = await pdfText((await agent.get(`/api/reports/${ten.body.id}/download`).buffer(true).parse(binary).expect(200)).body);
    expect(tenText).toContain('Reporte de Inquilinos');
    expect(tenText).toContain('Tomás Ruiz');
    expect(tenText).toContain(`CTR-OLIVO-${owner.id}`);
    expect(tenText).toContain('Ático A');
    expect(tenText).toContain('01/01/2026');
  });

  it('refuses a bad type, a period that ends before it starts or one over ten years, writing nothing', async () => {
    const { agent } = await ownerWithMoney();
    const before = await countRows(t.knex, 'reports');
    const bad = await agent.post('/api/reports').send({ reportType: 'ventas', from: '2026-01-01', to: '2026-01-31' }).expect(400);
    expect(ErrorBodySchema.parse(bad.body).fields).toHaveProperty('reportType');
    const backwards = await agent.post('/api/reports').send({ reportType: 'financial', from: '2026-02-01', to: '2026-01-31' }).expect(400);
    expect(backwards.body.fields).toHaveProperty('to');
    // A row and a query per month: ten years at most (years 0001 to 9999 took 20 s and 5 MB).
    const endless = await agent.post('/api/reports').send({ reportType: 'financial', from: '0001-01-01', to: '9999-12-31' }).expect(400);
    expect(endless.body.fields).toEqual({ to: 'El periodo no puede superar 10 años' });
    await agent.post('/api/reports').send({ reportType: 'financial', from: '2026-01-01', to: '2036-01-01' }).expect(400);
    await agent.post('/api/reports').send({ reportType: 'occupancy', from: '2026-01-01', to: '2035-12-31' }).expect(201);
    expect(await countRows(t.knex, 'reports')).toBe(before + 1);
  });

  it("generates a principal's report for the delegated owner, only over that principal's portfolio", async () => {
    const { owner } = await ownerWithMoney();
    const otherPrincipal = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const otherProperty = await buildProperty(t.knex, { ownerUserId: otherPrincipal.id, propertyName: 'Casa Ajena' });
    await buildTransaction(t.knex, { mainPropertyId: otherProperty.id, amount: '7777.00', transactionDate: '2026-03-10' });
    const delegado = await buildUser(t.knex, { roleName: 'propietario_delegado', firstName: 'Diego', lastName: 'Delgado' });
    await delegate(t.knex, owner.id, delegado.id);
    await delegate(t.knex, otherPrincipal.id, delegado.id);
    const asDelegate = await signedIn(delegado);

    const res = await asDelegate.post('/api/reports').send({ reportType: 'financial', from: '2026-03-01', to: '2026-04-30', ownerUserId: owner.id }).expect(201);
    expect(ReportSchema.parse(res.body).owner).toEqual({ id: owner.id, firstName: 'Olga', lastName: 'Martín' });
    const text = await pdfText((await asDelegate.get(`/api/reports/${res.body.id}/download`).buffer(true).parse(binary).expect(200)).body);
    expect(text).toContain('Preparado para: Diego Delgado');
    expect(text).toContain('Propietario: Olga Martín');
    expect(text).toContain(`Ingresos totales: ${plain(formatEuros('2034.56'))}`);
    expect(text).not.toContain('Casa Ajena');
    expect((await asDelegate.get('/api/reports').expect(200)).body[0].owner).toMatchObject({ id: owner.id });
    expect(await t.knex('audit_log').where({ tableName: 'reports', recordId: String(res.body.id) }).first()).toMatchObject({ userId: delegado.id });
  });

  it("refuses a report on an owner who has not delegated to the requester, or who is not an owner, writing nothing", async () => {
    const { owner, agent: asOwner } = await ownerWithMoney();
    const stranger = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const delegado = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    await delegate(t.knex, stranger.id, delegado.id);
    const asDelegate = await signedIn(delegado);
    const admin = await signedIn(await buildUser(t.knex, { roleName: 'super_admin' }));
    const before = { reports: await countRows(t.knex, 'reports'), audit: await countRows(t.knex, 'audit_log') };
    const body = (ownerUserId: unknown) => ({ reportType: 'financial', from: '2026-03-01', to: '2026-04-30', ownerUserId });

    for (const [agent, ownerUserId] of [[asDelegate, owner.id], [asOwner, stranger.id], [admin, tenant.id], [asDelegate, 999999]] as const) {
      const res = await agent.post('/api/reports').send(body(ownerUserId)).expect(400);
      expect(res.body.fields).toEqual({ ownerUserId: 'No gestionas la cartera de este propietario' });
    }
    expect((await asDelegate.post('/api/reports').send(body('x')).expect(400)).body.fields).toHaveProperty('ownerUserId');
    expect({ reports: await countRows(t.knex, 'reports'), audit: await countRows(t.knex, 'audit_log') }).toEqual(before);
    // The super admin may report on any owner; an owner on itself.
    await admin.post('/api/reports').send(body(owner.id)).expect(201);
    await asOwner.post('/api/reports').send(body(owner.id)).expect(201);
  });

  it('answers 401 without a session and 403 to an agent (no /reports access)', async () => {
    await t.request().post('/api/reports').send({ reportType: 'financial', from: '2026-01-01', to: '2026-01-31' }).expect(401);
    const agente = await buildUser(t.knex, { roleName: 'agente' });
    await (await signedIn(agente)).get('/api/reports').expect(403);
  });
});

describe('GET /api/reports', () => {
  it("lists only the user's reports, newest first; another user's download is 404", async () => {
    const { agent } = await ownerWithMoney();
    const first = await agent.post('/api/reports').send({ reportType: 'financial', from: '2026-01-01', to: '2026-01-31' }).expect(201);
    const second = await agent.post('/api/reports').send({ reportType: 'tenants', from: '2026-01-01', to: '2026-01-31' }).expect(201);
    const list = await agent.get('/api/reports').expect(200);
    expect(list.body.map((r: { id: number }) => r.id)).toEqual([second.body.id, first.body.id]);

    const stranger = await ownerWithMoney();
    expect((await stranger.agent.get('/api/reports').expect(200)).body).toEqual([]);
    await stranger.agent.get(`/api/reports/${first.body.id}/download`).expect(404);
  });
});
