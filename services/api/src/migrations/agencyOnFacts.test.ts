import type { User } from '../models/User';
import { buildAgency, buildContract, buildIncident, buildProperty, buildTransaction, buildUnit, buildUser, signIn } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';

/**
 * Units, contracts, incidents and transactions carry their property's "managerAgencyId" (20261126190000),
 * and it alone decides what an agency's staff sees of them (policies/scope.ts): the database keeps
 * it equal to the property's, whoever writes.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Fact = 'contracts' | 'incidents' | 'transactions';

async function agencyWithManager() {
  const agency = await buildAgency(t.knex);
  const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
  return { agency, manager };
}

/** A property managed by `agencyId`, with one contract, one incident and one transaction. */
async function managedProperty(agencyId: number | null) {
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agencyId });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id });
  const incident = await buildIncident(t.knex, { rentableUnitId: unit.id });
  const transaction = await buildTransaction(t.knex, { mainPropertyId: property.id, rentableUnitId: unit.id, contractId: contract.id });
  return { owner, property, unit, ids: { contracts: contract.id, incidents: incident.id, transactions: transaction.id } as Record<Fact, number> };
}

const agencyOf = async (table: Fact | 'rentable_units', id: number): Promise<number | null> => (await t.knex(table).where({ id }).first('managerAgencyId')).managerAgencyId;

/** The ids of the three lists as `user` reads them, with their X-Total-Count. */
async function listed(user: User): Promise<Record<Fact, { ids: number[]; total: number }>> {
  const agent = await signIn(t, user);
  const read = async (url: string, key: 'contract' | 'incident' | 'transaction') => {
    const res = await agent.get(url).expect(200);
    return { ids: res.body.map((row: Record<string, { id: number }>) => row[key]!.id), total: Number(res.headers['x-total-count']) };
  };
  return {
    contracts: await read('/api/contracts', 'contract'),
    incidents: await read('/api/incidents', 'incident'),
    transactions: await read('/api/transactions', 'transaction'),
  };
}

const only = (ids: Record<Fact, number>) => ({
  contracts: { ids: [ids.contracts], total: 1 },
  incidents: { ids: [ids.incidents], total: 1 },
  transactions: { ids: [ids.transactions], total: 1 },
});
const none = { contracts: { ids: [], total: 0 }, incidents: { ids: [], total: 0 }, transactions: { ids: [], total: 0 } };

describe("units, contracts, incidents and transactions carry their property's agency", () => {
  it("rows written through the API get the property's agency, and the agency's lists show exactly them", async () => {
    const { agency, manager } = await agencyWithManager();
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    await managedProperty((await agencyWithManager()).agency.id); // another agency's rows
    const agent = await signIn(t, manager);

    const contract = await agent
      .post('/api/contracts')
      .send({ contractCode: `CTR-AGE-${Date.now()}`, rentableUnitId: unit.id, startDate: '2026-03-01', endDate: '2027-02-28', rentAmount: 900 })
      .expect(201);
    const incident = await agent
      .post('/api/incidents')
      .send({ rentableUnitId: unit.id, incidentCategory: 'Fontanería', title: 'Gotera', description: 'Cae agua del techo.' })
      .expect(201);
    const transaction = await agent
      .post('/api/transactions')
      .send({ mainPropertyId: property.id, type: 'Gasto', amount: 80, transactionDate: '2026-03-02', description: 'Fontanero', categoryId: (await t.knex('transaction_categories').where({ isExpense: true }).first('id')).id })
      .expect(201);
    const ids = { contracts: contract.body.contract.id, incidents: incident.body.incident.id, transactions: transaction.body.transaction.id };

    for (const table of ['contracts', 'incidents', 'transactions'] as const) expect(await agencyOf(table, ids[table])).toBe(agency.id);
    expect(await listed(manager)).toEqual(only(ids));
  });

  it('a property handed to another agency takes its rows along; one taken back by its owner leaves every agency', async () => {
    const first = await agencyWithManager();
    const second = await agencyWithManager();
    const { owner, property, unit, ids } = await managedProperty(first.agency.id);
    expect(await listed(first.manager)).toEqual(only(ids));
    expect(await agencyOf('rentable_units', unit.id)).toBe(first.agency.id);

    await t.knex('main_properties').where({ id: property.id }).update({ managerAgencyId: second.agency.id });
    expect(await agencyOf('rentable_units', unit.id)).toBe(second.agency.id);
    for (const table of ['contracts', 'incidents', 'transactions'] as const) expect(await agencyOf(table, ids[table])).toBe(second.agency.id);
    expect(await listed(first.manager)).toEqual(none);
    expect(await listed(second.manager)).toEqual(only(ids));

    await t.knex('main_properties').where({ id: property.id }).update({ managerAgencyId: null });
    expect(await agencyOf('rentable_units', unit.id)).toBeNull();
    for (const table of ['contracts', 'incidents', 'transactions'] as const) expect(await agencyOf(table, ids[table])).toBeNull();
    expect(await listed(second.manager)).toEqual(none);
    expect(await listed(owner)).toEqual(only(ids));
  });

  it("a write naming another agency is set back to the property's; a row moved to another property takes that property's", async () => {
    const mine = await agencyWithManager();
    const theirs = await agencyWithManager();
    const { unit, ids } = await managedProperty(mine.agency.id);
    const other = await managedProperty(theirs.agency.id);

    for (const [table, id] of [...Object.entries(ids), ['rentable_units', unit.id]] as [Fact | 'rentable_units', number][]) {
      await t.knex(table).where({ id }).update({ managerAgencyId: theirs.agency.id });
      expect(await agencyOf(table, id)).toBe(mine.agency.id);
    }
    expect(await listed(theirs.manager)).toEqual(only(other.ids));

    // A transaction moved to the other property, and the unit (with its contract and incident) too.
    await t.knex('transactions').where({ id: ids.transactions }).update({ mainPropertyId: other.property.id, rentableUnitId: null, contractId: null });
    await t.knex('rentable_units').where({ id: unit.id }).update({ mainPropertyId: other.property.id });
    for (const table of ['contracts', 'incidents', 'transactions'] as const) expect(await agencyOf(table, ids[table])).toBe(theirs.agency.id);
    expect(await agencyOf('rentable_units', unit.id)).toBe(theirs.agency.id);
    expect(await listed(mine.manager)).toEqual(none);
    expect((await listed(theirs.manager)).incidents.total).toBe(2);
  });

  it('a transaction without a property belongs to no agency', async () => {
    const { agency } = await agencyWithManager();
    const [row] = await t.knex('transactions').insert({
      mainPropertyId: null,
      categoryId: (await t.knex('transaction_categories').first('id')).id,
      type: 'Gasto',
      amount: '10.00',
      transactionDate: '2026-01-01',
      description: 'Sin propiedad',
      status: 'Completado',
      managerAgencyId: agency.id,
    }).returning(['id', 'managerAgencyId']);
    expect(row.managerAgencyId).toBeNull();
  });
});
