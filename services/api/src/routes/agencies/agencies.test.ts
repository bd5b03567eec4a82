import { AGENCY_ACTIVATION_REFUSED, AGENCY_CIF_TAKEN, AGENCY_DISABLED, AgencyRowSchema } from '@arrendia/api-contract';
import { cifControl } from '@arrendia/locale-es';
import { ROLE_NAMES } from '@arrendia/permissions';
import type { User } from '../../models/User';
import { buildAgency, buildUser, FACTORY_PASSWORD, signIn } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signedIn = (user: User) => signIn(t, user);
const asAdmin = async () => signedIn(await buildUser(t.knex, { roleName: 'super_admin' }));
const counts = async () => ({ agencies: await countRows(t.knex, 'agencies'), audit: await countRows(t.knex, 'audit_log') });
const sessionsOf = async (userId: number) => Number((await t.knex('sessions').whereRaw(`sess->>'userId' = ?`, [String(userId)]).count({ n: '*' }).first())?.n);
const ids = (body: { id: number }[]) => body.map((a) => a.id);
let sequence = 0;
/** A word no other test's agencies carry, to search for. */
const uniqueTag = () => `Zt${Date.now().toString(36)}${++sequence}`;
/** A valid CIF no other test uses (entity letter B ends in the control digit). */
function freshCif(): string {
  const first8 = `B${String((Date.now() % 9_000_000) + ++sequence * 13).padStart(7, '0').slice(-7)}`;
  return `${first8}${cifControl(first8).digit}`;
}
/** A valid 'Nueva agencia' form. */
const agencyForm = (overrides: Record<string, unknown> = {}) => ({
  nombreAgencia: `Inmobiliaria ${uniqueTag()}`,
  cifAgencia: freshCif(),
  direccionFiscal: 'Calle Mayor 1, 28013 Madrid',
  telefonoAgencia: '+34 910 123 456',
  emailAgencia: 'Hola@Agencia.example',
  webAgencia: 'https://agencia.example',
  ...overrides,
});

