import type { User } from '../models/User';
import { buildContract, buildIncident, buildProperty, buildUnit, buildUser, signIn } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';

/**
 * contracts."mainPropertyId" and incidents."mainPropertyId" (20261126163000) decide who sees a row
 * (policies/scope.ts); the database keeps them equal to the unit's property, whoever writes.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function ownerWithUnit() {
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
  return { owner, property, unit };
}

const propertyOf = async (table: 'contracts' | 'incidents', id: number): Promise<number> => (await t.knex(table).where({ id }).first('mainPropertyId')).mainPropertyId;

const listedIds = async (user: User, url: string): Promise<number[]> => {
  const res = await (await signIn(t, user)).get(url).expect(200);
  return res.body.map((row: { contract?: { id: number }; incident?: { id: number } }) => (row.contract ?? row.incident)!.id);
};

describe("contracts and incidents carry their unit's property", () => {
  it("a contract created and an incident reported through the API get the unit's property, and the lists filter by it", async () => {
    const { owner, property, unit } = await ownerWithUnit();
    const agent = await signIn(t, owner);
    const contract = await agent
      .post('/api/contracts')
      .send({ contractCode: `CTR-PROP-${Date.now()}`, rentableUnitId: unit.id, startDate: '2026-03-01', endDate: '2027-02-28', rentAmount: 900 })
      .expect(201);
    const incident = await agent
      .post('/api/incidents')
      .send({ rentableUnitId: unit.id, incidentCategory: 'Fontanería', title: 'Gotera', description: 'Cae agua del techo.' })
      .expect(201);

    expect(await propertyOf('contracts', contract.body.contract.id)).toBe(property.id);
    expect(await propertyOf('incidents', incident.body.incident.id)).toBe(property.id);
    expect(await listedIds(owner, `/api/contracts?propertyId=${property.id}`)).toEqual([contract.body.contract.id]);
    expect(await listedIds(owner, `/api/incidents?propertyId=${property.id}`)).toEqual([incident.body.incident.id]);
  });

  it("a write naming another property is set back to the unit's; a contract moved to another unit follows it", async () => {
    const mine = await ownerWithUnit();
    const theirs = await ownerWithUnit();
    const contract = await buildContract(t.knex, { rentableUnitId: mine.unit.id });
    const incident = await buildIncident(t.knex, { rentableUnitId: mine.unit.id });

    await t.knex('contracts').where({ id: contract.id }).update({ mainPropertyId: theirs.property.id });
    await t.knex('incidents').where({ id: incident.id }).update({ mainPropertyId: theirs.property.id });
    expect(await propertyOf('contracts', contract.id)).toBe(mine.property.id);
    expect(await propertyOf('incidents', incident.id)).toBe(mine.property.id);
    expect(await listedIds(theirs.owner, '/api/contracts')).toEqual([]);

    await t.knex('contracts').where({ id: contract.id }).update({ rentableUnitId: theirs.unit.id });
    expect(await propertyOf('contracts', contract.id)).toBe(theirs.property.id);
    expect(await listedIds(theirs.owner, '/api/contracts')).toEqual([contract.id]);
    expect(await listedIds(mine.owner, '/api/contracts')).toEqual([]);
  });

  it('a unit moved to another property takes its contracts and incidents along: the new owner sees them, the old one no longer', async () => {
    const mine = await ownerWithUnit();
    const theirs = await ownerWithUnit();
    const contract = await buildContract(t.knex, { rentableUnitId: mine.unit.id });
    const incident = await buildIncident(t.knex, { rentableUnitId: mine.unit.id });
    expect(await listedIds(mine.owner, '/api/incidents')).toEqual([incident.id]);

    await t.knex('rentable_units').where({ id: mine.unit.id }).update({ mainPropertyId: theirs.property.id });

    expect(await propertyOf('contracts', contract.id)).toBe(theirs.property.id);
    expect(await propertyOf('incidents', incident.id)).toBe(theirs.property.id);
    expect(await listedIds(mine.owner, '/api/contracts')).toEqual([]);
    expect(await listedIds(mine.owner, '/api/incidents')).toEqual([]);
    expect(await listedIds(theirs.owner, '/api/contracts')).toEqual([contract.id]);
    expect(await listedIds(theirs.owner, '/api/incidents')).toEqual([incident.id]);
  });

  it("a row on a unit that does not exist is refused as the unit's foreign key would refuse it", async () => {
    const row = { rentableUnitId: 2_000_000_000, contractCode: `CTR-NONE-${Date.now()}`, startDate: '2026-01-01', rentAmount: '1.00', depositAmount: '0.00' };
    await expect(t.knex('contracts').insert(row)).rejects.toMatchObject({ code: '23503', constraint: 'contracts_rentableunitid_foreign' });
  });
});
