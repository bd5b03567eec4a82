import {
  ErrorBodySchema,
  PropertyDetailSchema,
  PropertyListItemSchema,
  PropertySchema,
  type PropertiesCreateInput,
} from '@arrendia/api-contract';
import { catastralControlLetters, VALIDATION_MESSAGES } from '@arrendia/locale-es';
import type { RoleName } from '@arrendia/permissions';
import {
  buildAgency,
  buildContract,
  buildIncident,
  buildProperty,
  buildTransaction,
  buildUnit,
  buildUser,
  delegate,
  FACTORY_PASSWORD,
} from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(roleName: RoleName = 'propietario_individual', agencyId: number | null = null) {
  const user = await buildUser(t.knex, { roleName, agencyId });
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  return { agent, user };
}

/** Tables a property write may touch, with audit_log: the "nothing written" checks. */
const TOUCHED = ['main_properties', 'rentable_units', 'unit_details_residential', 'contracts', 'audit_log'] as const;

async function counts() {
  const entries = await Promise.all(TOUCHED.map(async (table) => [table, await countRows(t.knex, table)] as const));
  return Object.fromEntries(entries);
}

/** Valid referencias catastrales (the schema checks their control letters). */
const REF_A = '9872023VH5797S0001WX';
const REF_B = `0847106VK4704G0001${catastralControlLetters('0847106VK4704G0001')}`;
/** Further valid references no other test uses. */
const refNumbered = (n: number) => `0847106VK4704G${String(n).padStart(4, '0')}${catastralControlLetters(`0847106VK4704G${String(n).padStart(4, '0')}`)}`;
const REF_C = refNumbered(7001);
const REF_D = refNumbered(7002);
const REF_E = refNumbered(7003);

const form = (overrides: Partial<PropertiesCreateInput> = {}): PropertiesCreateInput => ({
  propertyName: 'Ático en Chamberí',
  addressStreet: 'Calle de Fuencarral',
  addressNumber: '120',
  addressDetails: '5º B',
  city: 'Madrid',
  province: 'Madrid',
  postalCode: '28010',
  totalAreaM2: 72.5,
  buildYear: 1965,
  ...overrides,
});

const auditsOf = (tableName: string, recordId: number) => t.knex('audit_log').where({ tableName, recordId: String(recordId) }).orderBy('id');

