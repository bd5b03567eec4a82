import { AgencyDirectoryEntrySchema, PersonSchema, PropertyDetailSchema, PropertyUnitSchema, PROPERTY_AGENT_MESSAGES, UNIT_MESSAGES, type UnitCreateInput } from '@arrendia/api-contract';
import type { RoleName } from '@arrendia/permissions';
import { z } from 'zod';
import { buildAgency, buildContract, buildProperty, buildUnit, buildUser, delegate, signIn } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

/**
 * Units people build and keep, and the agent in charge of a property (issue 32, points 2 and 4):
 * GET|POST /api/properties/:id/units, PATCH /api/units/:id, GET /api/properties/:id/agents,
 * PUT /api/properties/:id/agent.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(roleName: RoleName, agencyId: number | null = null) {
  const user = await buildUser(t.knex, { roleName, agencyId });
  return { user, agent: await signIn(t, user) };
}

/** Tables a unit or agent write may touch: the "nothing written" checks (a sign-in's own audit row aside). */
const TOUCHED = ['rentable_units', 'unit_details_residential', 'notifications'] as const;
async function counts() {
  const rows = Object.fromEntries(await Promise.all(TOUCHED.map(async (table) => [table, await countRows(t.knex, table)] as const)));
  const [{ n }] = await t.knex('audit_log').whereNot('action', 'login').count({ n: '*' });
  return { ...rows, audit_log: Number(n) };
}

const auditsOf = (tableName: string, recordId: number) => t.knex('audit_log').where({ tableName, recordId: String(recordId) }).orderBy('id');

const room = (overrides: Partial<UnitCreateInput> = {}): UnitCreateInput => ({
  unitType: 'habitacion',
  unitName: 'Habitación 1',
  areaM2: '12,5',
  baseRentPrice: 450,
  description: 'Exterior, con armario empotrado',
  amenities: ['Escritorio', ' Armario '],
  details: { numBedrooms: 1, numBathrooms: 0, floorLevel: 3, isFurnished: true, hasElevator: true, heatingType: 'Gas natural', energyCertificateRating: 'C', orientation: 'Sur' },
  ...overrides,
});

/** An agency with its manager and an agent, and a property it manages for an owner. */
async function agencyPortfolio() {
  const agency = await buildAgency(t.knex);
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
  const manager = await signedIn('admin_agencia', agency.id);
  const agentUser = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id, firstName: 'Lucía', lastName: 'Agente' });
  return { agency, owner, property, manager, agentUser };
}