describe('access', () => {
  it('answers 401 signed out on every endpoint', async () => {
    await t.request().get('/api/agencies').expect(401);
    await t.request().post('/api/agencies').send(agencyForm()).expect(401);
    await t.request().patch('/api/agencies/1').send({ nombreAgencia: 'X' }).expect(401);
  });

  it.each(ROLE_NAMES.filter((r) => r !== 'super_admin' && r !== 'admin_agencia'))('answers 403 to %s on every endpoint and writes nothing', async (roleName) => {
    const agency = await buildAgency(t.knex);
    const api = await signedIn(await buildUser(t.knex, { roleName, agencyId: roleName === 'agente' ? agency.id : null }));
    const before = await counts();
    for (const res of [await api.get('/api/agencies'), await api.post('/api/agencies').send(agencyForm()), await api.patch(`/api/agencies/${agency.id}`).send({ nombreAgencia: 'Robada' })]) {
      expect([res.status, res.body.error]).toEqual([403, 'forbidden']);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 403 to an agency manager creating an agency', async () => {
    const agency = await buildAgency(t.knex);
    const api = await signedIn(await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id }));
    const before = await counts();
    expect((await api.post('/api/agencies').send(agencyForm()).expect(403)).body.error).toBe('forbidden');
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/agencies', () => {
  it('creates an active agency with the default commission, normalised CIF, phone and email, and audits it', async () => {
    const api = await asAdmin();
    const form = agencyForm();
    const res = await api
      .post('/api/agencies')
      .send({ ...form, cifAgencia: `${form.cifAgencia.slice(0, 1).toLowerCase()}-${form.cifAgencia.slice(1)}` })
      .expect(201);
    expect(AgencyRowSchema.strict().parse(res.body)).toEqual({
      id: expect.any(Number),
      nombreAgencia: form.nombreAgencia,
      cifAgencia: form.cifAgencia,
      direccionFiscal: 'Calle Mayor 1, 28013 Madrid',
      telefonoAgencia: '910123456',
      emailAgencia: 'hola@agencia.example',
      webAgencia: 'https://agencia.example',
      commissionRate: '8.00',
      isActive: true,
      managers: 0,
      agents: 0,
      createdAt: expect.any(String),
    });
    const audited = await t.knex('audit_log').where({ tableName: 'agencies', recordId: String(res.body.id), action: 'create' }).first();
    expect(audited.newValues).toMatchObject({ nombreAgencia: form.nombreAgencia, cifAgencia: form.cifAgencia, commissionRate: '8.00', isActive: true });
  });

  it('takes a commission rate and leaves phone and web out when blank', async () => {
    const api = await asAdmin();
    const res = await api.post('/api/agencies').send(agencyForm({ commissionRate: '6.5', telefonoAgencia: '', webAgencia: '  ' })).expect(201);
    expect(res.body).toMatchObject({ commissionRate: '6.50', telefonoAgencia: null, webAgencia: null });
  });

  it.each([
    ['a CIF with a wrong control digit', { cifAgencia: 'A28015864' }, 'cifAgencia', 'El CIF no es válido'],
    ['a NIF where a CIF goes', { cifAgencia: '12345678Z' }, 'cifAgencia', 'El CIF no es válido'],
    ['a commission of 150 %', { commissionRate: 150 }, 'commissionRate', 'La comisión debe estar entre 0 y 100 %'],
    ['an empty name', { nombreAgencia: '   ' }, 'nombreAgencia', 'El nombre de la agencia es obligatorio'],
    ['no email', { emailAgencia: '' }, 'emailAgencia', 'Indica el correo electrónico de la agencia'],
    ['a phone that is not Spanish', { telefonoAgencia: '12345' }, 'telefonoAgencia', 'El teléfono no es válido'],
  ])('refuses %s with 400 in Spanish and writes nothing', async (_what, change, field, message) => {
    const api = await asAdmin();
    const before = await counts();
    const res = await api.post('/api/agencies').send(agencyForm(change)).expect(400);
    expect(res.body).toMatchObject({ error: 'validation_error', fields: { [field]: message } });
    expect(await counts()).toEqual(before);
  });

  it('refuses a CIF another agency has with 409 on cifAgencia and writes nothing', async () => {
    const api = await asAdmin();
    const first = await api.post('/api/agencies').send(agencyForm()).expect(201);
    const before = await counts();
    const res = await api.post('/api/agencies').send(agencyForm({ cifAgencia: first.body.cifAgencia.toLowerCase() })).expect(409);
    expect(res.body).toEqual({ error: 'conflict', message: AGENCY_CIF_TAKEN, fields: { cifAgencia: AGENCY_CIF_TAKEN } });
    expect(await counts()).toEqual(before);
  });

  it('refuses isActive and unknown fields (400)', async () => {
    const api = await asAdmin();
    const before = await counts();
    await api.post('/api/agencies').send(agencyForm({ isActive: false })).expect(400);
    await api.post('/api/agencies').send(agencyForm({ logoUrl: 'x' })).expect(400);
    expect(await counts()).toEqual(before);
  });
});

describe('GET /api/agencies', () => {
  it('lists every agency to the super admin, searches name, CIF and email, filters by status and pages (X-Total-Count)', async () => {
    const api = await asAdmin();
    const tag = uniqueTag();
    const made = [];
    for (const name of ['Alfa', 'Beta', 'Gamma']) made.push((await api.post('/api/agencies').send(agencyForm({ nombreAgencia: `${name} ${tag}` })).expect(201)).body);
    await api.patch(`/api/agencies/${made[2].id}`).send({ isActive: false }).expect(200);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: made[0].id });
    await buildUser(t.knex, { roleName: 'agente', agencyId: made[0].id });
    await buildUser(t.knex, { roleName: 'agente', agencyId: made[0].id });

    const all = await api.get(`/api/agencies?q=${tag}`).expect(200);
    expect(ids(all.body)).toEqual(ids(made));
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.body[0]).toMatchObject({ managers: 1, agents: 2 });
    expect(all.body[1]).toMatchObject({ managers: 0, agents: 0 });

    const page2 = await api.get(`/api/agencies?q=${tag}&page=2&pageSize=2`).expect(200);
    expect(ids(page2.body)).toEqual([made[2].id]);
    expect(page2.headers['x-total-count']).toBe('3');
    expect(ids((await api.get(`/api/agencies?q=${tag}&status=activa`).expect(200)).body)).toEqual([made[0].id, made[1].id]);
    expect(ids((await api.get(`/api/agencies?q=${tag}&status=inactiva`).expect(200)).body)).toEqual([made[2].id]);
    expect(ids((await api.get(`/api/agencies?q=${made[1].cifAgencia.toLowerCase()}`).expect(200)).body)).toEqual([made[1].id]);
    expect(ids((await api.get(`/api/agencies?q=${encodeURIComponent(`GAMMA ${tag}`)}`).expect(200)).body)).toEqual([made[2].id]);
    expect(ids((await api.get(`/api/agencies?q=${tag}&status=`).expect(200)).body)).toHaveLength(3);
    await api.get('/api/agencies?status=todas').expect(400);

    // The manager reads a list of one: its own agency, whatever it asks for.
    const own = await (await signedIn(manager)).get('/api/agencies').expect(200);
    expect(ids(own.body)).toEqual([made[0].id]);
    expect(own.headers['x-total-count']).toBe('1');
    const sortedForManager = await (await signedIn(manager)).get('/api/agencies?sort=-createdAt&pageSize=100').expect(200);
    expect([ids(sortedForManager.body), sortedForManager.headers['x-total-count']]).toEqual([[made[0].id], '1']);
  });

  it('sorts by ?sort= (name in the readers\' order, commission, creation), id breaking ties; an unknown field is a 400 naming sort', async () => {
    const api = await asAdmin();
    const tag = uniqueTag();
    const beta = (await api.post('/api/agencies').send(agencyForm({ nombreAgencia: `beta ${tag}`, commissionRate: 5 })).expect(201)).body;
    const alfa = (await api.post('/api/agencies').send(agencyForm({ nombreAgencia: `Álamo ${tag}`, commissionRate: 5 })).expect(201)).body;
    const gamma = (await api.post('/api/agencies').send(agencyForm({ nombreAgencia: `Gamma ${tag}`, commissionRate: 3 })).expect(201)).body;
    const sorted = async (query: string) => ids((await api.get(`/api/agencies?q=${tag}&${query}`).expect(200)).body);

    expect(await sorted('sort=nombreAgencia')).toEqual([alfa.id, beta.id, gamma.id]);
    expect(await sorted('sort=-nombreAgencia')).toEqual([gamma.id, beta.id, alfa.id]);
    expect(await sorted('sort=commissionRate')).toEqual([gamma.id, beta.id, alfa.id]);
    expect(await sorted('sort=-commissionRate')).toEqual([alfa.id, beta.id, gamma.id]);
    expect(await sorted('sort=-createdAt')).toEqual([gamma.id, alfa.id, beta.id]);
    const res = await api.get('/api/agencies?sort=cif').expect(400);
    expect(res.body).toMatchObject({ error: 'validation_error', fields: { sort: 'Campo de ordenación no válido' } });
  });
});

