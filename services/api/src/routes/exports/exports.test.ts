/**
 * 'Exportar mis datos' (issue 35, point 2) and its acceptance: "the ZIP of the demo owner contains
 * every entity the owner can see and nothing they cannot (a test compares it with the API's lists);
 * a tenant's export holds only their own". On the demo data as a demo start seeds it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataExportSchema, EXPORT_MESSAGES, exportFileName } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import JSZip from 'jszip';
import Papa from 'papaparse';
import type supertest from 'supertest';
import { exportStorage, resumeDataExports, runDataExport, settleDataExports } from '../../commands/dataExporter';
import { runDailyJobs } from '../../jobs/daily';
import { DEMO_PASSWORD } from '../../seeds/demo';
import { seed } from '../../seeds';
import { buildContract, buildProperty, buildUnit, buildUser, signIn } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

jest.setTimeout(60_000);

let t: TestApp;
let documentsDir: string;
beforeAll(async () => {
  documentsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-exports-'));
  t = await startTestApp({ documentsDir });
  await seed(t.knex, { demo: true });
}, 120_000);
afterAll(async () => {
  await settleDataExports();
  await t.close();
  fs.rmSync(documentsDir, { recursive: true, force: true });
});

const OWNER = 'owner@demo.arrendia.es';
const TENANT = 'tenant@demo.arrendia.es';
const pdfBytes = (n: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500, n)]);

async function demoAgent(email: string): Promise<supertest.Agent> {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200);
  return agent;
}

/** The answer's body as bytes. */
const bytesOf = (req: supertest.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

/** Asks for an export, waits for its job and downloads it: the answer and the ZIP's entries as text. */
async function exportOf(agent: supertest.Agent) {
  const asked = await agent.post('/api/exports').expect(202);
  expect(DataExportSchema.parse(asked.body)).toMatchObject({ status: 'pending', finishedAt: null, expiresAt: null });
  await settleDataExports();
  const ready = DataExportSchema.parse((await agent.get(`/api/exports/${asked.body.id}`).expect(200)).body);
  expect(ready).toMatchObject({ status: 'ready', error: null });
  const res = await bytesOf(agent.get(`/api/exports/${ready.id}/download`)).expect(200);
  const zip = await JSZip.loadAsync(res.body as Buffer);
  const entries: Record<string, string> = {};
  for (const [name, file] of Object.entries(zip.files)) if (!file.dir) entries[name] = await file.async('string');
  return { exp: ready, res, entries, bytes: res.body as Buffer };
}

/** A CSV of the ZIP as records by header, after checking it is written for Spanish Excel. */
function records(text: string): Record<string, string>[] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { delimiter: ';', newline: '\r\n', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...rows] = parsed.data;
  return rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i] ?? ''])));
}

/** Every item of a list, page by page (pageSize 100), and its X-Total-Count. */
async function wholeList<T>(agent: supertest.Agent, url: string): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  let total = 0;
  for (let page = 1; ; page += 1) {
    const res = await agent.get(`${url}?page=${page}&pageSize=100`).expect(200);
    total = Number(res.headers['x-total-count']);
    items.push(...(res.body as T[]));
    if ((res.body as T[]).length < 100) break;
  }
  expect(items).toHaveLength(total);
  return { items, total };
}