describe('GET /api/properties/:id/units', () => {
  it('pages the units (active first, in the order they were added) with X-Total-Count, sorts by ?sort= and narrows by status, type, archived and q', async () => {
    const owner = await signedIn('propietario_individual');
    const property = await buildProperty(t.knex, { ownerUserId: owner.user.id });
    const archived = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Trastero viejo', typeName: 'trastero', baseRentPrice: '60.00', isActive: false });
    const second = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Piso 2º', baseRentPrice: '900.00', currentStatus: 'Reservado' });
    const first = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'ático', baseRentPrice: '1200.00' });
    const garage = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Plaza 4', typeName: 'garaje', baseRentPrice: '900.00' });
    // Another property's unit, of the same owner, is never listed nor counted.
    await buildUnit(t.knex, { mainPropertyId: (await buildProperty(t.knex, { ownerUserId: owner.user.id })).id, unitName: 'Ático ajeno' });
    const path = `/api/properties/${property.id}/units`;
    const ids = (res: { body: unknown }) => z.array(PropertyUnitSchema).parse(res.body).map((u) => u.id);

    const all = await owner.agent.get(path).expect(200);
    expect([ids(all), all.headers['x-total-count']]).toEqual([[second.id, first.id, garage.id, archived.id], '4']);
    const page2 = await owner.agent.get(`${path}?page=2&pageSize=3`).expect(200);
    expect([ids(page2), page2.headers['x-total-count']]).toEqual([[archived.id], '4']);
    expect(ids(await owner.agent.get(`${path}?sort=unitName`).expect(200))).toEqual([first.id, second.id, garage.id, archived.id]);
    // Equal rents in id order, ascending or descending.
    expect(ids(await owner.agent.get(`${path}?sort=baseRentPrice`).expect(200))).toEqual([archived.id, second.id, garage.id, first.id]);
    expect(ids(await owner.agent.get(`${path}?sort=-baseRentPrice`).expect(200))).toEqual([first.id, garage.id, second.id, archived.id]);

    const reserved = await owner.agent.get(`${path}?status=Reservado`).expect(200);
    expect([ids(reserved), reserved.headers['x-total-count']]).toEqual([[second.id], '1']);
    expect(ids(await owner.agent.get(`${path}?type=garaje`).expect(200))).toEqual([garage.id]);
    const gone = await owner.agent.get(`${path}?archived=true`).expect(200);
    expect([ids(gone), gone.headers['x-total-count']]).toEqual([[archived.id], '1']);
    expect(ids(await owner.agent.get(`${path}?archived=false`).expect(200))).toEqual([second.id, first.id, garage.id]);
    expect(ids(await owner.agent.get(`${path}?q=ATICO`).expect(200))).toEqual([first.id]);
  });

  it("answers 404 for another owner's property, 403 to a tenant, and 400 naming the field for an unknown sort or filter", async () => {
    const owner = await signedIn('propietario_individual');
    const property = await buildProperty(t.knex, { ownerUserId: owner.user.id });
    await buildUnit(t.knex, { mainPropertyId: property.id });
    const stranger = await signedIn('propietario_individual');
    expect((await stranger.agent.get(`/api/properties/${property.id}/units`).expect(404)).body.error).toBe('not_found');
    await (await signedIn('inquilino')).agent.get(`/api/properties/${property.id}/units`).expect(403);
    for (const [query, field] of [
      ['sort=areaM3', 'sort'],
      ['sort=-', 'sort'],
      ['status=Vendido', 'status'],
      ['type=chalet', 'type'],
      ['archived=si', 'archived'],
    ]) {
      const res = await owner.agent.get(`/api/properties/${property.id}/units?${query}`).expect(400);
      expect([res.body.error, Object.keys(res.body.fields)]).toEqual(['validation_error', [field]]);
    }
  });
});