describe('GET /api/properties', () => {
  it('answers 401 without a session', async () => {
    const res = await t.request().get('/api/properties').expect(401);
    expect(res.body.error).toBe('unauthorized');
  });

  it('answers 403 to a tenant', async () => {
    const { agent } = await signedIn('inquilino');
    const res = await agent.get('/api/properties').expect(403);
    expect(ErrorBodySchema.parse(res.body)).toEqual({ error: 'forbidden', message: 'No tienes permiso para realizar esta acción' });
  });

  it("lists only the owner's properties, newest first, with the figures of their active units", async () => {
    const { agent, user } = await signedIn();
    const other = await buildUser(t.knex);
    const older = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Estudio en Malasaña' });
    const newer = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Piso en Salamanca', isArchived: true });
    await t.knex('main_properties').where({ id: older.id }).update({ createdAt: new Date('2026-01-01T10:00:00Z') });
    await buildProperty(t.knex, { ownerUserId: other.id });
    await buildUnit(t.knex, { mainPropertyId: older.id, currentStatus: 'Alquilado', baseRentPrice: '950.10' });
    await buildUnit(t.knex, { mainPropertyId: older.id, currentStatus: 'Disponible', baseRentPrice: '1200.20' });
    const inactive = await buildUnit(t.knex, { mainPropertyId: older.id, currentStatus: 'Alquilado', baseRentPrice: '500.00' });
    await t.knex('rentable_units').where({ id: inactive.id }).update({ isActive: false });

    const res = await agent.get('/api/properties').expect(200);

    const items = PropertyListItemSchema.strict().array().parse(res.body);
    expect(res.headers['x-total-count']).toBe('2');
    expect(items.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(items[1]).toMatchObject({ ownerUserId: user.id, propertyName: 'Estudio en Malasaña', totalAreaM2: '85.50', isArchived: false });
    expect(items[1]).toMatchObject({ unitCount: 2, rentedUnits: 1, monthlyRent: '2150.30' });
    expect(items[0]).toMatchObject({ isArchived: true, unitCount: 0, rentedUnits: 0, monthlyRent: '0.00' });
  });

  it('lists to agency staff the properties their agency manages, of any owner', async () => {
    const agency = await buildAgency(t.knex);
    const otherAgency = await buildAgency(t.knex);
    const [owner1, owner2] = [await buildUser(t.knex), await buildUser(t.knex)];
    const a = await buildProperty(t.knex, { ownerUserId: owner1.id, managerAgencyId: agency.id });
    const b = await buildProperty(t.knex, { ownerUserId: owner2.id, managerAgencyId: agency.id });
    await buildProperty(t.knex, { ownerUserId: owner1.id, managerAgencyId: otherAgency.id });
    await buildProperty(t.knex, { ownerUserId: owner2.id });

    for (const roleName of ['admin_agencia', 'agente'] as const) {
      const { agent } = await signedIn(roleName, agency.id);
      const res = await agent.get('/api/properties').expect(200);
      expect(res.body.map((p: { id: number }) => p.id).sort()).toEqual([a.id, b.id].sort());
    }
  });

  it("lists to a delegated owner its principals' properties only", async () => {
    const { agent, user } = await signedIn('propietario_delegado');
    const [principal, stranger] = [await buildUser(t.knex), await buildUser(t.knex)];
    await delegate(t.knex, principal.id, user.id);
    const mine = await buildProperty(t.knex, { ownerUserId: principal.id });
    await buildProperty(t.knex, { ownerUserId: stranger.id });

    const res = await agent.get('/api/properties').expect(200);

    expect(res.body.map((p: { id: number }) => p.id)).toEqual([mine.id]);
  });

  it('pages in a stable order, id breaking ties of createdAt, with the total in X-Total-Count', async () => {
    const { agent, user } = await signedIn();
    const built = [];
    for (let i = 0; i < 5; i += 1) built.push(await buildProperty(t.knex, { ownerUserId: user.id }));
    await t.knex('main_properties').whereIn('id', built.map((p) => p.id)).update({ createdAt: new Date('2026-02-01T09:00:00Z') });
    const expected = built.map((p) => p.id).sort((x, y) => y - x);

    const first = await agent.get('/api/properties?page=1&pageSize=2').expect(200);
    const second = await agent.get('/api/properties?page=2&pageSize=2').expect(200);
    const last = await agent.get('/api/properties?page=3&pageSize=2').expect(200);
    const beyond = await agent.get('/api/properties?page=9007199254740991&pageSize=100').expect(200);

    expect([...first.body, ...second.body, ...last.body].map((p: { id: number }) => p.id)).toEqual(expected);
    expect([first, second, last, beyond].map((r) => r.headers['x-total-count'])).toEqual(['5', '5', '5', '5']);
    expect(beyond.body).toEqual([]);
  });

  it('sorts by ?sort= (id breaking ties), filters by city, and the total is the filtered count; another owner\'s properties never appear', async () => {
    const { agent, user } = await signedIn();
    const stranger = await buildUser(t.knex, { roleName: 'propietario_individual' });
    // Another owner's property would head every order and matches every filter.
    await buildProperty(t.knex, { ownerUserId: stranger.id, propertyName: 'Aaa ajena', city: 'Madrid' });
    const attic = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Ático en Chamberí', city: 'Madrid' });
    const beach = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Casa en la playa', city: 'Málaga' });
    const shop = await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'bajo comercial', city: 'MADRID', isArchived: true });
    await t.knex('main_properties').whereIn('id', [attic.id, beach.id]).update({ createdAt: new Date('2026-02-01T09:00:00Z') });
    await t.knex('main_properties').where('id', shop.id).update({ createdAt: new Date('2026-01-01T09:00:00Z') });
    const ids = (res: { body: { id: number }[] }) => res.body.map((p) => p.id);

    expect(ids(await agent.get('/api/properties').expect(200))).toEqual([beach.id, attic.id, shop.id]);
    // Names in the readers' order: accents and case do not push 'Ático' or 'bajo' after 'Casa'.
    expect(ids(await agent.get('/api/properties?sort=propertyName').expect(200))).toEqual([attic.id, shop.id, beach.id]);
    expect(ids(await agent.get('/api/properties?sort=-propertyName').expect(200))).toEqual([beach.id, shop.id, attic.id]);
    expect(ids(await agent.get('/api/properties?sort=city').expect(200))).toEqual([attic.id, shop.id, beach.id]);
    expect(ids(await agent.get('/api/properties?sort=-city').expect(200))).toEqual([beach.id, shop.id, attic.id]);
    expect(ids(await agent.get('/api/properties?sort=createdAt').expect(200))).toEqual([shop.id, attic.id, beach.id]);
    expect(ids(await agent.get('/api/properties?sort=-createdAt&page=2&pageSize=2').expect(200))).toEqual([shop.id]);

    const madrid = await agent.get('/api/properties?city=madrid&sort=propertyName').expect(200);
    expect([ids(madrid), madrid.headers['x-total-count']]).toEqual([[attic.id, shop.id], '2']);
    const malaga = await agent.get('/api/properties?city=MALAGA').expect(200);
    expect([ids(malaga), malaga.headers['x-total-count']]).toEqual([[beach.id], '1']);
    const activeInMadrid = await agent.get('/api/properties?city=Madrid&archived=false').expect(200);
    expect([ids(activeInMadrid), activeInMadrid.headers['x-total-count']]).toEqual([[attic.id], '1']);
    // An empty filter (a select's 'Todas') filters nothing.
    expect((await agent.get('/api/properties?archived=&city=').expect(200)).headers['x-total-count']).toBe('3');
  });

  it('filters by archived=true and archived=false', async () => {
    const { agent, user } = await signedIn();
    const active = await buildProperty(t.knex, { ownerUserId: user.id });
    const archived = await buildProperty(t.knex, { ownerUserId: user.id, isArchived: true });

    const onlyArchived = await agent.get('/api/properties?archived=true').expect(200);
    const onlyActive = await agent.get('/api/properties?archived=false').expect(200);

    expect(onlyArchived.body.map((p: { id: number }) => p.id)).toEqual([archived.id]);
    expect(onlyActive.body.map((p: { id: number }) => p.id)).toEqual([active.id]);
    expect(onlyActive.headers['x-total-count']).toBe('1');
  });

  it.each([
    ['atico', ['Ático en Chamberí']],
    ['CHAMBERI', ['Ático en Chamberí']],
    ['chamberí', ['Ático en Chamberí']],
    ['MÁLAGA', ['Casa en la playa']],
    ['núñez', ['Local comercial']],
    ['Nunez de balboa', ['Local comercial']],
    ['en', ['Casa en la playa', 'Ático en Chamberí']],
    ['%', []],
    ['_', []],
    ['   ', ['Local comercial', 'Casa en la playa', 'Ático en Chamberí']],
  ])('searches q=%j in name, street and city ignoring case and accents', async (q, names) => {
    const { agent, user } = await signedIn();
    const ids = [
      await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Ático en Chamberí' }),
      await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Casa en la playa', city: 'Málaga' }),
      await buildProperty(t.knex, { ownerUserId: user.id, propertyName: 'Local comercial' }),
    ].map((p) => p.id);
    await t.knex('main_properties').where({ id: ids[2] }).update({ addressStreet: 'CALLE DE NÚÑEZ DE BALBOA' });

    const res = await agent.get('/api/properties').query({ q }).expect(200);

    expect(res.body.map((p: { propertyName: string }) => p.propertyName)).toEqual(names);
  });

  it.each([
    ['pageSize=101', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1&page=2', 'page'],
    ['page=1e400', 'page'],
    ['archived=si', 'archived'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['q=a&q=b', 'q'],
    ['q=a%00b', 'q'],
    ['city=a&city=b', 'city'],
    ['ownerId=abc', 'ownerId'],
    ['sort=precio', 'sort'],
    ['sort=-', 'sort'],
    ['sort=--createdAt', 'sort'],
    ['sort=monthlyRent', 'sort'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const { agent } = await signedIn();
    const res = await agent.get(`/api/properties?${query}`).expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });

  it('ignores parameters it does not know', async () => {
    const { agent, user } = await signedIn();
    await buildProperty(t.knex, { ownerUserId: user.id });
    const res = await agent.get('/api/properties?orden=nombre&ownerUserId=1').expect(200);
    expect(res.body).toHaveLength(1);
  });
});

describe('POST /api/properties', () => {
  it('answers 401 without a session and writes nothing', async () => {
    const before = await counts();
    await t.request().post('/api/properties').send(form()).expect(401);
    expect(await counts()).toEqual(before);
  });

  it('answers 403 to a tenant, before reading the body, and writes nothing', async () => {
    const { agent } = await signedIn('inquilino');
    const before = await counts();
    await agent.post('/api/properties').send(form()).expect(403);
    await agent.post('/api/properties').send({ postalCode: '2800' }).expect(403);
    expect(await counts()).toEqual(before);
  });

  it('creates an owner its own property, with one audit row', async () => {
    const { agent, user } = await signedIn();
    const before = await counts();

    const res = await agent
      .post('/api/properties')
      .send(form({ refCatastral: '9872023 vh5797s 0001 wx', notes: 'Reformado en 2020', postalCode: ' 28010 ' }))
      .expect(201);

    const property = PropertySchema.strict().parse(res.body);
    expect(property).toMatchObject({
      ownerUserId: user.id,
      managerAgencyId: null,
      propertyName: 'Ático en Chamberí',
      addressDetails: '5º B',
      postalCode: '28010',
      country: 'España',
      refCatastral: REF_A,
      totalAreaM2: '72.50',
      buildYear: 1965,
      notes: 'Reformado en 2020',
      isArchived: false,
    });
    expect(res.headers.location).toBe(`/api/properties/${property.id}`);
    expect(await counts()).toEqual({ ...before, main_properties: before.main_properties + 1, audit_log: before.audit_log + 1 });
    const [entry] = await auditsOf('main_properties', property.id);
    expect(entry).toMatchObject({ userId: user.id, action: 'create', oldValues: null, newValues: expect.objectContaining({ propertyName: 'Ático en Chamberí', refCatastral: REF_A }) });
  });

  it('creates the first unit of the chosen type: a vivienda with residential details, audited apart', async () => {
    const { agent, user } = await signedIn();
    const before = await counts();

    const res = await agent.post('/api/properties').send(form({ unitType: 'vivienda' })).expect(201);

    const units = await t.knex('rentable_units').where({ mainPropertyId: res.body.id });
    expect(units).toHaveLength(1);
    const type = await t.knex('unit_types').where({ id: units[0].unitTypeId }).first();
    expect(type.typeName).toBe('vivienda');
    expect(units[0]).toMatchObject({ unitName: 'Vivienda completa', currentStatus: 'Disponible', isActive: true, areaM2: null, baseRentPrice: null });
    const details = await t.knex('unit_details_residential').where({ rentableUnitId: units[0].id }).first();
    expect(details).toMatchObject({ numBedrooms: 1, numBathrooms: 1, isFurnished: false, allowsPets: false });
    expect(await counts()).toEqual({
      ...before,
      main_properties: before.main_properties + 1,
      rentable_units: before.rentable_units + 1,
      unit_details_residential: before.unit_details_residential + 1,
      audit_log: before.audit_log + 2,
    });
    const [unitAudit] = await auditsOf('rentable_units', units[0].id);
    expect(unitAudit).toMatchObject({ userId: user.id, action: 'create', newValues: expect.objectContaining({ unitName: 'Vivienda completa', details: expect.objectContaining({ numBedrooms: 1 }) }) });
  });

  it('creates a garaje without residential details', async () => {
    const { agent } = await signedIn();
    const before = await counts();

    const res = await agent.post('/api/properties').send(form({ unitType: 'garaje' })).expect(201);

    expect(await t.knex('rentable_units').where({ mainPropertyId: res.body.id })).toEqual([expect.objectContaining({ unitName: 'Plaza de garaje' })]);
    expect(await counts()).toEqual({
      ...before,
      main_properties: before.main_properties + 1,
      rentable_units: before.rentable_units + 1,
      audit_log: before.audit_log + 2,
    });
  });

  it('refuses a refCatastral already in use with 409, however it is written, and writes nothing', async () => {
    const { agent } = await signedIn();
    const stranger = await buildUser(t.knex);
    await buildProperty(t.knex, { ownerUserId: stranger.id, refCatastral: REF_B });
    const before = await counts();

    for (const refCatastral of [REF_B, `${REF_B.slice(0, 7)}-${REF_B.slice(7, 14).toLowerCase()} ${REF_B.slice(14)}`]) {
      const res = await agent.post('/api/properties').send(form({ refCatastral, unitType: 'vivienda' })).expect(409);
      const message = 'Ya existe una propiedad con esa referencia catastral';
      expect(res.body).toEqual({ error: 'conflict', message, fields: { refCatastral: message } });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses postalCode 2800 with 400 naming postalCode in Spanish and writes nothing', async () => {
    const { agent } = await signedIn();
    const before = await counts();

    const res = await agent.post('/api/properties').send(form({ postalCode: '2800', unitType: 'vivienda' })).expect(400);

    expect(res.body.error).toBe('validation_error');
    expect(res.body.fields).toEqual({ postalCode: 'El código postal debe tener 5 cifras y empezar por un código de provincia (01–52)' });
    expect(res.body.fields.postalCode).toBe(VALIDATION_MESSAGES.postalCode);
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ propertyName: '' }, 'propertyName'],
    [{ propertyName: 'x'.repeat(256) }, 'propertyName'],
    [{ addressStreet: undefined }, 'addressStreet'],
    [{ city: 12 }, 'city'],
    [{ province: '   ' }, 'province'],
    [{ unitType: 'castillo' }, 'unitType'],
    [{ totalAreaM2: -5 }, 'totalAreaM2'],
    [{ totalAreaM2: 'mucho' }, 'totalAreaM2'],
    [{ buildYear: 1700 }, 'buildYear'],
    [{ buildYear: 1999.5 }, 'buildYear'],
    [{ refCatastral: '9872023VH5797S0001XX' }, 'refCatastral'],
    [{ ownerUserId: 'abc' }, 'ownerUserId'],
    [{ ownerUserId: 99999999999 }, 'ownerUserId'],
    [{ managerAgencyId: -1 }, 'managerAgencyId'],
    [{ managerAgencyId: 2147483648 }, 'managerAgencyId'],
  ])('refuses %j with 400 naming the field and writes nothing', async (patch, field) => {
    const { agent } = await signedIn();
    const before = await counts();

    const res = await agent
      .post('/api/properties')
      .send({ ...form({ unitType: 'vivienda' }), ...patch })
      .expect(400);

    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a body that is not an object, and writes nothing', async () => {
    const { agent } = await signedIn();
    const before = await counts();
    await agent.post('/api/properties').send([form()]).expect(400);
    await agent.post('/api/properties').set('Content-Type', 'application/json').send('{"propertyName":').expect(400);
    expect(await counts()).toEqual(before);
  });

  it("lets an owner ask an agency to manage a property, which it sees only once its admin accepts; never another owner", async () => {
    const { agent, user } = await signedIn();
    const agency = await buildAgency(t.knex);
    const other = await buildUser(t.knex);
    const before = await counts();

    const refused = await agent.post('/api/properties').send(form({ ownerUserId: other.id })).expect(400);
    const noAgency = await agent.post('/api/properties').send(form({ managerAgencyId: 2147483647 })).expect(400);
    expect(refused.body.fields).toEqual({ ownerUserId: 'Solo puedes dar de alta propiedades a tu nombre' });
    expect(noAgency.body.fields).toEqual({ managerAgencyId: 'La agencia indicada no existe' });
    expect(await counts()).toEqual(before);

    // Issue 30: naming an agency is a request; the property starts unmanaged.
    const res = await agent.post('/api/properties').send(form({ ownerUserId: user.id, managerAgencyId: agency.id })).expect(201);
    expect(res.body).toMatchObject({ ownerUserId: user.id, managerAgencyId: null });
    const { agent: agencyAgent } = await signedIn('agente', agency.id);
    const { agent: agencyAdmin } = await signedIn('admin_agencia', agency.id);
    expect((await agencyAgent.get('/api/properties').expect(200)).body).toEqual([]);
    await agencyAgent.get(`/api/properties/${res.body.id}`).expect(404);
    // Only the agency's admin answers; an agent of it, or another agency's admin, is not told the request exists.
    const [request] = (await agencyAdmin.get('/api/consent-requests').expect(200)).body;
    expect(request).toMatchObject({ kind: 'agency_management', status: 'Pendiente', property: { id: res.body.id }, agency: { id: agency.id }, owner: { id: user.id } });
    await agencyAgent.post(`/api/consent-requests/${request.id}/accept`).expect(404);
    const { agent: otherAdmin } = await signedIn('admin_agencia', (await buildAgency(t.knex)).id);
    await otherAdmin.post(`/api/consent-requests/${request.id}/accept`).expect(404);
    expect((await agent.post('/api/properties').send(form({ managerAgencyId: agency.id })).expect(201)).body.managerAgencyId).toBeNull();

    await agencyAdmin.post(`/api/consent-requests/${request.id}/accept`).expect(200);
    const seen = await agencyAgent.get('/api/properties').expect(200);
    expect(seen.body.map((p: { id: number }) => p.id)).toEqual([res.body.id]);
    expect(await t.knex('audit_log').where({ tableName: 'main_properties', recordId: String(res.body.id), action: 'update' }).pluck('newValues')).toEqual([
      expect.objectContaining({ managerAgencyId: agency.id, consentRequestId: request.id }),
    ]);
    expect((await agent.get('/api/notifications').expect(200)).body.map((n: { title: string }) => n.title)).toContain('Solicitud aceptada');
  });

  describe('by agency staff', () => {
    it('requires an active propietario_individual as owner, and writes nothing otherwise', async () => {
      const agency = await buildAgency(t.knex);
      const { agent } = await signedIn('admin_agencia', agency.id);
      const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
      const inactive = await buildUser(t.knex, { isActive: false });
      const before = await counts();

      for (const ownerUserId of [undefined, tenant.id, inactive.id, 2147483647]) {
        const res = await agent.post('/api/properties').send(form({ ownerUserId })).expect(400);
        expect(Object.keys(res.body.fields)).toEqual(['ownerUserId']);
      }
      expect(await counts()).toEqual(before);
    });

    it("files the property of an owner of its portfolio under the user's agency, so it shows in the user's list", async () => {
      const agency = await buildAgency(t.knex);
      const { agent } = await signedIn('agente', agency.id);
      const owner = await buildUser(t.knex);
      const earlier = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id, isArchived: true });

      const res = await agent.post('/api/properties').send(form({ ownerUserId: owner.id })).expect(201);

      expect(PropertySchema.parse(res.body)).toMatchObject({ ownerUserId: owner.id, managerAgencyId: agency.id });
      const list = await agent.get('/api/properties').expect(200);
      expect(list.body.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual([earlier.id, res.body.id]);
    });

    it("refuses an owner outside the agency's portfolio with the same 400 as an unknown id, so it does not count against that owner's plan (issue 30)", async () => {
      const agency = await buildAgency(t.knex);
      const { agent } = await signedIn('agente', agency.id);
      const stranger = await buildUser(t.knex);
      const otherAgencysClient = await buildUser(t.knex);
      await buildProperty(t.knex, { ownerUserId: otherAgencysClient.id, managerAgencyId: (await buildAgency(t.knex)).id });
      const before = await counts();
      for (const ownerUserId of [stranger.id, otherAgencysClient.id, 2147483647]) {
        const res = await agent.post('/api/properties').send(form({ ownerUserId })).expect(400);
        expect(res.body.fields).toEqual({ ownerUserId: 'Solo puedes dar de alta propiedades de propietarios de la cartera de tu agencia' });
      }
      expect(await counts()).toEqual(before);
    });

    it("refuses another agency in managerAgencyId with 400 and writes nothing", async () => {
      const agency = await buildAgency(t.knex);
      const other = await buildAgency(t.knex);
      const { agent } = await signedIn('admin_agencia', agency.id);
      const owner = await buildUser(t.knex);
      await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
      const before = await counts();

      const res = await agent.post('/api/properties').send(form({ ownerUserId: owner.id, managerAgencyId: other.id })).expect(400);

      expect(res.body.fields).toEqual({ managerAgencyId: 'Solo puedes asignar propiedades a tu agencia' });
      expect(await counts()).toEqual(before);
    });

    it('answers 403 to an agent who belongs to no agency and writes nothing', async () => {
      const { agent } = await signedIn('agente');
      const owner = await buildUser(t.knex);
      const before = await counts();

      const res = await agent.post('/api/properties').send(form({ ownerUserId: owner.id })).expect(403);

      expect(res.body.error).toBe('forbidden');
      expect(await counts()).toEqual(before);
    });
  });

  describe('by a delegated owner', () => {
    it('creates a property for one of its principals', async () => {
      const { agent, user } = await signedIn('propietario_delegado');
      const principal = await buildUser(t.knex);
      await delegate(t.knex, principal.id, user.id);

      const res = await agent.post('/api/properties').send(form({ ownerUserId: principal.id, unitType: 'habitacion' })).expect(201);

      expect(res.body).toMatchObject({ ownerUserId: principal.id, managerAgencyId: null });
      expect(await auditsOf('main_properties', res.body.id)).toEqual([expect.objectContaining({ userId: user.id, action: 'create' })]);
    });

    it('refuses an owner who did not delegate to it, or none, and writes nothing', async () => {
      const { agent } = await signedIn('propietario_delegado');
      const stranger = await buildUser(t.knex);
      const before = await counts();

      const notMine = await agent.post('/api/properties').send(form({ ownerUserId: stranger.id })).expect(400);
      const missing = await agent.post('/api/properties').send(form()).expect(400);

      expect(notMine.body.fields).toEqual({ ownerUserId: 'Solo puedes dar de alta propiedades de los propietarios que te han delegado su cartera' });
      expect(missing.body.fields).toEqual({ ownerUserId: 'Indica el propietario de la propiedad' });
      expect(await counts()).toEqual(before);
    });
  });

  describe('by a super admin', () => {
    it('creates it for itself by default, or for the owner it names', async () => {
      const { agent, user } = await signedIn('super_admin');
      const owner = await buildUser(t.knex);

      const own = await agent.post('/api/properties').send(form()).expect(201);
      const forOwner = await agent.post('/api/properties').send(form({ ownerUserId: owner.id })).expect(201);

      expect(own.body.ownerUserId).toBe(user.id);
      expect(forOwner.body.ownerUserId).toBe(owner.id);
    });

    it('refuses as owner a user who is not a propietario_individual and writes nothing', async () => {
      const { agent } = await signedIn('super_admin');
      const agente = await buildUser(t.knex, { roleName: 'agente' });
      const before = await counts();

      const res = await agent.post('/api/properties').send(form({ ownerUserId: agente.id })).expect(400);

      expect(res.body.fields).toEqual({ ownerUserId: 'El propietario debe ser un usuario activo con rol de propietario individual' });
      expect(await counts()).toEqual(before);
    });
  });
});

