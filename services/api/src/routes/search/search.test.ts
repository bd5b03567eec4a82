import { SEARCH_LIMIT, SearchResultsSchema } from '@arrendia/api-contract';
import { buildAgency, buildContract, buildProperty, buildUnit, buildUser, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';
import type { User } from '../../models/User';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function searchAs(user: User, q: string) {
  const res = await (await signIn(t, user)).get('/api/search').query({ q }).expect(200);
  return SearchResultsSchema.parse(res.body);
}

describe('GET /api/search', () => {
  it('answers 401 without a session', async () => {
    await t.request().get('/api/search?q=piso').expect(401);
  });

  it('refuses a query shorter than 2 characters with 400 naming q', async () => {
    const owner = await buildUser(t.knex);
    const res = await (await signIn(t, owner)).get('/api/search?q=a').expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(res.body.fields.q).toBe('Escribe al menos 2 caracteres');
  });

  it("finds the owner's properties ignoring case and accents, and never another owner's", async () => {
    const owner = await buildUser(t.knex);
    const other = await buildUser(t.knex);
    const mine = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Ático luminoso en Chamberí' });
    await buildProperty(t.knex, { ownerUserId: other.id, propertyName: 'Ático ajeno en Chamberí' });

    const upper = await searchAs(owner, 'ATICO LUMINOSO');
    expect(upper.properties.map((p) => p.id)).toEqual([mine.id]);
    const noAccent = await searchAs(owner, 'chamberi');
    expect(noAccent.properties.map((p) => p.id)).toEqual([mine.id]);
  });

  it('treats % and _ as plain characters', async () => {
    const owner = await buildUser(t.knex);
    await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Estudio en Malasaña' });
    const results = await searchAs(owner, '%%');
    expect(results.properties).toEqual([]);
  });

  it('finds tenants and contracts of the agency portfolio only', async () => {
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const owner = await buildUser(t.knex);
    const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Íñigo', lastName: 'Zubizarreta' });
    const stranger = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Íñigo', lastName: 'Ajeno' });
    const managed = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id, propertyName: 'Piso en Salamanca' });
    const unmanaged = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Piso en Centro' });
    const unit = await buildUnit(t.knex, { mainPropertyId: managed.id });
    const otherUnit = await buildUnit(t.knex, { mainPropertyId: unmanaged.id });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], contractCode: 'ARR-BUSQ-0001' });
    await buildContract(t.knex, { rentableUnitId: otherUnit.id, tenantUserIds: [stranger.id], contractCode: 'ARR-BUSQ-0002' });

    const byName = await searchAs(manager, 'inigo');
    expect(byName.tenants.map((u) => u.id)).toEqual([tenant.id]);
    const byCode = await searchAs(manager, 'arr-busq');
    expect(byCode.contracts.map((c) => c.id)).toEqual([contract.id]);
  });

  it('folds as before: "jose" finds José, "ÁLVAREZ" finds Álvarez, and % and _ match only themselves', async () => {
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const owner = await buildUser(t.knex);
    const jose = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'José', lastName: 'Pérez' });
    const alvarez = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Lucía', lastName: 'Álvarez' });
    const underscore = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id, propertyName: 'Piso_3 Argüelles' });
    await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id, propertyName: 'Piso 3 Argüelles' });
    const unit = await buildUnit(t.knex, { mainPropertyId: underscore.id });
    const otherUnit = await buildUnit(t.knex, { mainPropertyId: underscore.id });
    const percent = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [jose.id], contractCode: 'ARR-100%' });
    await buildContract(t.knex, { rentableUnitId: otherUnit.id, tenantUserIds: [alvarez.id], contractCode: 'ARR-1000' });

    expect((await searchAs(manager, 'jose')).tenants.map((u) => u.id)).toEqual([jose.id]);
    expect((await searchAs(manager, 'ÁLVAREZ')).tenants.map((u) => u.id)).toEqual([alvarez.id]);
    expect((await searchAs(manager, 'o_3 ARGUELLES')).properties.map((p) => p.id)).toEqual([underscore.id]);
    expect((await searchAs(manager, '100%')).contracts.map((c) => c.id)).toEqual([percent.id]);
  });

  it("finds a contract by its code, its property's name or its unit's name, not by the property's street", async () => {
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Residencial Olivar' });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Ático B' });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id });

    expect((await searchAs(owner, 'olivar')).contracts.map((c) => c.id)).toEqual([contract.id]);
    expect((await searchAs(owner, 'ATICO b')).contracts.map((c) => c.id)).toEqual([contract.id]);
    const byStreet = await searchAs(owner, 'fuencarral');
    expect(byStreet.properties.map((p) => p.id)).toEqual([property.id]);
    expect(byStreet.contracts).toEqual([]);
  });

  it('gives a tenant only its own contracts and no property or tenant lists', async () => {
    const owner = await buildUser(t.knex);
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const other = await buildUser(t.knex, { roleName: 'inquilino' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Casa compartida Lavapiés' });
    const a = await buildUnit(t.knex, { mainPropertyId: property.id, typeName: 'habitacion', unitName: 'Habitación A' });
    const b = await buildUnit(t.knex, { mainPropertyId: property.id, typeName: 'habitacion', unitName: 'Habitación B' });
    const mine = await buildContract(t.knex, { rentableUnitId: a.id, tenantUserIds: [tenant.id] });
    await buildContract(t.knex, { rentableUnitId: b.id, tenantUserIds: [other.id] });

    const results = await searchAs(tenant, 'lavapies');
    expect(results.properties).toEqual([]);
    expect(results.tenants).toEqual([]);
    expect(results.contracts.map((c) => c.id)).toEqual([mine.id]);
  });
});