type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Each list of the export: its API list, its CSV, and how a row of each is identified. */
const LISTS: { file: string; url: string; row: (r: Record<string, string>) => string; item: (i: Item) => string }[] = [
  { file: 'propiedades.csv', url: '/api/properties', row: (r) => r.Propiedad!, item: (i) => i.propertyName },
  { file: 'unidades.csv', url: '/api/units', row: (r) => `${r.Propiedad} · ${r.Unidad}`, item: (i) => `${i.propertyName} · ${i.unitName}` },
  { file: 'contratos.csv', url: '/api/contracts', row: (r) => r['Código']!, item: (i) => i.contract.contractCode },
  { file: 'inquilinos.csv', url: '/api/tenants', row: (r) => `${r.Email} · ${r.Contrato}`, item: (i) => `${i.tenant.email} · ${i.contract.contractCode}` },
  { file: 'transacciones.csv', url: '/api/transactions', row: (r) => `${r.Fecha} · ${r['Descripción']}`, item: (i) => `${i.transaction.transactionDate.split('-').reverse().join('/')} · ${i.transaction.description ?? ''}` },
  { file: 'recibos.csv', url: '/api/rent-charges', row: (r) => r.Referencia!, item: (i) => i.reference },
  { file: 'incidencias.csv', url: '/api/incidents', row: (r) => r['Título']!, item: (i) => i.incident.title },
  { file: 'documentos.csv', url: '/api/documents', row: (r) => r.Nombre!, item: (i) => i.fileName },
  { file: 'tareas-mantenimiento.csv', url: '/api/maintenance/tasks', row: (r) => r.Tarea!, item: (i) => i.title },
  { file: 'proveedores.csv', url: '/api/providers', row: (r) => r.Proveedor!, item: (i) => i.name },
  { file: 'clientes-potenciales.csv', url: '/api/leads', row: (r) => r.Email!, item: (i) => i.email },
];

const sorted = (values: string[]) => [...values].sort();

describe("the demo owner's export (the issue's acceptance)", () => {
  let entries: Record<string, string>;
  let owner: supertest.Agent;
  let documentIds: { kept: number; missing: number };

  beforeAll(async () => {
    owner = await demoAgent(OWNER);
    // Two documents of one of the owner's properties; the second one's file is gone from the store.
    const propertyId = (await owner.get('/api/properties?pageSize=1').expect(200)).body[0].id;
    const upload = (name: string, n: number) =>
      owner.post('/api/documents').field('category', 'contrato').field('relatedEntityType', 'property').field('relatedEntityId', String(propertyId)).attach('file', pdfBytes(n), { filename: name, contentType: 'application/pdf' }).expect(201);
    const kept = (await upload('Escritura: nota simple*2026.pdf', 1)).body.id as number;
    expect(await t.knex('documents').where('id', kept).first('fileName')).toEqual({ fileName: 'Escritura: nota simple*2026.pdf' });
    const missing = (await upload('Inventario perdido.pdf', 2)).body.id as number;
    const gone = await t.knex('documents').where('id', missing).first('filePath');
    fs.rmSync(path.join(documentsDir, gone.filePath));
    documentIds = { kept, missing };
    entries = (await exportOf(owner)).entries;
  });

  it('holds a CSV of each list the owner reads, with the very rows the API lists: same count, same records', async () => {
    expect(sorted(Object.keys(entries).filter((n) => n.endsWith('.csv')))).toEqual(sorted([...LISTS.map((l) => l.file), 'perfil.csv', 'mensajes.csv']));
    for (const list of LISTS) {
      const { items, total } = await wholeList<Item>(owner, list.url);
      const rows = records(entries[list.file]!);
      expect({ file: list.file, rows: rows.length }).toEqual({ file: list.file, rows: total });
      expect({ file: list.file, keys: sorted(rows.map(list.row)) }).toEqual({ file: list.file, keys: sorted(items.map(list.item)) });
      // The same file the list's own CSV gives, line for line.
      const csv = await bytesOf(owner.get(`${list.url}.csv`)).expect(200);
      expect({ file: list.file, text: entries[list.file] }).toEqual({ file: list.file, text: (csv.body as Buffer).toString('utf8') });
    }
    // Not an empty world: the owner's portfolio is there.
    expect(records(entries['propiedades.csv']!).length).toBeGreaterThanOrEqual(5);
    expect(records(entries['contratos.csv']!).length).toBeGreaterThan(0);
    expect(records(entries['transacciones.csv']!).length).toBeGreaterThan(10);
  });

  it("holds nothing of another owner's portfolio", async () => {
    const foreign = ['Piso Ponzano (Chamberí)', 'Oficina Calle Mayor (Centro)', 'Ático Lagasca (Salamanca)', 'Piso Galileo (Chamberí)'];
    // They exist, in other owners' accounts.
    expect(await t.knex('main_properties').whereIn('propertyName', foreign).count({ n: '*' }).first()).toEqual({ n: foreign.length });
    const foreignCodes: string[] = await t.knex('contracts').join('main_properties', 'main_properties.id', 'contracts.mainPropertyId').whereIn('main_properties.propertyName', foreign).pluck('contracts.contractCode');
    expect(foreignCodes.length).toBeGreaterThan(0);
    const everything = Object.values(entries).join('\n');
    for (const needle of [...foreign, ...foreignCodes]) expect({ needle, found: everything.includes(needle) }).toEqual({ needle, found: false });
  });

  it('holds their profile, their messages, the files of their documents and a README naming every CSV', async () => {
    const [profile] = records(entries['perfil.csv']!);
    expect(profile).toMatchObject({ Nombre: 'Javier', Apellidos: 'Martín López', Email: OWNER, 'NIF/CIF': '32876543K', Rol: 'Propietario Individual', 'Alertas de incidencias': 'Sí' });
    const messages = records(entries['mensajes.csv']!);
    const mine: number = Number(
      (
        await t
          .knex('messages')
          .whereIn('conversationId', t.knex('conversation_participants').select('conversationId').where('userId', (await t.knex('users').where({ email: OWNER }).first('id')).id))
          .count({ n: '*' })
          .first()
      )?.n,
    );
    expect(mine).toBeGreaterThan(0);
    expect(messages).toHaveLength(mine);
    expect(Object.keys(messages[0]!)).toEqual(['Conversación', 'Fecha', 'Remitente', 'Mensaje']);

    expect(entries[`documentos/${documentIds.kept}-Escritura_ nota simple_2026.pdf`]).toBe(pdfBytes(1).toString('utf8'));
    expect(Object.keys(entries).filter((n) => n.startsWith(`documentos/${documentIds.missing}-`))).toEqual([]);

    const readme = entries['LEEME.txt']!;
    for (const file of Object.keys(entries).filter((n) => n.endsWith('.csv'))) expect(readme).toContain(`${file} (`);
    expect(readme).toContain('UTF-8 con BOM');
    expect(readme).toContain('punto y coma (;)');
    // Each column with its header, and the missing file said.
    expect(readme).toContain('  - Referencia catastral');
    expect(readme).toContain(`- No se ha incluido «Inventario perdido.pdf» (documento n.º ${documentIds.missing})`);
  });
});

