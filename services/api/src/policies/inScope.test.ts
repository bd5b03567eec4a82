import { buildProperty, buildUnit, buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { loadInScope, lockRows } from './inScope';
import { scopeUnits } from './scope';

describe('loadInScope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const unitQuery = (db: TestApp['knex'], unitId: number) => db('rentable_units').select('rentable_units.id', 'rentable_units.unitName').where('rentable_units.id', unitId);

  it('returns the first row the scope lets through', async () => {
    const owner = await buildUser(t.knex);
    const unit = await buildUnit(t.knex, { mainPropertyId: (await buildProperty(t.knex, { ownerUserId: owner.id })).id, unitName: 'Ático' });
    const row = await loadInScope(unitQuery(t.knex, unit.id), { scope: (q) => scopeUnits(t.knex, q, owner), notFound: 'No se ha encontrado la unidad' });
    expect(row).toEqual({ id: unit.id, unitName: 'Ático' });
  });

  it('answers the same 404 for a row out of scope and a missing one, with fields only when a field is named', async () => {
    const owner = await buildUser(t.knex);
    const stranger = await buildUser(t.knex);
    const unit = await buildUnit(t.knex, { mainPropertyId: (await buildProperty(t.knex, { ownerUserId: owner.id })).id });
    for (const [user, id] of [[stranger, unit.id], [owner, 999_999]] as const) {
      const scope = (q: ReturnType<typeof unitQuery>) => scopeUnits(t.knex, q, user);
      const plain = await loadInScope(unitQuery(t.knex, id), { scope, notFound: 'No se ha encontrado la unidad' }).catch((err: unknown) => err);
      expect(plain).toMatchObject({ status: 404, error: 'not_found', message: 'No se ha encontrado la unidad', fields: undefined });
      const named = await loadInScope(unitQuery(t.knex, id), { scope, notFound: 'No se ha encontrado la unidad', field: 'rentableUnitId' }).catch((err: unknown) => err);
      expect(named).toMatchObject({ status: 404, fields: { rentableUnitId: 'No se ha encontrado la unidad' } });
    }
  });

  it('locks FOR UPDATE of every table (true) or of the named one, until the transaction ends', async () => {
    const owner = await buildUser(t.knex);
    const unit = await buildUnit(t.knex, { mainPropertyId: (await buildProperty(t.knex, { ownerUserId: owner.id })).id });
    const sqlOf = async (lock: true | string) => {
      let sql = '';
      const query = unitQuery(t.knex, unit.id).join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId');
      query.on('query', (data: { sql: string }) => (sql = data.sql));
      await t.knex.transaction((trx) => loadInScope(query.transacting(trx), { lock, notFound: 'No se ha encontrado la unidad' }));
      return sql;
    };
    expect(await sqlOf(true)).toMatch(/for update$/);
    expect(await sqlOf('rentable_units')).toMatch(/for update of "rentable_units"$/);
    if (!process.env.TEST_DATABASE_URL) return; // PGlite has one connection: nothing can wait on a lock there
    const trx = await t.knex.transaction();
    try {
      await loadInScope(unitQuery(trx, unit.id), { lock: true, notFound: 'No se ha encontrado la unidad' });
      await expect(t.knex('rentable_units').where('id', unit.id).forUpdate().noWait().first()).rejects.toThrow(/could not obtain lock/);
    } finally {
      await trx.rollback();
    }
  });
});

describe('lockRows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers every row, and no row without an error', async () => {
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'A' });
    await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'B' });
    const rows = await t.knex.transaction((trx) => lockRows<{ unitName: string }>(trx('rentable_units').select('unitName').where('mainPropertyId', property.id).orderBy('unitName'), 'rentable_units'));
    expect(rows).toEqual([{ unitName: 'A' }, { unitName: 'B' }]);
    expect(await t.knex.transaction((trx) => lockRows(trx('rentable_units').where('mainPropertyId', -1), true))).toEqual([]);
  });
});
