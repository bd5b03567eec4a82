import { todayIso } from '@arrendia/locale-es';
import { buildContract, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { runDailyJobs } from './daily';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Noon in Madrid on a date: the jobs work on the Madrid calendar day. */
const on = (day: string) => new Date(`${day}T11:00:00Z`);

async function contract(input: Partial<Parameters<typeof buildContract>[1]> = {}) {
  const owner = await buildUser(t.knex);
  const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  const c = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], startDate: '2026-01-01', endDate: null, paymentDay: 5, rentAmount: '875.00', ...input });
  return { owner, tenant, contract: c };
}
const chargesOf = (contractId: number) => t.knex('rent_charges').where({ contractId }).orderBy('period').select('period', 'dueDate', 'amount', 'reference', 'status');

describe('runDailyJobs', () => {
  it("creates each month's charge on its payment day, catching up two missed months, and running twice creates nothing twice", async () => {
    const { contract: c } = await contract();
    await runDailyJobs(t.knex, on('2026-04-04'));
    // April's payment day (the 5th) has not come; January is more than two months back.
    expect(await chargesOf(c.id)).toEqual([
      { period: '2026-02', dueDate: '2026-02-05', amount: '875.00', reference: `ARR-${c.id}-202602`, status: 'Pendiente' },
      { period: '2026-03', dueDate: '2026-03-05', amount: '875.00', reference: `ARR-${c.id}-202603`, status: 'Pendiente' },
    ]);
    await runDailyJobs(t.knex, on('2026-04-05'));
    await runDailyJobs(t.knex, on('2026-04-05'));
    expect((await chargesOf(c.id)).map((r) => r.period)).toEqual(['2026-02', '2026-03', '2026-04']);
    expect(await t.knex('audit_log').where({ tableName: 'rent_charges', action: 'create' }).whereIn('recordId', (await t.knex('rent_charges').where({ contractId: c.id }).pluck('id')).map(String))).toHaveLength(3);
  });

  it('falls on the last day of a shorter month, and skips contracts that are not active, not started or already ended', async () => {
    const { contract: late } = await contract({ paymentDay: 31, startDate: '2026-02-01' });
    const { contract: pending } = await contract({ status: 'Pendiente' });
    const { contract: future } = await contract({ startDate: '2026-06-01' });
    const { contract: ended } = await contract({ endDate: '2026-02-10' });
    await runDailyJobs(t.knex, on('2026-03-01'));
    expect(await chargesOf(late.id)).toEqual([expect.objectContaining({ period: '2026-02', dueDate: '2026-02-28' })]);
    expect(await chargesOf(pending.id)).toEqual([]);
    expect(await chargesOf(future.id)).toEqual([]);
    expect((await chargesOf(ended.id)).map((r) => r.period)).toEqual(['2026-01', '2026-02']);
  });

  it('tells the tenant and the owner once when a charge is overdue, and once when a contract enters its renewal notice', async () => {
    const { contract: c, tenant, owner } = await contract({ endDate: '2026-05-20', renewalNoticeDays: 30 });
    await runDailyJobs(t.knex, on('2026-04-05'));
    await runDailyJobs(t.knex, on('2026-04-07'));
    await runDailyJobs(t.knex, on('2026-04-08'));
    const overdue = await t.knex('notifications').where({ notificationType: 'payment_overdue', relatedEntityId: c.id }).select('recipientUserId', 'message');
    // February, March and April are unpaid past their day: one notice each, to both people.
    expect(overdue.filter((n) => n.recipientUserId === tenant.id)).toHaveLength(3);
    expect(overdue.filter((n) => n.recipientUserId === owner.id)).toHaveLength(3);
    expect(overdue[0]!.message).toMatch(/La renta de 875,00.€ del contrato/);
    expect(await t.knex('notifications').where({ notificationType: 'contract_ending', relatedEntityId: c.id })).toHaveLength(0);
    await runDailyJobs(t.knex, on('2026-04-20'));
    await runDailyJobs(t.knex, on('2026-04-21'));
    const ending = await t.knex('notifications').where({ notificationType: 'contract_ending', relatedEntityId: c.id }).pluck('recipientUserId');
    expect(ending.sort((a, b) => a - b)).toEqual([owner.id, tenant.id].sort((a, b) => a - b));
  });
});

describe('a contract that becomes active', () => {
  it('gets the charges already due at once, through the API, without waiting for the next daily run', async () => {
    const owner = await buildUser(t.knex);
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    // The tenant of an earlier contract of this owner's: one it may name again (issue 30).
    const earlier = await buildUnit(t.knex, { mainPropertyId: property.id });
    await buildContract(t.knex, { rentableUnitId: earlier.id, tenantUserIds: [tenant.id], status: 'Finalizado', startDate: '2024-01-01', endDate: '2024-12-31' });
    const start = `${todayIso().slice(0, 7)}-01`;
    const signed = t.agent();
    await signed.post('/api/auth/login').send({ email: owner.email, password: FACTORY_PASSWORD }).expect(200);
    const res = await signed
      .post('/api/contracts')
      .send({ contractCode: `HOY-${Date.now()}`, rentableUnitId: unit.id, startDate: start, endDate: null, rentAmount: 800, paymentDay: 1, depositAmount: 800, depositStatus: 'Pendiente', status: 'Activo', renewalNoticeDays: 30, tenantUserIds: [tenant.id] })
      .expect(201);
    expect((await chargesOf(res.body.contract.id)).map((c) => c.period)).toEqual([start.slice(0, 7)]);
  });
});

