import { buildContract, buildProperty, buildUnit, buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { down, up } from './20261207150000_rent_updates';

/** 20261207150000 (issue 36): existing contracts get no update clause, their use from their unit, their history; the index values ship. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('gives every existing contract no clause, the use of its unit, its start as signature date and an empty rent history', async () => {
  await down(t.knex);
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const flat = await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: property.id })).id, startDate: '2024-03-01', rentAmount: '900.00' });
  const shop = await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: property.id, typeName: 'local' })).id, startDate: '2025-01-15', rentAmount: '1500.00' });
  await up(t.knex);

  const rows = await t.knex('contracts').whereIn('id', [flat.id, shop.id]).orderBy('id').select('id', 'rentUpdateMechanism', 'leaseUse', 'signedOn');
  expect(rows.map((r) => [r.rentUpdateMechanism, r.leaseUse, new Date(r.signedOn).toISOString().slice(0, 10)])).toEqual([
    ['none', 'vivienda', '2024-03-01'],
    ['none', 'otro', '2025-01-15'],
  ]);
  expect(await t.knex('contract_rent_history').where({ contractId: flat.id })).toEqual([]);
  await expect(t.knex('contracts').where({ id: flat.id }).update({ rentUpdateMechanism: 'euribor' })).rejects.toThrow(/contracts_rent_update_mechanism_check/);
  await expect(t.knex('contracts').where({ id: flat.id }).update({ leaseUse: 'temporada' })).rejects.toThrow(/contracts_lease_use_check/);
});

it('ships the published IPC, IRAV and IGC values with their publication dates, one per series and month', async () => {
  const value = async (series: string, month: string) => (await t.knex('index_values').where({ series, month }).first())?.value;
  // INE definitive figures (see the migration's sources): IPC December 2024 2,8 %, IRAV December 2024 2,28 %, IGC December 2025 −1,01 %.
  expect(await value('IPC', '2024-12')).toBe('2.800');
  expect(await value('IRAV', '2024-12')).toBe('2.280');
  expect(await value('IGC', '2025-12')).toBe('-1.010');
  const irav = await t.knex('index_values').where({ series: 'IRAV', month: '2025-01' }).first();
  expect(new Date(irav.publishedOn).toISOString().slice(0, 10)).toBe('2025-02-15');
  await expect(t.knex('index_values').insert({ series: 'IPC', month: '2024-12', value: 3, publishedOn: '2025-01-15', source: 'x' })).rejects.toThrow(/unique/i);
  await expect(t.knex('index_values').insert({ series: 'IPC', month: '2024-13', value: 3, publishedOn: '2025-01-15', source: 'x' })).rejects.toThrow(/index_values_month_check/);
});
