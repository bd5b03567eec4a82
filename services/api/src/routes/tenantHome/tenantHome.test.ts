import { TenantHomeSchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { runDailyJobs } from '../../jobs/daily';
import type { User } from '../../models/User';
import { buildAgency, buildContract, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(user: User) {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  return agent;
}
const inDays = (n: number) => new Date(Date.parse(`${todayIso()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/tenant/home', () => {
  it("gives the tenant its contract, the next charge and its state, the agency to call and reminders, and nothing of anyone else's", async () => {
    const agency = await buildAgency(t.knex, { nombreAgencia: 'Fincas Prado' });
    await t.knex('agencies').where('id', agency.id).update({ telefonoAgencia: '+34 910 000 000' });
    const owner = await buildUser(t.knex);
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id, propertyName: 'Edificio Prado' });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: '2ºB', currentStatus: 'Alquilado' });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], startDate: inDays(-70), endDate: inDays(20), paymentDay: 1, rentAmount: '990.00', renewalNoticeDays: 30 });
    // Someone else's contract and charges stay out.
    const other = await buildUser(t.knex, { roleName: 'inquilino' });
    await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: property.id })).id, tenantUserIds: [other.id], startDate: inDays(-70), endDate: null, rentAmount: '5000.00' });
    await runDailyJobs(t.knex);

    const home = TenantHomeSchema.parse((await (await signedIn(tenant)).get('/api/tenant/home').expect(200)).body);
    expect(home.contract).toMatchObject({ id: contract.id, propertyName: 'Edificio Prado', unitName: '2ºB', rentAmount: '990.00' });
    expect(home.state).toBe('Vencido');
    expect(home.nextCharge).toMatchObject({ contractId: contract.id, amount: '990.00', state: 'Vencido' });
    expect(Number(home.unpaidTotal)).toBeGreaterThanOrEqual(990 * 2);
    expect(Number(home.unpaidTotal) % 990).toBe(0);
    expect(home.emergencyContact).toEqual({ kind: 'agencia', name: 'Fincas Prado', phone: '+34 910 000 000', email: null });
    expect(home.reminders.map((r) => r.kind)).toEqual(['rent', 'contract_end', 'renewal_notice']);
    expect(home.reminders[2]!.text).toMatch(/plazo de preaviso/);

    // All paid: Al día.
    await t.knex('rent_charges').where({ contractId: contract.id }).update({ status: 'Pagado' });
    expect((await (await signedIn(tenant)).get('/api/tenant/home').expect(200)).body).toMatchObject({ state: 'Al día', unpaidTotal: '0.00' });
  });

  it('gives as last payment the charge confirmed last, not the one owed (issue 33: the spec\'s "last payment")', async () => {
    const owner = await buildUser(t.knex);
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
    const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], startDate: '2026-08-01', endDate: null, rentAmount: '800.00' });
    const charge = (period: string, status: string, confirmedAt: string | null) =>
      ({ contractId: contract.id, period, dueDate: `${period}-01`, amount: '800.00', reference: `LP-${contract.id}-${period}`, status, confirmedAt });
    // September was paid after October (a late payment): October's is still the last one made before it.
    await t.knex('rent_charges').insert([charge('2026-08', 'Pagado', '2026-08-02T10:00:00Z'), charge('2026-09', 'Pagado', '2026-10-20T10:00:00Z'), charge('2026-10', 'Pagado', '2026-10-03T10:00:00Z'), charge('2026-11', 'Pendiente', null)]);
    const home = TenantHomeSchema.parse((await (await signedIn(tenant)).get('/api/tenant/home').expect(200)).body);
    expect(home.lastPayment).toMatchObject({ period: '2026-09', status: 'Pagado', confirmedAt: '2026-10-20T10:00:00.000Z' });
    expect(home.nextCharge).toMatchObject({ period: '2026-11', status: 'Pendiente' });
  });

  it('answers a tenant without contracts with an empty home, and refuses other roles (403)', async () => {
    const lonely = await buildUser(t.knex, { roleName: 'inquilino' });
    expect((await (await signedIn(lonely)).get('/api/tenant/home').expect(200)).body).toEqual({ contract: null, nextCharge: null, lastPayment: null, state: 'Al día', unpaidTotal: '0.00', emergencyContact: null, reminders: [] });
    await (await signedIn(await buildUser(t.knex))).get('/api/tenant/home').expect(403);
    await t.request().get('/api/tenant/home').expect(401);
  });
});
