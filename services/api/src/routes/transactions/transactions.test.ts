import { TRANSACTION_MESSAGES, TransactionListItemSchema } from '@arrendia/api-contract';
import type { RoleName } from '@arrendia/permissions';
import { buildAgency, buildContract, buildProperty, buildTransaction, buildUnit, buildUser, signIn } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
let categories: Record<string, number>;
beforeAll(async () => {
  t = await startTestApp();
  const rows = await t.knex('transaction_categories').select('id', 'categoryName');
  categories = Object.fromEntries(rows.map((r) => [r.categoryName, r.id]));
});
afterAll(() => t.close());

async function signedIn(roleName: RoleName, agencyId?: number) {
  const user = await buildUser(t.knex, { roleName, agencyId });
  return { user, agent: await signIn(t, user) };
}

/** An owner signed in, with a property, a unit and an Activo contract on it. */
async function ownerWithContract() {
  const { user: owner, agent } = await signedIn('propietario_individual');
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id });
  return { owner, agent, property, unit, contract };
}

/** Another owner's property, unit and contract. */
async function strangers() {
  const stranger = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const property = await buildProperty(t.knex, { ownerUserId: stranger.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id });
  return { property, unit, contract };
}

const writes = async () => ({ transactions: await countRows(t.knex, 'transactions'), audit_log: await countRows(t.knex, 'audit_log') });
const idsOf = (body: { transaction: { id: number } }[]) => body.map((i) => i.transaction.id);