describe("a tenant's export", () => {
  it("holds only their own contracts, charges, incidents, documents and messages: another tenant's names appear nowhere", async () => {
    const tenantId: number = (await t.knex('users').where({ email: TENANT }).first('id')).id;
    const ownCodes: string[] = await t.knex('contracts').join('tenants_contracts', 'tenants_contracts.contractId', 'contracts.id').where('tenants_contracts.tenantUserId', tenantId).pluck('contracts.contractCode');
    expect(ownCodes.length).toBeGreaterThan(0);
    // Another tenant of the same landlord with a contract of their own, who shares no conversation with them.
    const partners = t.knex('conversation_participants').select('userId').whereIn('conversationId', t.knex('conversation_participants').select('conversationId').where('userId', tenantId));
    const other: { id: number; firstName: string; lastName: string; email: string; contractId: number; contractCode: string } = await t
      .knex('users')
      .join('tenants_contracts', 'tenants_contracts.tenantUserId', 'users.id')
      .join('contracts', 'contracts.id', 'tenants_contracts.contractId')
      .whereNot('users.id', tenantId)
      .whereNotIn('users.id', partners)
      .whereNotIn('contracts.contractCode', ownCodes)
      .orderBy('users.id')
      .first('users.id', 'users.firstName', 'users.lastName', 'users.email', 'contracts.id as contractId', 'contracts.contractCode');
    expect(other).toBeDefined();
    // The landlord attaches a document to each contract: the tenant gets its own, never the other's.
    const landlord = await demoAgent(OWNER);
    const ownContractId: number = (await t.knex('contracts').where('contractCode', ownCodes[0]).first('id')).id;
    const ownDoc = (await landlord.post('/api/documents').field('category', 'contrato').field('relatedEntityType', 'contract').field('relatedEntityId', String(ownContractId)).attach('file', pdfBytes(3), { filename: 'Contrato firmado.pdf', contentType: 'application/pdf' }).expect(201)).body.id;
    const otherOwnerId: number = (await t.knex('contracts').join('main_properties', 'main_properties.id', 'contracts.mainPropertyId').where('contracts.id', other.contractId).first('main_properties.ownerUserId')).ownerUserId;
    const otherLandlord = await signIn(t, (await t.knex('users').where('id', otherOwnerId).first())!, { password: DEMO_PASSWORD });
    const foreignDoc = await otherLandlord.post('/api/documents').field('category', 'contrato').field('relatedEntityType', 'contract').field('relatedEntityId', String(other.contractId)).attach('file', pdfBytes(4), { filename: 'Contrato ajeno.pdf', contentType: 'application/pdf' });

    const { entries } = await exportOf(await demoAgent(TENANT));
    expect(sorted(Object.keys(entries).filter((n) => n.endsWith('.csv')))).toEqual(sorted(['contratos.csv', 'recibos.csv', 'incidencias.csv', 'transacciones.csv', 'documentos.csv', 'perfil.csv', 'mensajes.csv']));
    expect(sorted(records(entries['contratos.csv']!).map((r) => r['Código']!))).toEqual(sorted(ownCodes));
    expect(new Set(records(entries['recibos.csv']!).map((r) => r.Contrato))).toEqual(new Set(ownCodes.filter((code) => records(entries['recibos.csv']!).some((r) => r.Contrato === code))));
    for (const r of records(entries['recibos.csv']!)) expect(ownCodes).toContain(r.Contrato);
    expect(records(entries['documentos.csv']!).map((r) => r.Nombre)).toContain('Contrato firmado.pdf');
    expect(entries[`documentos/${ownDoc}-Contrato firmado.pdf`]).toBe(pdfBytes(3).toString('utf8'));
    expect(records(entries['perfil.csv']!)).toEqual([expect.objectContaining({ Email: TENANT, Rol: 'Inquilino' })]);

    const everything = Object.values(entries).join('\n').toLowerCase();
    const needles = [`${other.firstName} ${other.lastName}`, other.email, other.contractCode, 'Contrato ajeno.pdf'];
    if (foreignDoc.status === 201) needles.push(`documentos/${foreignDoc.body.id}-`);
    for (const needle of needles) expect({ needle, found: everything.includes(needle.toLowerCase()) }).toEqual({ needle, found: false });
    expect(Object.keys(entries).some((n) => n.includes('ajeno'))).toBe(false);
  });
});