describe('POST /api/properties/:id/units', () => {
  it('adds a habitación with its residential details and extras, audited, and lists it with the property', async () => {
    const owner = await signedIn('propietario_individual');
    const property = await buildProperty(t.knex, { ownerUserId: owner.user.id });
    const res = await owner.agent.post(`/api/properties/${property.id}/units`).send(room()).expect(201);
    const unit = PropertyUnitSchema.parse(res.body);
    expect(res.headers.location).toBe(`/api/units/${unit.id}`);
    expect(unit).toMatchObject({
      unitName: 'Habitación 1',
      areaM2: '12.50',
      baseRentPrice: '450.00',
      currentStatus: 'Disponible',
      isActive: true,
      amenities: ['Escritorio', 'Armario'],
      unitType: { typeName: 'habitacion' },
      activeContract: null,
      details: { numBedrooms: 1, numBathrooms: 0, floorLevel: 3, isFurnished: true, hasElevator: true, hasTerrace: false, heatingType: 'Gas natural', energyCertificateRating: 'C', orientation: 'Sur' },
    });
    const [row] = await auditsOf('rentable_units', unit.id);
    expect(row).toMatchObject({ action: 'create', userId: owner.user.id });
    expect(row.newValues).toMatchObject({ unitName: 'Habitación 1', details: { orientation: 'Sur', numBathrooms: 0 } });

    const list = z.array(PropertyUnitSchema).parse((await owner.agent.get(`/api/properties/${property.id}/units`).expect(200)).body);
    expect(list.map((u) => u.unitName)).toEqual(['Habitación 1']);
    const detail = PropertyDetailSchema.parse((await owner.agent.get(`/api/properties/${property.id}`).expect(200)).body);
    expect(detail.units.map((u) => u.id)).toEqual([unit.id]);
  });

  it('gives a garaje no residential details, and refuses details sent for one', async () => {
    const owner = await signedIn('propietario_individual');
    const property = await buildProperty(t.knex, { ownerUserId: owner.user.id });
    const res = await owner.agent.post(`/api/properties/${property.id}/units`).send({ unitType: 'garaje', unitName: 'Plaza 7' }).expect(201);
    expect(PropertyUnitSchema.parse(res.body)).toMatchObject({ details: null, areaM2: null, baseRentPrice: null, amenities: [] });
    const before = await counts();
    const refused = await owner.agent.post(`/api/properties/${property.id}/units`).send({ unitType: 'garaje', unitName: 'Plaza 8', details: { numBedrooms: 2 } }).expect(400);
    expect(refused.body.fields).toEqual({ details: UNIT_MESSAGES.detailsNotResidential });
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input field by field in Spanish, writing nothing', async () => {
    const owner = await signedIn('propietario_individual');
    const property = await buildProperty(t.knex, { ownerUserId: owner.user.id });
    const before = await counts();
    const res = await owner.agent
      .post(`/api/properties/${property.id}/units`)
      .send({ unitType: 'castillo', unitName: '  ', areaM2: -5, baseRentPrice: 'mucho', currentStatus: 'Alquilado', amenities: 'piscina', details: { numBedrooms: 99, orientation: 'Arriba' } })
      .expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(res.body.fields).toMatchObject({
      unitType: 'Elige un tipo de unidad válido',
      unitName: 'El nombre de la unidad es obligatorio',
      areaM2: 'La superficie debe ser mayor que 0',
      baseRentPrice: 'Introduce un importe válido',
      currentStatus: UNIT_MESSAGES.rentedByContract,
      amenities: 'Los extras son una lista de textos',
    });
    expect(JSON.stringify(res.body.fields)).toMatch(/dormitorios entre 0 y 50/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a second unit of the same name in one property (409 on unitName), whatever the case', async () => {
    const owner = await signedIn('propietario_individual');
    const property = await buildProperty(t.knex, { ownerUserId: owner.user.id });
    await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Habitación 1' });
    const before = await counts();
    const res = await owner.agent.post(`/api/properties/${property.id}/units`).send(room({ unitName: 'HABITACIÓN 1' })).expect(409);
    expect(res.body.fields).toEqual({ unitName: UNIT_MESSAGES.duplicateName });
    expect(await counts()).toEqual(before);
    // Another property may use the name.
    const other = await buildProperty(t.knex, { ownerUserId: owner.user.id });
    await owner.agent.post(`/api/properties/${other.id}/units`).send(room()).expect(201);
  });

  it('refuses units on an archived property (409)', async () => {
    const owner = await signedIn('propietario_individual');
    const property = await buildProperty(t.knex, { ownerUserId: owner.user.id, isArchived: true });
    const res = await owner.agent.post(`/api/properties/${property.id}/units`).send(room()).expect(409);
    expect(res.body.message).toBe(UNIT_MESSAGES.archivedProperty);
  });

  it("scopes who adds units: another owner, another agency's manager and an unassigned agent get 404; a tenant 403; the delegate and the assigned agent may", async () => {
    const { agency, owner, property } = await agencyPortfolio();
    const stranger = await signedIn('propietario_individual');
    const otherManager = await signedIn('admin_agencia', (await buildAgency(t.knex)).id);
    const unassigned = await signedIn('agente', agency.id);
    const tenant = await signedIn('inquilino');
    const before = await counts();
    for (const who of [stranger, otherManager, unassigned]) {
      const res = await who.agent.post(`/api/properties/${property.id}/units`).send(room()).expect(404);
      expect(res.body.message).toBe('No se ha encontrado la propiedad');
      await who.agent.get(`/api/properties/${property.id}/units`).expect(who === unassigned ? 200 : 404);
    }
    await tenant.agent.post(`/api/properties/${property.id}/units`).send(room()).expect(403);
    expect(await counts()).toEqual(before);

    const assigned = await signedIn('agente', agency.id);
    await t.knex('main_properties').where('id', property.id).update({ assignedAgentUserId: assigned.user.id });
    await assigned.agent.post(`/api/properties/${property.id}/units`).send(room({ unitName: 'Habitación A' })).expect(201);
    const delegateUser = await signedIn('propietario_delegado');
    await delegate(t.knex, owner.id, delegateUser.user.id);
    await delegateUser.agent.post(`/api/properties/${property.id}/units`).send(room({ unitName: 'Habitación B' })).expect(201);
  });
});

describe('PATCH /api/units/:id', () => {
  async function ownedUnit(overrides: Parameters<typeof buildUnit>[1] extends infer I ? Partial<I> : never = {}) {
    const owner = await signedIn('propietario_individual');
    const property = await buildProperty(t.knex, { ownerUserId: owner.user.id });
    const created = PropertyUnitSchema.parse((await owner.agent.post(`/api/properties/${property.id}/units`).send(room()).expect(201)).body);
    if (overrides.currentStatus) await t.knex('rentable_units').where('id', created.id).update({ currentStatus: overrides.currentStatus });
    return { owner, property, unit: created };
  }

  it('edits what changed and audits only that, details included; the same values again write nothing', async () => {
    const { owner, unit } = await ownedUnit();
    const res = await owner.agent
      .patch(`/api/units/${unit.id}`)
      .send({ unitName: 'Habitación exterior', baseRentPrice: '475', areaM2: 12.5, description: '', details: { numBathrooms: 1, orientation: 'Sur' } })
      .expect(200);
    expect(PropertyUnitSchema.parse(res.body)).toMatchObject({ unitName: 'Habitación exterior', baseRentPrice: '475.00', description: null, details: { numBathrooms: 1, orientation: 'Sur' } });
    const audits = await auditsOf('rentable_units', unit.id);
    expect(audits).toHaveLength(2);
    expect(audits[1].oldValues).toEqual({ unitName: 'Habitación 1', baseRentPrice: '450.00', description: 'Exterior, con armario empotrado', details: { numBathrooms: 0 } });
    expect(audits[1].newValues).toEqual({ unitName: 'Habitación exterior', baseRentPrice: '475.00', description: null, details: { numBathrooms: 1 } });

    await owner.agent.patch(`/api/units/${unit.id}`).send({ unitName: 'Habitación exterior', areaM2: '12.50', details: { orientation: 'Sur' } }).expect(200);
    expect(await auditsOf('rentable_units', unit.id)).toHaveLength(2);
  });

  it('sets the status by hand, but never Alquilado; a unit an Activo contract rents keeps its status and cannot be archived', async () => {
    const { owner, unit } = await ownedUnit();
    const res = await owner.agent.patch(`/api/units/${unit.id}`).send({ currentStatus: 'En mantenimiento' }).expect(200);
    expect(res.body.currentStatus).toBe('En mantenimiento');
    const manual = await owner.agent.patch(`/api/units/${unit.id}`).send({ currentStatus: 'Alquilado' }).expect(400);
    expect(manual.body.fields).toEqual({ currentStatus: UNIT_MESSAGES.rentedByContract });

    await t.knex('rentable_units').where('id', unit.id).update({ currentStatus: 'Alquilado' });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id });
    const before = await counts();
    const status = await owner.agent.patch(`/api/units/${unit.id}`).send({ currentStatus: 'Disponible' }).expect(409);
    expect(status.body.fields).toEqual({ currentStatus: UNIT_MESSAGES.statusFollowsContract });
    const archive = await owner.agent.patch(`/api/units/${unit.id}`).send({ isActive: false }).expect(409);
    expect(archive.body.message).toBe(UNIT_MESSAGES.archiveWithContract);
    expect(await counts()).toEqual(before);
    // Its occupancy is the contract.
    const [listed] = z.array(PropertyUnitSchema).parse((await owner.agent.get(`/api/properties/${unit.mainPropertyId}/units`).expect(200)).body);
    expect(listed.activeContract).toEqual({ id: contract.id, contractCode: contract.contractCode });
  });

  it('archives and restores a free unit; a contract cannot be made on an archived one', async () => {
    const { owner, unit } = await ownedUnit();
    expect((await owner.agent.patch(`/api/units/${unit.id}`).send({ isActive: false }).expect(200)).body.isActive).toBe(false);
    const tenantless = await owner.agent
      .post('/api/contracts')
      .send({ contractCode: `CTR-ARCH-${unit.id}`, rentableUnitId: unit.id, startDate: '2026-12-01', rentAmount: 450, depositAmount: 450 })
      .expect(409);
    expect(tenantless.body.fields).toEqual({ rentableUnitId: UNIT_MESSAGES.archived });
    expect((await owner.agent.patch(`/api/units/${unit.id}`).send({ isActive: true }).expect(200)).body.isActive).toBe(true);
  });

  it('moves a habitación to a local: its residential details go (audited); back to vivienda they come with defaults', async () => {
    const { owner, unit } = await ownedUnit();
    const res = await owner.agent.patch(`/api/units/${unit.id}`).send({ unitType: 'local' }).expect(200);
    expect(res.body).toMatchObject({ unitType: { typeName: 'local' }, details: null });
    const audits = await auditsOf('rentable_units', unit.id);
    expect(audits.at(-1)?.oldValues).toMatchObject({ details: { orientation: 'Sur' } });
    expect(audits.at(-1)?.newValues).toMatchObject({ details: null });
    const back = await owner.agent.patch(`/api/units/${unit.id}`).send({ unitType: 'vivienda', details: { numBedrooms: 3 } }).expect(200);
    expect(back.body.details).toMatchObject({ numBedrooms: 3, numBathrooms: 1, orientation: null });
  });

  it('refuses an empty edit, a bad area, a duplicate name, and units out of scope (404), writing nothing', async () => {
    const { owner, property, unit } = await ownedUnit();
    await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Trastero 2' });
    const stranger = await signedIn('propietario_individual');
    const before = await counts();
    expect((await owner.agent.patch(`/api/units/${unit.id}`).send({}).expect(400)).body.message).toMatch(/Indica al menos un cambio|Revisa/);
    expect((await owner.agent.patch(`/api/units/${unit.id}`).send({ areaM2: -5 }).expect(400)).body.fields).toEqual({ areaM2: 'La superficie debe ser mayor que 0' });
    expect((await owner.agent.patch(`/api/units/${unit.id}`).send({ unitName: 'trastero 2' }).expect(409)).body.fields).toEqual({ unitName: UNIT_MESSAGES.duplicateName });
    expect((await stranger.agent.patch(`/api/units/${unit.id}`).send({ unitName: 'Mía' }).expect(404)).body.message).toBe('No se ha encontrado la unidad');
    await owner.agent.patch('/api/units/999999999').send({ unitName: 'X' }).expect(404);
    expect(await counts()).toEqual(before);
  });
});

