import { ContractDetailSchema, ErrorBodySchema, RENT_UPDATE_MESSAGES, RentHistoryEntrySchema, SIGNED_AFTER_START } from '@arrendia/api-contract';
import { shiftDay } from '@arrendia/law-es';
import { todayIso } from '@arrendia/locale-es';
import type { RoleName } from '@arrendia/permissions';
import type { UnitTypeName } from '@arrendia/api-contract';
import { presentRentUpdateClause } from '../../presenters/contract';
import { buildContract, buildProperty, buildUnit, buildUser, signIn } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

/** Issue 36, points 1 and 5: the rent update clause on the contract form and detail, and the rent history. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(roleName: RoleName) {
  const user = await buildUser(t.knex, { roleName });
  return { user, agent: await signIn(t, user) };
}

/** An owner signed in with a free unit of `typeName`. */
async function ownerWithUnit(typeName: UnitTypeName = 'vivienda') {
  const { user: owner, agent } = await signedIn('propietario_individual');
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, typeName });
  return { owner, agent, property, unit };
}

const body = (rentableUnitId: number, extra: Record<string, unknown> = {}) => ({
  contractCode: `CLA-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
  rentableUnitId,
  startDate: '2026-03-01',
  endDate: '2031-02-28',
  rentAmount: 1000,
  status: 'Pendiente',
  ...extra,
});

const CLAUSE = ['rentUpdateMechanism', 'rentUpdateValue', 'rentUpdateFloor', 'rentUpdateMonthsBefore', 'leaseUse', 'signedOn'];
const clauseOf = (id: number) => t.knex('contracts').select(CLAUSE).where({ id }).first();

/** "Nothing written": the tables a contract write touches keep their row counts. */
const counts = async () => Object.fromEntries(await Promise.all(['contracts', 'audit_log', 'contract_rent_history', 'tenants_contracts'].map(async (table) => [table, await countRows(t.knex, table)])));

describe('POST /api/contracts with a rent update clause', () => {
  it("stores no clause by default: mechanism 'none', a home's use from a vivienda and the start as the signature date", async () => {
    const { agent, unit } = await ownerWithUnit('vivienda');
    const res = await agent.post('/api/contracts').send(body(unit.id)).expect(201);
    expect(await clauseOf(res.body.contract.id)).toEqual({ rentUpdateMechanism: 'none', rentUpdateValue: null, rentUpdateFloor: null, rentUpdateMonthsBefore: null, leaseUse: 'vivienda', signedOn: '2026-03-01' });
  });

  it("takes the use of a 'local' unit as another use than a home", async () => {
    const { agent, unit } = await ownerWithUnit('local');
    const res = await agent.post('/api/contracts').send(body(unit.id, { rentUpdateMechanism: 'ipc' })).expect(201);
    expect(await clauseOf(res.body.contract.id)).toMatchObject({ rentUpdateMechanism: 'ipc', leaseUse: 'otro' });
  });

  it.each([
    ['ipc', { rentUpdateMechanism: 'ipc', rentUpdateFloor: 0, rentUpdateMonthsBefore: 3, signedOn: '2026-02-10' }, { rentUpdateValue: null, rentUpdateFloor: '0.000', rentUpdateMonthsBefore: 3, leaseUse: 'vivienda', signedOn: '2026-02-10' }, null],
    ['igc', { rentUpdateMechanism: 'igc' }, { rentUpdateValue: null, rentUpdateFloor: null, rentUpdateMonthsBefore: null }, null],
    ['irav', { rentUpdateMechanism: 'irav', leaseUse: 'vivienda' }, { leaseUse: 'vivienda' }, null],
    ['fixed_percentage', { rentUpdateMechanism: 'fixed_percentage', rentUpdateValue: '2.5' }, { rentUpdateValue: '2.500' }, '2.5'],
    ['fixed_amount', { rentUpdateMechanism: 'fixed_amount', rentUpdateValue: 40 }, { rentUpdateValue: '40.000' }, '40'],
  ] as [string, Record<string, unknown>, Record<string, unknown>, string | null][])('stores a %s clause, and the detail shows it', async (mechanism, sent, stored, shownValue) => {
    const { agent, unit } = await ownerWithUnit();
    const res = await agent.post('/api/contracts').send(body(unit.id, sent)).expect(201);
    const id = res.body.contract.id as number;
    expect(await clauseOf(id)).toMatchObject({ rentUpdateMechanism: mechanism, ...stored });
    const detail = ContractDetailSchema.parse((await agent.get(`/api/contracts/${id}`).expect(200)).body);
    expect(detail.rentUpdate.mechanism).toBe(mechanism);
    expect(detail.rentUpdate.value).toBe(shownValue);
    // An anniversary of its start (the first, 2027-03-01, until that day).
    expect(detail.rentUpdate.nextUpdateOn).toMatch(/^20\d\d-03-01$/);
    const audit = await t.knex('audit_log').where({ tableName: 'contracts', recordId: String(id), action: 'create' }).first();
    expect(audit.newValues).toMatchObject({ rentUpdateMechanism: mechanism });
  });

  it.each([
    ['the IRAV on a lease of another use', 'vivienda', { rentUpdateMechanism: 'irav', leaseUse: 'otro' }, 'rentUpdateMechanism', RENT_UPDATE_MESSAGES.iravNotHousing],
    ["the IRAV on a 'local' unit, whose use defaults to another", 'local', { rentUpdateMechanism: 'irav' }, 'rentUpdateMechanism', RENT_UPDATE_MESSAGES.iravNotHousing],
    ['a fixed percentage without its value', 'vivienda', { rentUpdateMechanism: 'fixed_percentage' }, 'rentUpdateValue', RENT_UPDATE_MESSAGES.valueRequired],
    ['a fixed amount without its value', 'vivienda', { rentUpdateMechanism: 'fixed_amount', rentUpdateValue: '' }, 'rentUpdateValue', RENT_UPDATE_MESSAGES.valueRequired],
    ['a value on an IPC clause', 'vivienda', { rentUpdateMechanism: 'ipc', rentUpdateValue: 3 }, 'rentUpdateValue', RENT_UPDATE_MESSAGES.valueNotAllowed],
    ['a value without a clause', 'vivienda', { rentUpdateValue: 3 }, 'rentUpdateValue', RENT_UPDATE_MESSAGES.valueNotAllowed],
    ['a floor of 150 %', 'vivienda', { rentUpdateMechanism: 'ipc', rentUpdateFloor: 150 }, 'rentUpdateFloor', 'El porcentaje debe estar entre −100 y 100'],
    ['an index month 13 months before', 'vivienda', { rentUpdateMechanism: 'ipc', rentUpdateMonthsBefore: 13 }, 'rentUpdateMonthsBefore', 'Entre 1 y 12 meses'],
    ['a signature after the start', 'vivienda', { rentUpdateMechanism: 'ipc', signedOn: '2026-03-02' }, 'signedOn', SIGNED_AFTER_START],
    ['an unknown mechanism', 'vivienda', { rentUpdateMechanism: 'euribor' }, 'rentUpdateMechanism', 'Tipo de actualización no válido'],
    ['an unknown use', 'vivienda', { leaseUse: 'oficina' }, 'leaseUse', 'Uso no válido'],
  ] as const)('refuses %s with a 400 naming the field, and writes nothing', async (_case, typeName, extra, field, message) => {
    const { agent, unit } = await ownerWithUnit(typeName);
    const before = await counts();
    const res = await agent.post('/api/contracts').send(body(unit.id, extra)).expect(400);
    const error = ErrorBodySchema.parse(res.body);
    expect(error.error).toBe('validation_error');
    expect(error.fields?.[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });
});

/** A contract of a new owner's with `clause` stored, signed in as the owner. */
async function contractWith(clause: Record<string, unknown>, extra: { rentAmount?: string; tenantUserIds?: number[]; startDate?: string; endDate?: string | null } = {}) {
  const { owner, agent, unit } = await ownerWithUnit();
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id, status: 'Activo', startDate: '2025-06-01', endDate: '2030-05-31', ...extra });
  if (Object.keys(clause).length > 0) await t.knex('contracts').where({ id: contract.id }).update(clause);
  return { owner, agent, unit, contract };
}

describe('PATCH /api/contracts/:id and the clause', () => {
  it("refuses {leaseUse: 'otro'} on an IRAV contract (the merged clause) and writes nothing", async () => {
    const { agent, contract } = await contractWith({ rentUpdateMechanism: 'irav', leaseUse: 'vivienda' });
    const before = await counts();
    const res = await agent.patch(`/api/contracts/${contract.id}`).send({ leaseUse: 'otro' }).expect(400);
    expect(res.body).toMatchObject({ error: 'validation_error', fields: { rentUpdateMechanism: 'El IRAV solo sirve para actualizar alquileres de vivienda habitual' } });
    expect(await counts()).toEqual(before);
    expect(await clauseOf(contract.id)).toMatchObject({ leaseUse: 'vivienda' });
  });

  it('refuses a fixed amount without a stored or sent value, and a value sent to an IPC clause', async () => {
    const { agent, contract } = await contractWith({});
    const before = await counts();
    const missing = await agent.patch(`/api/contracts/${contract.id}`).send({ rentUpdateMechanism: 'fixed_amount' }).expect(400);
    expect(missing.body.fields).toEqual({ rentUpdateValue: RENT_UPDATE_MESSAGES.valueRequired });
    const extra = await agent.patch(`/api/contracts/${contract.id}`).send({ rentUpdateMechanism: 'ipc', rentUpdateValue: 2 }).expect(400);
    expect(extra.body.fields).toEqual({ rentUpdateValue: RENT_UPDATE_MESSAGES.valueNotAllowed });
    expect(await counts()).toEqual(before);
  });

  it('refuses a signature date after the start', async () => {
    const { agent, contract } = await contractWith({});
    const res = await agent.patch(`/api/contracts/${contract.id}`).send({ signedOn: '2025-06-02' }).expect(400);
    expect(res.body.fields).toEqual({ signedOn: SIGNED_AFTER_START });
  });

  it('keeps the stored value when only the mechanism changes between the fixed ones, and audits the change', async () => {
    const { owner, agent, contract } = await contractWith({ rentUpdateMechanism: 'fixed_amount', rentUpdateValue: '30' });
    await agent.patch(`/api/contracts/${contract.id}`).send({ rentUpdateMechanism: 'fixed_percentage', rentUpdateFloor: 0, signedOn: '2025-05-20' }).expect(200);
    expect(await clauseOf(contract.id)).toMatchObject({ rentUpdateMechanism: 'fixed_percentage', rentUpdateValue: '30.000', rentUpdateFloor: '0.000', signedOn: '2025-05-20' });
    const audits = await t.knex('audit_log').where({ tableName: 'contracts', recordId: String(contract.id), action: 'update' });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: owner.id, oldValues: { rentUpdateMechanism: 'fixed_amount', rentUpdateFloor: null, signedOn: null }, newValues: { rentUpdateMechanism: 'fixed_percentage', rentUpdateFloor: '0', signedOn: '2025-05-20' } });
  });

  it('removes the clause: none with its value cleared', async () => {
    const { agent, contract } = await contractWith({ rentUpdateMechanism: 'fixed_percentage', rentUpdateValue: '3' });
    await agent.patch(`/api/contracts/${contract.id}`).send({ rentUpdateMechanism: 'none', rentUpdateValue: null }).expect(200);
    expect(await clauseOf(contract.id)).toMatchObject({ rentUpdateMechanism: 'none', rentUpdateValue: null });
  });

  it('writes a rent history row for a rent changed by hand, and none for an edit that keeps it', async () => {
    const { owner, agent, contract } = await contractWith({}, { rentAmount: '950.00' });
    await agent.patch(`/api/contracts/${contract.id}`).send({ notes: 'Sin cambio de renta', rentAmount: '950' }).expect(200);
    expect(await t.knex('contract_rent_history').where({ contractId: contract.id })).toEqual([]);

    await agent.patch(`/api/contracts/${contract.id}`).send({ rentAmount: '990.50' }).expect(200);

    const rows = await t.knex('contract_rent_history').where({ contractId: contract.id }).select('rentAmount', 'previousRent', 'validFrom', 'reason', 'rentUpdateId', 'changedByUserId');
    expect(rows).toEqual([{ rentAmount: '990.50', previousRent: '950.00', validFrom: todayIso(), reason: 'Modificación de la renta en el contrato', rentUpdateId: null, changedByUserId: owner.id }]);
  });
});

describe('GET /api/contracts/:id/rent-history', () => {
  it('starts with the current rent from the start when the rent never changed', async () => {
    const { agent, contract } = await contractWith({}, { rentAmount: '800.00' });
    const res = await agent.get(`/api/contracts/${contract.id}/rent-history`).expect(200);
    expect(RentHistoryEntrySchema.array().parse(res.body)).toEqual([{ rentAmount: '800.00', validFrom: '2025-06-01', reason: 'Renta inicial del contrato', rentUpdateId: null }]);
  });

  it('lists the initial rent (the first change’s previous one) and every change oldest first, to the owner and to its tenant', async () => {
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const { agent, contract } = await contractWith({ rentUpdateMechanism: 'ipc' }, { rentAmount: '1030.00', tenantUserIds: [tenant.id] });
    // Inserted out of order: the answer sorts by date.
    await t.knex('contract_rent_history').insert([
      { contractId: contract.id, rentAmount: '1030.00', previousRent: '1010.00', validFrom: '2026-07-01', reason: 'Actualización anual (IPC)' },
      { contractId: contract.id, rentAmount: '1010.00', previousRent: '1000.00', validFrom: '2026-02-01', reason: 'Modificación de la renta en el contrato' },
    ]);
    const expected = [
      { rentAmount: '1000.00', validFrom: '2025-06-01', reason: 'Renta inicial del contrato', rentUpdateId: null },
      { rentAmount: '1010.00', validFrom: '2026-02-01', reason: 'Modificación de la renta en el contrato', rentUpdateId: null },
      { rentAmount: '1030.00', validFrom: '2026-07-01', reason: 'Actualización anual (IPC)', rentUpdateId: null },
    ];
    expect((await agent.get(`/api/contracts/${contract.id}/rent-history`).expect(200)).body).toEqual(expected);
    expect((await (await signIn(t, tenant)).get(`/api/contracts/${contract.id}/rent-history`).expect(200)).body).toEqual(expected);
  });

  it("answers 404 to another tenant and to another owner, and 401 without a session", async () => {
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const { contract } = await contractWith({}, { tenantUserIds: [tenant.id] });
    const { agent: otherTenant } = await signedIn('inquilino');
    const { agent: otherOwner } = await signedIn('propietario_individual');
    expect((await otherTenant.get(`/api/contracts/${contract.id}/rent-history`).expect(404)).body).toMatchObject({ error: 'not_found', message: 'No se ha encontrado el contrato' });
    await otherOwner.get(`/api/contracts/${contract.id}/rent-history`).expect(404);
    await t.request().get(`/api/contracts/${contract.id}/rent-history`).expect(401);
    await otherOwner.get('/api/contracts/abc/rent-history').expect(400);
  });
});

describe('the clause in the contract detail (GET /api/contracts/:id)', () => {
  it('shows the clause in numbers without trailing zeros and the next anniversary within the contract', async () => {
    const tomorrow = shiftDay(todayIso(), 1);
    const startDate = `${Number(tomorrow.slice(0, 4)) - 1}${tomorrow.slice(4)}`;
    const { agent, contract } = await contractWith({ rentUpdateMechanism: 'ipc', rentUpdateFloor: '0', rentUpdateMonthsBefore: 2, leaseUse: 'vivienda', signedOn: startDate }, { startDate, endDate: null });
    const detail = ContractDetailSchema.parse((await agent.get(`/api/contracts/${contract.id}`).expect(200)).body);
    expect(detail.rentUpdate).toEqual({ mechanism: 'ipc', value: null, floorPercent: '0', monthsBefore: 2, leaseUse: 'vivienda', signedOn: startDate, nextUpdateOn: tomorrow, upcoming: null });
  });

  it('has no next update without a clause', async () => {
    const { agent, contract } = await contractWith({});
    const detail = ContractDetailSchema.parse((await agent.get(`/api/contracts/${contract.id}`).expect(200)).body);
    expect(detail.rentUpdate).toMatchObject({ mechanism: 'none', nextUpdateOn: null, signedOn: '2025-06-01' });
  });
});

describe('presentRentUpdateClause (the next update date)', () => {
  const clause = { rentUpdateMechanism: 'ipc' as const, rentUpdateValue: null, rentUpdateFloor: null, rentUpdateMonthsBefore: null, leaseUse: 'vivienda' as const, signedOn: null };
  const next = (lease: { startDate: string; endDate: string | null; status?: 'Activo' | 'Finalizado' }, today: string) => presentRentUpdateClause({ ...clause, status: 'Activo', ...lease }, today).nextUpdateOn;

  it('is the first anniversary, a year after the start, for a contract not a year old', () => {
    expect(next({ startDate: '2026-03-01', endDate: null }, '2026-01-10')).toBe('2027-03-01');
    expect(next({ startDate: '2026-03-01', endDate: null }, '2026-12-07')).toBe('2027-03-01');
  });

  it("is this year's anniversary before it, next year's on and after it", () => {
    expect(next({ startDate: '2023-06-15', endDate: null }, '2026-06-14')).toBe('2026-06-15');
    expect(next({ startDate: '2023-06-15', endDate: null }, '2026-06-15')).toBe('2027-06-15');
  });

  it('takes 28 February for a lease started on 29 February, and is null after the end or for a finished contract', () => {
    expect(next({ startDate: '2024-02-29', endDate: null }, '2026-01-01')).toBe('2026-02-28');
    expect(next({ startDate: '2023-06-15', endDate: '2027-06-14' }, '2026-07-01')).toBeNull();
    expect(next({ startDate: '2023-06-15', endDate: '2027-06-15' }, '2026-07-01')).toBe('2027-06-15');
    expect(next({ startDate: '2023-06-15', endDate: null, status: 'Finalizado' }, '2026-01-01')).toBeNull();
  });

  it('reads the start as the signature date of a contract without one', () => {
    expect(presentRentUpdateClause({ ...clause, status: 'Activo', startDate: '2023-06-15', endDate: null }, '2026-01-01').signedOn).toBe('2023-06-15');
  });
});
