import fs from 'node:fs';
import path from 'node:path';
import { ErrorBodySchema, IMPORT_FIELDS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES, IMPORT_SHEET_NAMES, IMPORT_STALE_MINUTES, ImportSchema, ImportSummarySchema, type Import, type ImportRow } from '@arrendia/api-contract';
import { catastralControlLetters } from '@arrendia/locale-es';
import type { RoleName } from '@arrendia/permissions';
import ExcelJS from 'exceljs';
import type supertest from 'supertest';
import { failInterruptedImports, importJob, runImportCommit, startImportCommit } from '../../commands/importCommitter';
import { BAD_ROWS, FOREIGN_EMAIL, REF_EXISTING, REF_FOREIGN, REF_FOREIGN_UNLISTED } from '../../imports/fixtures/badRows';
import type { User } from '../../models/User';
import { buildAgency, buildContract, buildProperty, buildUnit, buildUser, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', '..', 'imports', 'fixtures', name));

/** A signed-in user of `roleName` (in `agencyId`). */
async function signedIn(roleName: RoleName, options: { agencyId?: number; email?: string } = {}): Promise<{ user: User; agent: supertest.Agent }> {
  const user = await buildUser(t.knex, { roleName, agencyId: options.agencyId ?? null, email: options.email });
  return { user, agent: await signIn(t, user) };
}

type CellValue = string | number | boolean | Date | null;

/** An XLSX of `sheets`: a header row, then the rows as given. */
async function workbook(sheets: readonly { name: string; headers: readonly string[]; rows: readonly (readonly CellValue[])[] }[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const ws = wb.addWorksheet(sheet.name);
    ws.addRow([...sheet.headers]);
    for (const row of sheet.rows) ws.addRow([...row]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(agent: supertest.Agent, bytes: Buffer, fileName: string, fields: Record<string, string | number> = {}) {
  const req = agent.post('/api/imports');
  for (const [name, value] of Object.entries(fields)) req.field(name, String(value));
  return req.attach('file', bytes, fileName);
}

/** The preview of an upload answered 201, checked against the contract. */
async function preview(agent: supertest.Agent, bytes: Buffer, fileName: string, fields: Record<string, string | number> = {}): Promise<Import> {
  const res = await upload(agent, bytes, fileName, fields);
  if (res.status !== 201) throw new Error(`${res.status}: ${res.text}`);
  return ImportSchema.parse(res.body);
}

/** The rows of the portfolio tables: a preview writes none of them. */
async function portfolioCounts() {
  const counts: Record<string, number> = {};
  for (const table of ['main_properties', 'rentable_units', 'contracts', 'tenants_contracts', 'users', 'transactions']) {
    counts[table] = Number((await t.knex(table).count({ n: '*' }).first())!.n);
  }
  return counts;
}

const rowsOf = (p: Import, sheet: string) => p.rows.filter((r) => r.sheet === sheet);
const errorsOf = (rows: readonly ImportRow[]) => rows.map((r) => [r.rowNumber, r.errors.map((e) => e.message)]);

describe('GET /api/imports/templates', () => {
  it('gives a ;-separated UTF-8 CSV with BOM, Spanish headers and one example row per entity, which imports as a valid row', async () => {
    const { agent } = await signedIn('propietario_individual');
    for (const entity of ['properties', 'units', 'tenants', 'contracts', 'balances'] as const) {
      const res = await agent.get(`/api/imports/templates/${entity}.csv`).buffer(true).parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="plantilla-${IMPORT_SHEET_NAMES[entity].toLowerCase()}.csv"`);
      const bytes = res.body as Buffer;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe(IMPORT_FIELDS[entity].map((f) => f.label).join(';'));
      expect(lines.filter(Boolean)).toHaveLength(2);
    }
    // The properties template reads back as one valid property, every column mapped.
    const template = (await agent.get('/api/imports/templates/properties.csv').buffer(true)).text;
    const p = await preview(agent, Buffer.from(template, 'utf8'), 'plantilla-inmuebles.csv');
    expect(p.sheets[0]!.entity).toBe('properties');
    expect(p.sheets[0]!.mapping).toEqual(IMPORT_FIELDS.properties.map((f) => f.field));
    expect(p.counts).toEqual({ total: 1, valid: 1, existing: 0, invalid: 0 });
  });

  it('gives an XLSX with one sheet per entity, in import order; refuses other roles and unknown entities', async () => {
    const { agent } = await signedIn('admin_agencia', { agencyId: (await buildAgency(t.knex)).id });
    const res = await agent.get('/api/imports/templates/plantilla.xlsx').buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as never);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Inmuebles', 'Unidades', 'Inquilinos', 'Contratos', 'Saldos']);
    expect(wb.getWorksheet('Contratos')!.getRow(2).getCell(5).value).toEqual(new Date('2024-03-01T00:00:00Z'));

    const unknown = await agent.get('/api/imports/templates/facturas.csv').expect(400);
    expect(ErrorBodySchema.parse(unknown.body).fields).toEqual({ entity: 'No hay plantilla de ese tipo' });
    for (const role of ['inquilino', 'agente', 'propietario_delegado'] as const) {
      await (await signedIn(role)).agent.get('/api/imports/templates/properties.csv').expect(403);
    }
    await t.request().get('/api/imports/templates/properties.csv').expect(401);
  });
});

describe('POST /api/imports: reading files', () => {
  it('reads a Windows-1252 CSV with accents and Spanish decimals, guesses it holds properties, and writes nothing but the preview', async () => {
    const { user, agent } = await signedIn('propietario_individual');
    const before = await portfolioCounts();
    const p = await preview(agent, fixture('inmuebles-windows-1252.csv'), 'inmuebles.csv');
    expect(p.fileType).toBe('csv');
    expect(p.account).toEqual({ userId: user.id, agencyId: null });
    expect(p.sheets).toEqual([
      {
        name: 'inmuebles',
        entity: 'properties',
        headers: ['Nombre', 'Calle', 'Número', 'Piso y puerta', 'Ciudad', 'Provincia', 'Código postal', 'Referencia catastral', 'Superficie (m²)', 'Año de construcción', 'Notas'],
        mapping: ['propertyName', 'addressStreet', 'addressNumber', 'addressDetails', 'city', 'province', 'postalCode', 'refCatastral', 'totalAreaM2', 'buildYear', 'notes'],
        counts: { total: 3, valid: 3, existing: 0, invalid: 0 },
      },
    ]);
    expect(p.rows.map((r) => [r.rowNumber, r.status, r.values.propertyName, r.values.city, r.values.totalAreaM2, r.values.refCatastral, r.values.notes])).toEqual([
      [2, 'valid', 'Ático en Málaga', 'Málaga', 1234.5, '1234567VK4713S0001OQ', 'Vistas al mar, terraza'],
      [3, 'valid', 'Bajo en Córdoba', 'Córdoba', 85.5, null, 'Reformado: cocina y baño'],
      [4, 'valid', 'Piso en A Coruña', 'A Coruña', 72, '7654321VK4713S0002LW', 'Orientación sur; ascensor'],
    ]);
    expect(await portfolioCounts()).toEqual(before);

    // Stored: the same preview again, and an audit row naming the file.
    expect(ImportSchema.parse((await agent.get(`/api/imports/${p.id}`).expect(200)).body)).toEqual(p);
    const audit = await t.knex('audit_log').where({ tableName: 'imports', recordId: String(p.id) }).first();
    expect(audit).toMatchObject({ userId: user.id, action: 'create' });
    expect(audit.newValues).toMatchObject({ fileName: 'inmuebles.csv', counts: { total: 3, valid: 3 } });
  });

  it('reads a UTF-8 CSV with BOM and ;, naming properties of the account by referencia catastral or by name', async () => {
    const { user, agent } = await signedIn('propietario_individual');
    await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Edificio Goya', refCatastral: '1111111VK4713S0003OE' });
    await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Casa del Río' });
    const p = await preview(agent, fixture('unidades-utf8-bom.csv'), 'unidades.csv', { entity: 'units' });
    expect(p.counts).toEqual({ total: 4, valid: 4, existing: 0, invalid: 0 });
    expect(p.rows.map((r) => [r.values.unitName, r.values.unitType, r.values.currentStatus, r.values.baseRentPrice, r.values.isFurnished])).toEqual([
      ['1º A', 'vivienda', 'Disponible', '1100.00', true],
      ['Plaza 7', 'garaje', 'Disponible', '95.00', null],
      ['Habitación azul', 'habitacion', 'Reservado', '450.50', false],
      ['Trastero', 'trastero', 'En mantenimiento', '30.00', null],
    ]);
  });

  it('reads a ,-separated CSV with quoted fields, d/M/yyyy and ISO dates and several tenants per contract', async () => {
    const { user, agent } = await signedIn('propietario_individual');
    const goya = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Edificio Goya', refCatastral: '5555555VK4713S0007FU' });
    const rio = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Casa del Río' });
    await buildUnit(t.knex, { mainPropertyId: goya.id, unitName: '1º A' });
    await buildUnit(t.knex, { mainPropertyId: rio.id, unitName: 'Habitación azul' });
    // The tenants are the account's: each rents another unit of it.
    const ana = await buildUser(t.knex, { roleName: 'inquilino', email: 'ana.ruiz@ejemplo.es' });
    const luis = await buildUser(t.knex, { roleName: 'inquilino' });
    await t.knex('users').where({ id: luis.id }).update({ nifCif: '12345678Z' });
    const other = await buildUnit(t.knex, { mainPropertyId: rio.id, unitName: 'Otra' });
    await buildContract(t.knex, { rentableUnitId: other.id, tenantUserIds: [ana.id, luis.id], startDate: '2020-01-01', endDate: '2020-12-31', status: 'Finalizado' });

    const csv = fixture('contratos-comas.csv').toString('utf8').replace('1111111VK4713S0003OE', '5555555VK4713S0007FU');
    const p = await preview(agent, Buffer.from(csv), 'contratos.csv');
    expect(p.sheets[0]!.entity).toBe('contracts');
    expect(errorsOf(p.rows)).toEqual([
      [2, []],
      [3, []],
      [4, []],
    ]);
    expect(p.rows.map((r) => [r.values.contractCode, r.values.tenants, r.values.startDate, r.values.endDate, r.values.rentAmount, r.values.depositAmount, r.values.status, r.values.notes])).toEqual([
      ['CTR-2024-001', ['12345678Z', 'ana.ruiz@ejemplo.es'], '2024-03-01', '2029-02-28', '1100.00', '2200.00', 'Activo', 'Incluye plaza, trastero y comunidad'],
      ['CTR-2023-007', ['ana.ruiz@ejemplo.es'], '2023-09-01', '2024-08-31', '450.50', '450.50', 'Finalizado', null],
      ['CTR-2025-010', ['12345678Z'], '2025-01-15', null, '460.00', null, 'Pendiente', 'Con "opción" de compra'],
    ]);
  });

  it('reads an XLSX of several sheets with Excel dates, in entity order whatever the sheet order, and says which sheet it did not recognize', async () => {
    const { agent } = await signedIn('propietario_individual');
    const bytes = await workbook([
      {
        name: 'Contratos',
        headers: ['Código', 'Inmueble', 'Unidad', 'Inquilinos', 'Inicio', 'Fin', 'Renta', 'Fianza'],
        rows: [['XL-1', 'Casa Excel', 'Principal', 'pepa@ejemplo.es', new Date('2024-01-01T00:00:00Z'), 46022, 980.5, 1961]],
      },
      { name: 'Notas', headers: ['Lo que sea'], rows: [['nada']] },
      { name: 'Inmuebles', headers: ['Nombre', 'Calle', 'Ciudad', 'Provincia', 'CP'], rows: [['Casa Excel', 'Calle Sol', 'Barcelona', 'Barcelona', 8001]] },
      { name: 'Unidades', headers: ['Inmueble', 'Unidad', 'Tipo', 'Renta base'], rows: [['casa excel', 'Principal', 'Piso', 980.5]] },
      { name: 'Inquilinos', headers: ['Nombre', 'Apellidos', 'Email', 'Teléfono'], rows: [['Pepa', 'Gil', 'Pepa@Ejemplo.es', 612345678]] },
      { name: 'Saldos', headers: ['Contrato', 'Fecha', 'Concepto', 'Importe', 'Tipo', 'Categoría'], rows: [['XL-1', 45657, 'Fianza depositada', 1961, 'ingreso', 'fianza']] },
    ]);
    const p = await preview(agent, bytes, 'cartera.xlsx');
    expect(p.fileType).toBe('xlsx');
    expect(p.sheets.map((s) => [s.name, s.entity, s.counts.valid])).toEqual([
      ['Contratos', 'contracts', 1],
      ['Notas', null, 0],
      ['Inmuebles', 'properties', 1],
      ['Unidades', 'units', 1],
      ['Inquilinos', 'tenants', 1],
      ['Saldos', 'balances', 1],
    ]);
    expect(p.counts).toEqual({ total: 5, valid: 5, existing: 0, invalid: 0 });
    expect(p.notices).toEqual([expect.stringContaining('La hoja «Notas» no se ha reconocido y no se importará')]);
    const value = (sheet: string, field: string) => rowsOf(p, sheet)[0]!.values[field];
    expect([value('Contratos', 'startDate'), value('Contratos', 'endDate'), value('Contratos', 'rentAmount'), value('Contratos', 'depositAmount')]).toEqual(['2024-01-01', '2025-12-31', '980.50', '1961.00']);
    expect([value('Inmuebles', 'postalCode'), value('Unidades', 'unitType'), value('Inquilinos', 'email'), value('Inquilinos', 'telefono')]).toEqual(['08001', 'vivienda', 'pepa@ejemplo.es', '612345678']);
    expect([value('Saldos', 'transactionDate'), value('Saldos', 'amount'), value('Saldos', 'type'), value('Saldos', 'category')]).toEqual(['2024-12-31', '1961.00', 'Ingreso', 'Fianza']);
  });
});

describe('POST /api/imports: the bad-rows workbook (issue 35 acceptance)', () => {
  it('gives every bad row its Spanish errors, naming the column, on its own row; the good rows are valid; nothing is written', async () => {
    const { user, agent } = await signedIn('propietario_individual');
    const existing = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Casa Existente', refCatastral: REF_EXISTING });
    const rented = await buildUnit(t.knex, { mainPropertyId: existing.id, unitName: 'Piso 1', currentStatus: 'Alquilado' });
    await buildUnit(t.knex, { mainPropertyId: existing.id, unitName: 'Piso 2' });
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    await buildContract(t.knex, { rentableUnitId: rented.id, tenantUserIds: [tenant.id], contractCode: 'C-EXIST', startDate: '2024-01-01', endDate: '2025-12-31' });
    const stranger = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const foreign = await buildProperty(t.knex, { ownerUserId: stranger.id, refCatastral: REF_FOREIGN });
    await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: foreign.id })).id, contractCode: 'AJENO-1' });
    await buildProperty(t.knex, { ownerUserId: stranger.id, refCatastral: REF_FOREIGN_UNLISTED });
    await buildUser(t.knex, { roleName: 'inquilino', email: FOREIGN_EMAIL });

    const before = await portfolioCounts();
    const p = await preview(agent, await workbook(BAD_ROWS.map((s) => ({ name: s.name, headers: s.headers, rows: s.rows.map((r) => r.cells) }))), 'filas-erroneas.xlsx');

    for (const sheet of BAD_ROWS) {
      expect({ sheet: sheet.name, rows: errorsOf(rowsOf(p, sheet.name)) }).toEqual({ sheet: sheet.name, rows: sheet.rows.map((r, i) => [i + 2, r.errors]) });
    }
    const bad = BAD_ROWS.flatMap((s) => s.rows).filter((r) => r.errors.length).length;
    expect(bad).toBeGreaterThanOrEqual(30);
    expect(p.counts).toEqual({ total: BAD_ROWS.flatMap((s) => s.rows).length, valid: BAD_ROWS.flatMap((s) => s.rows).length - bad, existing: 0, invalid: bad });
    // Each error names its column both in its message and apart.
    expect(p.rows.flatMap((r) => r.errors).every((e) => e.message.startsWith(`${e.column}: `))).toBe(true);
    expect(await portfolioCounts()).toEqual(before);
  });
});

describe('POST /api/imports: what the account already has', () => {
  it('marks rows whose record the account has as existing, by referencia catastral, name, NIF, email and contract code', async () => {
    const { user, agent } = await signedIn('propietario_individual');
    const withRef = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Casa Ref', refCatastral: `7777777VK4713S0008${catastralControlLetters('7777777VK4713S0008')}` });
    const noRef = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Casa Sin Ref' });
    const unit = await buildUnit(t.knex, { mainPropertyId: noRef.id, unitName: 'Bajo' });
    const tenant = await buildUser(t.knex, { roleName: 'inquilino', email: 'marta.existente@ejemplo.es' });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], contractCode: 'EXISTE-1', startDate: '2025-01-01', endDate: '2025-12-31' });
    const movement = await t.knex('transactions')
      .insert({ mainPropertyId: noRef.id, type: 'Ingreso', amount: '500.00', transactionDate: '2024-12-31', description: 'Saldo inicial', status: 'Completado' })
      .returning('id');

    const bytes = await workbook([
      {
        name: 'Inmuebles',
        headers: ['Nombre', 'Calle', 'Ciudad', 'Provincia', 'Código postal', 'Referencia catastral'],
        rows: [
          ['Otro nombre', 'Calle', 'Madrid', 'Madrid', '28013', withRef.refCatastral],
          ['casa sin ref', 'Calle', 'Madrid', 'Madrid', '28013', null],
        ],
      },
      { name: 'Unidades', headers: ['Inmueble', 'Unidad', 'Tipo'], rows: [['Casa Sin Ref', 'BAJO', 'Vivienda completa']] },
      { name: 'Inquilinos', headers: ['Nombre', 'Apellidos', 'Email'], rows: [['Marta', 'Existente', 'MARTA.EXISTENTE@ejemplo.es']] },
      { name: 'Contratos', headers: ['Código', 'Inmueble', 'Unidad', 'Fecha de inicio', 'Renta mensual'], rows: [['existe-1', 'Casa Sin Ref', 'Bajo', '01/01/2025', '900']] },
      { name: 'Saldos', headers: ['Inmueble', 'Fecha', 'Concepto', 'Importe', 'Tipo'], rows: [['Casa Sin Ref', '31/12/2024', 'saldo inicial', '500', 'Ingreso']] },
    ]);
    const p = await preview(agent, bytes, 'otra-vez.xlsx');
    expect(p.counts).toEqual({ total: 6, valid: 0, existing: 6, invalid: 0 });
    expect(p.rows.map((r) => r.existingId)).toEqual([withRef.id, noRef.id, unit.id, tenant.id, contract.id, movement[0].id]);
  });
});

describe('POST /api/imports: who imports into which account', () => {
  it('an agency manager names each property’s owner, one of its agency’s; it cannot name another agency', async () => {
    const agency = await buildAgency(t.knex);
    const { agent } = await signedIn('admin_agencia', { agencyId: agency.id });
    const client = await buildUser(t.knex, { roleName: 'propietario_individual', email: 'cliente.agencia@ejemplo.es' });
    await buildProperty(t.knex, { ownerUserId: client.id, managerAgencyId: agency.id });
    const outsider = await buildUser(t.knex, { roleName: 'propietario_individual', email: 'no.cliente@ejemplo.es' });
    // The outsider's property: as unknown to the agency as one that does not exist.
    await buildProperty(t.knex, { ownerUserId: outsider.id, propertyName: 'Casa del Forastero' });

    const csv = [
      'Nombre;Calle;Ciudad;Provincia;CP;Email del propietario',
      'Casa A;Calle;Madrid;Madrid;28013;Cliente.Agencia@ejemplo.es',
      'Casa B;Calle;Madrid;Madrid;28013;',
      'Casa C;Calle;Madrid;Madrid;28013;no.cliente@ejemplo.es',
    ].join('\n');
    const p = await preview(agent, Buffer.from(csv), 'agencia.csv', { entity: 'properties' });
    expect(p.account.agencyId).toBe(agency.id);
    expect(errorsOf(p.rows)).toEqual([
      [2, []],
      [3, ['Email del propietario: Indica el email del propietario del inmueble']],
      [4, ['Email del propietario: Ese propietario no es de la cartera de tu agencia: invítalo antes de importar sus inmuebles']],
    ]);
    const units = await preview(agent, Buffer.from('Inmueble;Unidad;Tipo\nCasa del Forastero;Bajo;Vivienda completa\n'), 'u.csv');
    expect(units.rows[0]!.errors.map((e) => e.message)).toEqual(['Inmueble: No hay ningún inmueble con esa referencia catastral o ese nombre en el archivo ni en tu cartera']);

    const other = await upload(agent, Buffer.from(csv), 'x.csv', { agencyId: (await buildAgency(t.knex)).id }).expect(400);
    expect(ErrorBodySchema.parse(other.body).fields).toEqual({ agencyId: 'Solo el superadministrador importa datos para otra cuenta' });
  });

  it('the super admin imports for an owner or an agency it names, and must name one; an owner may not name anyone else', async () => {
    const { user: admin, agent } = await signedIn('super_admin');
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const csv = Buffer.from('Nombre;Calle;Ciudad;Provincia;CP\nCasa Admin;Calle;Madrid;Madrid;28013\n');

    const missing = await upload(agent, csv, 'a.csv').expect(400);
    expect(ErrorBodySchema.parse(missing.body).fields).toEqual({ forUserId: 'Indica para qué propietario (forUserId) o agencia (agencyId) importas' });
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    expect(ErrorBodySchema.parse((await upload(agent, csv, 'a.csv', { forUserId: tenant.id }).expect(400)).body).fields).toEqual({
      forUserId: 'Elige un propietario individual o un gestor de agencia activo',
    });

    const forOwner = await preview(agent, csv, 'a.csv', { forUserId: owner.id });
    expect(forOwner.account).toEqual({ userId: owner.id, agencyId: null });
    expect(forOwner.counts.valid).toBe(1);
    const stored = await t.knex('imports').where({ id: forOwner.id }).first();
    expect([stored.userId, stored.forUserId]).toEqual([admin.id, owner.id]);

    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const forAgency = await preview(agent, csv, 'a.csv', { agencyId: agency.id });
    expect(forAgency.account).toEqual({ userId: manager.id, agencyId: agency.id });
    const noManager = await upload(agent, csv, 'a.csv', { agencyId: (await buildAgency(t.knex)).id }).expect(400);
    expect(ErrorBodySchema.parse(noManager.body).message).toBe('Esa agencia no existe, no está activa o no tiene un gestor activo');

    const { agent: ownerAgent } = await signedIn('propietario_individual');
    const named = await upload(ownerAgent, csv, 'a.csv', { forUserId: owner.id }).expect(400);
    expect(ErrorBodySchema.parse(named.body).fields).toEqual({ forUserId: 'Solo el superadministrador importa datos para otra cuenta' });

    // An import is read by its maker and the super admin only.
    const mine = await preview(ownerAgent, csv, 'a.csv');
    await agent.get(`/api/imports/${mine.id}`).expect(200);
    const someoneElse = await signedIn('propietario_individual');
    const hidden = await someoneElse.agent.get(`/api/imports/${mine.id}`).expect(404);
    expect(ErrorBodySchema.parse(hidden.body).message).toBe('No se ha encontrado la importación');
    await someoneElse.agent.put(`/api/imports/${mine.id}/mapping`).send({ sheets: [{ name: 'a', entity: 'properties', mapping: [null, null, null, null, null] }] }).expect(404);
  });

  it('refuses tenants, agents and delegated owners (403) and anonymous callers (401), writing nothing', async () => {
    const csv = Buffer.from('Nombre;Calle;Ciudad;Provincia;CP\nCasa;Calle;Madrid;Madrid;28013\n');
    for (const role of ['inquilino', 'agente', 'propietario_delegado'] as const) {
      const { agent } = await signedIn(role, { agencyId: role === 'agente' ? (await buildAgency(t.knex)).id : undefined });
      await upload(agent, csv, 'a.csv').expect(403);
    }
    await t.request().post('/api/imports').attach('file', csv, 'a.csv').expect(401);
  });
});

describe('POST /api/imports: files it refuses', () => {
  it('answers each unreadable file with a Spanish 400 (413 past the limits) and stores nothing', async () => {
    const { user, agent } = await signedIn('propietario_individual');
    const refusals: [Buffer, string, Record<string, string>, number, string][] = [
      [Buffer.alloc(0), 'vacio.csv', {}, 400, 'El archivo está vacío'],
      [Buffer.from('\n \n;;\n'), 'blancos.csv', {}, 400, 'El archivo no tiene fila de encabezados'],
      [Buffer.from('Nombre;Calle;Ciudad;Provincia;CP\n'), 'solo-cabecera.csv', {}, 400, 'El archivo no tiene filas de datos debajo de los encabezados'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'foto.csv', {}, 400, 'Tipo de archivo no admitido: sube un CSV o un XLSX'],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'viejo.xls', {}, 400, 'Los libros .xls antiguos no se admiten: guárdalo como .xlsx o como CSV'],
      [Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 1)]), 'roto.xlsx', {}, 400, 'No se ha podido leer el libro XLSX: puede estar dañado o protegido con contraseña'],
      [Buffer.from('Columna uno;Columna dos\nx;y\n'), 'raro.csv', {}, 400, 'No se ha reconocido qué contiene el archivo: indica si son inmuebles, unidades, inquilinos, contratos o saldos'],
      [Buffer.from('Nombre;Calle\nx;y\n'), 'x.csv', { entity: 'facturas' }, 400, 'Revisa los campos marcados'],
      [Buffer.from(`Nombre;Calle;Ciudad;Provincia;CP\n${'Casa;Calle;Madrid;Madrid;28013\n'.repeat(IMPORT_MAX_ROWS + 1)}`), 'enorme.csv', {}, 413, `El archivo tiene demasiadas filas (máximo ${(20000).toLocaleString('es-ES')})`],
      [Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41), 'grande.csv', {}, 413, 'El archivo es demasiado grande (máximo 10 MB)'],
    ];
    for (const [bytes, name, fields, status, message] of refusals) {
      const res = bytes.length ? await upload(agent, bytes, name, fields) : await agent.post('/api/imports').attach('file', bytes, name);
      expect({ name, status: res.status, message: res.body.message }).toEqual({ name, status, message });
    }
    await agent.post('/api/imports').send({ entity: 'properties' }).expect(400);
    expect(Number((await t.knex('imports').where({ userId: user.id }).count({ n: '*' }).first())!.n)).toBe(0);
  });
});

describe('PUT /api/imports/:id/mapping', () => {
  it('reads the rows again with the columns the user chose, and refuses a mapping that does not fit', async () => {
    const { agent } = await signedIn('propietario_individual');
    const csv = Buffer.from('Denominación;Vía pública;Sitio;Prov.;Código\nCasa Mapeada;Calle Luna;Sevilla;Sevilla;41001\n');
    const first = await preview(agent, csv, 'raro.csv', { entity: 'properties' });
    expect(first.sheets[0]!.mapping).toEqual(['propertyName', null, null, null, null]);
    expect(first.counts.invalid).toBe(1);
    expect(first.notices).toContain('Falta la columna obligatoria «Calle» en la hoja «raro»: asígnala a una columna del archivo');

    const mapping = ['propertyName', 'addressStreet', 'city', 'province', 'postalCode'];
    const fixed = ImportSchema.parse((await agent.put(`/api/imports/${first.id}/mapping`).send({ sheets: [{ name: 'raro', entity: 'properties', mapping }] }).expect(200)).body);
    expect(fixed.sheets[0]!.mapping).toEqual(mapping);
    expect(fixed.counts).toEqual({ total: 1, valid: 1, existing: 0, invalid: 0 });
    expect(fixed.notices).toEqual([]);
    expect(fixed.rows[0]!.values).toMatchObject({ propertyName: 'Casa Mapeada', addressStreet: 'Calle Luna', city: 'Sevilla', postalCode: '41001' });
    expect(ImportSchema.parse((await agent.get(`/api/imports/${first.id}`).expect(200)).body)).toEqual(fixed);

    const put = (body: object) => agent.put(`/api/imports/${first.id}/mapping`).send(body);
    const fieldsOf = async (body: object) => ErrorBodySchema.parse((await put(body).expect(400)).body).fields;
    expect(await fieldsOf({ sheets: [{ name: 'otra', entity: 'properties', mapping }] })).toEqual({ 'sheets.0.name': 'El archivo no tiene ninguna hoja con ese nombre' });
    expect(await fieldsOf({ sheets: [{ name: 'raro', entity: 'properties', mapping: ['propertyName'] }] })).toEqual({ 'sheets.0.mapping': 'Indica un campo (o ninguno) para cada columna de la hoja' });
    expect(await fieldsOf({ sheets: [{ name: 'raro', entity: 'properties', mapping: ['propertyName', 'rentAmount', null, null, null] }] })).toEqual({ 'sheets.0.mapping.1': 'Ese campo no existe para este tipo de datos' });
    expect(await fieldsOf({ sheets: [{ name: 'raro', entity: 'properties', mapping: ['city', 'city', null, null, null] }] })).toEqual({ 'sheets.0.mapping.1': 'Dos columnas no pueden ir al mismo campo' });
    expect(Object.keys((await fieldsOf({ sheets: [] })) ?? {})).toEqual(['sheets']);

    // Another entity for the sheet: its rows are read as that entity's.
    const asTenants = ImportSchema.parse((await put({ sheets: [{ name: 'raro', entity: 'tenants', mapping: ['firstName', null, null, null, null] }] }).expect(200)).body);
    expect(asTenants.rows[0]!.entity).toBe('tenants');
    expect(asTenants.rows[0]!.errors.map((e) => e.field)).toEqual(['lastName', 'email']);

    await t.knex('imports').where({ id: first.id }).update({ status: 'done' });
    const late = await put({ sheets: [{ name: 'raro', entity: 'properties', mapping }] }).expect(409);
    expect(ErrorBodySchema.parse(late.body).message).toBe('Esta importación ya no está en vista previa: su asignación de columnas no se puede cambiar');
    const audits = await t.knex('audit_log').where({ tableName: 'imports', recordId: String(first.id) }).orderBy('id').pluck('action');
    expect(audits).toEqual(['create', 'update', 'update']);
  });
});

describe('POST /api/imports/:id/commit', () => {
  /** The e2e's portfolio (issue 35): 3 properties, 6 units, 4 tenants, 4 contracts, and an opening balance, for `ownerEmail`'s account. */
  const portfolio = (ownerEmail: string) =>
    workbook([
      {
        name: 'Inmuebles',
        headers: ['Nombre', 'Calle', 'Ciudad', 'Provincia', 'Código postal', 'Email del propietario'],
        rows: [
          ['Edificio Alameda', 'Alameda Principal 1', 'Málaga', 'Málaga', '29001', ownerEmail],
          ['Casa Triana', 'Calle Betis 20', 'Sevilla', 'Sevilla', '41010', ownerEmail],
          ['Ático Ruzafa', 'Calle Sueca 5', 'Valencia', 'Valencia', '46006', ownerEmail],
        ],
      },
      {
        name: 'Unidades',
        headers: ['Inmueble', 'Unidad', 'Tipo', 'Renta base'],
        rows: [
          ['Edificio Alameda', '1º A', 'Vivienda completa', '900'],
          ['Edificio Alameda', '1º B', 'Vivienda completa', '850'],
          ['Edificio Alameda', 'Garaje 3', 'Plaza de garaje', '80'],
          ['Casa Triana', 'Casa', 'Vivienda completa', '1.200'],
          ['Ático Ruzafa', 'Habitación 1', 'Habitación', '400'],
          ['Ático Ruzafa', 'Habitación 2', 'Habitación', '420'],
        ],
      },
      {
        name: 'Inquilinos',
        headers: ['Nombre', 'Apellidos', 'Email', 'NIF'],
        rows: [
          ['Lola', 'Flores', `lola.${ownerEmail}`, '11111111H'],
          ['Paco', 'Lucía', `paco.${ownerEmail}`, '22222222J'],
          ['Rocío', 'Jurado', `rocio.${ownerEmail}`, '33333333P'],
          ['Camarón', 'Isla', `camaron.${ownerEmail}`, '44444444A'],
        ],
      },
      {
        name: 'Contratos',
        headers: ['Código', 'Inmueble', 'Unidad', 'Inquilinos', 'Fecha de inicio', 'Fecha de fin', 'Renta mensual', 'Estado'],
        rows: [
          [`AL-1A-${ownerEmail}`, 'Edificio Alameda', '1º A', '11111111H', '01/01/2025', '31/12/2029', '900', 'Activo'],
          [`AL-1B-${ownerEmail}`, 'Edificio Alameda', '1º B', '22222222J', '01/02/2025', '31/01/2030', '850', 'Activo'],
          [`TR-${ownerEmail}`, 'Casa Triana', 'Casa', `rocio.${ownerEmail}, 44444444A`, '01/03/2025', null, '1.200', 'Activo'],
          [`RZ-${ownerEmail}`, 'Ático Ruzafa', 'Habitación 1', '44444444A', '01/09/2026', '30/06/2027', '400', 'Pendiente'],
        ],
      },
      { name: 'Saldos', headers: ['Contrato', 'Fecha', 'Concepto', 'Importe', 'Tipo'], rows: [[`AL-1A-${ownerEmail}`, '31/12/2024', 'Fianza depositada', '900', 'Ingreso']] },
    ]);

  it('writes the valid rows for the agency, reports them, tells the importer’s tabs, and a second import of the file creates nothing', async () => {
    const agency = await buildAgency(t.knex);
    const { user: manager, agent } = await signedIn('admin_agencia', { agencyId: agency.id });
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual', email: 'duena.commit@ejemplo.es' });
    await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const bytes = await portfolio(owner.email);

    const first = await preview(agent, bytes, 'cartera.xlsx');
    expect(first.counts).toEqual({ total: 18, valid: 18, existing: 0, invalid: 0 });
    const started = await agent.post(`/api/imports/${first.id}/commit`).expect(202);
    expect(ImportSchema.parse(started.body).status).toBe('importing');
    await importJob(first.id);

    const done = ImportSchema.parse((await agent.get(`/api/imports/${first.id}`).expect(200)).body);
    expect(done.status).toBe('done');
    expect(done.progress).toEqual({ written: 18, toWrite: 18 });
    expect(done.report).toEqual({
      created: { properties: 3, units: 6, tenants: 4, contracts: 4, balances: 1 },
      existing: { properties: 0, units: 0, tenants: 0, contracts: 0, balances: 0 },
      invalid: { properties: 0, units: 0, tenants: 0, contracts: 0, balances: 0 },
      stoppedBecause: null,
    });
    expect(done.rows.every((r) => r.status === 'created')).toBe(true);

    // In the agency's lists, owned by the owner the rows named.
    const properties = (await agent.get('/api/properties?pageSize=100').expect(200)).body as { propertyName: string; ownerUserId: number; managerAgencyId: number }[];
    expect(properties.filter((p) => ['Edificio Alameda', 'Casa Triana', 'Ático Ruzafa'].includes(p.propertyName)).map((p) => [p.propertyName, p.ownerUserId, p.managerAgencyId]).sort()).toEqual([
      ['Casa Triana', owner.id, agency.id],
      ['Edificio Alameda', owner.id, agency.id],
      ['Ático Ruzafa', owner.id, agency.id],
    ]);
    const contracts = (await agent.get('/api/contracts?pageSize=100').expect(200)).body as { contract: { contractCode: string; status: string }; unit: { unitName: string } }[];
    expect(contracts.map((k) => k.contract.contractCode).sort()).toEqual([`AL-1A-${owner.email}`, `AL-1B-${owner.email}`, `RZ-${owner.email}`, `TR-${owner.email}`].sort());
    const triana = await t.knex('contracts').where({ contractCode: `TR-${owner.email}` }).first();
    // The new tenants get no account from the file: each is invited to the contract that names them
    // (by email, pending until they accept), as 'Invitar Inquilino' does (issue 30: their consent).
    expect(await t.knex('users').whereIn('email', [`rocio.${owner.email}`, `camaron.${owner.email}`])).toEqual([]);
    expect(await t.knex('tenants_contracts').where({ contractId: triana.id })).toEqual([]);
    const invited = await t.knex('tenant_invitations').where({ contractId: triana.id }).whereNull('acceptedAt').orderBy('id').pluck('email');
    expect(invited).toEqual([`rocio.${owner.email}`, `camaron.${owner.email}`]);
    // One mail per invitation (a person two contracts name is invited to each).
    const mails = Number((await t.knex('outbox_messages').where({ kind: 'tenant_invitation' }).whereIn('toAddress', invited).count({ n: '*' }).first())!.n);
    expect(mails).toBe(Number((await t.knex('tenant_invitations').whereIn('email', invited).count({ n: '*' }).first())!.n));
    expect(mails).toBeGreaterThanOrEqual(2);
    expect((await t.knex('rentable_units').where({ id: triana.rentableUnitId }).first()).currentStatus).toBe('Alquilado');
    const deposit = await t.knex('transactions').where({ description: 'Fianza depositada' }).whereIn('contractId', t.knex('contracts').select('id').where({ contractCode: `AL-1A-${owner.email}` })).first();
    expect(deposit).toMatchObject({ type: 'Ingreso', amount: '900.00', transactionDate: '2024-12-31' });
    // Each record audited as the manager's; the importer's tabs heard of every batch.
    expect(Number((await t.knex('audit_log').where({ userId: manager.id, action: 'create' }).whereIn('tableName', ['main_properties', 'rentable_units', 'users', 'contracts', 'transactions']).count({ n: '*' }).first())!.n)).toBe(14);
    const invitations = await t.knex('tenant_invitations').whereIn('contractId', t.knex('contracts').select('id').where('contractCode', 'like', `%-${owner.email}`)).count({ n: '*' }).first();
    expect(Number((await t.knex('audit_log').where({ userId: manager.id, action: 'create', tableName: 'tenant_invitations' }).count({ n: '*' }).first())!.n)).toBe(Number(invitations!.n));
    const events = await t.knex('live_events').where({ type: 'import.progress' }).whereRaw('? = any("recipientUserIds")', [manager.id]);
    expect(events.length).toBe(1 + 5 + 1);

    // The same file again: every row is the account's already.
    const again = await preview(agent, bytes, 'cartera.xlsx');
    expect(again.counts).toEqual({ total: 18, valid: 0, existing: 18, invalid: 0 });
    await agent.post(`/api/imports/${again.id}/commit`).expect(202);
    await importJob(again.id);
    const second = ImportSchema.parse((await agent.get(`/api/imports/${again.id}`).expect(200)).body);
    expect(second.report?.created).toEqual({ properties: 0, units: 0, tenants: 0, contracts: 0, balances: 0 });
    expect(second.report?.existing).toEqual({ properties: 3, units: 6, tenants: 4, contracts: 4, balances: 1 });

    await agent.post(`/api/imports/${first.id}/commit`).expect(409);
    await agent.post(`/api/imports/${first.id}/cancel`).expect(409);
    await (await signedIn('propietario_individual')).agent.post(`/api/imports/${again.id}/commit`).expect(404);
  });

  it('gives a file of tenants alone no accounts (people join by invitation): its contracts must come in the same workbook, and another file that names them finds nobody', async () => {
    const { user, agent } = await signedIn('propietario_individual');
    const property = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Casa por partes' });
    await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Única' });
    const tenants = await preview(agent, Buffer.from('Nombre;Apellidos;Email;NIF\nAna;Partes;ana.partes@ejemplo.es;55555555K\n'), 'inquilinos.csv');
    await agent.post(`/api/imports/${tenants.id}/commit`).expect(202);
    await importJob(tenants.id);
    expect(await t.knex('users').where({ email: 'ana.partes@ejemplo.es' })).toEqual([]);
    const contracts = await preview(agent, Buffer.from('Código;Inmueble;Unidad;Inquilinos;Fecha de inicio;Renta mensual\nPARTES-1;Casa por partes;Única;55555555K;01/01/2026;700\n'), 'contratos.csv');
    expect(contracts.rows[0]!.errors.map((e) => e.message)).toEqual(['Inquilinos: No hay ningún inquilino con NIF/NIE «55555555K» en el archivo ni en tu cartera']);
  });

  it('stops a cancelled import before its next batch: the batches written stay whole, the rest is not written', async () => {
    const { user, agent } = await signedIn('propietario_individual');
    const rows = Array.from({ length: 9 }, (_, i) => [`Casa Cancelada ${i}`, 'Calle', 'Madrid', 'Madrid', '28013']);
    const p = await preview(agent, await workbook([{ name: 'Inmuebles', headers: ['Nombre', 'Calle', 'Ciudad', 'Provincia', 'CP'], rows }]), 'c.xlsx');
    expect(p.counts.valid).toBe(9);
    await t.knex.transaction((trx) => startImportCommit(trx, user, p.id));
    await runImportCommit(t.knex, p.id, user.id, {
      batchRows: 2,
      beforeBatch: async (batch) => {
        if (batch === 2) await agent.post(`/api/imports/${p.id}/cancel`).expect(200);
      },
    });
    const after = ImportSchema.parse((await agent.get(`/api/imports/${p.id}`).expect(200)).body);
    expect(after.status).toBe('cancelled');
    expect(after.progress.written).toBe(4);
    expect(after.report).toMatchObject({ created: { properties: 4 }, stoppedBecause: 'Importación cancelada: las filas ya escritas se quedan, las demás no se han importado' });
    expect(after.rows.map((r) => r.status)).toEqual(['created', 'created', 'created', 'created', 'valid', 'valid', 'valid', 'valid', 'valid']);
    expect(await t.knex('main_properties').where({ ownerUserId: user.id }).orderBy('id').pluck('propertyName')).toEqual(['Casa Cancelada 0', 'Casa Cancelada 1', 'Casa Cancelada 2', 'Casa Cancelada 3']);
  });

  it('rolls a failing batch back whole and ends the import failed', async () => {
    const { user, agent } = await signedIn('propietario_individual');
    const ref = (n: number) => `${n}${n}${n}${n}${n}${n}${n}VK4713S00${10 + n}`;
    const rows = [1, 2, 3, 4].map((n) => [`Casa Fallida ${n}`, 'Calle', 'Madrid', 'Madrid', '28013', `${ref(n)}${catastralControlLetters(ref(n))}`]);
    const p = await preview(agent, await workbook([{ name: 'Inmuebles', headers: ['Nombre', 'Calle', 'Ciudad', 'Provincia', 'CP', 'Referencia catastral'], rows }]), 'f.xlsx');
    expect(p.counts.valid).toBe(4);
    const stranger = await buildUser(t.knex, { roleName: 'propietario_individual' });
    await t.knex.transaction((trx) => startImportCommit(trx, user, p.id));
    await runImportCommit(t.knex, p.id, user.id, {
      batchRows: 2,
      // Someone else takes the 4th referencia catastral between the check and the second batch.
      beforeBatch: async (batch) => {
        if (batch === 1) await buildProperty(t.knex, { ownerUserId: stranger.id, refCatastral: rows[3]![5] as string });
      },
    });
    const after = ImportSchema.parse((await agent.get(`/api/imports/${p.id}`).expect(200)).body);
    expect(after.status).toBe('failed');
    expect(after.report).toMatchObject({ created: { properties: 2 }, stoppedBecause: expect.stringContaining('error inesperado') });
    expect(await t.knex('main_properties').where({ ownerUserId: user.id }).orderBy('id').pluck('propertyName')).toEqual(['Casa Fallida 1', 'Casa Fallida 2']);
  });
});

describe('GET /api/imports', () => {
  const oneProperty = (name: string) => Buffer.from(`Nombre;Calle;Ciudad;Provincia;Código postal\n${name};Calle Mayor 1;Madrid;Madrid;28013\n`);

  it("lists the user's own imports newest first, paged with X-Total-Count, filtered by status, without their rows", async () => {
    const { agent } = await signedIn('propietario_individual');
    const { agent: other } = await signedIn('propietario_individual');
    await preview(other, oneProperty('Casa Ajena'), 'ajena.csv');
    const first = await preview(agent, oneProperty('Casa Lista 1'), 'lista-1.csv');
    const second = await preview(agent, oneProperty('Casa Lista 2'), 'lista-2.csv');
    const third = await preview(agent, oneProperty('Casa Lista 3'), 'lista-3.csv');
    await agent.post(`/api/imports/${second.id}/cancel`).expect(200);

    const res = await agent.get('/api/imports?pageSize=2').expect(200);
    expect(res.headers['x-total-count']).toBe('3');
    const page1 = ImportSummarySchema.array().parse(res.body);
    expect(page1.map((i) => i.fileName)).toEqual(['lista-3.csv', 'lista-2.csv']);
    expect(res.body[0]).not.toHaveProperty('rows');
    expect(page1[0]).toMatchObject({ id: third.id, status: 'preview', counts: { total: 1, valid: 1 } });
    const page2 = await agent.get('/api/imports?pageSize=2&page=2').expect(200);
    expect(page2.body.map((i: { id: number }) => i.id)).toEqual([first.id]);

    const oldest = await agent.get('/api/imports?sort=createdAt').expect(200);
    expect(oldest.body.map((i: { id: number }) => i.id)).toEqual([first.id, second.id, third.id]);
    const cancelled = await agent.get('/api/imports?status=cancelled').expect(200);
    expect(cancelled.headers['x-total-count']).toBe('1');
    expect(cancelled.body.map((i: { id: number }) => i.id)).toEqual([second.id]);
  });

  it('refuses an unknown sort or status (400 naming it), other roles (403) and anonymous callers (401)', async () => {
    const { agent } = await signedIn('propietario_individual');
    const sort = await agent.get('/api/imports?sort=fileName').expect(400);
    expect(ErrorBodySchema.parse(sort.body).fields).toHaveProperty('sort');
    const status = await agent.get('/api/imports?status=borrado').expect(400);
    expect(ErrorBodySchema.parse(status.body).fields).toEqual({ status: 'Estado de importación no válido' });
    const { agent: tenant } = await signedIn('inquilino');
    await tenant.get('/api/imports').expect(403);
    await t.request().get('/api/imports').expect(401);
  });
});

describe('an import whose job stopped with its process', () => {
  it('ends failed once it has not moved for IMPORT_STALE_MINUTES, reporting the batches written; a re-import writes only the rest', async () => {
    const { user, agent } = await signedIn('propietario_individual');
    const rows = [1, 2, 3, 4].map((n) => [`Casa Interrumpida ${n}`, 'Calle', 'Madrid', 'Madrid', '28013']);
    const file = await workbook([{ name: 'Inmuebles', headers: ['Nombre', 'Calle', 'Ciudad', 'Provincia', 'CP'], rows }]);
    const p = await preview(agent, file, 'i.xlsx');
    const fresh = await preview(agent, file, 'sin-empezar.xlsx');
    await t.knex.transaction((trx) => startImportCommit(trx, user, p.id));
    await t.knex.transaction((trx) => startImportCommit(trx, user, fresh.id));

    // The job writes its first batch, then its process hangs (as one killed between two batches).
    let resume!: () => void;
    const hung = new Promise<void>((resolve) => (resume = resolve));
    let reachedSecondBatch!: () => void;
    const atSecondBatch = new Promise<void>((resolve) => (reachedSecondBatch = resolve));
    const job = runImportCommit(t.knex, p.id, user.id, {
      batchRows: 2,
      beforeBatch: async (batch) => {
        if (batch === 1) {
          reachedSecondBatch();
          await hung;
        }
      },
    });
    await atSecondBatch;

    // Moving now, or just under the limit: left alone.
    expect(await failInterruptedImports(t.knex)).toBe(0);
    const stale = new Date(Date.now() - IMPORT_STALE_MINUTES * 60_000 - 1000);
    await t.knex('imports').where({ id: p.id }).update({ updatedAt: stale });
    await t.knex('imports').where({ id: fresh.id }).update({ updatedAt: new Date(Date.now() - (IMPORT_STALE_MINUTES - 1) * 60_000) });
    expect(await failInterruptedImports(t.knex)).toBe(1);
    expect(await failInterruptedImports(t.knex)).toBe(0);

    const ended = ImportSchema.parse((await agent.get(`/api/imports/${p.id}`).expect(200)).body);
    expect(ended.status).toBe('failed');
    expect(ended.finishedAt).not.toBeNull();
    expect(ended.report).toEqual({
      created: { properties: 2, units: 0, tenants: 0, contracts: 0, balances: 0 },
      existing: { properties: 0, units: 0, tenants: 0, contracts: 0, balances: 0 },
      invalid: { properties: 0, units: 0, tenants: 0, contracts: 0, balances: 0 },
      stoppedBecause: IMPORT_MESSAGES.interrupted,
    });
    expect((await agent.get(`/api/imports/${fresh.id}`).expect(200)).body.status).toBe('importing');
    const audited = await t.knex('audit_log').where({ tableName: 'imports', recordId: p.id }).orderBy('id', 'desc').first();
    expect(audited).toMatchObject({ userId: null, action: 'update' });

    // The hung job wakes up: it writes nothing more and leaves the import as the sweep ended it.
    resume();
    await job;
    expect(ImportSchema.parse((await agent.get(`/api/imports/${p.id}`).expect(200)).body).report?.stoppedBecause).toBe(IMPORT_MESSAGES.interrupted);
    expect(await t.knex('main_properties').where({ ownerUserId: user.id }).orderBy('id').pluck('propertyName')).toEqual(['Casa Interrumpida 1', 'Casa Interrumpida 2']);

    const again = await preview(agent, file, 'i.xlsx');
    expect(again.rows.map((r) => r.status)).toEqual(['existing', 'existing', 'valid', 'valid']);
  });
});