describe('the agent in charge: GET /api/properties/:id/agents, PUT /api/properties/:id/agent', () => {
  it("the manager lists its agency's active agents, assigns one (told, audited), reassigns and clears; the agent then edits the property", async () => {
    const { agency, property, manager, agentUser } = await agencyPortfolio();
    await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id, isActive: false });
    await buildUser(t.knex, { roleName: 'agente', agencyId: (await buildAgency(t.knex)).id });
    const second = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id, firstName: 'Mario', lastName: 'Segundo' });

    const agents = z.array(PersonSchema).parse((await manager.agent.get(`/api/properties/${property.id}/agents`).expect(200)).body);
    expect(agents.map((a) => a.id).sort()).toEqual([agentUser.id, second.id].sort());

    const res = await manager.agent.put(`/api/properties/${property.id}/agent`).send({ agentUserId: agentUser.id }).expect(200);
    expect(res.body).toEqual({ assignedAgent: { id: agentUser.id, firstName: 'Lucía', lastName: 'Agente' } });
    const detail = PropertyDetailSchema.parse((await manager.agent.get(`/api/properties/${property.id}`).expect(200)).body);
    expect(detail.assignedAgent?.id).toBe(agentUser.id);
    const told = await t.knex('notifications').where({ recipientUserId: agentUser.id, relatedEntityType: 'property', relatedEntityId: property.id }).first();
    expect(told.title).toBe('Nueva propiedad asignada');
    const [audit] = await t.knex('audit_log').where({ tableName: 'main_properties', recordId: String(property.id), userId: manager.user.id });
    expect(audit.newValues).toEqual({ assignedAgentUserId: agentUser.id });

    // Assigned, the agent edits the property and sees it in 'Mis Propiedades'.
    const agentSession = await signIn(t, agentUser);
    await agentSession.patch(`/api/properties/${property.id}`).send({ notes: 'Llaves en la agencia' }).expect(200);
    const mine = (await agentSession.get('/api/agents/me/properties').expect(200)).body as { id: number }[];
    expect(mine.map((p) => p.id)).toContain(property.id);

    // The same agent again writes nothing; another takes over; null leaves none.
    const audits = await countRows(t.knex, 'audit_log');
    await manager.agent.put(`/api/properties/${property.id}/agent`).send({ agentUserId: agentUser.id }).expect(200);
    expect(await countRows(t.knex, 'audit_log')).toBe(audits);
    await manager.agent.put(`/api/properties/${property.id}/agent`).send({ agentUserId: second.id }).expect(200);
    await agentSession.patch(`/api/properties/${property.id}`).send({ notes: 'Ya no es mía' }).expect(404);
    expect((await manager.agent.put(`/api/properties/${property.id}/agent`).send({ agentUserId: null }).expect(200)).body).toEqual({ assignedAgent: null });
    expect(PropertyDetailSchema.parse((await manager.agent.get(`/api/properties/${property.id}`).expect(200)).body).assignedAgent).toBeNull();
  });

  it('refuses anyone but an active agent of the managing agency (400 on agentUserId), a property no agency manages (409), and callers out of scope', async () => {
    const { agency, owner, property, manager } = await agencyPortfolio();
    const inactive = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id, isActive: false });
    const foreign = await buildUser(t.knex, { roleName: 'agente', agencyId: (await buildAgency(t.knex)).id });
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const before = await counts();
    for (const agentUserId of [inactive.id, foreign.id, tenant.id, manager.user.id, 999999999]) {
      const res = await manager.agent.put(`/api/properties/${property.id}/agent`).send({ agentUserId }).expect(400);
      expect(res.body.fields).toEqual({ agentUserId: PROPERTY_AGENT_MESSAGES.notAgent });
    }
    await manager.agent.put(`/api/properties/${property.id}/agent`).send({ agentUserId: 'Lucía' }).expect(400);
    await manager.agent.put(`/api/properties/${property.id}/agent`).send({}).expect(400);

    const ownOnly = await buildProperty(t.knex, { ownerUserId: owner.id });
    const admin = await signedIn('super_admin');
    const none = await admin.agent.put(`/api/properties/${ownOnly.id}/agent`).send({ agentUserId: null }).expect(409);
    expect(none.body.message).toBe(PROPERTY_AGENT_MESSAGES.noAgency);
    expect((await admin.agent.get(`/api/properties/${ownOnly.id}/agents`).expect(200)).body).toEqual([]);

    const otherManager = await signedIn('admin_agencia', (await buildAgency(t.knex)).id);
    await otherManager.agent.put(`/api/properties/${property.id}/agent`).send({ agentUserId: null }).expect(404);
    await otherManager.agent.get(`/api/properties/${property.id}/agents`).expect(404);
    const ownerSession = await signIn(t, owner);
    await ownerSession.put(`/api/properties/${property.id}/agent`).send({ agentUserId: null }).expect(403);
    const agentSession = await signedIn('agente', agency.id);
    await agentSession.agent.get(`/api/properties/${property.id}/agents`).expect(403);
    expect(await counts()).toEqual(before);
  });
});