describe('GET /api/properties/:id', () => {
  it('answers 401 without a session', async () => {
    await t.request().get('/api/properties/1').expect(401);
  });

  it('answers 403 to a tenant, even for the property it rents', async () => {
    const { agent, user } = await signedIn('inquilino');
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [user.id] });

    await agent.get(`/api/properties/${property.id}`).expect(403);
  });

  it("answers 404 for another owner's property and for one that does not exist", async () => {
    const { agent } = await signedIn();
    const other = await buildUser(t.knex);
    const theirs = await buildProperty(t.knex, { ownerUserId: other.id });

    const res = await agent.get(`/api/properties/${theirs.id}`).expect(404);
    await agent.get('/api/properties/2147483647').expect(404);

    expect(res.body).toEqual({ error: 'not_found', message: 'No se ha encontrado la propiedad' });
  });

  it.each(['abc', '1.5', '-3', '0', '99999999999', 'Infinity', 'NaN', '1e400'])('answers 400 naming id for /api/properties/%s', async (id) => {
    const { agent } = await signedIn();
    const res = await agent.get(`/api/properties/${id}`).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['id']);
  });

  it('gives the property with its units, contracts, latest 20 incidents and latest 10 transactions', async () => {
    const { agent, user } = await signedIn();
    const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Lucía', lastName: 'Martín' });
    const property = await buildProperty(t.knex, { ownerUserId: user.id });
    const elsewhere = await buildProperty(t.knex, { ownerUserId: user.id });
    const flat = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Piso 1º A', currentStatus: 'Alquilado', baseRentPrice: '1100.00' });
    await t.knex('unit_details_residential').insert({ rentableUnitId: flat.id, numBedrooms: 3, hasElevator: true, energyCertificateRating: 'C' });
    const garage = await buildUnit(t.knex, { mainPropertyId: property.id, typeName: 'garaje', unitName: 'Plaza 7' });
    const otherUnit = await buildUnit(t.knex, { mainPropertyId: elsewhere.id });
    const ended = await buildContract(t.knex, { rentableUnitId: flat.id, status: 'Finalizado', startDate: '2024-01-01', endDate: '2024-12-31' });
    const current = await buildContract(t.knex, { rentableUnitId: flat.id, tenantUserIds: [tenant.id], startDate: '2025-01-01' });
    const garageContract = await buildContract(t.knex, { rentableUnitId: garage.id, status: 'Pendiente', startDate: '2026-03-01' });
    await buildContract(t.knex, { rentableUnitId: otherUnit.id });
    const incidents = [];
    for (let i = 0; i < 21; i += 1) {
      incidents.push(await buildIncident(t.knex, { rentableUnitId: i % 2 ? garage.id : flat.id, reportedByUserId: i === 20 ? tenant.id : null }));
    }
    await buildIncident(t.knex, { rentableUnitId: otherUnit.id });
    const transactions = [];
    for (let day = 1; day <= 11; day += 1) {
      transactions.push(await buildTransaction(t.knex, { mainPropertyId: property.id, transactionDate: `2026-01-${String(day).padStart(2, '0')}` }));
    }
    await buildTransaction(t.knex, { mainPropertyId: elsewhere.id, transactionDate: '2026-02-01' });

    const res = await agent.get(`/api/properties/${property.id}`).expect(200);

    const detail = PropertyDetailSchema.strict().parse(res.body);
    expect(detail).toMatchObject({ id: property.id, ownerUserId: user.id, propertyName: property.propertyName });
    expect(detail.units).toEqual([
      expect.objectContaining({
        id: flat.id,
        unitName: 'Piso 1º A',
        currentStatus: 'Alquilado',
        baseRentPrice: '1100.00',
        unitType: { id: expect.any(Number), typeName: 'vivienda' },
        details: expect.objectContaining({ numBedrooms: 3, numBathrooms: 1, hasElevator: true, energyCertificateRating: 'C', isFurnished: false }),
      }),
      expect.objectContaining({ id: garage.id, unitName: 'Plaza 7', unitType: { id: expect.any(Number), typeName: 'garaje' }, details: null }),
    ]);
    expect(detail.contracts.map((c) => c.contract.id)).toEqual([garageContract.id, current.id, ended.id]);
    expect(detail.contracts[1]).toMatchObject({ unit: { id: flat.id, unitName: 'Piso 1º A' }, property: { id: property.id, propertyName: property.propertyName } });
    expect(detail.incidents.map((i) => i.incident.id)).toEqual(incidents.slice(1).reverse().map((i) => i.id));
    expect(detail.incidents[0]).toMatchObject({ unit: { id: flat.id, unitName: 'Piso 1º A' }, reporter: { firstName: 'Lucía', lastName: 'Martín' } });
    expect(detail.recentTransactions.map((x) => x.transaction.id)).toEqual(transactions.slice(1).reverse().map((x) => x.id));
    expect(detail.recentTransactions[0]).toMatchObject({ transaction: { amount: '950.00', transactionDate: '2026-01-11' }, category: { categoryName: 'Alquiler', isExpense: false } });
  });

  it('lets agency staff and a delegated owner read a property in their scope', async () => {
    const agency = await buildAgency(t.knex);
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const { agent: agencyAgent } = await signedIn('admin_agencia', agency.id);
    const { agent: delegateAgent, user: delegado } = await signedIn('propietario_delegado');
    await delegate(t.knex, owner.id, delegado.id);

    for (const agent of [agencyAgent, delegateAgent]) {
      const res = await agent.get(`/api/properties/${property.id}`).expect(200);
      expect(PropertyDetailSchema.parse(res.body)).toMatchObject({ id: property.id, units: [], contracts: [], incidents: [], recentTransactions: [] });
    }
  });
});