describe('GET /api/transactions', () => {
  it('answers 401 without a session', async () => {
    await t.request().get('/api/transactions').expect(401);
  });

  it('answers 403 to an agent, whose role has no finances', async () => {
    const { agent } = await signedIn('agente', (await buildAgency(t.knex)).id);
    const res = await agent.get('/api/transactions').expect(403);
    expect(res.body.error).toBe('forbidden');
  });

  it("lists the owner's transactions only, most recent first (id breaks ties), with X-Total-Count", async () => {
    const { agent, property } = await ownerWithContract();
    const older = await buildTransaction(t.knex, { mainPropertyId: property.id, transactionDate: '2026-01-05' });
    const tieA = await buildTransaction(t.knex, { mainPropertyId: property.id, transactionDate: '2026-02-05', type: 'Gasto', amount: '120.40' });
    const tieB = await buildTransaction(t.knex, { mainPropertyId: property.id, transactionDate: '2026-02-05' });
    await buildTransaction(t.knex, { mainPropertyId: (await strangers()).property.id, transactionDate: '2026-03-01' });

    const res = await agent.get('/api/transactions').expect(200);

    const items = TransactionListItemSchema.array().parse(res.body);
    expect(idsOf(items)).toEqual([tieB.id, tieA.id, older.id]);
    expect(res.headers['x-total-count']).toBe('3');
    expect(items[1]).toEqual({
      transaction: expect.objectContaining({ id: tieA.id, type: 'Gasto', amount: '120.40', transactionDate: '2026-02-05', mainPropertyId: property.id }),
      category: { id: categories.Reparaciones, categoryName: 'Reparaciones', isExpense: true },
    });
  });

  it('answers the 10 most recent with ?pageSize=10, and the rest on page 2', async () => {
    const { agent, property } = await ownerWithContract();
    const made = [];
    for (let day = 1; day <= 12; day++) {
      made.push(await buildTransaction(t.knex, { mainPropertyId: property.id, transactionDate: `2025-05-${String(day).padStart(2, '0')}` }));
    }

    const first = await agent.get('/api/transactions?pageSize=10').expect(200);
    expect(idsOf(first.body)).toEqual(made.slice(2).reverse().map((m) => m.id));
    expect(first.headers['x-total-count']).toBe('12');
    const second = await agent.get('/api/transactions?pageSize=10&page=2').expect(200);
    expect(idsOf(second.body)).toEqual([made[1].id, made[0].id]);
  });

  it('filters by type, property and an inclusive date range', async () => {
    const { owner, agent, property } = await ownerWithContract();
    const other = await buildProperty(t.knex, { ownerUserId: owner.id });
    const income = await buildTransaction(t.knex, { mainPropertyId: property.id, transactionDate: '2025-03-01' });
    const expense = await buildTransaction(t.knex, { mainPropertyId: property.id, type: 'Gasto', transactionDate: '2025-03-31' });
    const april = await buildTransaction(t.knex, { mainPropertyId: property.id, transactionDate: '2025-04-01' });
    const elsewhere = await buildTransaction(t.knex, { mainPropertyId: other.id, transactionDate: '2025-03-15' });

    expect(idsOf((await agent.get('/api/transactions?type=Gasto').expect(200)).body)).toEqual([expense.id]);
    expect(idsOf((await agent.get(`/api/transactions?propertyId=${other.id}`).expect(200)).body)).toEqual([elsewhere.id]);
    const march = await agent.get('/api/transactions?from=2025-03-01&to=2025-03-31&unknown=1').expect(200);
    expect(idsOf(march.body)).toEqual([expense.id, elsewhere.id, income.id]);
    expect(march.headers['x-total-count']).toBe('3');
    expect(idsOf((await agent.get('/api/transactions?from=2025-04-01').expect(200)).body)).toEqual([april.id]);
  });

  it('shows a tenant only the transactions of its own contracts', async () => {
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const neighbourUnit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const mine = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id] });
    const neighbours = await buildContract(t.knex, { rentableUnitId: neighbourUnit.id });
    const rent = await buildTransaction(t.knex, { mainPropertyId: property.id, rentableUnitId: unit.id, contractId: mine.id });
    await buildTransaction(t.knex, { mainPropertyId: property.id, rentableUnitId: neighbourUnit.id, contractId: neighbours.id });
    await buildTransaction(t.knex, { mainPropertyId: property.id, type: 'Gasto' });

    const res = await (await signIn(t, tenant)).get('/api/transactions').expect(200);

    expect(idsOf(TransactionListItemSchema.array().parse(res.body))).toEqual([rent.id]);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it('sorts by ?sort=transactionDate or amount (id breaking ties), filters by category and words of the description, and counts only what the filters leave', async () => {
    const { owner, agent, property } = await ownerWithContract();
    const other = await buildProperty(t.knex, { ownerUserId: owner.id });
    const described = async (description: string, input: Parameters<typeof buildTransaction>[1]) => {
      const made = await buildTransaction(t.knex, input);
      await t.knex('transactions').where('id', made.id).update({ description });
      return made;
    };
    const rent = await described('Renta de marzo, Ático', { mainPropertyId: property.id, transactionDate: '2025-03-01', amount: '950.00' });
    const boiler = await described('Reparación de la caldera', { mainPropertyId: property.id, type: 'Gasto', transactionDate: '2025-03-10', amount: '310.45' });
    const boilerAgain = await described('Revisión CALDERA', { mainPropertyId: other.id, type: 'Gasto', transactionDate: '2025-03-10', amount: '310.45' });
    const insurance = await described('Seguro del hogar', { mainPropertyId: other.id, type: 'Gasto', categoryName: 'Seguro', transactionDate: '2025-02-01', amount: '1200.00' });
    // Another owner's caldera matches every filter and is never listed nor counted.
    await described('Caldera nueva', { mainPropertyId: (await strangers()).property.id, type: 'Gasto', transactionDate: '2025-03-10', amount: '310.45' });

    const ids = async (query: string) => {
      const res = await agent.get(`/api/transactions?${query}`).expect(200);
      return [idsOf(res.body), res.headers['x-total-count']];
    };
    expect(await ids('')).toEqual([[boilerAgain.id, boiler.id, rent.id, insurance.id], '4']);
    expect(await ids('sort=transactionDate')).toEqual([[insurance.id, rent.id, boiler.id, boilerAgain.id], '4']);
    expect(await ids('sort=-transactionDate&pageSize=3&page=2')).toEqual([[insurance.id], '4']);
    expect(await ids('sort=amount')).toEqual([[boiler.id, boilerAgain.id, rent.id, insurance.id], '4']);
    expect(await ids('sort=-amount')).toEqual([[insurance.id, rent.id, boilerAgain.id, boiler.id], '4']);
    // Accents and case folded.
    expect(await ids('q=caldera')).toEqual([[boilerAgain.id, boiler.id], '2']);
    expect(await ids('q=atico')).toEqual([[rent.id], '1']);
    expect(await ids(`categoryId=${categories.Seguro}`)).toEqual([[insurance.id], '1']);
    expect(await ids(`q=caldera&propertyId=${property.id}&sort=amount`)).toEqual([[boiler.id], '1']);
    // An empty filter (what a 'Todos' select sends) filters nothing.
    expect(await ids('type=&categoryId=&q=')).toEqual([[boilerAgain.id, boiler.id, rent.id, insurance.id], '4']);
  });

  it.each([
    ['type=Otro', 'type'],
    ['from=2025-02-30', 'from'],
    ['from=0000-01-01', 'from'],
    ['to=ayer', 'to'],
    ['from=2025-04-01&to=2025-03-01', 'to'],
    ['propertyId=-1', 'propertyId'],
    ['categoryId=abc', 'categoryId'],
    ['pageSize=1000', 'pageSize'],
    ['sort=importe', 'sort'],
    ['sort=-description', 'sort'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const { agent } = await signedIn('propietario_individual');
    const res = await agent.get(`/api/transactions?${query}`).expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });
});

