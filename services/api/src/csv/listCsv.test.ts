import type { Readable } from 'node:stream';
import { PageQuerySchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import type { RoleName } from '@arrendia/permissions';
import type supertest from 'supertest';
import type { Ctx } from '../context';
import { listSource } from '../pagination';
import { buildAgency, buildContract, buildIncident, buildLead, buildProperty, buildTransaction, buildUnit, buildUser, signIn } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { csvCell, csvLine, csvMoney, CsvNumber } from './format';
import { listCsv } from './listCsv';
import { CSV_BATCH_ROWS } from './send';
import * as SHEETS from './sheets';
import { sheetLines, type CsvSheet } from './sheet';

// The lists' CSVs (issue 35): each list's rows under its filters, every page, formatted for Spanish
// Excel, within the caller's scope. Agency X manages owner Olga's '=Ático Fórmula'; owner Bruno's
// 'Casa Ajena' is nobody's business here but Bruno's.

let t: TestApp;
const ids: Record<string, number> = {};
const clients: Record<string, supertest.Agent> = {};

beforeAll(async () => {
  t = await startTestApp();
  const k = t.knex;
  const agencyX = await buildAgency(k, { nombreAgencia: 'Agencia Centro' });
  const agencyY = await buildAgency(k, { nombreAgencia: 'Agencia Norte' });
  const manager = await buildUser(k, { roleName: 'admin_agencia', agencyId: agencyX.id, firstName: 'Marta', lastName: 'Gestora' });
  const agent = await buildUser(k, { roleName: 'agente', agencyId: agencyX.id, firstName: 'Pablo', lastName: 'Agente' });
  const agentY = await buildUser(k, { roleName: 'agente', agencyId: agencyY.id, firstName: 'Yago', lastName: 'Norte' });
  const olga = await buildUser(k, { firstName: 'Olga', lastName: 'Prieto', email: 'olga.prieto@prueba.arrendia.es' });
  await k('users').where({ id: olga.id }).update({ createdAt: '2026-02-01T10:00:00Z' });
  const bruno = await buildUser(k, { firstName: 'Bruno', lastName: 'Ajeno' });
  const tomas = await buildUser(k, { roleName: 'inquilino', firstName: 'Tomás', lastName: 'Rey', email: 'tomas.rey@prueba.arrendia.es' });
  await k('users').where({ id: tomas.id }).update({ telefono: '600111222' });
  const ulises = await buildUser(k, { roleName: 'inquilino', firstName: 'Ulises', lastName: 'Antiguo' });
  const berta = await buildUser(k, { roleName: 'inquilino', firstName: 'Berta', lastName: 'Vecina' });
  const admin = await buildUser(k, { roleName: 'super_admin' });

  const pa = await buildProperty(k, { ownerUserId: olga.id, managerAgencyId: agencyX.id, propertyName: '=Ático Fórmula' });
  const pa2 = await buildProperty(k, { ownerUserId: olga.id, managerAgencyId: agencyX.id, propertyName: 'Bajo Archivado', isArchived: true });
  const pb = await buildProperty(k, { ownerUserId: bruno.id, propertyName: 'Casa Ajena' });
  await k('main_properties').where({ id: pa.id }).update({ addressNumber: '12', createdAt: '2026-03-05T10:00:00Z' });
  await k('main_properties').where({ id: pa2.id }).update({ createdAt: '2026-03-06T10:00:00Z' });
  const ua = await buildUnit(k, { mainPropertyId: pa.id, unitName: 'Puerta 1', baseRentPrice: '1234.56', currentStatus: 'Alquilado' });
  const ua2 = await buildUnit(k, { mainPropertyId: pa.id, unitName: 'Puerta 2' });
  const ub = await buildUnit(k, { mainPropertyId: pb.id, unitName: 'Ajena 1', currentStatus: 'Alquilado' });
  const ca = await buildContract(k, { rentableUnitId: ua.id, tenantUserIds: [tomas.id], contractCode: 'CSV-A-1', rentAmount: '1234.56', paymentDay: 5 });
  await buildContract(k, { rentableUnitId: ua2.id, tenantUserIds: [ulises.id], contractCode: 'CSV-A-2', status: 'Finalizado', startDate: '2025-01-01', endDate: '2025-12-31' });
  const cb = await buildContract(k, { rentableUnitId: ub.id, tenantUserIds: [berta.id], contractCode: 'CSV-B-1' });

  await buildTransaction(k, { mainPropertyId: pa.id, contractId: ca.id, amount: '1234.56', transactionDate: '2026-03-05' });
  const ta2 = await buildTransaction(k, { mainPropertyId: pa.id, type: 'Gasto', amount: '80.00', transactionDate: '2026-03-06' });
  const tb = await buildTransaction(k, { mainPropertyId: pb.id, transactionDate: '2026-03-07' });
  await k('transactions').where({ id: ta2.id }).update({ description: '-80 fontanero' });
  await k('transactions').where({ id: tb.id }).update({ description: 'Cobro ajeno' });

  const charge = (contractId: number, period: string, status: string, reference: string) =>
    k('rent_charges').insert({ contractId, period, dueDate: `${period}-05`, amount: '1234.56', status, reference });
  await charge(ca.id, '2026-03', 'Pagado', 'ARR-CSV-A-202603');
  await charge(ca.id, '2026-04', 'Pendiente', 'ARR-CSV-A-202604');
  await charge(cb.id, '2026-03', 'Pendiente', 'ARR-CSV-B-1-202603');

  await buildIncident(k, { rentableUnitId: ua.id, contractId: ca.id, reportedByUserId: tomas.id, title: 'Fuga en la cocina', priority: 'Alta', createdAt: new Date('2026-03-10T10:00:00Z') });
  await buildIncident(k, { rentableUnitId: ua2.id, title: 'Persiana rota', status: 'Cerrada', createdAt: new Date('2026-03-11T10:00:00Z') });
  await buildIncident(k, { rentableUnitId: ub.id, contractId: cb.id, reportedByUserId: berta.id, title: 'Avería ajena', createdAt: new Date('2026-03-12T10:00:00Z') });

  const document = (input: Record<string, unknown>) => k('documents').insert({ filePath: `csv-${Math.random()}`, fileType: 'application/pdf', uploadedByUserId: olga.id, ...input });
  await document({ fileName: '@informe.pdf', category: 'factura', description: 'Factura; agua "marzo"', fileSizeKb: 120, createdAt: '2026-03-31T22:30:00Z', relatedEntityType: 'property', relatedEntityId: pa.id });
  await document({ fileName: 'contrato.pdf', category: 'contrato', fileSizeKb: 300, createdAt: '2026-03-01T10:00:00Z', relatedEntityType: 'contract', relatedEntityId: ca.id });
  await document({ fileName: 'ajeno.pdf', category: 'factura', fileSizeKb: 10, createdAt: '2026-03-15T10:00:00Z', relatedEntityType: 'property', relatedEntityId: pb.id, uploadedByUserId: bruno.id });

  // Olga never signs in: the users' CSV shows her 'Último acceso' as 'Nunca'.
  for (const [key, user] of Object.entries({ manager, bruno, tomas, admin })) clients[key] = await signIn(t, user);
  const sol = await clients.manager.post('/api/providers').send({ name: 'Fontanería Sol SL', trade: 'Fontanería', nifCif: 'B12345674', telefono: '600222333', email: 'sol@example.com' }).expect(201);
  const luna = await clients.manager.post('/api/providers').send({ name: 'Pinturas Luna', trade: 'Pintura', nifCif: '12345678Z' }).expect(201);
  await clients.manager.patch(`/api/providers/${luna.body.id}`).send({ isActive: false }).expect(200);
  await clients.bruno.post('/api/providers').send({ name: 'Proveedor Ajeno', trade: 'Pintura', nifCif: '87654321X' }).expect(201);
  await clients.manager
    .post('/api/maintenance/tasks')
    .send({ title: 'Revisar caldera', mainPropertyId: pa.id, rentableUnitId: ua.id, providerId: sol.body.id, scheduledDate: '2026-11-20', cost: 150.5, notes: '=SUMA(A1)' })
    .expect(201);
  await clients.manager.post('/api/maintenance/tasks').send({ title: 'Pintar fachada', mainPropertyId: pa.id, scheduledDate: '2026-12-01' }).expect(201);
  await clients.bruno.post('/api/maintenance/tasks').send({ title: 'Tarea ajena', mainPropertyId: pb.id, scheduledDate: '2026-11-25' }).expect(201);

  const lucia = await buildLead(k, { rentableUnitId: ua2.id, agencyId: agencyX.id, assignedAgentUserId: agent.id, name: 'Lucía Pérez' });
  await k('leads').where({ id: lucia.id }).update({ email: 'lucia@example.com', phone: '611222333', message: 'Hola; ¿sigue libre?', createdAt: '2026-03-12T09:15:00Z' });
  await k('unit_listings').where({ id: lucia.listingId }).update({ title: 'Piso luminoso en Chamberí' });
  await buildLead(k, { rentableUnitId: ua2.id, agencyId: agencyX.id, name: 'Mario Gil', status: 'Descartado' });
  await buildLead(k, { rentableUnitId: ub.id, recipientUserId: bruno.id, name: 'Lead Ajeno' });

  const visit = (contactName: string, rentableUnitId: number, agentUserId: number, startsAt: string, status = 'Programada') =>
    k('visits').insert({ contactName, contactPhone: '622333444', rentableUnitId, agentUserId, startsAt, endsAt: new Date(new Date(startsAt).getTime() + 30 * 60_000).toISOString(), status });
  await visit('Clara Sanz', ua2.id, agent.id, '2026-05-04T08:00:00Z');
  await visit('Diego Mora', ua2.id, agent.id, '2026-05-06T08:00:00Z', 'Cancelada');
  await visit('Visita Ajena', ub.id, agentY.id, '2026-05-05T08:00:00Z');

  Object.assign(ids, { pa: pa.id, pb: pb.id });
});
afterAll(() => t.close());

/** The CSV's bytes as they came, BOM included. */
const download = (client: supertest.Agent, url: string) =>
  client
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

/** The file's text after its BOM, and its lines (the header first, the empty string after the last CRLF dropped). */
async function csvOf(client: supertest.Agent, url: string) {
  const res = await download(client, url).expect(200);
  const bytes = res.body as Buffer;
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return { res, text, lines: text.slice(0, -2).split('\r\n') };
}

/** Every page of the list's JSON for `query`, in its order. */
async function everyItem(client: supertest.Agent, path: string, query: string): Promise<unknown[]> {
  const items: unknown[] = [];
  for (let page = 1; ; page += 1) {
    const res = await client.get(`${path}?${query}${query ? '&' : ''}page=${page}&pageSize=100`).expect(200);
    items.push(...(res.body as unknown[]));
    if ((res.body as unknown[]).length < 100) return items;
  }
}

interface ListCase {
  path: string;
  sheet: CsvSheet<never>;
  /** Who exports it. */
  as: string;
  header: string;
  /** A query whose CSV is exactly `row`. */
  filter: string;
  row: string;
  /** An order the list offers, for the comparison with its pages. */
  sort: string;
  /** Text of another owner's (or agency's) row: never in the caller's file. */
  foreign: string | null;
  /** A role the list refuses (403); null when every role may read it (its rows are scoped instead). */
  forbidden: RoleName | null;
}

const CASES: Record<string, ListCase> = {
  propiedades: {
    path: '/api/properties',
    sheet: SHEETS.PROPERTIES_SHEET as CsvSheet<never>,
    as: 'manager',
    header: 'Propiedad;Dirección;Código postal;Ciudad;Provincia;Referencia catastral;Superficie (m²);Año de construcción;Unidades;Unidades alquiladas;Renta mensual;Estado;Alta',
    filter: 'archived=false',
    row: "'=Ático Fórmula;Calle de Fuencarral 12;28004;Madrid;Madrid;;85,50;;2;1;2184,56;Activa;05/03/2026",
    sort: 'sort=propertyName',
    foreign: 'Casa Ajena',
    forbidden: 'inquilino',
  },
  unidades: {
    path: '/api/units',
    sheet: SHEETS.UNITS_SHEET as CsvSheet<never>,
    as: 'manager',
    header: 'Propiedad;Unidad;Tipo;Estado;Renta mensual;Contrato activo',
    filter: 'status=Alquilado',
    row: "'=Ático Fórmula;Puerta 1;Vivienda completa;Alquilado;1234,56;Sí",
    sort: 'sort=-baseRentPrice',
    foreign: 'Ajena 1',
    forbidden: 'inquilino',
  },
  contratos: {
    path: '/api/contracts',
    sheet: SHEETS.CONTRACTS_SHEET as CsvSheet<never>,
    as: 'manager',
    header: 'Código;Propiedad;Unidad;Estado;Inicio;Fin;Renta mensual;Día de pago;Fianza;Estado de la fianza',
    filter: 'status=Activo',
    row: "CSV-A-1;'=Ático Fórmula;Puerta 1;Activo;01/01/2026;31/12/2026;1234,56;5;1234,56;Pendiente",
    sort: 'sort=contractCode',
    foreign: 'CSV-B-1',
    forbidden: null,
  },
  inquilinos: {
    path: '/api/tenants',
    sheet: SHEETS.TENANTS_SHEET as CsvSheet<never>,
    as: 'manager',
    header: 'Inquilino;Email;Teléfono;Propiedad;Unidad;Contrato;Estado;Renta mensual;Inicio',
    filter: 'status=Activo',
    row: "Tomás Rey;tomas.rey@prueba.arrendia.es;600 111 222;'=Ático Fórmula;Puerta 1;CSV-A-1;Activo;1234,56;01/01/2026",
    sort: 'sort=-startDate',
    foreign: 'Berta',
    forbidden: 'inquilino',
  },
  transacciones: {
    path: '/api/transactions',
    sheet: SHEETS.TRANSACTIONS_SHEET as CsvSheet<never>,
    as: 'manager',
    header: 'Fecha;Tipo;Categoría;Descripción;Importe;Método de pago;Estado',
    filter: 'type=Gasto',
    row: "06/03/2026;Gasto;Reparaciones;'-80 fontanero;80,00;;Completado",
    sort: 'sort=amount',
    foreign: 'Cobro ajeno',
    forbidden: 'agente',
  },
  recibos: {
    path: '/api/rent-charges',
    sheet: SHEETS.RENT_CHARGES_SHEET as CsvSheet<never>,
    as: 'manager',
    header: 'Mes;Contrato;Propiedad;Unidad;Inquilino;Importe;Vence;Estado;Referencia',
    filter: 'status=Pagado',
    row: "2026-03;CSV-A-1;'=Ático Fórmula;Puerta 1;Tomás Rey;1234,56;05/03/2026;Al día;ARR-CSV-A-202603",
    sort: 'sort=dueDate',
    foreign: 'CSV-B-1',
    forbidden: null,
  },
  incidencias: {
    path: '/api/incidents',
    sheet: SHEETS.INCIDENTS_SHEET as CsvSheet<never>,
    as: 'manager',
    header: 'Título;Categoría;Prioridad;Estado;Propiedad;Unidad;Reportada por;Fecha;Última actualización',
    filter: 'status=Abierta',
    row: "Fuga en la cocina;Fontanería;Alta;Abierta;'=Ático Fórmula;Puerta 1;Tomás Rey;10/03/2026;10/03/2026",
    sort: 'sort=title',
    foreign: 'Avería ajena',
    forbidden: null,
  },
  documentos: {
    path: '/api/documents',
    sheet: SHEETS.DOCUMENTS_SHEET as CsvSheet<never>,
    as: 'manager',
    header: 'Nombre;Descripción;Categoría;Vinculado a;Tipo;Tamaño (KB);Subido;Subido por',
    filter: 'category=factura',
    row: `'@informe.pdf;"Factura; agua ""marzo""";Factura;Propiedad · =Ático Fórmula;PDF;120;01/04/2026 00:30;Olga Prieto`,
    sort: 'sort=fileName',
    foreign: 'ajeno.pdf',
    forbidden: 'inquilino',
  },
  'tareas-mantenimiento': {
    path: '/api/maintenance/tasks',
    sheet: SHEETS.MAINTENANCE_TASKS_SHEET as CsvSheet<never>,
    as: 'manager',
    header: 'Tarea;Tipo;Estado;Propiedad;Unidad;Fecha;Proveedor;Coste;Incidencia;Notas',
    filter: 'q=caldera',
    row: "Revisar caldera;Correctivo;Programado;'=Ático Fórmula;Puerta 1;20/11/2026;Fontanería Sol SL;150,50;;'=SUMA(A1)",
    sort: 'sort=-scheduledDate',
    foreign: 'Tarea ajena',
    forbidden: 'inquilino',
  },
  proveedores: {
    path: '/api/providers',
    sheet: SHEETS.PROVIDERS_SHEET as CsvSheet<never>,
    as: 'manager',
    header: 'Proveedor;Oficio;NIF/CIF;Teléfono;Email;Estado',
    filter: 'active=true',
    row: 'Fontanería Sol SL;Fontanería;B12345674;600 222 333;sol@example.com;Activo',
    sort: 'sort=-name',
    foreign: 'Proveedor Ajeno',
    forbidden: 'inquilino',
  },
  'clientes-potenciales': {
    path: '/api/leads',
    sheet: SHEETS.LEADS_SHEET as CsvSheet<never>,
    as: 'manager',
    header: 'Nombre;Email;Teléfono;Interesado en;Propiedad;Unidad;Estado;Prioridad;Agente asignado;Recibido;Mensaje',
    filter: 'status=Nuevo',
    row: `Lucía Pérez;lucia@example.com;611 222 333;Piso luminoso en Chamberí;'=Ático Fórmula;Puerta 2;Nuevo;Media;Pablo Agente;12/03/2026 10:15;"Hola; ¿sigue libre?"`,
    sort: 'sort=name',
    foreign: 'Lead Ajeno',
    forbidden: 'inquilino',
  },
  visitas: {
    path: '/api/visits',
    sheet: SHEETS.VISITS_SHEET as CsvSheet<never>,
    as: 'manager',
    header: 'Fecha;Hasta;Contacto;Teléfono;Email;Propiedad;Unidad;Dirección;Tipo;Estado;Agente;Notas',
    filter: 'status=Programada',
    row: "04/05/2026 10:00;04/05/2026 10:30;Clara Sanz;622 333 444;;'=Ático Fórmula;Puerta 2;Calle de Fuencarral 12, Madrid;Primera visita;Programada;Pablo Agente;",
    sort: 'sort=-startsAt',
    foreign: 'Visita Ajena',
    forbidden: 'propietario_individual',
  },
  usuarios: {
    path: '/api/users',
    sheet: SHEETS.USERS_SHEET as CsvSheet<never>,
    as: 'admin',
    header: 'Nombre;Email;Teléfono;Rol;Agencia;Estado;Último acceso;Alta',
    filter: 'q=olga.prieto',
    row: 'Olga Prieto;olga.prieto@prueba.arrendia.es;;Propietario Individual;;Activo;Nunca;01/02/2026',
    sort: 'sort=email',
    foreign: null,
    forbidden: 'admin_agencia',
  },
};

describe.each(Object.entries(CASES))('GET <list>.csv: %s', (name, list) => {
  const client = () => clients[list.as];

  it(`is a download for Spanish Excel: BOM, '${name}-<today>.csv', the screen's Spanish headers`, async () => {
    const { res, lines } = await csvOf(client(), `${list.path}.csv`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}-${todayIso()}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-truncated']).toBeUndefined();
    expect(lines[0]).toBe(list.header);
  });

  it('writes a row formatted es-ES (dd/MM/yyyy, decimal comma, no €), formula cells neutralised, and nothing outside the scope', async () => {
    const { lines } = await csvOf(client(), `${list.path}.csv`);
    expect(lines).toContain(list.row);
    if (list.foreign) expect(lines.join('\n')).not.toContain(list.foreign);
  });

  it("holds exactly the rows the list's filter leaves, and ignores page and pageSize", async () => {
    const { lines } = await csvOf(client(), `${list.path}.csv?${list.filter}&page=2&pageSize=1`);
    expect(lines).toEqual([list.header, list.row]);
  });

  it("is the list's every page, in the list's order, under its filter and its sort", async () => {
    for (const query of [list.sort, list.filter]) {
      const { text } = await csvOf(client(), `${list.path}.csv?${query}`);
      const items = await everyItem(client(), list.path, query);
      expect(items.length).toBeGreaterThan(0);
      expect(text).toBe(`${csvLine(list.header.split(';'))}${sheetLines(list.sheet, items as never[])}`);
    }
  });

  it("refuses what the list refuses: an invalid filter (400), a role without the list (403), nobody signed in (401)", async () => {
    const invalid = await client().get(`${list.path}.csv?sort=nada`).expect(400);
    expect(invalid.body).toMatchObject({ error: 'validation_error', fields: { sort: 'Campo de ordenación no válido' } });
    expect((await t.request().get(`${list.path}.csv`).expect(401)).body.error).toBe('unauthorized');
    if (list.forbidden) {
      const outsider = await signIn(t, await buildUser(t.knex, { roleName: list.forbidden }));
      expect((await outsider.get(`${list.path}.csv`).expect(403)).body).toEqual({ error: 'forbidden', message: 'No tienes permiso para realizar esta acción' });
    }
  });
});

describe('GET /api/properties/:id/units.csv', () => {
  it("is the property's units under the list's filter; another owner's property is 404", async () => {
    const { res, lines } = await csvOf(clients.manager, `/api/properties/${ids.pa}/units.csv?status=Alquilado`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="unidades-${todayIso()}.csv"`);
    expect(lines).toEqual(['Unidad;Tipo;Superficie (m²);Estado;Renta mensual;Contrato;Anuncio;Archivada', 'Puerta 1;Vivienda completa;;Alquilado;1234,56;CSV-A-1;;No']);
    const all = await csvOf(clients.manager, `/api/properties/${ids.pa}/units.csv?sort=unitName`);
    expect(all.text).toBe(`${all.lines[0]}\r\n${sheetLines(SHEETS.PROPERTY_UNITS_SHEET, (await everyItem(clients.manager, `/api/properties/${ids.pa}/units`, 'sort=unitName')) as never[])}`);
    expect(all.lines).toHaveLength(3);
    expect((await clients.manager.get(`/api/properties/${ids.pb}/units.csv`).expect(404)).body.error).toBe('not_found');
  });
});

describe("a tenant's CSVs", () => {
  it('hold its own rent charges and incidents, not its neighbours', async () => {
    const charges = await csvOf(clients.tomas, '/api/rent-charges.csv');
    expect(charges.lines.slice(1).map((l) => l.split(';')[8])).toEqual(['ARR-CSV-A-202604', 'ARR-CSV-A-202603']);
    expect(charges.lines[1]).toBe("2026-04;CSV-A-1;'=Ático Fórmula;Puerta 1;Tomás Rey;1234,56;05/04/2026;Vencido;ARR-CSV-A-202604");
    const incidents = await csvOf(clients.tomas, '/api/incidents.csv');
    expect(incidents.lines.slice(1).map((l) => l.split(';')[0])).toEqual(['Fuga en la cocina']);
    expect((await clients.tomas.get('/api/properties.csv').expect(403)).body.error).toBe('forbidden');
  });
});

describe('a CSV bigger than one batch', () => {
  it("streams every row once, in the list's order, across batches (ties broken by id)", async () => {
    const owner = await buildUser(t.knex, { firstName: 'Carmen' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const total = CSV_BATCH_ROWS + 57;
    // Three incidents a second: the order's ties are many, and each batch must continue after the last.
    await t.knex.raw(
      `insert into incidents ("rentableUnitId", "incidentCategory", "title", "description", "status", "priority", "createdAt", "updatedAt")
       select ?, 'Otros', 'Lote ' || i, 'x', 'Abierta', 'Media', timestamptz '2026-06-01 10:00:00+00' + ((i / 3) * interval '1 second'), now()
       from generate_series(1, ?) as i`,
      [unit.id, total],
    );
    const client = await signIn(t, owner);

    const { lines } = await csvOf(client, '/api/incidents.csv');
    const listed = (await everyItem(client, '/api/incidents', '')) as { incident: { title: string } }[];

    expect(lines).toHaveLength(total + 1);
    expect(new Set(lines.slice(1)).size).toBe(total);
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(listed.map((i) => i.incident.title));
  });

  it('stops at the cap and says where in X-Truncated', async () => {
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    await t.knex.raw(
      `insert into transactions ("mainPropertyId", "type", "amount", "transactionDate", "status")
       select ?, 'Ingreso', i, date '2026-01-01' + i, 'Completado' from generate_series(1, ?) as i`,
      [property.id, CSV_BATCH_ROWS + 20],
    );
    const sheet: CsvSheet<{ amount: string }> = { name: 'prueba', columns: [{ header: 'Importe', value: (r) => csvMoney(r.amount) }] };
    const run = async (maxRows: number) => {
      const headers: Record<string, string> = {};
      const ctx = { knex: t.knex, query: {}, set: (k: string, v: string) => void (headers[k] = v) } as unknown as Ctx;
      const rows = () => t.knex('transactions').where({ mainPropertyId: property.id }).orderBy('id').select('id', 'amount');
      await listCsv(PageQuerySchema, sheet, () => listSource(rows(), (r: { amount: string }[]) => r), maxRows)(ctx);
      let text = '';
      for await (const chunk of ctx.body as Readable) text += chunk;
      return { headers, lines: text.trimEnd().split('\r\n').slice(1) };
    };

    const cut = await run(CSV_BATCH_ROWS + 7);
    expect(cut.headers['X-Truncated']).toBe(String(CSV_BATCH_ROWS + 7));
    expect(cut.lines).toHaveLength(CSV_BATCH_ROWS + 7);
    expect(cut.lines.slice(-2)).toEqual([`${CSV_BATCH_ROWS + 6},00`, `${CSV_BATCH_ROWS + 7},00`]);
    const whole = await run(CSV_BATCH_ROWS + 20);
    expect(whole.headers['X-Truncated']).toBeUndefined();
    expect(whole.lines).toHaveLength(CSV_BATCH_ROWS + 20);
  });
});

describe('csv/format', () => {
  it('neutralises every formula start in text, quotes ; " and line breaks, and writes its own numbers as numbers', () => {
    expect(['=1+2', '+34 600', '-1', '@SUM(A1)', '\tx', 'a;b', 'dijo "hola"', 'línea 1\nlínea 2', 'Normal'].map(csvCell)).toEqual([
      "'=1+2",
      "'+34 600",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      '"a;b"',
      '"dijo ""hola"""',
      '"línea 1\nlínea 2"',
      'Normal',
    ]);
    expect([csvMoney('-5'), csvMoney('1234.5'), csvMoney(0), csvMoney(null)].map(csvCell)).toEqual(['-5,00', '1234,50', '0,00', '']);
    expect(() => new CsvNumber('=1')).toThrow(TypeError);
    expect(() => new CsvNumber('-1,5;=2')).toThrow(TypeError);
  });
});

describe('GET /api/admin/audit-log.csv?sort= (the shared link carries the order)', () => {
  it('is oldest first with sort=changedAt, across batches and microsecond ties, and newest first without it', async () => {
    const total = CSV_BATCH_ROWS + 5;
    await t.knex.raw(
      `insert into audit_log ("action", "tableName", "recordId", "changedAt")
       select 'update', 'prueba_csv_orden', 'r' || i, timestamptz '2026-05-01 10:00:00.000001+00' + ((i / 3) * interval '1 microsecond')
       from generate_series(1, ?) as i`,
      [total],
    );
    const oldestFirst = (await t.knex('audit_log').where({ tableName: 'prueba_csv_orden' }).orderBy([{ column: 'changedAt' }, { column: 'id' }]).select('recordId')).map((r) => r.recordId);
    const records = async (query: string) => (await csvOf(clients.admin, `/api/admin/audit-log.csv?tableName=prueba_csv_orden${query}`)).lines.slice(1).map((l) => l.split(';')[4]);

    expect(await records('&sort=changedAt')).toEqual(oldestFirst);
    expect(await records('')).toEqual([...oldestFirst].reverse());
    expect(await records('&sort=-changedAt')).toEqual([...oldestFirst].reverse());
  });
});