describe('PATCH /api/properties/:id', () => {
  it('answers 401 without a session and 403 to a tenant, changing nothing', async () => {
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const { agent } = await signedIn('inquilino');
    const before = await counts();

    await t.request().patch(`/api/properties/${property.id}`).send({ isArchived: true }).expect(401);
    await agent.patch(`/api/properties/${property.id}`).send({ isArchived: true }).expect(403);

    expect(await counts()).toEqual(before);
    expect(await t.knex('main_properties').where({ id: property.id }).first()).toMatchObject({ isArchived: false });
  });

  it("answers 404 for another owner's property and changes nothing", async () => {
    const { agent } = await signedIn();
    const other = await buildUser(t.knex);
    const theirs = await buildProperty(t.knex, { ownerUserId: other.id });
    const before = await counts();

    const res = await agent.patch(`/api/properties/${theirs.id}`).send({ isArchived: true }).expect(404);

    expect(res.body.error).toBe('not_found');
    expect(await counts()).toEqual(before);
    expect(await t.knex('main_properties').where({ id: theirs.id }).first()).toMatchObject({ isArchived: false });
  });

  it.each([
    [{ isArchived: 'si' }, 'isArchived'],
    [{ isArchived: null }, 'isArchived'],
    [{ isArchived: true, ownerUserId: 1 }, 'ownerUserId'],
    [{ managerAgencyId: 1 }, 'managerAgencyId'],
    [{ unitType: 'vivienda' }, 'unitType'],
  ])('refuses %j with 400 naming the field and changes nothing', async (body, field) => {
    const { agent, user } = await signedIn();
    const property = await buildProperty(t.knex, { ownerUserId: user.id });
    const before = await counts();

    const res = await agent.patch(`/api/properties/${property.id}`).send(body).expect(400);

    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await counts()).toEqual(before);
    expect(await t.knex('main_properties').where({ id: property.id }).first()).toMatchObject({ isArchived: false, propertyName: property.propertyName });
  });

  it('answers 400 naming id for a path id that is not one', async () => {
    const { agent } = await signedIn();
    const res = await agent.patch('/api/properties/abc').send({ isArchived: true }).expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['id']);
  });

  it('archives and restores a property, one audit row each; asking for the current state writes nothing', async () => {
    const { agent, user } = await signedIn();
    const property = await buildProperty(t.knex, { ownerUserId: user.id });

    const archived = await agent.patch(`/api/properties/${property.id}`).send({ isArchived: true }).expect(200);
    expect(PropertySchema.strict().parse(archived.body)).toMatchObject({ id: property.id, isArchived: true });
    expect(new Date(archived.body.updatedAt).getTime()).toBeGreaterThan(property.updatedAt.getTime());

    const before = await counts();
    const again = await agent.patch(`/api/properties/${property.id}`).send({ isArchived: true }).expect(200);
    expect(again.body).toEqual(archived.body);
    expect(await counts()).toEqual(before);

    await agent.patch(`/api/properties/${property.id}`).send({ isArchived: false }).expect(200);
    const audits = await auditsOf('main_properties', property.id);
    expect(audits.map((a) => [a.userId, a.action, a.oldValues, a.newValues])).toEqual([
      [user.id, 'update', { isArchived: false }, { isArchived: true }],
      [user.id, 'update', { isArchived: true }, { isArchived: false }],
    ]);
  });

  it('lets the agent in charge of a property and a delegated owner archive it; until it is in charge, the agent gets 404', async () => {
    const agency = await buildAgency(t.knex);
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const { agent: agencyAgent, user: agente } = await signedIn('agente', agency.id);
    const { agent: delegateAgent, user: delegado } = await signedIn('propietario_delegado');
    await delegate(t.knex, owner.id, delegado.id);

    // An agent edits only the properties in its charge (issue 32); its agency's others it reads.
    await agencyAgent.patch(`/api/properties/${property.id}`).send({ isArchived: true }).expect(404);
    await t.knex('main_properties').where({ id: property.id }).update({ assignedAgentUserId: agente.id });
    await agencyAgent.patch(`/api/properties/${property.id}`).send({ isArchived: true }).expect(200);
    await delegateAgent.patch(`/api/properties/${property.id}`).send({ isArchived: false }).expect(200);

    expect((await auditsOf('main_properties', property.id)).length).toBe(2);
  });
});