describe('GET /api/search: order and limit', () => {
  it('gives at most SEARCH_LIMIT of each kind: properties by name, tenants by surname, contracts newest first', async () => {
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const owner = await buildUser(t.knex);
    const n = SEARCH_LIMIT + 2;
    // Written in an order that is none of the three orders asked for.
    const letters = Array.from({ length: n }, (_, i) => String.fromCharCode(65 + ((i * 3) % n)));
    const rows = [];
    for (const [i, letter] of letters.entries()) {
      const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id, propertyName: `Torre Quíntuple ${letter}` });
      const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
      const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Quíntuple', lastName: `Apellido ${letter}` });
      const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], startDate: `2025-0${1 + ((i * 5) % n)}-01` });
      rows.push({ letter, property, tenant, contract, startDate: contract.startDate });
    }

    const results = await searchAs(manager, 'quintuple');

    const byLetter = [...rows].sort((a, b) => a.letter.localeCompare(b.letter)).slice(0, SEARCH_LIMIT);
    expect(results.properties.map((p) => p.propertyName)).toEqual(byLetter.map((r) => r.property.propertyName));
    expect(results.tenants.map((u) => u.id)).toEqual(byLetter.map((r) => r.tenant.id));
    const newest = [...rows].sort((a, b) => String(b.startDate).localeCompare(String(a.startDate)) || b.contract.id - a.contract.id).slice(0, SEARCH_LIMIT);
    expect(results.contracts.map((c) => c.id)).toEqual(newest.map((r) => r.contract.id));
    expect(Object.keys(results.contracts[0]!).sort()).toEqual(['contractCode', 'id', 'propertyName', 'unitName']);
  });
});

describe('"searchText" columns', () => {
  it('stay out of the responses and audit rows that read whole rows', async () => {
    const owner = await buildUser(t.knex);
    const agent = await signIn(t, owner);
    const created = await agent
      .post('/api/properties')
      .send({ propertyName: 'Dúplex Chamberí', addressStreet: 'Calle de Ríos Rosas', city: 'Madrid', province: 'Madrid', postalCode: '28003', unitType: 'vivienda' })
      .expect(201);
    const unitId = (await t.knex('rentable_units').where('mainPropertyId', created.body.id).first('id')).id;
    const contract = await buildContract(t.knex, { rentableUnitId: unitId });
    const bodies = [
      created.body,
      (await agent.get('/api/properties').expect(200)).body,
      (await agent.get(`/api/properties/${created.body.id}`).expect(200)).body,
      (await agent.get('/api/contracts').expect(200)).body,
      (await agent.get(`/api/contracts/${contract.id}`).expect(200)).body,
      (await agent.get('/api/auth/user').expect(200)).body,
      await t.knex('audit_log').where({ tableName: 'main_properties', recordId: String(created.body.id) }).select('newValues'),
    ];
    for (const body of bodies) expect(JSON.stringify(body)).not.toContain('searchText');
  });
});

describe('text folding', () => {
  it('matches upper-case accented text even under the C collation', async () => {
    const { containsPattern, folded } = jest.requireActual('../../queries/textSearch');
    const row = await t.knex
      .select(t.knex.raw('? like ? as hit', [t.knex.raw(`(${folded(t.knex, 'v').toQuery()})`), containsPattern('nunez')]))
      .from(t.knex.raw(`(select 'CALLE NÚÑEZ' collate "C" as v) as s`))
      .first();
    expect(row.hit).toBe(true);
  });
});
