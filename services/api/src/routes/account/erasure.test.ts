/**
 * The right to erasure (issue 35, point 3), and the acceptance: "after deleting a tenant
 * account, no API answer and no export contains their name, email, phone, NIF or IBAN; the contract
 * and its payments remain with the fields replaced".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ERASED_ACCOUNT_LOCKED,
  ERASED_DATUM,
  ERASURE_ALREADY_DONE,
  ERASURE_LAST_AGENCY_MANAGER,
  ERASURE_LAST_SUPER_ADMIN,
  ERASURE_ONLY_TENANTS,
  ERASURE_OWN_ACTIVE_CONTRACT,
  ERASURE_OWNER_ACTIVE_CONTRACTS,
  ERASURE_TENANT_ACTIVE_CONTRACT,
  ErasureResultSchema,
} from '@arrendia/api-contract';
import JSZip from 'jszip';
import type { Knex } from 'knex';
import type supertest from 'supertest';
import { apiRouter } from '..';
import { exportStorage, settleDataExports } from '../../commands/dataExporter';
import type { User } from '../../models/User';
import { buildAgency, buildContract, buildLead, buildProperty, buildUnit, buildUser, delegate, enableTwoFactorFor, FACTORY_PASSWORD, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';
import { totpCode } from '../../twoFactor';

let t: TestApp;
let documentsDir: string;
beforeAll(async () => {
  documentsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-erasure-'));
  t = await startTestApp({ documentsDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(documentsDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** An expected status that shows the answer's body when it is another (a fixture made through the API). */
const status = (code: number) => (res: supertest.Response) => {
  if (res.status !== code) throw new Error(`expected ${code}, got ${res.status}: ${res.text}`);
};
const erase = (agent: supertest.Agent, body: Record<string, unknown> = { currentPassword: FACTORY_PASSWORD }) => agent.post('/api/account/erasure').send(body);

/** A users row and what hangs off it, to show a refused erasure changed nothing. */
async function snapshot(knex: Knex, userId: number) {
  const [user, audit, sessions] = await Promise.all([
    knex('users').where('id', userId).first(),
    knex('audit_log').count({ n: '*' }).first(),
    knex('sessions').whereRaw(`sess->>'userId' = ?`, [String(userId)]).count({ n: '*' }).first(),
  ]);
  return { user, audit: Number(audit?.n), sessions: Number(sessions?.n) };
}

/** An owner's property with a rented unit and a tenant on a contract (Activo unless told). */
async function rental(options: { status?: 'Activo' | 'Finalizado' | 'Pendiente'; endDate?: string | null; owner?: User; managerAgencyId?: number | null } = {}) {
  const owner = options.owner ?? (await buildUser(t.knex, { roleName: 'propietario_individual' }));
  const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: options.managerAgencyId ?? null });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], status: options.status ?? 'Activo', startDate: day(-400), endDate: options.endDate === undefined ? day(200) : options.endDate });
  return { owner, property, unit, tenant, contract };
}

// ---------------------------------------------------------------------------------------------
// The acceptance