describe('PATCH /api/properties/:id (Editar Propiedad)', () => {
  const edit = {
    propertyName: 'Piso en Malasaña',
    addressStreet: 'Calle del Pez',
    addressNumber: '7',
    addressDetails: '2º A',
    city: 'Alcalá de Henares',
    province: 'Madrid ',
    postalCode: '28801',
    country: 'Portugal',
    totalAreaM2: 90,
    buildYear: 2001,
    refCatastral: REF_D,
    notes: 'Reformado en 2020',
  };

  it('changes every field of the form, auditing only the changed columns with old and new values', async () => {
    const { agent, user } = await signedIn();
    const created = await agent.post('/api/properties').send(form({ refCatastral: REF_C, notes: 'Antes', country: 'España' })).expect(201);
    const id = created.body.id;

    const res = await agent.patch(`/api/properties/${id}`).send({ ...edit, city: 'Madrid' }).expect(200);

    expect(PropertySchema.strict().parse(res.body)).toMatchObject({ ...edit, city: 'Madrid', province: 'Madrid', totalAreaM2: '90.00' });
    const [, audit] = await auditsOf('main_properties', id);
    expect(audit).toMatchObject({ userId: user.id, action: 'update' });
    expect(audit.oldValues).toEqual({
      propertyName: 'Ático en Chamberí',
      addressStreet: 'Calle de Fuencarral',
      addressNumber: '120',
      addressDetails: '5º B',
      postalCode: '28010',
      country: 'España',
      totalAreaM2: '72.50',
      buildYear: 1965,
      refCatastral: REF_C,
      notes: 'Antes',
    });
    expect(audit.newValues).toEqual({
      propertyName: 'Piso en Malasaña',
      addressStreet: 'Calle del Pez',
      addressNumber: '7',
      addressDetails: '2º A',
      postalCode: '28801',
      country: 'Portugal',
      totalAreaM2: '90.00',
      buildYear: 2001,
      refCatastral: REF_D,
      notes: 'Reformado en 2020',
    });
  });

  it('clears an optional field sent empty or null and writes nothing when nothing changes', async () => {
    const { agent } = await signedIn();
    const property = (await agent.post('/api/properties').send(form({ notes: 'Nota' })).expect(201)).body;

    const res = await agent.patch(`/api/properties/${property.id}`).send({ buildYear: '', notes: null, totalAreaM2: null }).expect(200);
    expect(res.body).toMatchObject({ buildYear: null, notes: null, totalAreaM2: null });

    const before = await counts();
    await agent.patch(`/api/properties/${property.id}`).send({ propertyName: property.propertyName, buildYear: null }).expect(200);
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ propertyName: '  ' }, { propertyName: 'El nombre de la propiedad es obligatorio' }],
    [{ postalCode: '123' }, { postalCode: VALIDATION_MESSAGES.postalCode }],
    [{ refCatastral: 'xx' }, { refCatastral: VALIDATION_MESSAGES.refCatastral }],
    [{ totalAreaM2: -5 }, { totalAreaM2: 'La superficie debe ser mayor que 0' }],
    [{ buildYear: 1700 }, { buildYear: 'El año de construcción no puede ser anterior a 1800' }],
    [{ city: 'Madrid', colour: 'rojo' }, { colour: expect.any(String) }],
  ])('refuses %j with 400 and the Spanish message of the create form, writing nothing', async (body, fields) => {
    const { agent, user } = await signedIn();
    const property = await buildProperty(t.knex, { ownerUserId: user.id });
    const before = await counts();

    const res = await agent.patch(`/api/properties/${property.id}`).send(body).expect(400);

    expect(res.body.error).toBe('validation_error');
    expect(res.body.fields).toEqual(fields);
    expect(await counts()).toEqual(before);
    expect(await t.knex('main_properties').where({ id: property.id }).first()).toMatchObject({ propertyName: property.propertyName, city: property.city });
  });

  it('refuses an empty change with "Indica al menos un cambio"', async () => {
    const { agent, user } = await signedIn();
    const property = await buildProperty(t.knex, { ownerUserId: user.id });
    const before = await counts();

    const res = await agent.patch(`/api/properties/${property.id}`).send({}).expect(400);

    expect(res.body.message).toBe('Indica al menos un cambio');
    expect(await counts()).toEqual(before);
  });

  it('answers 409 on refCatastral for a reference another property has, writing nothing', async () => {
    const { agent, user } = await signedIn();
    await buildProperty(t.knex, { ownerUserId: (await buildUser(t.knex)).id, refCatastral: REF_E });
    const property = await buildProperty(t.knex, { ownerUserId: user.id });
    const before = await counts();

    const res = await agent.patch(`/api/properties/${property.id}`).send({ refCatastral: REF_E }).expect(409);

    expect(Object.keys(res.body.fields)).toEqual(['refCatastral']);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for another owner's or another agency's property and 403 to a tenant, writing nothing", async () => {
    const agency = await buildAgency(t.knex);
    const owner = await buildUser(t.knex);
    const theirs = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: (await buildAgency(t.knex)).id });
    const { agent: ownerAgent } = await signedIn();
    const { agent: staff } = await signedIn('admin_agencia', agency.id);
    const { agent: tenant } = await signedIn('inquilino');
    const before = await counts();

    expect((await ownerAgent.patch(`/api/properties/${theirs.id}`).send({ propertyName: 'Mío' }).expect(404)).body.error).toBe('not_found');
    expect((await staff.patch(`/api/properties/${theirs.id}`).send({ propertyName: 'Mío' }).expect(404)).body.error).toBe('not_found');
    expect((await tenant.patch(`/api/properties/${theirs.id}`).send({ propertyName: 'Mío' }).expect(403)).body.error).toBe('forbidden');

    expect(await counts()).toEqual(before);
    expect(await t.knex('main_properties').where({ id: theirs.id }).first()).toMatchObject({ propertyName: theirs.propertyName });
  });

  it('lets the agent in charge of a property and a delegated owner edit it; until it is in charge, the agent gets 404', async () => {
    const agency = await buildAgency(t.knex);
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const { agent: agencyAgent, user: agente } = await signedIn('agente', agency.id);
    const { agent: delegateAgent, user: delegado } = await signedIn('propietario_delegado');
    await delegate(t.knex, owner.id, delegado.id);

    await agencyAgent.patch(`/api/properties/${property.id}`).send({ notes: 'Revisada por la agencia' }).expect(404);
    await t.knex('main_properties').where({ id: property.id }).update({ assignedAgentUserId: agente.id });
    await agencyAgent.patch(`/api/properties/${property.id}`).send({ notes: 'Revisada por la agencia' }).expect(200);
    await delegateAgent.patch(`/api/properties/${property.id}`).send({ city: 'Getafe' }).expect(200);

    expect(await t.knex('main_properties').where({ id: property.id }).first()).toMatchObject({ notes: 'Revisada por la agencia', city: 'Getafe', ownerUserId: owner.id, managerAgencyId: agency.id });
  });
});