describe('PATCH /api/agencies/:id', () => {
  it('lets the super admin edit any agency, audits only what changed, and refuses a taken CIF with 409', async () => {
    const api = await asAdmin();
    const agency = (await api.post('/api/agencies').send(agencyForm()).expect(201)).body;
    const other = (await api.post('/api/agencies').send(agencyForm()).expect(201)).body;
    const res = await api.patch(`/api/agencies/${agency.id}`).send({ nombreAgencia: 'Nuevo Nombre', commissionRate: 9.25, telefonoAgencia: '', direccionFiscal: agency.direccionFiscal }).expect(200);
    expect(res.body).toMatchObject({ id: agency.id, nombreAgencia: 'Nuevo Nombre', commissionRate: '9.25', telefonoAgencia: null });
    const audited = await t.knex('audit_log').where({ tableName: 'agencies', recordId: String(agency.id), action: 'update' }).orderBy('id', 'desc').first();
    expect([audited.oldValues, audited.newValues]).toEqual([
      { nombreAgencia: agency.nombreAgencia, commissionRate: '8.00', telefonoAgencia: '910123456' },
      { nombreAgencia: 'Nuevo Nombre', commissionRate: '9.25', telefonoAgencia: null },
    ]);

    const before = await counts();
    const taken = await api.patch(`/api/agencies/${agency.id}`).send({ cifAgencia: other.cifAgencia }).expect(409);
    expect(taken.body.fields).toEqual({ cifAgencia: AGENCY_CIF_TAKEN });
    await api.patch(`/api/agencies/${agency.id}`).send({ commissionRate: 150 }).expect(400);
    await api.patch(`/api/agencies/${agency.id}`).send({ nombreAgencia: '' }).expect(400);
    expect(await counts()).toEqual(before);
    // Its own CIF again is no conflict.
    await api.patch(`/api/agencies/${agency.id}`).send({ cifAgencia: agency.cifAgencia }).expect(200);
    await api.patch('/api/agencies/999999').send({ nombreAgencia: 'Nadie' }).expect(404);
  });

  it("lets a manager edit its own agency, never another's (404) nor its status (403)", async () => {
    const admin = await asAdmin();
    const mine = (await admin.post('/api/agencies').send(agencyForm()).expect(201)).body;
    const theirs = (await admin.post('/api/agencies').send(agencyForm()).expect(201)).body;
    const manager = await signedIn(await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: mine.id }));

    expect((await manager.patch(`/api/agencies/${mine.id}`).send({ webAgencia: 'https://mia.example', commissionRate: 7 }).expect(200)).body).toMatchObject({
      webAgencia: 'https://mia.example',
      commissionRate: '7.00',
    });
    const before = await t.knex('agencies').whereIn('id', [mine.id, theirs.id]).orderBy('id');
    const audits = await countRows(t.knex, 'audit_log');
    const foreign = await manager.patch(`/api/agencies/${theirs.id}`).send({ nombreAgencia: 'Robada' }).expect(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: 'No se ha encontrado la agencia' });
    await manager.patch(`/api/agencies/${theirs.id}`).send({ isActive: false }).expect(404);
    const status = await manager.patch(`/api/agencies/${mine.id}`).send({ isActive: false }).expect(403);
    expect(status.body).toEqual({ error: 'forbidden', message: AGENCY_ACTIVATION_REFUSED, fields: { isActive: AGENCY_ACTIVATION_REFUSED } });
    await manager.patch(`/api/agencies/${mine.id}`).send({ isActive: true }).expect(403);
    expect(await t.knex('agencies').whereIn('id', [mine.id, theirs.id]).orderBy('id')).toEqual(before);
    expect(await countRows(t.knex, 'audit_log')).toBe(audits);
  });
});

