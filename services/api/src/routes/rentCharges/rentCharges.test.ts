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
    // The receipt by email (issue 34, point 6): amount, period and the transfer's reference.
    const [receipt] = await t.knex('outbox_messages').where({ userId: tenant.id, subject: 'Pago confirmado' }).pluck('text');
    expect(receipt).toContain(`Se ha recibido tu pago de 1.100,00\u00a0€ de la renta ${charge.period} (${contract.contractCode}). Referencia: ${charge.reference}`);
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

describe('GET /api/rent-charges: the list (issue 33)', () => {
  /** An owner with two properties, a contract on each, and the charges written as given. */
  async function portfolio() {
    const owner = await buildUser(t.knex);
    const contractOn = async () => {
      const property = await buildProperty(t.knex, { ownerUserId: owner.id });
      const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
      return { property, contract: await buildContract(t.knex, { rentableUnitId: unit.id }) };
    };
    return { owner, first: await contractOn(), second: await contractOn(), asOwner: await signedIn(owner) };
  }
  const charge = async (contractId: number, period: string, dueDate: string, amount: string, status = 'Pendiente'): Promise<number> => {
    const [row] = await t.knex('rent_charges').insert({ contractId, period, dueDate, amount, status, reference: `ARR-${contractId}-${period.replace('-', '')}` }).returning('id');
    return row.id;
  };

  it('sorts by ?sort=dueDate or amount (id breaking ties), filters by status, contract, property, month and due dates, and counts only what the filters leave', async () => {
    const { first, second, asOwner } = await portfolio();
    const jan = await charge(first.contract.id, '2026-01', '2026-01-05', '900.00', 'Pagado');
    const feb = await charge(first.contract.id, '2026-02', '2026-02-05', '900.00');
    const otherFeb = await charge(second.contract.id, '2026-02', '2026-02-05', '1250.00', 'Transferencia indicada');
    const otherMar = await charge(second.contract.id, '2026-03', '2026-03-01', '700.00');
    // Another owner's charge matches every filter and is never listed nor counted.
    const stranger = await portfolio();
    await charge(stranger.first.contract.id, '2026-02', '2026-02-05', '900.00');

    const ids = async (query: string) => {
      const res = await asOwner.get(`/api/rent-charges?${query}`).expect(200);
      return [res.body.map((c: { id: number }) => c.id), res.headers['x-total-count']];
    };
    expect(await ids('')).toEqual([[otherMar, otherFeb, feb, jan], '4']);
    expect(await ids('sort=dueDate')).toEqual([[jan, feb, otherFeb, otherMar], '4']);
    expect(await ids('sort=-dueDate&pageSize=3&page=2')).toEqual([[jan], '4']);
    expect(await ids('sort=amount')).toEqual([[otherMar, jan, feb, otherFeb], '4']);
    expect(await ids('sort=-amount')).toEqual([[otherFeb, feb, jan, otherMar], '4']);
    expect(await ids('status=Pendiente')).toEqual([[otherMar, feb], '2']);
    expect(await ids(`contractId=${first.contract.id}`)).toEqual([[feb, jan], '2']);
    expect(await ids(`propertyId=${second.property.id}&sort=dueDate`)).toEqual([[otherFeb, otherMar], '2']);
    expect(await ids('period=2026-02')).toEqual([[otherFeb, feb], '2']);
    expect(await ids('from=2026-02-05&to=2026-02-28')).toEqual([[otherFeb, feb], '2']);
    expect(await ids('from=2026-02-06')).toEqual([[otherMar], '1']);
    // Another owner's contract or property lists nothing.
    expect(await ids(`contractId=${stranger.first.contract.id}`)).toEqual([[], '0']);
    expect(await ids(`propertyId=${stranger.first.property.id}`)).toEqual([[], '0']);
  });

  it.each([
    ['sort=period', 'sort'],
    ['sort=-', 'sort'],
    ['status=Perdido', 'status'],
    ['contractId=abc', 'contractId'],
    ['propertyId=0', 'propertyId'],
    ['period=2026-13', 'period'],
    ['period=marzo', 'period'],
    ['from=2026-02-30', 'from'],
    ['from=2026-03-01&to=2026-02-01', 'to'],
    ['pageSize=101', 'pageSize'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const { asOwner } = await portfolio();
    const res = await asOwner.get(`/api/rent-charges?${query}`).expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });
});
