import { ErrorBodySchema, RentUpdateSchema, type RentUpdate } from '@arrendia/api-contract';
import { shiftDay } from '@arrendia/law-es';
import { todayIso } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type supertest from 'supertest';
import { applyDueRentUpdates, proposeRentUpdates, refreshWaitingRentUpdates } from '../../commands/rentUpdater';
import { generateRentCharges } from '../../jobs/daily';
import { buildAgency, buildContract, buildProperty, buildUnit, buildUser, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

/**
 * Rent updates (issue 36): the daily job's proposals, the landlord's review and notice, the new
 * rent applied on its date and read by the charges. The rules themselves are pinned, with their
 * sources, in libs/shared/law-es/src/rentUpdate.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const TODAY = todayIso();
const [Y, M] = TODAY.split('-').map(Number) as [number, number];
const pad = (n: number) => String(n).padStart(2, '0');
const month = (delta: number) => {
  const index = Y * 12 + (M - 1) + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
};
/** A lease that started a year before the 10th of next month: its anniversary is 35 days away at most, inside the 45-day window. */
const NEXT_MONTH = month(1);
const START = `${Number(NEXT_MONTH.slice(0, 4)) - 1}${NEXT_MONTH.slice(4)}-10`;
const ANNIVERSARY = `${NEXT_MONTH}-10`;
/** Its index month: two months before the anniversary's. */
const REFERENCE = month(-1);

let serial = 0;
async function lease(options: { mechanism?: string; value?: number | null; leaseUse?: 'vivienda' | 'otro'; signedOn?: string; typeName?: 'vivienda' | 'local' } = {}) {
  serial += 1;
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Rosa', lastName: `Inquilina ${serial}` });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: `Piso Aniversario ${serial}` });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, typeName: options.typeName });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id, startDate: START, endDate: null, rentAmount: '1000.00', paymentDay: 5, tenantUserIds: [tenant.id] });
  await t.knex('contracts').where({ id: contract.id }).update({ rentUpdateMechanism: options.mechanism ?? 'irav', rentUpdateValue: options.value ?? null, leaseUse: options.leaseUse ?? 'vivienda', signedOn: options.signedOn ?? START });
  return { owner, tenant, property, unit, contract, ownerAgent: await signIn(t, owner), tenantAgent: await signIn(t, tenant) };
}

/** The index values of REFERENCE, published before today. */
async function publish(values: Partial<Record<'IPC' | 'IRAV' | 'IGC', number>>) {
  for (const [series, value] of Object.entries(values)) {
    await t.knex('index_values').insert({ series, month: REFERENCE, value, publishedOn: `${REFERENCE}-28` <= TODAY ? `${REFERENCE}-28` : TODAY, source: 'prueba' }).onConflict(['series', 'month']).merge();
  }
}

const run = <T>(work: (trx: Knex.Transaction) => Promise<T>) => t.knex.transaction(work);

async function updatesOf(agent: supertest.Agent, query = ''): Promise<RentUpdate[]> {
  const res = await agent.get(`/api/rent-updates?pageSize=100${query}`).expect(200);
  return RentUpdateSchema.array().parse(res.body);
}

beforeEach(async () => {
  await t.knex('index_values').where({ month: REFERENCE }).delete();
});

describe('the daily job', () => {
  it('proposes one update per contract and anniversary, however many times or processes run it; waits for a missing index, then completes', async () => {
    const { contract, ownerAgent } = await lease({ mechanism: 'irav' });
    const first = await run((trx) => proposeRentUpdates(trx, TODAY));
    expect(first).toBeGreaterThanOrEqual(1);
    // Again, and two at once: nothing more.
    expect(await run((trx) => proposeRentUpdates(trx, TODAY))).toBe(0);
    await Promise.all([run((trx) => proposeRentUpdates(trx, TODAY)), run((trx) => proposeRentUpdates(trx, TODAY))]);
    expect(await t.knex('rent_updates').where({ contractId: contract.id })).toHaveLength(1);

    const [waiting] = await updatesOf(ownerAgent, `&contractId=${contract.id}`);
    expect(waiting).toMatchObject({ status: 'pendiente_indice', anniversary: ANNIVERSARY, referenceMonth: REFERENCE, newRent: null, oldRent: '1000.00' });
    expect(waiting!.waitingFor).toMatch(/^Falta el índice de [a-z]+ de \d{4} \((IPC|IRAV)\)$/);
    // Sending it while it waits is refused with the same reason.
    const early = await ownerAgent.post(`/api/rent-updates/${waiting!.id}/notice`).expect(409);
    expect(ErrorBodySchema.parse(early.body).message).toBe(waiting!.waitingFor);

    // The month's values come out: the next run completes it (the IRAV, cut by any limit in force).
    await publish({ IPC: 3.1, IRAV: 1.5 });
    expect(await run((trx) => refreshWaitingRentUpdates(trx, TODAY))).toBeGreaterThanOrEqual(1);
    const [ready] = await updatesOf(ownerAgent, `&contractId=${contract.id}`);
    expect(ready).toMatchObject({ status: 'propuesta', clausePercent: '1.5', percent: '1.5', allowedPercent: '1.5', newRent: '1015.00', waitingFor: null });
    expect(ready!.explanation.at(-1)).toBe('Renta actual 1.000,00 € × 1,5 % = renta nueva 1.015,00 €.');
  });

  it('catches up an anniversary that passed while it did not run, and none that passed long ago', async () => {
    const { contract } = await lease({ mechanism: 'ipc' });
    const later = shiftDay(ANNIVERSARY, 20);
    expect(await run((trx) => proposeRentUpdates(trx, later))).toBeGreaterThanOrEqual(1);
    expect(await t.knex('rent_updates').where({ contractId: contract.id }).pluck('anniversary').then((d) => d.map((x: Date | string) => new Date(x).toISOString().slice(0, 10)))).toEqual([ANNIVERSARY]);
    const { contract: other } = await lease({ mechanism: 'ipc' });
    const muchLater = shiftDay(ANNIVERSARY, 90);
    await run((trx) => proposeRentUpdates(trx, muchLater));
    expect(await t.knex('rent_updates').where({ contractId: other.id })).toEqual([]);
  });
});

describe('the notice window', () => {
  it('is 45 days unless the server is configured otherwise (RENT_UPDATE_NOTICE_DAYS)', async () => {
    const { contract } = await lease({ mechanism: 'ipc' });
    const fiftyDaysBefore = shiftDay(ANNIVERSARY, -50);
    const mine = () => t.knex('rent_updates').where({ contractId: contract.id });
    await run((trx) => proposeRentUpdates(trx, fiftyDaysBefore, { onlyContractId: contract.id }));
    expect(await mine()).toEqual([]);
    await run((trx) => proposeRentUpdates(trx, fiftyDaysBefore, { onlyContractId: contract.id, noticeDays: 60 }));
    expect(await mine()).toHaveLength(1);
  });
});

describe('the landlord side', () => {
  it('may apply less than allowed or nothing, never more (409 with the limit and its basis), and only before the notice', async () => {
    const { contract, ownerAgent } = await lease({ mechanism: 'ipc', leaseUse: 'otro', typeName: 'local' });
    await publish({ IPC: 3.1 });
    await run((trx) => proposeRentUpdates(trx, TODAY));
    const [update] = await updatesOf(ownerAgent, `&contractId=${contract.id}`);
    // Another use: the clause alone (no housing limit).
    expect(update).toMatchObject({ status: 'propuesta', percent: '3.1', limitPercent: null, newRent: '1031.00' });

    const above = await ownerAgent.patch(`/api/rent-updates/${update!.id}`).send({ percent: 3.2 }).expect(409);
    expect(ErrorBodySchema.parse(above.body)).toMatchObject({ message: 'No se puede aplicar más de lo que permite la ley: como mucho 3,1 % (la cláusula del contrato)', fields: { percent: 'Como mucho 3,1 %' } });
    expect((await t.knex('rent_updates').where({ id: update!.id }).first()).percent).toBe('3.100');

    const lower = RentUpdateSchema.parse((await ownerAgent.patch(`/api/rent-updates/${update!.id}`).send({ percent: 2 }).expect(200)).body);
    expect(lower).toMatchObject({ percent: '2', allowedPercent: '3.1', newRent: '1020.00' });
    const audited = await t.knex('audit_log').where({ tableName: 'rent_updates', recordId: update!.id, action: 'update' }).orderBy('id', 'desc').first();
    expect(audited.newValues).toMatchObject({ percent: '2.000', newRent: '1020.00' });

    await ownerAgent.patch(`/api/rent-updates/${update!.id}`).send({ percent: 'mucho' }).expect(400);
    await ownerAgent.patch(`/api/rent-updates/${update!.id}`).send({ percent: 1, extra: true }).expect(400);
    const discarded = RentUpdateSchema.parse((await ownerAgent.patch(`/api/rent-updates/${update!.id}`).send({ discarded: true }).expect(200)).body);
    expect(discarded.status).toBe('descartada');
    await ownerAgent.patch(`/api/rent-updates/${update!.id}`).send({ percent: 1 }).expect(409);
  });

  it("sends the notice: the letter in the contract's documents, the tenant told by notification and email, the new rent from next month; then the job applies it and the charges read it", async () => {
    const { contract, tenant, property, ownerAgent, tenantAgent } = await lease({ mechanism: 'irav' });
    await publish({ IPC: 3.1, IRAV: 1.5 });
    await run((trx) => proposeRentUpdates(trx, TODAY));
    const [update] = await updatesOf(ownerAgent, `&contractId=${contract.id}`);
    const sent = RentUpdateSchema.parse((await ownerAgent.post(`/api/rent-updates/${update!.id}/notice`).expect(200)).body);
    const effective = `${NEXT_MONTH}-01`;
    expect(sent).toMatchObject({ status: 'notificada', effectiveFrom: effective });
    expect(sent.noticeDocumentId).not.toBeNull();

    // The tenant finds the letter among the contract's documents and can open it.
    const detail = await tenantAgent.get(`/api/contracts/${contract.id}`).expect(200);
    const letter = (detail.body.documents as { id: number; fileName: string }[]).find((d) => d.id === sent.noticeDocumentId);
    expect(letter).toMatchObject({ fileName: expect.stringMatching(/^aviso-actualizacion-renta-.+\.pdf$/) });
    const pdf = await tenantAgent.get(`/api/documents/${letter!.id}/download`).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Another tenant of the same building does not reach it.
    const neighbour = await buildUser(t.knex, { roleName: 'inquilino' });
    await buildContract(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: property.id })).id, tenantUserIds: [neighbour.id], startDate: START, endDate: null });
    await (await signIn(t, neighbour)).get(`/api/documents/${letter!.id}/download`).expect(404);
    expect(await t.knex('notifications').where({ recipientUserId: tenant.id, notificationType: 'rent_update_notice' })).toHaveLength(1);
    expect(await t.knex('outbox_messages').where({ userId: tenant.id, kind: 'notification' }).pluck('subject')).toContain('Actualización de la renta');

    // Once sent, neither changed nor sent again.
    await ownerAgent.post(`/api/rent-updates/${update!.id}/notice`).expect(409);
    await ownerAgent.patch(`/api/rent-updates/${update!.id}`).send({ percent: 1 }).expect(409);

    // Nothing changes before its month; on it, the rent and the history do.
    expect(await run((trx) => applyDueRentUpdates(trx, TODAY))).toBe(0);
    expect(await run((trx) => applyDueRentUpdates(trx, effective))).toBeGreaterThanOrEqual(1);
    expect((await t.knex('contracts').where({ id: contract.id }).first()).rentAmount).toBe('1015.00');
    const history = await t.knex('contract_rent_history').where({ contractId: contract.id });
    expect(history).toEqual([expect.objectContaining({ rentAmount: '1015.00', previousRent: '1000.00', rentUpdateId: update!.id, reason: expect.stringContaining('Actualización anual de la renta') })]);
    expect((await t.knex('rent_updates').where({ id: update!.id }).first()).status).toBe('aplicada');

    // The charges: this month's (made late, after the change) at the old rent, next month's at the new one.
    await run((trx) => generateRentCharges(trx, `${NEXT_MONTH}-06`, contract.id));
    const charges = await t.knex('rent_charges').where({ contractId: contract.id }).orderBy('period').select('period', 'amount');
    expect(charges.find((c: { period: string }) => c.period === TODAY.slice(0, 7))?.amount).toBe('1000.00');
    expect(charges.find((c: { period: string }) => c.period === NEXT_MONTH)?.amount).toBe('1015.00');
  });

  it('keeps each side to its own: another owner 404, a tenant 403, signed out 401; an agent not in charge of the property cannot change it', async () => {
    const { contract, property, ownerAgent, tenantAgent } = await lease({ mechanism: 'irav' });
    await publish({ IPC: 3.1, IRAV: 1.5 });
    await run((trx) => proposeRentUpdates(trx, TODAY));
    const [update] = await updatesOf(ownerAgent, `&contractId=${contract.id}`);
    const stranger = await signIn(t, await buildUser(t.knex, { roleName: 'propietario_individual' }));
    expect(await updatesOf(stranger)).toEqual([]);
    await stranger.get(`/api/rent-updates/${update!.id}`).expect(404);
    await stranger.patch(`/api/rent-updates/${update!.id}`).send({ percent: 1 }).expect(404);
    await stranger.post(`/api/rent-updates/${update!.id}/notice`).expect(404);
    await tenantAgent.get('/api/rent-updates').expect(403);
    await t.request().get('/api/rent-updates').expect(401);

    const agency = await buildAgency(t.knex);
    await t.knex('main_properties').where({ id: property.id }).update({ managerAgencyId: agency.id });
    const agent = await signIn(t, await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id }));
    expect((await updatesOf(agent)).map((u) => u.id)).toContain(update!.id);
    await agent.patch(`/api/rent-updates/${update!.id}`).send({ percent: 1 }).expect(404);
    expect((await t.knex('rent_updates').where({ id: update!.id }).first()).percent).toBe('1.500');
  });

  it('lists by anniversary month and status, refusing an unknown sort or a bad month', async () => {
    const { contract, ownerAgent } = await lease({ mechanism: 'ipc' });
    await run((trx) => proposeRentUpdates(trx, TODAY));
    expect((await updatesOf(ownerAgent, `&month=${NEXT_MONTH}`)).map((u) => u.contract.id)).toContain(contract.id);
    expect(await updatesOf(ownerAgent, `&month=${month(5)}`)).toEqual([]);
    expect((await updatesOf(ownerAgent, '&status=pendiente_indice')).map((u) => u.contract.id)).toContain(contract.id);
    expect(ErrorBodySchema.parse((await ownerAgent.get('/api/rent-updates?sort=percent').expect(400)).body).fields).toHaveProperty('sort');
    expect(ErrorBodySchema.parse((await ownerAgent.get('/api/rent-updates?month=2026-13').expect(400)).body).fields).toHaveProperty('month');
  });
});

