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

  it('refuses available=yes with a 400', async () => {
    const agent = await signIn(t, await buildUser(t.knex));
    const res = await agent.get('/api/units?available=yes').expect(400);
    expect(res.body.fields.available).toBeDefined();
  });
});
