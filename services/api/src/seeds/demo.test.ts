import { CurrentUserSchema } from '@arrendia/api-contract';
import { canonicalRole } from '@arrendia/permissions';
import { countRows, startTestApp, type TestApp } from '../test/support';
import { DEMO_ACCOUNTS, DEMO_AGENCY, DEMO_PASSWORD } from './demo';
import { seed } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const counts = async () =>
  Object.fromEntries(await Promise.all(['roles', 'remotes', 'agencies', 'users'].map(async (table) => [table, await countRows(t.knex, table)])));

describe('seed', () => {
  it('leaves demo accounts out unless demo mode is on', async () => {
    await seed(t.knex, { demo: false });
    expect(await counts()).toEqual({ roles: 6, remotes: 5, agencies: 0, users: 0 });
  });

  it('creates the demo agency and six accounts, and nothing more when run again', async () => {
    await seed(t.knex, { demo: true });
    const first = await counts();
    await seed(t.knex, { demo: true });

    expect(first).toEqual({ roles: 6, remotes: 5, agencies: 1, users: 6 });
    expect(await counts()).toEqual(first);
  });

  it('puts the manager and the agent in the demo agency, and nobody else', async () => {
    const agency = await t.knex('agencies').where({ cifAgencia: DEMO_AGENCY.cifAgencia }).first();
    const members = await t.knex('users').where({ agencyId: agency.id }).orderBy('email').pluck('email');
    expect(members).toEqual(['agente@demo.arrendia.es', 'manager@demo.arrendia.es']);
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a.roleName]))('lets %s log in with the demo password as %s', async (email, roleName) => {
    const res = await t.request().post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200);
    const user = CurrentUserSchema.parse(res.body);
    expect(canonicalRole(user.role?.roleName)).toBe(roleName);
    expect(user.firstName).toBeTruthy();
  });
});