describe('POST /api/transactions', () => {
  const body = (mainPropertyId: number, extra: Record<string, unknown> = {}) => ({
    mainPropertyId,
    categoryId: categories.Alquiler,
    type: 'Ingreso',
    amount: '1234.5',
    transactionDate: '2026-04-01',
    description: 'Renta de abril',
    paymentMethod: 'Transferencia',
    ...extra,
  });

  it('answers 401 without a session and writes nothing', async () => {
    const { property } = await strangers();
    const before = await writes();
    await t.request().post('/api/transactions').send(body(property.id)).expect(401);
    expect(await writes()).toEqual(before);
  });

  it.each(['inquilino', 'agente'] as const)('answers 403 to a %s and writes nothing', async (roleName) => {
    const { property } = await strangers();
    const { agent } = await signedIn(roleName);
    const before = await writes();
    await agent.post('/api/transactions').send(body(property.id)).expect(403);
    expect(await writes()).toEqual(before);
  });

  it('records an income against a contract, taking the unit from the contract, and audits it', async () => {
    const { owner, agent, property, unit, contract } = await ownerWithContract();
    const before = await writes();

    const res = await agent.post('/api/transactions').send(body(property.id, { contractId: contract.id })).expect(201);

    const item = TransactionListItemSchema.parse(res.body);
    expect(item).toEqual({
      transaction: {
        id: expect.any(Number),
        mainPropertyId: property.id,
        rentableUnitId: unit.id,
        contractId: contract.id,
        categoryId: categories.Alquiler,
        type: 'Ingreso',
        amount: '1234.50',
        transactionDate: '2026-04-01',
        description: 'Renta de abril',
        paymentMethod: 'Transferencia',
        status: 'Completado',
      },
      category: { id: categories.Alquiler, categoryName: 'Alquiler', isExpense: false },
    });
    expect(await writes()).toEqual({ transactions: before.transactions + 1, audit_log: before.audit_log + 1 });
    const audit = await t.knex('audit_log').where({ tableName: 'transactions', recordId: String(item.transaction.id) }).first();
    expect(audit).toMatchObject({ userId: owner.id, action: 'create', oldValues: null, newValues: expect.objectContaining({ amount: '1234.50', type: 'Ingreso' }) });
  });

  it('records an expense of the property alone, for a delegated owner too', async () => {
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const { user: delegateUser, agent } = await signedIn('propietario_delegado');
    await t.knex('owner_delegations').insert({ ownerUserId: owner.id, delegateUserId: delegateUser.id });

    const res = await agent
      .post('/api/transactions')
      .send(body(property.id, { categoryId: categories.IBI, type: 'Gasto', amount: 310, description: '', paymentMethod: undefined }))
      .expect(201);

    expect(TransactionListItemSchema.parse(res.body).transaction).toMatchObject({ type: 'Gasto', amount: '310.00', rentableUnitId: null, contractId: null, description: null, paymentMethod: null });
  });

  it("answers 404 naming mainPropertyId for another owner's property or one that does not exist, writing nothing", async () => {
    const { agent } = await ownerWithContract();
    const { property } = await strangers();

    for (const mainPropertyId of [property.id, 2147483647]) {
      const before = await writes();
      const res = await agent.post('/api/transactions').send(body(mainPropertyId)).expect(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'No se ha encontrado la propiedad', fields: { mainPropertyId: 'No se ha encontrado la propiedad' } });
      expect(await writes()).toEqual(before);
    }
  });

  it('refuses a unit, contract or category that does not fit, naming each field, and writes nothing', async () => {
    const { owner, agent, property, contract } = await ownerWithContract();
    const foreign = await strangers();
    const sibling = await buildUnit(t.knex, { mainPropertyId: (await buildProperty(t.knex, { ownerUserId: owner.id })).id });
    const otherUnit = await buildUnit(t.knex, { mainPropertyId: property.id });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ rentableUnitId: foreign.unit.id }, { rentableUnitId: 'La unidad no pertenece a la propiedad' }],
      [{ rentableUnitId: sibling.id }, { rentableUnitId: 'La unidad no pertenece a la propiedad' }],
      [{ contractId: foreign.contract.id }, { contractId: 'El contrato no pertenece a la propiedad' }],
      [{ rentableUnitId: otherUnit.id, contractId: contract.id }, { contractId: 'El contrato no corresponde a la unidad' }],
      [{ categoryId: 2147483647 }, { categoryId: 'La categoría no existe' }],
      [{ categoryId: categories.Comunidad }, { categoryId: 'La categoría no corresponde al tipo de movimiento' }],
      [{ type: 'Gasto' }, { categoryId: 'La categoría no corresponde al tipo de movimiento' }],
      [
        { rentableUnitId: foreign.unit.id, contractId: 2147483647, categoryId: categories.Seguro },
        {
          rentableUnitId: 'La unidad no pertenece a la propiedad',
          contractId: 'El contrato no pertenece a la propiedad',
          categoryId: 'La categoría no corresponde al tipo de movimiento',
        },
      ],
    ];

    for (const [extra, fields] of cases) {
      const before = await writes();
      const res = await agent.post('/api/transactions').send(body(property.id, extra)).expect(400);
      expect(res.body).toEqual({ error: 'validation_error', message: 'Revisa los campos marcados', fields });
      expect(await writes()).toEqual(before);
    }
  });

  it.each([
    [{ amount: -5 }, 'amount'],
    [{ amount: 0 }, 'amount'],
    [{ amount: 'mil' }, 'amount'],
    [{ amount: 1e8 }, 'amount'],
    [{ type: 'Otro' }, 'type'],
    [{ transactionDate: '2026-13-01' }, 'transactionDate'],
    [{ transactionDate: undefined }, 'transactionDate'],
    [{ mainPropertyId: 'abc' }, 'mainPropertyId'],
    [{ categoryId: undefined }, 'categoryId'],
    [{ contractId: 99999999999 }, 'contractId'],
    [{ description: 'x'.repeat(501) }, 'description'],
    [{ paymentMethod: 'Cheque' }, 'paymentMethod'],
    [{ status: 'Perdido' }, 'status'],
  ])('refuses %j with 400 naming %s and writes nothing', async (extra, field) => {
    const { agent, property } = await ownerWithContract();
    const before = await writes();

    const res = await agent.post('/api/transactions').send(body(property.id, extra)).expect(400);

    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(await writes()).toEqual(before);
  });
});

