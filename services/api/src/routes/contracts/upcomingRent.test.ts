import { ContractDetailSchema, RentUpdateSchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { applyDueRentUpdates, proposeRentUpdates } from '../../commands/rentUpdater';
import { buildContract, buildProperty, buildUnit, buildUser, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

/**
 * Issue 36: GET /api/contracts/:id's `rentUpdate.upcoming`, the update notified to the tenant and
 * not yet applied ('Nueva renta: … desde …' with its letter on 'Mi Contrato' and the detail).
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
/** A lease whose anniversary is the 10th of next month: inside the notice window. */
const NEXT_MONTH = month(1);
const START = `${Number(NEXT_MONTH.slice(0, 4)) - 1}${NEXT_MONTH.slice(4)}-10`;

async function notifiedLease() {
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Piso Próxima Renta' });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id, startDate: START, endDate: null, rentAmount: '1000.00', paymentDay: 5, tenantUserIds: [tenant.id] });
  // A fixed 1.5 % a year on premises of another use: no index, no housing limit, 1.000,00 € → 1.015,00 €.
  await t.knex('contracts').where({ id: contract.id }).update({ rentUpdateMechanism: 'fixed_percentage', rentUpdateValue: 1.5, leaseUse: 'otro', signedOn: START });
  await t.knex.transaction((trx) => proposeRentUpdates(trx, TODAY));
  return { contract, ownerAgent: await signIn(t, owner), tenantAgent: await signIn(t, tenant) };
}

const upcomingOf = async (agent: Awaited<ReturnType<typeof notifiedLease>>['ownerAgent'], id: number) => ContractDetailSchema.parse((await agent.get(`/api/contracts/${id}`).expect(200)).body).rentUpdate.upcoming;

describe("GET /api/contracts/:id rentUpdate.upcoming", () => {
  it('is null while the update is only proposed, the notified one (new rent, from when, the letter) for the tenant and the landlord, and null again once applied', async () => {
    const { contract, ownerAgent, tenantAgent } = await notifiedLease();
    const [proposed] = RentUpdateSchema.array().parse((await ownerAgent.get(`/api/rent-updates?contractId=${contract.id}`).expect(200)).body);
    expect(proposed).toMatchObject({ status: 'propuesta', newRent: '1015.00' });
    expect(await upcomingOf(tenantAgent, contract.id)).toBeNull();
    expect(await upcomingOf(ownerAgent, contract.id)).toBeNull();

    const sent = RentUpdateSchema.parse((await ownerAgent.post(`/api/rent-updates/${proposed!.id}/notice`).expect(200)).body);
    const expected = { newRent: '1015.00', effectiveFrom: sent.effectiveFrom, noticeDocumentId: sent.noticeDocumentId };
    expect(expected.effectiveFrom).toBe(`${NEXT_MONTH}-01`);
    expect(expected.noticeDocumentId).toEqual(expect.any(Number));
    expect(await upcomingOf(tenantAgent, contract.id)).toEqual(expected);
    expect(await upcomingOf(ownerAgent, contract.id)).toEqual(expected);
    // The letter it names is the tenant's to open.
    const pdf = await tenantAgent.get(`/api/documents/${sent.noticeDocumentId}/download`).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    await t.knex.transaction((trx) => applyDueRentUpdates(trx, `${NEXT_MONTH}-01`));
    const after = ContractDetailSchema.parse((await tenantAgent.get(`/api/contracts/${contract.id}`).expect(200)).body);
    expect(after.rentUpdate.upcoming).toBeNull();
    expect(after.contract.rentAmount).toBe('1015.00');
  });

  it('is null for a discarded update', async () => {
    const { contract, ownerAgent, tenantAgent } = await notifiedLease();
    const [proposed] = RentUpdateSchema.array().parse((await ownerAgent.get(`/api/rent-updates?contractId=${contract.id}`).expect(200)).body);
    await ownerAgent.patch(`/api/rent-updates/${proposed!.id}`).send({ discarded: true }).expect(200);
    expect(await upcomingOf(tenantAgent, contract.id)).toBeNull();
  });
});