describe('a tenant erases their account: nothing of theirs is left but what the law keeps', () => {
  const ZQ = {
    firstName: 'Zacarías',
    lastName: 'Quintanilla',
    email: `zacarias.quintanilla.${Date.now()}@correo-prueba.es`,
    password: 'contraseña-de-zacarias-1',
    telefono: '612345678',
    nifCif: '71934586Q',
    ibanBancaria: 'ES8820803587013047150912',
    direccionFiscal: 'Calle del Almendro 77, Madrid',
  };
  /** Every form of their data that must be found nowhere (compared lower-case; `searchText` holds the name folded). */
  const NEEDLES = [
    'zacarías',
    'zacarias',
    'quintanilla',
    ZQ.email.toLowerCase(),
    '612345678',
    '612 345 678',
    '612-345-678',
    '71934586',
    'es8820803587013047150912',
    'es88 2080 3587',
    'almendro 77',
  ];
  const holds = (text: string) => NEEDLES.filter((needle) => text.toLowerCase().includes(needle));

  let owner: User;
  let admin: User;
  let tenantId: number;
  let contractId: number;
  let chargeId: number;
  let incidentId: number;
  let conversationId: number;
  let propertyId: number;
  let unitId: number;
  let photo: string;
  let reportId: number;
  let tenantAgent: supertest.Agent;
  /** 'Exportar mis datos' (issue 35) made before the erasure: the landlord's and their own. */
  let exportsBefore: { landlord: number; own: number; files: string[] };

  beforeAll(async () => {
    admin = await buildUser(t.knex, { roleName: 'super_admin' });
    owner = await buildUser(t.knex, { roleName: 'propietario_individual', firstName: 'Olga', lastName: 'Arrendadora' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Edificio Olmos' });
    propertyId = property.id;
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Piso 2ºB', currentStatus: 'Alquilado' });
    unitId = unit.id;
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, contractCode: `ZQ-${Date.now()}`, startDate: day(-300), endDate: day(60) });
    contractId = contract.id;
    const ownerAgent = await signIn(t, owner);

    // The landlord invites them (a mail to their address, an audit row with it) and they accept.
    const { link } = (await ownerAgent.post('/api/tenant-invitations').send({ email: ZQ.email, contractId }).expect(status(201))).body;
    tenantAgent = t.agent();
    const accepted = await tenantAgent.post(`/api/tenant-invitations/${String(link).split('/').pop()}/accept`).send({ firstName: ZQ.firstName, lastName: ZQ.lastName, password: ZQ.password }).expect(status(200));
    tenantId = accepted.body.id;
    // A wrong password, then the right one: sign-in attempts with their address.
    await t.agent().post('/api/auth/login').send({ email: ZQ.email, password: 'no-es-la-suya' }).expect(status(401));
    tenantAgent = t.agent();
    await tenantAgent.post('/api/auth/login').send({ email: ZQ.email, password: ZQ.password }).expect(status(200));
    // Their profile: phone, NIF, address, IBAN (an audit row with each) and a photo.
    await tenantAgent
      .put('/api/settings/profile')
      .send({ firstName: ZQ.firstName, lastName: ZQ.lastName, email: ZQ.email, telefono: '612 345 678', nifCif: ZQ.nifCif, direccionFiscal: ZQ.direccionFiscal, ibanBancaria: 'ES88 2080 3587 0130 4715 0912' })
      .expect(status(200));
    photo = String((await tenantAgent.post('/api/settings/profile/photo').attach('file', PNG, 'foto.png').expect(status(200))).body.profileImageUrl).split('/').pop()!;
    // A rent charge they mark as transferred (the landlord is told by name) and the landlord confirms (a payment, a mail to them).
    const [charge] = await t.knex('rent_charges').insert({ contractId, period: '2026-11', dueDate: '2026-11-01', amount: '950.00', reference: `ZQ-2026-11`, status: 'Pendiente' }).returning('id');
    chargeId = charge.id;
    await tenantAgent.post(`/api/rent-charges/${chargeId}/transfer`).expect(status(200));
    await ownerAgent.post(`/api/rent-charges/${chargeId}/confirm`).expect(status(200));
    // An incident with their phone in it, and a comment with their email (the landlord is told, and mailed, by name).
    incidentId = (
      await tenantAgent
        .post('/api/incidents')
        .send({ rentableUnitId: unit.id, incidentCategory: 'Fontanería', title: 'Fuga en la cocina', description: 'Gotea bajo el fregadero. Llamadme al 612 345 678.' })
        .expect(status(201))
    ).body.incident.id;
    await tenantAgent.post(`/api/incidents/${incidentId}/comments`).send({ content: `Si no contesto, escribidme a ${ZQ.email}` }).expect(status(201));
    // A conversation: their message carries their IBAN, phone and NIF; the landlord answers.
    conversationId = (await tenantAgent.post('/api/conversations').send({ title: 'Domiciliación', participantUserIds: [owner.id] }).expect(status(201))).body.conversation.id;
    await tenantAgent
      .post('/api/messages')
      .send({ conversationId, content: 'Mi IBAN es ES88 2080 3587 0130 4715 0912, mi NIF 71934586-Q y mi móvil +34 612-345-678. ¿Podéis domiciliar el recibo?' })
      .expect(status(201));
    await ownerAgent.post('/api/messages').send({ conversationId, content: 'Recibido, lo domiciliamos desde diciembre.' }).expect(status(201));
    // A password reset they asked for (a throttle row keyed by their address, a mail to them).
    await t.agent().post('/api/auth/password-reset').send({ email: ZQ.email }).expect(status(202));
    // An enquiry they sent from a public advert before renting.
    const spare = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Piso 3ºA' });
    const { listingId } = await buildLead(t.knex, { rentableUnitId: spare.id, recipientUserId: owner.id });
    await t.agent().post('/api/public/leads').send({ listingId, name: `${ZQ.firstName} ${ZQ.lastName}`, email: ZQ.email, phone: '612345678', message: 'Me interesa el piso; llamadme al 612345678.' }).expect(status(201));
    // Presence, as an open live stream leaves it.
    await t.knex('user_presence').insert({ instanceId: 'prueba', userId: tenantId });
    // A spreadsheet of tenants the landlord previewed for import (issue 35): its stored cells hold their data.
    await ownerAgent
      .post('/api/imports')
      .attach('file', Buffer.from(`Nombre;Apellidos;Email;NIF;Teléfono;IBAN\n${ZQ.firstName};${ZQ.lastName};${ZQ.email};${ZQ.nifCif};612345678;ES88 2080 3587 0130 4715 0912\n`), 'inquilinos.csv')
      .expect(status(201));
    // The landlord's tenants report, which lists them.
    reportId = (await ownerAgent.post('/api/reports').send({ reportType: 'tenants', from: day(-30), to: day(0) }).expect(status(201))).body.id;

    // The landlord's data export and their own, both holding their data.
    const landlordExport = (await ownerAgent.post('/api/exports').expect(status(202))).body.id;
    const ownExport = (await tenantAgent.post('/api/exports').expect(status(202))).body.id;
    await settleDataExports();
    const stored: string[] = await t.knex('data_exports').whereIn('id', [landlordExport, ownExport]).where('status', 'ready').pluck('storedName');
    expect(stored).toHaveLength(2);
    exportsBefore = { landlord: landlordExport, own: ownExport, files: stored.map((name) => path.join(exportStorage(t.config).exportsDir, name)) };
    for (const file of exportsBefore.files) expect(fs.existsSync(file)).toBe(true);

    // The contract ends; then they erase their account.
    await ownerAgent.patch(`/api/contracts/${contractId}`).send({ status: 'Finalizado', terminationReason: 'Fin del plazo pactado' }).expect(status(200));
    const before = (await t.knex('users').where('id', tenantId).first()) as User;
    expect(before).toMatchObject({ telefono: '612345678', nifCif: ZQ.nifCif, ibanBancaria: ZQ.ibanBancaria, direccionFiscal: ZQ.direccionFiscal });
    expect(fs.existsSync(path.join(documentsDir, 'profile-photos', photo))).toBe(true);
    const res = await erase(tenantAgent, { currentPassword: ZQ.password }).expect(status(200));
    expect(ErasureResultSchema.parse(res.body).userId).toBe(tenantId);
  }, 60_000);

  it('leaves none of their data in any text, varchar or json column of any table', async () => {
    const columns: { table_name: string; column_name: string }[] = await t
      .knex('information_schema.columns')
      .whereRaw('table_schema = current_schema()')
      .whereIn('data_type', ['text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY'])
      .select('table_name', 'column_name');
    expect(columns.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const rows: Record<string, unknown>[] = await t
        .knex(table_name)
        .where((q) => {
          for (const needle of NEEDLES) q.orWhereRaw('lower(??::text) like ?', [column_name, `%${needle}%`]);
        })
        .select(t.knex.raw('??::text as value', [column_name]));
      for (const row of rows) found.push(`${table_name}.${column_name}: ${holds(String(row.value)).join(', ')} in «${String(row.value).slice(0, 200)}»`);
    }
    expect(found).toEqual([]);
  });

  it("is in no answer of any list or detail the landlord and the super admin can read, CSV exports included", async () => {
    const ids: Record<string, number> = {
      contracts: contractId,
      properties: propertyId,
      units: unitId,
      incidents: incidentId,
      conversations: conversationId,
      users: tenantId,
      'rent-charges': chargeId,
      reports: reportId,
    };
    const paths: string[] = [];
    for (const layer of apiRouter(t.app).stack) {
      const route = String(layer.path);
      if (!layer.methods.includes('GET') || /^\/api\/events\b/.test(route)) continue;
      const [resource] = route.replace(/^\/api\//, '').split('/');
      const filled = route.replace(/:id\b/, () => String(ids[resource] ?? ':id'));
      if (!filled.includes(':')) paths.push(filled);
    }
    // The lists and details the issue names, at least.
    for (const wanted of ['/api/properties', '/api/contracts', `/api/contracts/${contractId}`, '/api/tenants', '/api/transactions', '/api/rent-charges', '/api/incidents', '/api/conversations', `/api/conversations/${conversationId}/messages`, '/api/notifications', '/api/admin/audit-log', '/api/admin/outbox', '/api/users', `/api/users/${tenantId}`]) {
      expect(paths).toContain(wanted);
    }
    const leaks: string[] = [];
    let answered = 0;
    for (const who of [owner, admin]) {
      const agent = await signIn(t, who);
      for (const p of paths) {
        const res = await agent.get(p);
        if (res.status === 200) answered += 1;
        const text = typeof res.text === 'string' ? res.text : Buffer.isBuffer(res.body) ? res.body.toString('latin1') : JSON.stringify(res.body ?? '');
        const held = holds(text);
        if (held.length) leaks.push(`GET ${p} as ${who.email}: ${held.join(', ')}`);
      }
    }
    // Every mail of the outbox, opened one by one (the admin's detail shows the whole body).
    const adminAgent = await signIn(t, admin);
    const mail: { id: number }[] = await t.knex('outbox_messages').select('id');
    expect(mail.length).toBeGreaterThan(3);
    for (const { id } of mail) {
      const held = holds((await adminAgent.get(`/api/admin/outbox/${id}`).expect(200)).text);
      if (held.length) leaks.push(`GET /api/admin/outbox/${id}: ${held.join(', ')}`);
    }
    expect(answered).toBeGreaterThan(40);
    expect(leaks).toEqual([]);
  });

  it('is in no data export: their own are deleted, the landlord\'s earlier one is withdrawn (410), a new one holds none of it', async () => {
    expect(await t.knex('data_exports').where('userId', tenantId).first()).toBeUndefined();
    for (const file of exportsBefore.files) expect(fs.existsSync(file)).toBe(false);
    const api = await signIn(t, owner);
    await api.get(`/api/exports/${exportsBefore.landlord}/download`).expect(410);

    const { id } = (await api.post('/api/exports').expect(202)).body;
    await settleDataExports();
    const zipped = await api
      .get(`/api/exports/${id}/download`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const zip = await JSZip.loadAsync(zipped.body as Buffer);
    const leaks: string[] = [];
    const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
    // The landlord's tenants, contracts, charges, incidents, leads and messages are all there: the check reads them.
    expect(names).toEqual(expect.arrayContaining(['inquilinos.csv', 'contratos.csv', 'recibos.csv', 'incidencias.csv', 'mensajes.csv', 'clientes-potenciales.csv', 'LEEME.txt']));
    for (const name of names) {
      const held = holds(`${name}\n${await zip.file(name)!.async('string')}`);
      if (held.length) leaks.push(`${name}: ${held.join(', ')}`);
    }
    expect(leaks).toEqual([]);
    expect(await zip.file('inquilinos.csv')!.async('string')).toContain('Persona eliminada');
  });

  it('keeps the contract, its charge and its payment, naming «Persona eliminada»', async () => {
    const api = await signIn(t, owner);
    const detail = (await api.get(`/api/contracts/${contractId}`).expect(200)).body;
    expect(detail.tenants).toEqual([expect.objectContaining({ id: tenantId, firstName: 'Persona', lastName: 'eliminada' })]);
    expect(detail.transactions).toEqual([expect.objectContaining({ transaction: expect.objectContaining({ amount: '950.00', type: 'Ingreso', contractId }) })]);
    expect(await t.knex('rent_charges').where({ id: chargeId }).first('status', 'contractId')).toEqual({ status: 'Pagado', contractId });
    expect(await t.knex('tenants_contracts').where({ contractId, tenantUserId: tenantId }).first('tenantUserId')).toEqual({ tenantUserId: tenantId });
    const tenants = (await api.get('/api/tenants').expect(200)).body;
    expect(tenants).toEqual([expect.objectContaining({ tenant: expect.objectContaining({ id: tenantId, firstName: 'Persona', lastName: 'eliminada', email: `eliminado-${tenantId}@arrendia.invalid`, telefono: null, erased: true }) })]);
    // What they wrote stays readable for the landlord, their data redacted.
    const messages = (await api.get(`/api/conversations/${conversationId}/messages`).expect(200)).body;
    expect(JSON.stringify(messages)).toContain(`Mi IBAN es ${ERASED_DATUM}, mi NIF ${ERASED_DATUM} y mi móvil ${ERASED_DATUM}. ¿Podéis domiciliar el recibo?`);
    expect((await api.get(`/api/incidents/${incidentId}`).expect(200)).body.incident.description).toBe(`Gotea bajo el fregadero. Llamadme al ${ERASED_DATUM}.`);
  });

  it('pseudonymises the account, ends its sessions and removes the photo and the report that listed them', async () => {
    expect(await t.knex('users').where('id', tenantId).first()).toMatchObject({
      firstName: 'Persona',
      lastName: 'eliminada',
      email: `eliminado-${tenantId}@arrendia.invalid`,
      telefono: null,
      nifCif: null,
      direccionFiscal: null,
      ibanBancaria: null,
      profileImageUrl: null,
      isActive: false,
      twoFactorEnabledAt: null,
      erasedAt: expect.any(Date),
    });
    await tenantAgent.get('/api/auth/user').expect(401);
    await t.agent().post('/api/auth/login').send({ email: ZQ.email, password: ZQ.password }).expect(401);
    expect(fs.existsSync(path.join(documentsDir, 'profile-photos', photo))).toBe(false);
    expect(await t.knex('reports').where('id', reportId).first()).toBeUndefined();
    const left: Record<string, number> = {};
    for (const table of ['user_presence', 'password_resets', 'email_verifications', 'notifications']) {
      left[table] = Number((await t.knex(table).where(table === 'notifications' ? 'recipientUserId' : 'userId', tenantId).count({ n: '*' }).first())?.n);
    }
    expect(left).toEqual({ user_presence: 0, password_resets: 0, email_verifications: 0, notifications: 0 });
    // The mail that waited for them is not sent.
    expect(await t.knex('outbox_messages').where('state', 'pendiente').where('userId', tenantId).first()).toBeUndefined();
  });

  it("refuses (409) the super admin's edit, reactivation or role change of the erased account, and changes nothing", async () => {
    const adminAgent = await signIn(t, admin);
    const before = await t.knex('users').where('id', tenantId).first();
    for (const [method, url, body] of [
      ['patch', `/api/users/${tenantId}`, { firstName: 'Zacarías' }],
      ['post', `/api/users/${tenantId}/activate`, {}],
      ['patch', `/api/users/${tenantId}/role`, { roleName: 'propietario_individual' }],
    ] as const) {
      const res = await adminAgent[method](url).send(body).expect(409);
      expect(res.body).toMatchObject({ error: 'already_erased', message: ERASED_ACCOUNT_LOCKED });
    }
    expect(await t.knex('users').where('id', tenantId).first()).toEqual(before);
  });

  it('records the erasure itself: who asked, when, whose account, and none of the data', async () => {
    const rows = await t.knex('audit_log').where({ action: 'erase', recordId: String(tenantId) });
    expect(rows).toEqual([expect.objectContaining({ userId: tenantId, tableName: 'users', oldValues: null, newValues: expect.objectContaining({ requestedBy: 'self', erasedAt: expect.any(String) }) })]);
    expect(holds(JSON.stringify(rows))).toEqual([]);
    // The audit trail kept its rows about them: their values replaced.
    const own = await t.knex('audit_log').where({ tableName: 'users', recordId: String(tenantId), action: 'update' });
    expect(own.length).toBeGreaterThan(0);
    expect(own.flatMap((r) => [r.oldValues, r.newValues]).filter((v) => v && 'telefono' in v)).toEqual(expect.arrayContaining([expect.objectContaining({ telefono: null })]));
  });
});

// ---------------------------------------------------------------------------------------------
// Self-erasure: who may, and how it is confirmed

describe('POST /api/account/erasure', () => {
  it('answers 401 signed out', async () => {
    expect((await t.request().post('/api/account/erasure').send({ currentPassword: 'x' }).expect(401)).body.error).toBe('unauthorized');
  });

  it('refuses a wrong password (400 on the field) and changes nothing', async () => {
    const user = await buildUser(t.knex, { roleName: 'agente', agencyId: (await buildAgency(t.knex)).id });
    const agent = await signIn(t, user);
    const before = await snapshot(t.knex, user.id);
    const res = await erase(agent, { currentPassword: 'no-es-la-contraseña' }).expect(400);
    expect(res.body).toEqual({ error: 'validation_error', message: 'La contraseña actual no es correcta', fields: { currentPassword: 'La contraseña actual no es correcta' } });
    expect(await snapshot(t.knex, user.id)).toEqual(before);
    await erase(agent, {}).expect(400);
    await erase(agent, { currentPassword: FACTORY_PASSWORD, extra: 1 }).expect(400);
  });

  it('asks for the code of the app when two-factor authentication is on; a recovery code does too', async () => {
    const user = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    const agent = await signIn(t, user);
    const { secret } = await enableTwoFactorFor(t.knex, user.id);
    const before = await snapshot(t.knex, user.id);
    expect((await erase(agent).expect(400)).body.fields).toHaveProperty('code');
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    expect((await erase(agent, { currentPassword: FACTORY_PASSWORD, code: wrong }).expect(400)).body.fields).toEqual({ code: 'El código no es correcto o ha caducado' });
    expect(await snapshot(t.knex, user.id)).toEqual(before);
    await erase(agent, { currentPassword: FACTORY_PASSWORD, code: totpCode(secret) }).expect(200);

    const other = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    const otherAgent = await signIn(t, other);
    const { recoveryCodes } = await enableTwoFactorFor(t.knex, other.id);
    await erase(otherAgent, { currentPassword: FACTORY_PASSWORD, code: recoveryCodes[3] }).expect(200);
  });

  it('refuses (409) a tenant whose contract is in force, a pending one too, and changes nothing', async () => {
    for (const status of ['Activo', 'Pendiente'] as const) {
      const { tenant } = await rental({ status });
      const agent = await signIn(t, tenant);
      const before = await snapshot(t.knex, tenant.id);
      expect((await erase(agent).expect(409)).body).toEqual({ error: 'contract_in_force', message: ERASURE_OWN_ACTIVE_CONTRACT });
      expect(await snapshot(t.knex, tenant.id)).toEqual(before);
    }
  });

  it('lets a tenant go once the end date has passed, even before the contract is marked Finalizado', async () => {
    const { tenant } = await rental({ status: 'Activo', endDate: day(-1) });
    await erase(await signIn(t, tenant)).expect(200);
  });

  it('refuses (409) an owner whose properties have contracts in force, until they end', async () => {
    const { owner, contract } = await rental();
    const agent = await signIn(t, owner);
    const before = await snapshot(t.knex, owner.id);
    expect((await erase(agent).expect(409)).body).toEqual({ error: 'owner_contracts_in_force', message: ERASURE_OWNER_ACTIVE_CONTRACTS });
    expect(await snapshot(t.knex, owner.id)).toEqual(before);
    await t.knex('contracts').where('id', contract.id).update({ status: 'Finalizado', terminationReason: 'Fin' });
    await erase(agent).expect(200);
    // The property stays, its owner pseudonymised.
    expect(Number((await t.knex('main_properties').where('ownerUserId', owner.id).count({ n: '*' }).first())?.n)).toBe(1);
  });

  it('refuses (409) the last active super admin', async () => {
    const admins = await t.knex('users').join('roles', 'roles.id', 'users.roleId').where({ 'roles.roleName': 'super_admin', 'users.isActive': true }).select('users.id');
    await t.knex('users').whereIn('id', admins.map((a) => a.id)).update({ isActive: false });
    try {
      const admin = await buildUser(t.knex, { roleName: 'super_admin' });
      const agent = await signIn(t, admin);
      expect((await erase(agent).expect(409)).body).toEqual({ error: 'last_super_admin', message: ERASURE_LAST_SUPER_ADMIN });
      const second = await buildUser(t.knex, { roleName: 'super_admin' });
      await erase(agent).expect(200);
      await t.knex('users').where('id', second.id).update({ isActive: false });
    } finally {
      await t.knex('users').whereIn('id', admins.map((a) => a.id)).update({ isActive: true });
    }
  });

  it('refuses (409) the last manager of an agency with properties; another manager may go', async () => {
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    await rental({ managerAgencyId: agency.id, status: 'Finalizado' });
    const agent = await signIn(t, manager);
    expect((await erase(agent).expect(409)).body).toEqual({ error: 'last_agency_manager', message: ERASURE_LAST_AGENCY_MANAGER });
    const other = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    await erase(agent).expect(200);
    expect((await erase(await signIn(t, other)).expect(409)).body.error).toBe('last_agency_manager');
  });

  it("lets an agent go: the properties and leads in its charge go back to its agency's pipeline", async () => {
    const agency = await buildAgency(t.knex);
    const agentUser = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    const { property } = await rental({ managerAgencyId: agency.id });
    await t.knex('main_properties').where('id', property.id).update({ assignedAgentUserId: agentUser.id });
    await erase(await signIn(t, agentUser)).expect(200);
    expect(await t.knex('main_properties').where('id', property.id).first('assignedAgentUserId')).toEqual({ assignedAgentUserId: null });
  });

  it('ends a delegation with the account', async () => {
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const delegateUser = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    await delegate(t.knex, owner.id, delegateUser.id);
    await erase(await signIn(t, delegateUser)).expect(200);
    expect(await t.knex('owner_delegations').where('delegateUserId', delegateUser.id).first()).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// The landlord's side

describe('POST /api/tenants/:id/erasure', () => {
  it('answers 401 signed out, 403 to the roles that do not answer for a contract', async () => {
    const { tenant, owner } = await rental({ status: 'Finalizado' });
    expect((await t.request().post(`/api/tenants/${tenant.id}/erasure`).expect(401)).body.error).toBe('unauthorized');
    const agency = await buildAgency(t.knex);
    const delegateUser = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    await delegate(t.knex, owner.id, delegateUser.id);
    for (const user of [await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id }), delegateUser, tenant]) {
      expect((await (await signIn(t, user)).post(`/api/tenants/${tenant.id}/erasure`).expect(403)).body.error).toBe('forbidden');
    }
  });

  it('answers 404 to a landlord who manages no contract of that person, and for an unknown id', async () => {
    const { tenant } = await rental({ status: 'Finalizado' });
    const stranger = await signIn(t, await buildUser(t.knex, { roleName: 'propietario_individual' }));
    const before = await snapshot(t.knex, tenant.id);
    expect((await stranger.post(`/api/tenants/${tenant.id}/erasure`).expect(404)).body).toEqual({ error: 'not_found', message: 'No se ha encontrado el inquilino' });
    await stranger.post('/api/tenants/999999/erasure').expect(404);
    await stranger.post('/api/tenants/abc/erasure').expect(400);
    expect(await snapshot(t.knex, tenant.id)).toEqual(before);
  });

  it("refuses (409) while the contract is in force, or while another landlord's contract of theirs is", async () => {
    const { tenant, owner, contract } = await rental();
    const api = await signIn(t, owner);
    const before = await snapshot(t.knex, tenant.id);
    expect((await api.post(`/api/tenants/${tenant.id}/erasure`).expect(409)).body).toEqual({ error: 'contract_in_force', message: ERASURE_TENANT_ACTIVE_CONTRACT });
    await t.knex('contracts').where('id', contract.id).update({ status: 'Finalizado', terminationReason: 'Fin' });
    const elsewhere = await rental();
    await t.knex('tenants_contracts').insert({ tenantUserId: tenant.id, contractId: elsewhere.contract.id, isPrimaryTenant: false });
    expect((await api.post(`/api/tenants/${tenant.id}/erasure`).expect(409)).body.error).toBe('contract_in_force');
    expect(await snapshot(t.knex, tenant.id)).toEqual(before);
  });

  it('erases a former tenant for the agency manager of its ended contract: the account is pseudonymised, its sessions end, the audit names the manager', async () => {
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const { tenant, contract } = await rental({ managerAgencyId: agency.id, status: 'Finalizado' });
    const tenantSession = await signIn(t, tenant);
    const api = await signIn(t, manager);
    const res = await api.post(`/api/tenants/${tenant.id}/erasure`).expect(200);
    expect(ErasureResultSchema.parse(res.body).userId).toBe(tenant.id);
    await tenantSession.get('/api/auth/user').expect(401);
    expect(await t.knex('users').where('id', tenant.id).first()).toMatchObject({ firstName: 'Persona', lastName: 'eliminada', isActive: false, erasedAt: expect.any(Date) });
    expect(await t.knex('tenants_contracts').where({ contractId: contract.id, tenantUserId: tenant.id }).first()).toBeDefined();
    expect(await t.knex('audit_log').where({ action: 'erase', recordId: String(tenant.id) }).first()).toMatchObject({ userId: manager.id, newValues: expect.objectContaining({ requestedBy: 'landlord' }) });
    // Once erased, it stays so: a second request is refused.
    expect((await api.post(`/api/tenants/${tenant.id}/erasure`).expect(409)).body).toEqual({ error: 'already_erased', message: ERASURE_ALREADY_DONE });
  });

  it("refuses (409) another role's account that happens to be party to a contract", async () => {
    const { owner, contract } = await rental({ status: 'Finalizado' });
    const otherOwner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    await t.knex('tenants_contracts').insert({ tenantUserId: otherOwner.id, contractId: contract.id, isPrimaryTenant: false });
    expect((await (await signIn(t, owner)).post(`/api/tenants/${otherOwner.id}/erasure`).expect(409)).body).toEqual({ error: 'not_a_tenant', message: ERASURE_ONLY_TENANTS });
  });

  it('the super admin may erase any former tenant', async () => {
    const { tenant } = await rental({ status: 'Finalizado' });
    await (await signIn(t, await buildUser(t.knex, { roleName: 'super_admin' }))).post(`/api/tenants/${tenant.id}/erasure`).expect(200);
  });
});

describe("the erasure's PostgreSQL pattern", () => {
  it('finds the same forms of a datum as the JavaScript one, on this engine', async () => {
    const { scrubberFor } = await import('../../commands/personalData');
    const scrubber = scrubberFor(
      { userId: 1, emails: ['zq@correo-prueba.es'], firstNames: ['Zacarías'], lastNames: ['Quintanilla'], phones: ['612345678'], nifs: ['71934586Q'], ibans: ['ES8820803587013047150912'], addresses: [], replacementEmail: 'eliminado-1@arrendia.invalid' },
      'all',
    );
    const texts = ['ZQ@correo-prueba.es', 'zacarías   quintanilla', '+34 612.345.678', '71934586-q', 'es88 2080 3587 0130 4715 0912', 'nada de eso'];
    const matched = [];
    for (const text of texts) matched.push((await t.knex.raw('select ? ~* ? as m', [text, scrubber.pgPattern])).rows[0].m);
    expect(matched).toEqual([true, true, true, true, true, false]);
    expect(texts.map((text) => scrubber.finds(text))).toEqual([true, true, true, true, true, false]);
  });
});