describe('POST /api/exports', () => {
  it('answers 202 and builds the ZIP: ready with its size and a link for 24 hours; audited, notified in the app, mailed and announced live', async () => {
    const user = await buildUser(t.knex, { roleName: 'propietario_individual', firstName: 'Elena' });
    const agent = await signIn(t, user);
    const before = Date.now();
    const { exp, res, bytes } = await exportOf(agent);
    expect(exp.sizeBytes).toBe(bytes.length);
    expect(new Date(exp.expiresAt!).getTime() - new Date(exp.finishedAt!).getTime()).toBe(24 * 3_600_000);
    expect(new Date(exp.finishedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);

    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="${exportFileName(todayIso())}"`);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(exportFileName(todayIso())).toMatch(/^arrendia-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);

    const audits = await t.knex('audit_log').where({ tableName: 'data_exports', recordId: String(exp.id) }).orderBy('id').select('action', 'userId', 'newValues');
    expect(audits.map((a) => [a.action, a.newValues.status])).toEqual([
      ['create', 'pending'],
      ['update', 'building'],
      ['update', 'ready'],
    ]);
    expect(audits.every((a) => a.userId === user.id)).toBe(true);

    expect(await t.knex('notifications').where({ recipientUserId: user.id, notificationType: 'data_export_ready' }).select('title', 'relatedEntityType', 'relatedEntityId')).toEqual([
      { title: EXPORT_MESSAGES.readyTitle, relatedEntityType: 'settings', relatedEntityId: exp.id },
    ]);
    const mail = await t.knex('outbox_messages').where({ userId: user.id, kind: 'data_export' }).select('toAddress', 'subject', 'text');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ toAddress: user.email, subject: 'Tu exportación de datos de Arrendia está lista' });
    expect(mail[0].text).toContain('caduca en 24 horas');
    expect(mail[0].text).toContain('https://arrendia.test/settings?tab=seguridad');
    const live = await t.knex('live_events').where({ type: 'export.ready' }).whereRaw('? = any("recipientUserIds")', [user.id]).select('data');
    expect(live).toEqual([{ data: { exportId: exp.id } }]);
  });

  it('refuses (409) a second export while one is running, and writes nothing', async () => {
    const user = await buildUser(t.knex);
    const agent = await signIn(t, user);
    await t.knex('data_exports').insert({ userId: user.id, status: 'building' });
    const before = { exports: await countRows(t.knex, 'data_exports'), audit: await countRows(t.knex, 'audit_log'), throttle: await countRows(t.knex, 'throttle_hits') };
    const res = await agent.post('/api/exports').expect(409);
    expect(res.body).toMatchObject({ error: 'export_running', message: EXPORT_MESSAGES.running });
    expect({ exports: await countRows(t.knex, 'data_exports'), audit: await countRows(t.knex, 'audit_log'), throttle: await countRows(t.knex, 'throttle_hits') }).toEqual(before);
  });

  it('refuses (409) two asked at once: the second sees the first', async () => {
    const agent = await signIn(t, await buildUser(t.knex));
    const [a, b] = await Promise.all([agent.post('/api/exports'), agent.post('/api/exports')]);
    expect(sorted([String(a.status), String(b.status)])).toEqual(['202', '409']);
    await settleDataExports();
  });

  it('allows five a day: the sixth is a 429 with a Spanish message', async () => {
    const agent = await signIn(t, await buildUser(t.knex, { roleName: 'inquilino' }));
    for (let i = 0; i < 5; i += 1) {
      await agent.post('/api/exports').expect(202);
      await settleDataExports();
    }
    const res = await agent.post('/api/exports').expect(429);
    expect(res.body.message).toBe(EXPORT_MESSAGES.throttled);
  });

  it('answers 401 signed out, on every route', async () => {
    await t.request().post('/api/exports').expect(401);
    await t.request().get('/api/exports').expect(401);
    await t.request().get('/api/exports/1').expect(401);
    await t.request().get('/api/exports/1/download').expect(401);
  });
});

describe('GET /api/exports, /:id and /:id/download', () => {
  it("lists the user's own exports newest first, paged; another user's is a 404, its download too", async () => {
    const user = await buildUser(t.knex);
    const stranger = await buildUser(t.knex);
    const [older] = await t.knex('data_exports').insert({ userId: user.id, status: 'failed', error: EXPORT_MESSAGES.failed, createdAt: new Date(Date.now() - 3_600_000) }).returning('id');
    const [newer] = await t.knex('data_exports').insert({ userId: user.id, status: 'pending' }).returning('id');
    const [theirs] = await t.knex('data_exports').insert({ userId: stranger.id, status: 'ready', storedName: 'ajeno.zip', expiresAt: new Date(Date.now() + 3_600_000) }).returning('id');
    const agent = await signIn(t, user);
    const res = await agent.get('/api/exports?pageSize=1').expect(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body.map((e: { id: number }) => e.id)).toEqual([newer.id]);
    expect((await agent.get('/api/exports?page=2&pageSize=1').expect(200)).body).toEqual([expect.objectContaining({ id: older.id, status: 'failed', error: EXPORT_MESSAGES.failed })]);
    expect((await agent.get(`/api/exports/${theirs.id}`).expect(404)).body).toMatchObject({ error: 'not_found', message: EXPORT_MESSAGES.notFound });
    await agent.get(`/api/exports/${theirs.id}/download`).expect(404);
    await agent.get('/api/exports/abc').expect(400);
  });

  it('answers 409 until the export is ready, and for a failed one', async () => {
    const user = await buildUser(t.knex);
    const [pending] = await t.knex('data_exports').insert({ userId: user.id, status: 'pending' }).returning('id');
    const [failed] = await t.knex('data_exports').insert({ userId: user.id, status: 'failed', error: EXPORT_MESSAGES.failed }).returning('id');
    const agent = await signIn(t, user);
    expect((await agent.get(`/api/exports/${pending.id}/download`).expect(409)).body.message).toBe(EXPORT_MESSAGES.notReady);
    expect((await agent.get(`/api/exports/${failed.id}/download`).expect(409)).body.message).toBe(EXPORT_MESSAGES.failedDownload);
  });

  it('answers 410 once the link has expired; the daily job then removes the file and keeps the row', async () => {
    const user = await buildUser(t.knex, { roleName: 'agente' });
    const agent = await signIn(t, user);
    const { exp } = await exportOf(agent);
    const row = await t.knex('data_exports').where('id', exp.id).first();
    const file = path.join(exportStorage(t.config).exportsDir, row.storedName);
    expect(fs.existsSync(file)).toBe(true);
    // A day and a minute later.
    await t.knex('data_exports').where('id', exp.id).update({ expiresAt: new Date(Date.now() - 60_000) });
    const gone = await agent.get(`/api/exports/${exp.id}/download`).expect(410);
    expect(gone.body).toMatchObject({ error: 'export_expired', message: 'El enlace ha caducado: exporta de nuevo' });
    const run = await runDailyJobs(t.knex, new Date(), { exportsDir: exportStorage(t.config).exportsDir });
    expect(run.expiredExports).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file)).toBe(false);
    expect(await t.knex('data_exports').where('id', exp.id).first('status', 'storedName')).toEqual({ status: 'ready', storedName: null });
    await agent.get(`/api/exports/${exp.id}/download`).expect(410);
    expect((await agent.get(`/api/exports/${exp.id}`).expect(200)).body).toMatchObject({ status: 'ready' });
  });
});

describe('the job', () => {
  it('builds again at start-up the exports a stopped process left pending or building', async () => {
    const user = await buildUser(t.knex);
    const [left] = await t.knex('data_exports').insert({ userId: user.id, status: 'building' }).returning('id');
    await resumeDataExports(t.knex, t.config);
    expect(await t.knex('data_exports').where('id', left.id).first('status')).toEqual({ status: 'ready' });
  });

  it('ends failed, with a Spanish reason the screen shows, when the ZIP cannot be written; nothing is left behind', async () => {
    const user = await buildUser(t.knex);
    const [row] = await t.knex('data_exports').insert({ userId: user.id, status: 'pending' }).returning('id');
    const blocked = path.join(documentsDir, 'no-es-una-carpeta');
    fs.writeFileSync(blocked, 'x');
    await runDataExport(t.knex, row.id, { ...exportStorage(t.config), exportsDir: blocked });
    expect(await t.knex('data_exports').where('id', row.id).first('status', 'error', 'storedName')).toEqual({ status: 'failed', error: EXPORT_MESSAGES.failed, storedName: null });
    expect((await t.knex('audit_log').where({ tableName: 'data_exports', recordId: String(row.id) }).orderBy('id').pluck('newValues')).map((v: { status: string }) => v.status)).toEqual(['building', 'failed']);
  });

  it("exports the lists of the user's role only, each in its scope: an agent gets the visits, not the finances nor another owner's property", async () => {
    const agency = await t.knex('agencies').first('id');
    const agent = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    const { entries } = await exportOf(await signIn(t, agent));
    const files = Object.keys(entries).filter((n) => n.endsWith('.csv'));
    expect(files).toContain('visitas.csv');
    expect(files).not.toContain('transacciones.csv');
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Casa Solo Del Dueño' });
    await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: property.id })).id });
    expect(entries['propiedades.csv'] ?? '').not.toContain('Casa Solo Del Dueño');
  });
});