describe('the managing agency: PUT /api/properties/:id/agency', () => {
  it("the owner's choice is a request the agency accepts; then the agency manages it; taking it back ends that at once and tells the agency", async () => {
    const owner = await signedIn('propietario_individual');
    const property = await buildProperty(t.knex, { ownerUserId: owner.user.id });
    const agency = await buildAgency(t.knex);
    const manager = await signedIn('admin_agencia', agency.id);

    const asked = await owner.agent.put(`/api/properties/${property.id}/agency`).send({ managerAgencyId: agency.id }).expect(200);
    expect(asked.body).toMatchObject({ managerAgencyId: null, pendingRequest: { kind: 'agency_management', status: 'Pendiente', agency: { id: agency.id }, property: { id: property.id } } });
    // The detail says whom it was asked of, with the request to withdraw.
    const waiting = PropertyDetailSchema.parse((await owner.agent.get(`/api/properties/${property.id}`).expect(200)).body);
    expect(waiting).toMatchObject({ managerAgency: null, pendingAgencyRequest: { id: asked.body.pendingRequest.id, agency: { id: agency.id } } });
    expect((await t.knex('main_properties').where({ id: property.id }).first()).managerAgencyId).toBeNull();
    // Not yet the agency's: its manager cannot see it until it accepts.
    await manager.agent.get(`/api/properties/${property.id}`).expect(404);
    await manager.agent.post(`/api/consent-requests/${asked.body.pendingRequest.id}/accept`).expect(200);
    const managed = PropertyDetailSchema.parse((await manager.agent.get(`/api/properties/${property.id}`).expect(200)).body);
    expect(managed).toMatchObject({ managerAgencyId: agency.id, managerAgency: { id: agency.id }, pendingAgencyRequest: null });

    // Its agent put in charge, then the owner takes the property back.
    const agentUser = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    await manager.agent.put(`/api/properties/${property.id}/agent`).send({ agentUserId: agentUser.id }).expect(200);
    const back = await owner.agent.put(`/api/properties/${property.id}/agency`).send({ managerAgencyId: null }).expect(200);
    expect(back.body).toEqual({ managerAgencyId: null, pendingRequest: null });
    expect(await t.knex('main_properties').where({ id: property.id }).first('managerAgencyId', 'assignedAgentUserId')).toEqual({ managerAgencyId: null, assignedAgentUserId: null });
    await manager.agent.get(`/api/properties/${property.id}`).expect(404);
    const told = await t.knex('notifications').where({ recipientUserId: manager.user.id, notificationType: 'agency_changed', relatedEntityId: property.id }).first();
    expect(told.title).toBe('Propiedad retirada');
    const [audit] = await t.knex('audit_log').where({ tableName: 'main_properties', recordId: String(property.id), userId: owner.user.id }).orderBy('id', 'desc');
    expect(audit.newValues).toEqual({ managerAgencyId: null, assignedAgentUserId: null });
  });

  it('refuses an unknown or deactivated agency (400), a second agency while one manages it (409), agency staff (403) and other owners (404), writing nothing', async () => {
    const owner = await signedIn('propietario_individual');
    const agency = await buildAgency(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.user.id, managerAgencyId: agency.id });
    const inactive = await buildAgency(t.knex);
    await t.knex('agencies').where({ id: inactive.id }).update({ isActive: false });
    const before = await counts();
    const requests = await countRows(t.knex, 'consent_requests');
    for (const managerAgencyId of [999999999, inactive.id]) {
      expect((await owner.agent.put(`/api/properties/${property.id}/agency`).send({ managerAgencyId }).expect(400)).body.fields).toEqual({ managerAgencyId: 'Elige una agencia activa de la plataforma' });
    }
    const other = await buildAgency(t.knex);
    const taken = await owner.agent.put(`/api/properties/${property.id}/agency`).send({ managerAgencyId: other.id }).expect(409);
    expect(taken.body.fields.managerAgencyId).toMatch(/Otra agencia gestiona esta propiedad/);
    await owner.agent.put(`/api/properties/${property.id}/agency`).send({ managerAgencyId: 'Agencia' }).expect(400);
    const manager = await signedIn('admin_agencia', agency.id);
    await manager.agent.put(`/api/properties/${property.id}/agency`).send({ managerAgencyId: null }).expect(403);
    const stranger = await signedIn('propietario_individual');
    await stranger.agent.put(`/api/properties/${property.id}/agency`).send({ managerAgencyId: null }).expect(404);
    expect(await counts()).toEqual(before);
    expect(await countRows(t.knex, 'consent_requests')).toBe(requests);
    expect((await t.knex('main_properties').where({ id: property.id }).first()).managerAgencyId).toBe(agency.id);
  });

  it('the super admin, who administers every account, binds the agency at once and the agency is told', async () => {
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const admin = await signedIn('super_admin');
    expect((await admin.agent.put(`/api/properties/${property.id}/agency`).send({ managerAgencyId: agency.id }).expect(200)).body).toEqual({ managerAgencyId: agency.id, pendingRequest: null });
    expect((await t.knex('notifications').where({ recipientUserId: manager.id, notificationType: 'agency_changed' }).first()).title).toBe('Nueva propiedad gestionada');
  });
});

