import { ALREADY_CONFIRMED, PaymentDetailsSchema, RentChargeSchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { runDailyJobs } from '../../jobs/daily';
import type { User } from '../../models/User';
import { buildContract, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
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

/** An owner with an IBAN, its tenant, and this month's charge, due today (so not yet overdue). */
async function rented() {
  const owner = await buildUser(t.knex, { firstName: 'Olga', lastName: 'Martín' });
  await t.knex('users').where('id', owner.id).update({ ibanBancaria: 'ES9121000418450200051332' });
  const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  const start = `${todayIso().slice(0, 7)}-01`;
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], startDate: start, endDate: null, rentAmount: '1100.00', paymentDay: Number(todayIso().slice(8, 10)) });
  await runDailyJobs(t.knex);
  const charge = await t.knex('rent_charges').where({ contractId: contract.id }).first();
  return { owner, tenant, contract, charge, asOwner: await signedIn(owner), asTenant: await signedIn(tenant) };
}

const incomeOf = (contractId: number) => t.knex('transactions').where({ contractId, type: 'Ingreso' }).select('amount', 'status');

describe('/api/rent-charges', () => {
  it("shows the tenant how to pay (masked IBAN, amount, reference); the tenant marks the transfer; the owner confirms it; the income is written once", async () => {
    const { contract, charge, asOwner, asTenant, owner, tenant } = await rented();
    const listed = (await asTenant.get('/api/rent-charges').expect(200)).body.map((c: unknown) => RentChargeSchema.parse(c));
    expect(listed).toEqual([expect.objectContaining({ id: charge.id, amount: '1100.00', status: 'Pendiente', state: 'Pendiente', reference: `ARR-${contract.id}-${todayIso().slice(0, 7).replace('-', '')}` })]);

    const details = PaymentDetailsSchema.parse((await asTenant.get(`/api/rent-charges/${charge.id}/payment`).expect(200)).body);
    expect(details).toMatchObject({ amount: '1100.00', reference: charge.reference, beneficiary: 'Olga Martín', ibanMasked: '•••• •••• •••• •••• •••• 1332' });

    const marked = await asTenant.post(`/api/rent-charges/${charge.id}/transfer`).expect(200);
    expect(marked.body).toMatchObject({ status: 'Transferencia indicada', state: 'Pendiente' });
    expect(await t.knex('notifications').where({ recipientUserId: owner.id, notificationType: 'payment_marked' })).toHaveLength(1);

    const confirmed = await asOwner.post(`/api/rent-charges/${charge.id}/confirm`).expect(200);
    expect(confirmed.body).toMatchObject({ status: 'Pagado', state: 'Al día' });
    expect(await incomeOf(contract.id)).toEqual([{ amount: '1100.00', status: 'Completado' }]);
    expect(await t.knex('notifications').where({ recipientUserId: tenant.id, notificationType: 'payment_confirmed' })).toHaveLength(1);
    expect((await asTenant.get('/api/rent-charges').expect(200)).body[0]).toMatchObject({ state: 'Al día' });
    // The owner's finances count it once.
    const audits = await t.knex('audit_log').where({ tableName: 'rent_charges', recordId: String(charge.id) }).pluck('action');
    expect(audits).toEqual(expect.arrayContaining(['create', 'update', 'update']));
  });

  it('answers a second confirmation with 409 and writes nothing; a paid charge cannot be marked again', async () => {
    const { contract, charge, asOwner, asTenant } = await rented();
    await asOwner.post(`/api/rent-charges/${charge.id}/confirm`).expect(200);
    const before = { tx: (await incomeOf(contract.id)).length, audit: Number((await t.knex('audit_log').count({ n: '*' }).first())!.n) };
    expect((await asOwner.post(`/api/rent-charges/${charge.id}/confirm`).expect(409)).body.message).toBe(ALREADY_CONFIRMED);
    expect((await asTenant.post(`/api/rent-charges/${charge.id}/transfer`).expect(409)).body.message).toBe(ALREADY_CONFIRMED);
    expect({ tx: (await incomeOf(contract.id)).length, audit: Number((await t.knex('audit_log').count({ n: '*' }).first())!.n) }).toEqual(before);
  });

  it('lets two simultaneous confirmations write the income once', async () => {
    const { contract, charge, asOwner } = await rented();
    const results = await Promise.all([asOwner.post(`/api/rent-charges/${charge.id}/confirm`), asOwner.post(`/api/rent-charges/${charge.id}/confirm`)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await incomeOf(contract.id)).toHaveLength(1);
  });

  it("keeps each side to its own: another tenant or owner gets 404, a tenant cannot confirm, staff cannot mark", async () => {
    const mine = await rented();
    const other = await rented();
    await other.asTenant.get(`/api/rent-charges/${mine.charge.id}/payment`).expect(404);
    await other.asTenant.post(`/api/rent-charges/${mine.charge.id}/transfer`).expect(404);
    await other.asOwner.post(`/api/rent-charges/${mine.charge.id}/confirm`).expect(404);
    expect((await other.asTenant.get('/api/rent-charges').expect(200)).body.map((c: { id: number }) => c.id)).toEqual([other.charge.id]);
    await mine.asTenant.post(`/api/rent-charges/${mine.charge.id}/confirm`).expect(403);
    await mine.asOwner.post(`/api/rent-charges/${mine.charge.id}/transfer`).expect(403);
    await mine.asOwner.get('/api/rent-charges?status=Otro').expect(400);
    await mine.asOwner.get('/api/rent-charges/abc/payment').expect(400);
    expect((await t.knex('rent_charges').where({ id: mine.charge.id }).first()).status).toBe('Pendiente');
  });

  it('shows an unpaid charge past its due date as Vencido to both sides', async () => {
    const { charge, asOwner, asTenant } = await rented();
    await t.knex('rent_charges').where({ id: charge.id }).update({ dueDate: '2020-01-01' });
    expect((await asTenant.get('/api/rent-charges').expect(200)).body[0]).toMatchObject({ state: 'Vencido' });
    expect((await asOwner.get(`/api/rent-charges?contractId=${charge.contractId}`).expect(200)).body[0]).toMatchObject({ state: 'Vencido' });
  });
});