describe('contracts made or edited today', () => {
  it('propose at once an anniversary already in the window, and make an open proposal again when the clause changes', async () => {
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const agent = await signIn(t, owner);
    await publish({ IPC: 3.1, IRAV: 1.5 });
    const created = await agent
      .post('/api/contracts')
      .send({ contractCode: `ANIV-${Date.now()}`, rentableUnitId: unit.id, startDate: START, rentAmount: 800, rentUpdateMechanism: 'ipc' })
      .expect(201);
    const contractId = (created.body as { contract?: { id: number }; id?: number }).contract?.id ?? (created.body as { id: number }).id;
    const [proposed] = await updatesOf(agent, `&contractId=${contractId}`);
    // An IPC clause on a home signed after the 2023 law: cut to the IRAV.
    expect(proposed).toMatchObject({ status: 'propuesta', anniversary: ANNIVERSARY, clausePercent: '3.1', percent: '1.5', newRent: '812.00' });

    await agent.patch(`/api/contracts/${contractId}`).send({ rentUpdateMechanism: 'fixed_percentage', rentUpdateValue: 1 }).expect(200);
    const [revised] = await updatesOf(agent, `&contractId=${contractId}`);
    expect(revised).toMatchObject({ status: 'propuesta', mechanism: 'fixed_percentage', percent: '1', newRent: '808.00' });
    expect(revised!.id).not.toBe(proposed!.id);
    expect(await t.knex('audit_log').where({ tableName: 'rent_updates', recordId: proposed!.id, action: 'delete' })).toHaveLength(1);
  });
});