describe('PATCH and DELETE /api/transactions/:id (issue 33: corrections with a reason)', () => {
  const auditOf = (id: number) => t.knex('audit_log').where({ tableName: 'transactions', recordId: String(id) }).whereNot('action', 'create').orderBy('id');

  it('corrects the amount and the category with the reason in the audit row; the same values again write nothing', async () => {
    const { agent, property, contract } = await ownerWithContract();
    const tx = await buildTransaction(t.knex, { mainPropertyId: property.id, contractId: contract.id, amount: '950.00', transactionDate: '2026-11-03' });
    const res = await agent.patch(`/api/transactions/${tx.id}`).send({ amount: '905.50', transactionDate: '2026-11-05', reason: 'Importe mal tecleado' }).expect(200);
    expect(TransactionListItemSchema.parse(res.body).transaction).toMatchObject({ id: tx.id, amount: '905.50', transactionDate: '2026-11-05', type: 'Ingreso' });
    const [row] = await auditOf(tx.id);
    expect(row).toMatchObject({ action: 'update', oldValues: { amount: '950.00', transactionDate: '2026-11-03' }, newValues: { amount: '905.50', transactionDate: '2026-11-05', reason: 'Importe mal tecleado' } });

    // An expense typed as income: type and category change together.
    const gasto = await agent.patch(`/api/transactions/${tx.id}`).send({ type: 'Gasto', categoryId: categories.Reparaciones, reason: 'Era una reparación' }).expect(200);
    expect(gasto.body).toMatchObject({ transaction: { type: 'Gasto' }, category: { categoryName: 'Reparaciones', isExpense: true } });
    const mismatch = await agent.patch(`/api/transactions/${tx.id}`).send({ type: 'Ingreso', reason: 'Vuelta atrás' }).expect(400);
    expect(mismatch.body.fields).toEqual({ categoryId: 'La categoría no corresponde al tipo de movimiento' });

    const before = await writes();
    await agent.patch(`/api/transactions/${tx.id}`).send({ amount: 905.5, reason: 'Nada cambia' }).expect(200);
    expect(await writes()).toEqual(before);
  });

  it('asks for a reason and a change, in Spanish, and writes nothing without them', async () => {
    const { agent, property } = await ownerWithContract();
    const tx = await buildTransaction(t.knex, { mainPropertyId: property.id });
    const before = await writes();
    expect((await agent.patch(`/api/transactions/${tx.id}`).send({ amount: 10 }).expect(400)).body.fields).toEqual({ reason: 'Indica el motivo de la corrección' });
    expect((await agent.patch(`/api/transactions/${tx.id}`).send({ reason: 'Sin cambios' }).expect(400)).body.message).toBe('Indica al menos un cambio');
    expect((await agent.patch(`/api/transactions/${tx.id}`).send({ amount: 'mucho', reason: 'x', mainPropertyId: 1 }).expect(400)).body.fields).toMatchObject({ amount: 'Introduce un importe válido' });
    expect((await agent.delete(`/api/transactions/${tx.id}`).send({}).expect(400)).body.fields).toEqual({ reason: 'Indica el motivo de la corrección' });
    expect((await agent.delete(`/api/transactions/${tx.id}`).expect(400)).body.fields).toEqual({ reason: 'Indica el motivo de la corrección' });
    expect(await writes()).toEqual(before);
  });

  it('deletes with the reason and what it was in the audit row', async () => {
    const { agent, property } = await ownerWithContract();
    const tx = await buildTransaction(t.knex, { mainPropertyId: property.id, type: 'Gasto', amount: '120.00' });
    await agent.delete(`/api/transactions/${tx.id}`).send({ reason: 'Apuntado dos veces' }).expect(204);
    expect(await t.knex('transactions').where('id', tx.id).first()).toBeUndefined();
    const [row] = await auditOf(tx.id);
    expect(row).toMatchObject({ action: 'delete', oldValues: { amount: '120.00', type: 'Gasto', reason: 'Apuntado dos veces' } });
  });

  it("refuses the income of a confirmed rent charge (409) and another owner's movement (404), writing nothing; a tenant gets 403", async () => {
    const { agent, property, contract } = await ownerWithContract();
    const tx = await buildTransaction(t.knex, { mainPropertyId: property.id, contractId: contract.id });
    await t.knex('rent_charges').insert({ contractId: contract.id, period: '2026-11', dueDate: '2026-11-01', amount: '950.00', reference: `TX-${tx.id}`, status: 'Pagado', transactionId: tx.id });
    const foreign = await buildTransaction(t.knex, { mainPropertyId: (await strangers()).property.id });
    const tenant = await signedIn('inquilino');
    const before = await writes();
    expect((await agent.patch(`/api/transactions/${tx.id}`).send({ amount: 1, reason: 'x' }).expect(409)).body.message).toBe(TRANSACTION_MESSAGES.chargeIncome);
    expect((await agent.delete(`/api/transactions/${tx.id}`).send({ reason: 'x' }).expect(409)).body.message).toBe(TRANSACTION_MESSAGES.chargeIncome);
    await agent.patch(`/api/transactions/${foreign.id}`).send({ amount: 1, reason: 'x' }).expect(404);
    await agent.delete(`/api/transactions/${foreign.id}`).send({ reason: 'x' }).expect(404);
    await tenant.agent.patch(`/api/transactions/${tx.id}`).send({ amount: 1, reason: 'x' }).expect(403);
    expect(await writes()).toEqual(before);
  });
});
