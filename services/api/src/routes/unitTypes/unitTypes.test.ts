import { UnitTypeSchema } from '@arrendia/api-contract';
import { ROLE_NAMES, type RoleName } from '@arrendia/permissions';
import { buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(roleName: RoleName) {
  const user = await buildUser(t.knex, { roleName });
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  return agent;
}

describe('GET /api/unit-types', () => {
  it('answers 401 without a session', async () => {
    const res = await t.request().get('/api/unit-types').expect(401);
    expect(res.body.error).toBe('unauthorized');
  });

  it.each(ROLE_NAMES)('lists the six types in the order of the property form to a %s', async (roleName) => {
    const agent = await signedIn(roleName);

    const res = await agent.get('/api/unit-types').expect(200);

    const types = UnitTypeSchema.array().parse(res.body);
    // Another test adds types after these six.
    expect(types.map((type) => type.typeName).slice(0, 6)).toEqual(['vivienda', 'habitacion', 'garaje', 'trastero', 'oficina', 'local']);
    expect(types[1]).toMatchObject({ typeName: 'habitacion', description: 'Habitación en vivienda compartida' });
  });

  it('puts a type added later after the six, by name', async () => {
    await t.knex('unit_types').insert([{ typeName: 'nave' }, { typeName: 'buhardilla' }]);
    const agent = await signedIn('propietario_individual');

    const res = await agent.get('/api/unit-types').expect(200);

    expect(res.body.map((type: { typeName: string }) => type.typeName).slice(6)).toEqual(['buhardilla', 'nave']);
  });
});
