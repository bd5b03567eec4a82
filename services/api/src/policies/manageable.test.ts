import { buildAgency, buildProperty, buildUnit, buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { loadManageable } from './manageable';

describe('loadManageable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const unitQuery = (trx: TestApp['knex'], unitId: number) => trx('rentable_units').select('rentable_units.id', 'rentable_units.unitName').where('rentable_units.id', unitId);
  const options = { propertyColumn: 'rentable_units.mainPropertyId', lock: 'rentable_units', notFoundMessage: 'No se ha encontrado la unidad', field: 'rentableUnitId' };

  it("returns the row to its property's owner, its agency and the super admin", async () => {
    const agency = await buildAgency(t.knex);
    const owner = await buildUser(t.knex);
    const agent = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    const admin = await buildUser(t.knex, { roleName: 'super_admin' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Bajo A' });
    for (const user of [owner, agent, admin]) {
      const row = await t.knex.transaction((trx) => loadManageable<{ id: number; unitName: string }>(trx, user, unitQuery(trx, unit.id), options));
      expect(row).toEqual({ id: unit.id, unitName: 'Bajo A' });
    }
  });

  it("answers 404 naming the field for another owner's row and another agency's agent, exactly as for a missing id", async () => {
    const owner = await buildUser(t.knex);
    const stranger = await buildUser(t.knex);
    const otherAgent = await buildUser(t.knex, { roleName: 'agente', agencyId: (await buildAgency(t.knex)).id });
    const unit = await buildUnit(t.knex, { mainPropertyId: (await buildProperty(t.knex, { ownerUserId: owner.id })).id });
    for (const [user, id] of [[stranger, unit.id], [otherAgent, unit.id], [owner, 999_999]] as const) {
      const attempt = t.knex.transaction((trx) => loadManageable(trx, user, unitQuery(trx, id), options));
      await expect(attempt).rejects.toMatchObject({ status: 404, error: 'not_found', message: 'No se ha encontrado la unidad', fields: { rentableUnitId: 'No se ha encontrado la unidad' } });
    }
  });

  it('holds the row lock until the transaction ends', async () => {
    if (!process.env.TEST_DATABASE_URL) return; // PGlite has one connection: nothing can wait on a lock there
    const owner = await buildUser(t.knex);
    const unit = await buildUnit(t.knex, { mainPropertyId: (await buildProperty(t.knex, { ownerUserId: owner.id })).id });
    const trx = await t.knex.transaction();
    try {
      await loadManageable(trx, owner, unitQuery(trx, unit.id), options);
      const other = t.knex('rentable_units').where('id', unit.id).forUpdate().noWait().first();
      await expect(other).rejects.toThrow(/could not obtain lock/);
    } finally {
      await trx.rollback();
    }
  });
});