describe('rent already recorded by hand', () => {
  it("creates that month's charge as Pagado, linked to the income, and leaves the others Pendiente", async () => {
    const { contract: c } = await contract();
    const property = await t.knex('rentable_units').join('contracts', 'contracts.rentableUnitId', 'rentable_units.id').where('contracts.id', c.id).first('rentable_units.mainPropertyId');
    const [tx] = await t.knex('transactions').insert({ mainPropertyId: property.mainPropertyId, contractId: c.id, type: 'Ingreso', amount: '875.00', transactionDate: '2026-03-06', status: 'Completado' }).returning('id');
    await runDailyJobs(t.knex, on('2026-04-10'));
    const rows = await t.knex('rent_charges').where({ contractId: c.id }).orderBy('period').select('period', 'status', 'transactionId');
    expect(rows).toEqual([
      { period: '2026-02', status: 'Pendiente', transactionId: null },
      { period: '2026-03', status: 'Pagado', transactionId: tx.id },
      { period: '2026-04', status: 'Pendiente', transactionId: null },
    ]);
  });
});

describe('the second overdue reminder (issue 34, point 6)', () => {
  const days = (from: string, to: string) => {
    const out: string[] = [];
    for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) out.push(d.toISOString().slice(0, 10));
    return out;
  };
  const overdueTo = (userId: number, contractId: number) => t.knex('notifications').where({ notificationType: 'payment_overdue', relatedEntityId: contractId, recipientUserId: userId }).orderBy('id').pluck('title');
  const mailsTo = (userId: number) => t.knex('outbox_messages').where({ userId, kind: 'notification' }).orderBy('id').select('subject', 'text');

  it("reminds the tenants only, once, seven days after the notice; the email switch off keeps the reminder in the app only", async () => {
    const { contract: c, tenant, owner } = await contract({ startDate: '2026-05-01', contractCode: `REC-${Date.now()}` });
    const quiet = await buildUser(t.knex, { roleName: 'inquilino' });
    await t.knex('users').where({ id: quiet.id }).update({ notificationPrefs: JSON.stringify({ email: false }) });
    await t.knex('tenants_contracts').insert({ tenantUserId: quiet.id, contractId: c.id, isPrimaryTenant: false });

    await runDailyJobs(t.knex, on('2026-05-05'));
    expect(await overdueTo(tenant.id, c.id)).toEqual([]);
    await runDailyJobs(t.knex, on('2026-05-06'));
    expect(await overdueTo(tenant.id, c.id)).toEqual(['Renta vencida']);
    expect(await overdueTo(owner.id, c.id)).toEqual(['Renta vencida']);
    // From the day after the notice to its seventh day (due + 2 … due + 7): nothing more.
    const quietDays = [];
    for (const day of days('2026-05-07', '2026-05-12')) quietDays.push((await runDailyJobs(t.knex, on(day))).reminders);
    expect(await overdueTo(tenant.id, c.id)).toEqual(['Renta vencida']);

    const run = await runDailyJobs(t.knex, on('2026-05-13'));
    expect(run.reminders).toBeGreaterThanOrEqual(1);
    expect(await overdueTo(tenant.id, c.id)).toEqual(['Renta vencida', 'Recordatorio: renta vencida']);
    expect(await overdueTo(quiet.id, c.id)).toEqual(['Renta vencida', 'Recordatorio: renta vencida']);
    expect(await overdueTo(owner.id, c.id)).toEqual(['Renta vencida']);
    const [, reminder] = await mailsTo(tenant.id);
    expect(reminder).toEqual({ subject: 'Recordatorio: renta vencida', text: expect.stringContaining(`la renta de 875,00\u00a0€ del contrato ${c.contractCode}, que venció el 05/05/2026, sigue sin constar como pagada`) });
    expect(await mailsTo(quiet.id)).toEqual([]);
    expect(await mailsTo(owner.id)).toHaveLength(1);

    for (const day of ['2026-05-14', '2026-05-20', '2026-05-31']) await runDailyJobs(t.knex, on(day));
    expect(await overdueTo(tenant.id, c.id)).toEqual(['Renta vencida', 'Recordatorio: renta vencida']);
    const charge = await t.knex('rent_charges').where({ contractId: c.id, period: '2026-05' }).first('id');
    expect(await t.knex('audit_log').where({ tableName: 'rent_charges', recordId: String(charge.id), action: 'update' }).pluck('newValues')).toEqual([{ overdueNotified: true }, { overdueReminderSent: true }]);
  });

  it('sends no reminder for a charge paid after the notice', async () => {
    const { contract: c, tenant } = await contract({ startDate: '2026-05-01' });
    await runDailyJobs(t.knex, on('2026-05-06'));
    await t.knex('rent_charges').where({ contractId: c.id, period: '2026-05' }).update({ status: 'Pagado', confirmedAt: new Date() });
    await runDailyJobs(t.knex, on('2026-05-13'));
    await runDailyJobs(t.knex, on('2026-05-20'));
    expect(await overdueTo(tenant.id, c.id)).toEqual(['Renta vencida']);
  });

  it('counts the seven days from a notice that went out late, not from the due date', async () => {
    const { contract: c, tenant } = await contract({ startDate: '2026-05-01' });
    // The server was down from the due date to the 9th: the notice goes on the 9th.
    await runDailyJobs(t.knex, on('2026-05-09'));
    await runDailyJobs(t.knex, on('2026-05-15'));
    expect(await overdueTo(tenant.id, c.id)).toEqual(['Renta vencida']);
    await runDailyJobs(t.knex, on('2026-05-16'));
    expect(await overdueTo(tenant.id, c.id)).toEqual(['Renta vencida', 'Recordatorio: renta vencida']);
  });
});