describe('GET /api/properties/owners', () => {
  const ids = (body: { id: number }[]) => body.map((o) => o.id).sort((a, b) => a - b);

  it("lists agency staff the active owners of their agency's portfolio only", async () => {
    const agency = await buildAgency(t.knex);
    const client = await buildUser(t.knex, { firstName: 'Zoe' });
    const inactive = await buildUser(t.knex, { isActive: false });
    const otherClient = await buildUser(t.knex);
    await buildProperty(t.knex, { ownerUserId: client.id, managerAgencyId: agency.id });
    await buildProperty(t.knex, { ownerUserId: inactive.id, managerAgencyId: agency.id });
    await buildProperty(t.knex, { ownerUserId: otherClient.id, managerAgencyId: (await buildAgency(t.knex)).id });
    await buildUser(t.knex);

    for (const role of ['admin_agencia', 'agente'] as const) {
      const { agent } = await signedIn(role, agency.id);
      const res = await agent.get('/api/properties/owners').expect(200);
      expect(res.body).toEqual([{ id: client.id, firstName: client.firstName, lastName: client.lastName, email: client.email }]);
    }
  });

  it('lists a delegated owner its principals only, and narrows by q on name or email', async () => {
    const { agent, user } = await signedIn('propietario_delegado');
    const ana = await buildUser(t.knex, { firstName: 'Ánaís' });
    const luis = await buildUser(t.knex, { firstName: 'Luis' });
    await buildUser(t.knex, { firstName: 'Ánaís' });
    await delegate(t.knex, ana.id, user.id);
    await delegate(t.knex, luis.id, user.id);

    expect(ids((await agent.get('/api/properties/owners').expect(200)).body)).toEqual([ana.id, luis.id]);
    expect(ids((await agent.get('/api/properties/owners?q=anais').expect(200)).body)).toEqual([ana.id]);
    expect(ids((await agent.get(`/api/properties/owners?q=${encodeURIComponent(luis.email)}`).expect(200)).body)).toEqual([luis.id]);
  });

  it('answers an owner an empty list (its properties are its own), a tenant 403 and no session 401', async () => {
    const { agent } = await signedIn();
    await buildUser(t.knex);
    expect((await agent.get('/api/properties/owners').expect(200)).body).toEqual([]);
    expect((await (await signedIn('inquilino')).agent.get('/api/properties/owners').expect(403)).body.error).toBe('forbidden');
    await t.request().get('/api/properties/owners').expect(401);
  });

  it('offers agency staff only owners the create accepts', async () => {
    const agency = await buildAgency(t.knex);
    const client = await buildUser(t.knex);
    await buildProperty(t.knex, { ownerUserId: client.id, managerAgencyId: agency.id });
    const { agent } = await signedIn('agente', agency.id);

    const [offered] = (await agent.get('/api/properties/owners').expect(200)).body;
    await agent.post('/api/properties').send(form({ ownerUserId: offered.id })).expect(201);
  });
});

