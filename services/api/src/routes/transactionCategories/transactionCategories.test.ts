import { TransactionCategorySchema } from '@arrendia/api-contract';
import { ROLE_NAMES } from '@arrendia/permissions';
import { TRANSACTION_CATEGORIES } from '../../seeds/reference';
import { buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/transaction-categories', () => {
  it('answers 401 without a session', async () => {
    const res = await t.request().get('/api/transaction-categories').expect(401);
    expect(res.body.error).toBe('unauthorized');
  });

  it.each(ROLE_NAMES)('answers a %s every category, income first, then by name', async (roleName) => {
    const user = await buildUser(t.knex, { roleName });
    const agent = t.agent();
    await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);

    const res = await agent.get('/api/transaction-categories').expect(200);

    const categories = TransactionCategorySchema.array().parse(res.body);
    const byName = (a: { categoryName: string }, b: { categoryName: string }) => (a.categoryName < b.categoryName ? -1 : 1);
    const expected = [...TRANSACTION_CATEGORIES.filter((c) => !c.isExpense).sort(byName), ...TRANSACTION_CATEGORIES.filter((c) => c.isExpense).sort(byName)];
    expect(categories.map(({ categoryName, isExpense }) => ({ categoryName, isExpense }))).toEqual(expected);
  });
});