describe('deactivating an agency', () => {
  it('ends its users’ open sessions (401), refuses their sign-in with 403 in Spanish, keeps their data, and reactivation lets them in again', async () => {
    const api = await asAdmin();
    const agency = (await api.post('/api/agencies').send(agencyForm()).expect(201)).body;
    const agent = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const outsider = await buildUser(t.knex, { roleName: 'agente', agencyId: (await buildAgency(t.knex)).id });
    const open = await signedIn(agent);
    const managerOpen = await signedIn(manager);
    const outsiderOpen = await signedIn(outsider);
    await open.get('/api/auth/user').expect(200);

    expect((await api.patch(`/api/agencies/${agency.id}`).send({ isActive: false }).expect(200)).body.isActive).toBe(false);
    expect(await sessionsOf(agent.id)).toBe(0);
    expect(await sessionsOf(manager.id)).toBe(0);
    await open.get('/api/auth/user').expect(401);
    await managerOpen.get('/api/auth/user').expect(401);
    await outsiderOpen.get('/api/auth/user').expect(200);
    const login = await t.agent().post('/api/auth/login').send({ email: agent.email, password: FACTORY_PASSWORD }).expect(403);
    expect(login.body).toEqual({ error: 'forbidden', message: AGENCY_DISABLED });
    const audited = await t.knex('audit_log').where({ tableName: 'agencies', recordId: String(agency.id), action: 'update' }).orderBy('id', 'desc').first();
    expect([audited.oldValues, audited.newValues]).toEqual([{ isActive: true }, { isActive: false }]);
    // The data is kept: the agency and its users are still there, the users still active themselves.
    expect(await t.knex('users').whereIn('id', [agent.id, manager.id]).orderBy('id').pluck('isActive')).toEqual([true, true]);
    expect(ids((await api.get(`/api/agencies?q=${agency.cifAgencia}`).expect(200)).body)).toEqual([agency.id]);

    expect((await api.patch(`/api/agencies/${agency.id}`).send({ isActive: true }).expect(200)).body.isActive).toBe(true);
    // The ended session does not come back; a new sign-in works.
    await open.get('/api/auth/user').expect(401);
    await (await signedIn(agent)).get('/api/auth/user').expect(200);
  });
});