describe('DELETE /api/properties/:id', () => {
  it('answers 401 without a session and 403 to a tenant, deleting nothing', async () => {
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const { agent } = await signedIn('inquilino');
    const before = await counts();

    await t.request().delete(`/api/properties/${property.id}`).expect(401);
    await agent.delete(`/api/properties/${property.id}`).expect(403);

    expect(await counts()).toEqual(before);
  });

  it("answers 404 for another owner's property, or another agency's, and deletes nothing", async () => {
    const { agent } = await signedIn();
    const agency = await buildAgency(t.knex);
    const { agent: agencyAgent } = await signedIn('admin_agencia', agency.id);
    const other = await buildUser(t.knex);
    const theirs = await buildProperty(t.knex, { ownerUserId: other.id });
    const before = await counts();

    await agent.delete(`/api/properties/${theirs.id}`).expect(404);
    await agencyAgent.delete(`/api/properties/${theirs.id}`).expect(404);

    expect(await counts()).toEqual(before);
  });

  it('answers 400 naming id for a path id that is not one', async () => {
    const { agent } = await signedIn();
    const res = await agent.delete('/api/properties/12abc').expect(400);
    expect(Object.keys(res.body.fields)).toEqual(['id']);
  });

  it('refuses with 409 a property one of whose units has an active contract, deleting nothing', async () => {
    const { agent, user } = await signedIn();
    const property = await buildProperty(t.knex, { ownerUserId: user.id });
    await buildUnit(t.knex, { mainPropertyId: property.id });
    const rented = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
    await buildContract(t.knex, { rentableUnitId: rented.id, status: 'Finalizado' });
    await buildContract(t.knex, { rentableUnitId: rented.id, status: 'Activo' });
    const before = await counts();

    const res = await agent.delete(`/api/properties/${property.id}`).expect(409);

    expect(res.body).toEqual({ error: 'conflict', message: 'No se puede eliminar una propiedad con un contrato activo' });
    expect(await counts()).toEqual(before);
  });

  it.each(['Finalizado', 'Pendiente'] as const)('refuses with 409 a property with a %s contract: archive it instead', async (status) => {
    const { agent, user } = await signedIn();
    const property = await buildProperty(t.knex, { ownerUserId: user.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    await buildContract(t.knex, { rentableUnitId: unit.id, status });
    const before = await counts();

    const res = await agent.delete(`/api/properties/${property.id}`).expect(409);

    expect(res.body).toEqual({ error: 'conflict', message: 'La propiedad tiene contratos en su historial: archívala en lugar de eliminarla' });
    expect(await counts()).toEqual(before);
  });

  it.each(['transaction', 'incident'] as const)('refuses with 409 a property with a recorded %s, deleting nothing', async (record) => {
    const { agent, user } = await signedIn();
    const property = await buildProperty(t.knex, { ownerUserId: user.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    if (record === 'transaction') await buildTransaction(t.knex, { mainPropertyId: property.id, type: 'Gasto', amount: '120.00' });
    else await buildIncident(t.knex, { rentableUnitId: unit.id });
    const before = { ...(await counts()), transactions: await countRows(t.knex, 'transactions'), incidents: await countRows(t.knex, 'incidents') };

    const res = await agent.delete(`/api/properties/${property.id}`).expect(409);

    expect(res.body).toEqual({ error: 'conflict', message: 'La propiedad tiene movimientos o incidencias registrados: archívala en lugar de eliminarla' });
    expect({ ...(await counts()), transactions: await countRows(t.knex, 'transactions'), incidents: await countRows(t.knex, 'incidents') }).toEqual(before);
  });

  it('deletes a property with no history and its units, auditing the property and each unit', async () => {
    const { agent, user } = await signedIn();
    const create = await agent.post('/api/properties').send(form({ unitType: 'vivienda' })).expect(201);
    const id = create.body.id as number;
    const garage = await buildUnit(t.knex, { mainPropertyId: id, typeName: 'garaje' });
    const units = await t.knex('rentable_units').where({ mainPropertyId: id }).orderBy('id');
    const before = await counts();

    const res = await agent.delete(`/api/properties/${id}`).expect(204);

    expect(res.text).toBe('');
    expect(await t.knex('main_properties').where({ id }).first()).toBeUndefined();
    expect(await t.knex('rentable_units').where({ mainPropertyId: id })).toEqual([]);
    expect(await counts()).toEqual({
      ...before,
      main_properties: before.main_properties - 1,
      rentable_units: before.rentable_units - 2,
      unit_details_residential: before.unit_details_residential - 1,
      audit_log: before.audit_log + 3,
    });
    const [propertyAudit] = (await auditsOf('main_properties', id)).filter((a) => a.action === 'delete');
    expect(propertyAudit).toMatchObject({ userId: user.id, oldValues: expect.objectContaining({ id, propertyName: 'Ático en Chamberí' }), newValues: null });
    const unitAudits = await t.knex('audit_log').where({ tableName: 'rentable_units', action: 'delete' }).whereIn('recordId', units.map((u) => String(u.id)));
    expect(unitAudits.map((a) => a.oldValues.id).sort()).toEqual(units.map((u) => u.id).sort());
    expect(unitAudits.find((a) => a.recordId === String(garage.id)).oldValues).toMatchObject({ unitName: garage.unitName, details: null });

    await agent.delete(`/api/properties/${id}`).expect(404);
  });

  it('lets agency staff delete a property their agency manages', async () => {
    const agency = await buildAgency(t.knex);
    const { agent } = await signedIn('admin_agencia', agency.id);
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });

    await agent.delete(`/api/properties/${property.id}`).expect(204);

    expect(await t.knex('main_properties').where({ id: property.id }).first()).toBeUndefined();
  });
});