describe('GET /api/agencies/directory', () => {
  it('lists the active agencies by name to an owner, searched by name or address ignoring accents; agency staff and tenants may not read it', async () => {
    const stamp = Date.now();
    const [a, b, off] = [await buildAgency(t.knex, { nombreAgencia: `Fincas Álamo ${stamp}` }), await buildAgency(t.knex, { nombreAgencia: `Inmobiliaria Bética ${stamp}` }), await buildAgency(t.knex, { nombreAgencia: `Cerrada ${stamp}` })];
    await t.knex('agencies').where({ id: b.id }).update({ direccionFiscal: 'Calle Sierpes 3, Sevilla' });
    await t.knex('agencies').where({ id: off.id }).update({ isActive: false });
    const owner = await signedIn('propietario_individual');
    const all = z.array(AgencyDirectoryEntrySchema).parse((await owner.agent.get('/api/agencies/directory').expect(200)).body);
    expect(all.map((x) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(all.map((x) => x.id)).not.toContain(off.id);
    const names = all.map((x) => x.nombreAgencia);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'es')));
    expect((await owner.agent.get(`/api/agencies/directory?q=alamo ${stamp}`).expect(200)).body.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect((await owner.agent.get('/api/agencies/directory?q=sevilla').expect(200)).body.map((x: { id: number }) => x.id)).toEqual([b.id]);
    await (await signedIn('admin_agencia', a.id)).agent.get('/api/agencies/directory').expect(403);
    await (await signedIn('inquilino')).agent.get('/api/agencies/directory').expect(403);
  });
});
