import { RentalTypesSchema, type RentalTypes } from '@arrendia/api-contract';
import type { User } from '../../models/User';
import { buildContract, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';


let t: TestApp;
let admin: User;
let ids: { flat: number; house: number; block: number; rooms: Record<string, number> };

async function rentalTypesAs(kind: string, status = 200) {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: admin.email, password: FACTORY_PASSWORD }).expect(200);
  return (await agent.get(`/api/admin/rental-types?kind=${kind}`).expect(status)).body;
}

/**
 * A platform with: a shared flat of 3 rooms (one rented to Lucía with a contract, one reserved, one
 * free) and a whole dwelling in the same building; a house with 2 dwellings (1 rented); a block of
 * 4 dwellings (2 rented); and what never counts: a garage, an inactive room, an archived property's
 * dwelling and room.
 */
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t.knex, { roleName: 'super_admin' });
  const owner = await buildUser(t.knex);
  const lucia = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Lucía', lastName: 'Ramos' });
  const flat = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Piso compartido Malasaña', city: 'Madrid' });
  const room1 = await buildUnit(t.knex, { mainPropertyId: flat.id, typeName: 'habitacion', unitName: 'Habitación 1', currentStatus: 'Alquilado', baseRentPrice: '450.00' });
  await buildContract(t.knex, { rentableUnitId: room1.id, tenantUserIds: [lucia.id], rentAmount: '480.00' });
  const room2 = await buildUnit(t.knex, { mainPropertyId: flat.id, typeName: 'habitacion', unitName: 'Habitación 2', currentStatus: 'Reservado', baseRentPrice: '420.00' });
  const room3 = await buildUnit(t.knex, { mainPropertyId: flat.id, typeName: 'habitacion', unitName: 'Habitación 3', baseRentPrice: '400.00' });
  await buildUnit(t.knex, { mainPropertyId: flat.id, typeName: 'habitacion', unitName: 'Habitación 4', isActive: false });
  await buildUnit(t.knex, { mainPropertyId: flat.id, typeName: 'vivienda', unitName: 'Ático', currentStatus: 'Alquilado' });
  await buildUnit(t.knex, { mainPropertyId: flat.id, typeName: 'garaje', unitName: 'Plaza 1', currentStatus: 'Alquilado' });

  const house = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Casa Triana', city: 'Sevilla' });
  await buildUnit(t.knex, { mainPropertyId: house.id, unitName: 'Bajo', currentStatus: 'Alquilado' });
  await buildUnit(t.knex, { mainPropertyId: house.id, unitName: 'Primero' });
  const block = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Bloque Ruzafa', city: 'Valencia' });
  for (const [name, status] of [['1A', 'Alquilado'], ['1B', 'Alquilado'], ['2A', 'Disponible'], ['2B', 'En mantenimiento']] as const) {
    await buildUnit(t.knex, { mainPropertyId: block.id, unitName: name, currentStatus: status });
  }
  const archived = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Archivada', isArchived: true });
  await buildUnit(t.knex, { mainPropertyId: archived.id, currentStatus: 'Alquilado' });
  await buildUnit(t.knex, { mainPropertyId: archived.id, typeName: 'habitacion' });
  ids = { flat: flat.id, house: house.id, block: block.id, rooms: { room1: room1.id, room2: room2.id, room3: room3.id } };
});
afterAll(() => t.close());

describe('GET /api/admin/rental-types', () => {
  it("'apartments' counts whole dwellings per building, with occupancy, and no rooms", async () => {
    const body: RentalTypes = RentalTypesSchema.parse(await rentalTypesAs('apartments'));
    expect(body.totals).toEqual({ buildings: 3, units: 7, occupied: 4, occupancyRate: 57.1 });
    expect(body.buildings).toEqual([
      { propertyId: ids.block, propertyName: 'Bloque Ruzafa', city: 'Valencia', units: 4, occupied: 2, occupancyRate: 50 },
      { propertyId: ids.house, propertyName: 'Casa Triana', city: 'Sevilla', units: 2, occupied: 1, occupancyRate: 50 },
      { propertyId: ids.flat, propertyName: 'Piso compartido Malasaña', city: 'Madrid', units: 1, occupied: 1, occupancyRate: 100 },
    ]);
  });

  it("'rooms' lists the rooms of shared flats with their state, tenant and rent", async () => {
    const body: RentalTypes = RentalTypesSchema.parse(await rentalTypesAs('rooms'));
    expect(body.totals).toEqual({ buildings: 1, units: 3, occupied: 1, occupancyRate: 33.3 });
    expect(body.buildings).toEqual([
      {
        propertyId: ids.flat,
        propertyName: 'Piso compartido Malasaña',
        city: 'Madrid',
        units: 3,
        occupied: 1,
        occupancyRate: 33.3,
        rooms: [
          { unitId: ids.rooms.room1, name: 'Habitación 1', status: 'Alquilado', occupied: true, tenantName: 'Lucía Ramos', rent: '480.00' },
          { unitId: ids.rooms.room2, name: 'Habitación 2', status: 'Reservado', occupied: false, tenantName: null, rent: '420.00' },
          { unitId: ids.rooms.room3, name: 'Habitación 3', status: 'Disponible', occupied: false, tenantName: null, rent: '400.00' },
        ],
      },
    ]);
  });

  it('compares the real count with each plan of spec §9 and names the cheapest that fits', async () => {
    const apartments: RentalTypes = await rentalTypesAs('apartments');
    expect(apartments.plans).toEqual([
      { name: 'Basic', price: 39, limit: 5, highlight: null, fits: false },
      { name: 'Professional', price: 69, limit: 20, highlight: 'Recomendado', fits: true },
      { name: 'Enterprise', price: 119, limit: null, highlight: null, fits: true },
    ]);
    expect(apartments.currentPlan).toBe('Professional');
    const rooms: RentalTypes = await rentalTypesAs('rooms');
    expect(rooms.plans.map((p) => [p.name, p.price, p.limit, p.fits])).toEqual([
      ['Starter', 29, 10, true],
      ['Professional', 49, 50, true],
      ['Enterprise', 89, null, true],
    ]);
    expect(rooms.currentPlan).toBe('Starter');
  });

  it('refuses a missing or unknown kind with a 400 naming the field', async () => {
    for (const kind of ['', 'garajes']) {
      const body = await rentalTypesAs(kind, 400);
      expect(body).toEqual({ error: 'validation_error', message: 'Revisa los campos marcados', fields: { kind: 'Indica apartments o rooms' } });
    }
  });
});
