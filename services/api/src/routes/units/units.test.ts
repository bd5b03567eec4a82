import { buildProperty, buildUnit, buildUser, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/units', () => {
  it('answers 401 without a session and 403 to a tenant', async () => {
    await t.request().get('/api/units').expect(401);
    const tenant = await signIn(t, await buildUser(t.knex, { roleName: 'inquilino' }));
    await tenant.get('/api/units').expect(403);
  });

  it("lists the owner's units with property and type; available=true drops rented, inactive and archived ones", async () => {
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const p = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'A Casa' });
    const archived = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'B Archivada', isArchived: true });
    const free = await buildUnit(t.knex, { mainPropertyId: p.id, unitName: 'Bajo A' });
    const garage = await buildUnit(t.knex, { mainPropertyId: p.id, unitName: 'Plaza 3', typeName: 'garaje' });
    const rented = await buildUnit(t.knex, { mainPropertyId: p.id, unitName: 'Primero B' });
    await t.knex('contracts').insert({ rentableUnitId: rented.id, contractCode: `U-${Date.now()}`, startDate: '2026-01-01', rentAmount: '900.00', paymentDay: 1, status: 'Activo' });
    await buildUnit(t.knex, { mainPropertyId: archived.id, unitName: 'Único' });
    const other = await buildProperty(t.knex, { ownerUserId: (await buildUser(t.knex)).id });
    await buildUnit(t.knex, { mainPropertyId: other.id });
    const agent = await signIn(t, owner);

    const all = (await agent.get('/api/units').expect(200)).body as { id: number; hasActiveContract: boolean; typeName: string; propertyName: string }[];
    expect(all.map((u) => u.propertyName)).toEqual(['A Casa', 'A Casa', 'A Casa', 'B Archivada']);
    expect(all.find((u) => u.id === rented.id)?.hasActiveContract).toBe(true);

    const available = (await agent.get('/api/units?available=true').expect(200)).body as { id: number; typeName: string }[];
    expect(available.map((u) => u.id)).toEqual([free.id, garage.id]);
    expect(available.map((u) => u.typeName)).toEqual(['vivienda', 'garaje']);

    const stranger = await signIn(t, await buildUser(t.knex, { roleName: 'propietario_individual' }));
    expect((await stranger.get('/api/units').expect(200)).body).toEqual([]);
  });

  it('pages with the total in X-Total-Count, sorts by ?sort= (id breaking ties) and narrows by propertyId, status and q; the total is the filtered count', async () => {
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const home = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Édificio Sol' });
    const other = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'casa Luna' });
    const attic = await buildUnit(t.knex, { mainPropertyId: home.id, unitName: 'Ático', baseRentPrice: '1200.00' });
    const ground = await buildUnit(t.knex, { mainPropertyId: home.id, unitName: 'bajo B', baseRentPrice: '800.00', currentStatus: 'Reservado' });
    const garage = await buildUnit(t.knex, { mainPropertyId: other.id, unitName: 'Plaza 1', baseRentPrice: '800.00', typeName: 'garaje' });
    // A stranger's unit matches every filter and is never listed nor counted.
    const strangers = await buildProperty(t.knex, { ownerUserId: (await buildUser(t.knex)).id, propertyName: 'Aaa ajena' });
    await buildUnit(t.knex, { mainPropertyId: strangers.id, unitName: 'Ático', baseRentPrice: '100.00', currentStatus: 'Reservado' });
    const agent = await signIn(t, owner);
    const ids = (res: { body: { id: number }[] }) => res.body.map((u) => u.id);

    // By property, then unit, in the readers' order ('casa Luna' before 'Édificio Sol', 'Ático' before 'bajo B').
    const all = await agent.get('/api/units').expect(200);
    expect([ids(all), all.headers['x-total-count']]).toEqual([[garage.id, attic.id, ground.id], '3']);
    expect(ids(await agent.get('/api/units?sort=unitName').expect(200))).toEqual([attic.id, ground.id, garage.id]);
    expect(ids(await agent.get('/api/units?sort=-unitName').expect(200))).toEqual([garage.id, ground.id, attic.id]);
    expect(ids(await agent.get('/api/units?sort=baseRentPrice').expect(200))).toEqual([ground.id, garage.id, attic.id]);
    expect(ids(await agent.get('/api/units?sort=-baseRentPrice').expect(200))).toEqual([attic.id, garage.id, ground.id]);
    expect(ids(await agent.get('/api/units?sort=-propertyName').expect(200))).toEqual([ground.id, attic.id, garage.id]);
    const second = await agent.get('/api/units?sort=baseRentPrice&page=2&pageSize=2').expect(200);
    expect([ids(second), second.headers['x-total-count']]).toEqual([[attic.id], '3']);

    const ofHome = await agent.get(`/api/units?propertyId=${home.id}`).expect(200);
    expect([ids(ofHome), ofHome.headers['x-total-count']]).toEqual([[attic.id, ground.id], '2']);
    const reserved = await agent.get('/api/units?status=Reservado').expect(200);
    expect([ids(reserved), reserved.headers['x-total-count']]).toEqual([[ground.id], '1']);
    // q finds the unit's name or its property's, ignoring case and accents.
    expect(ids(await agent.get('/api/units?q=ATICO').expect(200))).toEqual([attic.id]);
    expect(ids(await agent.get('/api/units?q=luna').expect(200))).toEqual([garage.id]);
  });

  it('refuses available=yes with a 400', async () => {
    const agent = await signIn(t, await buildUser(t.knex));
    const res = await agent.get('/api/units?available=yes').expect(400);
    expect(res.body.fields.available).toBeDefined();
  });

  it.each([
    ['sort=precio', 'sort'],
    ['sort=-', 'sort'],
    ['status=Vendido', 'status'],
    ['propertyId=abc', 'propertyId'],
    ['pageSize=101', 'pageSize'],
    ['q=a&q=b', 'q'],
  ])('refuses ?%s with 400 naming %s, in Spanish', async (query, field) => {
    const agent = await signIn(t, await buildUser(t.knex));
    const res = await agent.get(`/api/units?${query}`).expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });
});
