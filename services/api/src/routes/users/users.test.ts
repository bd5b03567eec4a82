import {
  AGENCY_REFUSED,
  AGENCY_REQUIRED,
  LAST_SUPER_ADMIN,
  RoleSummarySchema,
  SELF_DEACTIVATION,
  SELF_ROLE_CHANGE,
  UserCreatedSchema,
  UserDetailSchema,
  UserRowSchema,
  UsersStatsSchema,
} from '@arrendia/api-contract';
import { spanishIbanFromCcc, todayIso } from '@arrendia/locale-es';
import { ROLE_NAMES, type RoleName } from '@arrendia/permissions';
import type { User } from '../../models/User';
import { buildAgency, buildUser, FACTORY_PASSWORD, signIn } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signedIn = (user: User) => signIn(t, user);
const superAdmin = () => buildUser(t.knex, { roleName: 'super_admin' });
const asAdmin = async () => signedIn(await superAdmin());

const IBAN = 'ES91 2100 0418 4502 0005 1332';
/** A Spanish IBAN whose mod-97 check is right and whose CCC control digits are wrong. */
const BAD_CCC_IBAN = spanishIbanFromCcc('21000418990200051332');
const counts = async () => ({ users: await countRows(t.knex, 'users'), audit: await countRows(t.knex, 'audit_log'), resets: await countRows(t.knex, 'password_resets') });
const sessionsOf = async (userId: number) => Number((await t.knex('sessions').whereRaw(`sess->>'userId' = ?`, [String(userId)]).count({ n: '*' }).first())?.n);
const ids = (body: { id: number }[]) => body.map((u) => u.id);
let sequence = 0;
/** A word no other test's users carry, to search for. */
const uniqueTag = () => `Zt${Date.now().toString(36)}${++sequence}`;

/** The instant the current month began in Madrid (CET in winter, CEST from April to October on the 1st). */
function madridMonthStart(now = new Date()): Date {
  const [year, month] = todayIso(now).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, 1, month >= 4 && month <= 10 ? -2 : -1));
}

/** Leaves `keep` as the only active super admins of the database. */
async function onlyActiveSuperAdmins(...keep: User[]) {
  const role = await t.knex('roles').where('roleName', 'super_admin').first('id');
  await t.knex('users').where('roleId', role.id).whereNotIn('id', ids(keep)).update({ isActive: false });
}

describe('access', () => {
  const ENDPOINTS: [method: 'get' | 'post' | 'patch', path: string, body?: object][] = [
    ['get', '/api/users'],
    ['get', '/api/users/stats'],
    ['get', '/api/users/roles'],
    ['get', '/api/users/agencies'],
    ['get', '/api/users/1'],
    ['post', '/api/users', { email: 'x@example.com', firstName: 'X', lastName: 'Y', roleName: 'inquilino' }],
    ['patch', '/api/users/1', { firstName: 'X' }],
    ['post', '/api/users/1/deactivate'],
    ['post', '/api/users/1/activate'],
    ['patch', '/api/users/1/role', { roleName: 'inquilino' }],
    ['post', '/api/users/1/password-reset'],
  ];

  it('answers 401 signed out on every endpoint', async () => {
    for (const [method, path, body] of ENDPOINTS) {
      const res = await t.request()[method](path).send(body);
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  it.each(ROLE_NAMES.filter((r) => r !== 'super_admin'))('answers 403 to %s on every endpoint and writes nothing', async (roleName) => {
    const agency = await buildAgency(t.knex);
    const api = await signedIn(await buildUser(t.knex, { roleName, agencyId: roleName === 'admin_agencia' || roleName === 'agente' ? agency.id : null }));
    const before = await counts();
    for (const [method, path, body] of ENDPOINTS) {
      const res = await api[method](path).send(body);
      expect([method, path, res.status, res.body.error]).toEqual([method, path, 403, 'forbidden']);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('GET /api/users', () => {
  it('searches name (any accent or case), email and role name or label on the server, filters and pages, newest first', async () => {
    const api = await asAdmin();
    const tag = uniqueTag();
    const agency = await buildAgency(t.knex, { nombreAgencia: 'Inmobiliaria Sol' });
    const alvaro = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id, firstName: 'Álvaro', lastName: `Núñez ${tag}` });
    const beatriz = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Beatriz', lastName: `Ruiz ${tag}` });
    const carlos = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Carlos', lastName: `Ruiz ${tag}`, isActive: false });
    const search = async (query: string) => (await api.get(`/api/users?${query}`).expect(200)).body;

    const all = await api.get(`/api/users?q=${tag}`).expect(200);
    expect(ids(all.body)).toEqual([carlos.id, beatriz.id, alvaro.id]);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.body.map((row: unknown) => UserRowSchema.strict().parse(row))[2]).toEqual({
      id: alvaro.id,
      email: alvaro.email,
      firstName: 'Álvaro',
      lastName: `Núñez ${tag}`,
      telefono: null,
      role: { roleName: 'agente', label: 'Agente Inmobiliario' },
      agency: { id: agency.id, name: 'Inmobiliaria Sol' },
      isActive: true,
      twoFactorEnabled: false,
      lastLogin: null,
      createdAt: expect.any(String),
    });
    expect(ids(await search(`q=${encodeURIComponent(`ALVARO nunez ${tag}`)}`))).toEqual([alvaro.id]);
    expect(ids(await search(`q=${encodeURIComponent(alvaro.email.toUpperCase())}`))).toEqual([alvaro.id]);
    expect(ids(await search(`q=${encodeURIComponent(`${tag} inquilino`)}`))).toEqual([carlos.id, beatriz.id]);
    expect(ids(await search(`q=${encodeURIComponent(`${tag} Agente`)}`))).toEqual([alvaro.id]);
    expect(ids(await search(`q=${encodeURIComponent(`${tag} inmobiliario`)}`))).toEqual([alvaro.id]);
    expect(ids(await search(`q=${tag}&role=inquilino&status=activo`))).toEqual([beatriz.id]);
    expect(ids(await search(`q=${tag}&status=inactivo`))).toEqual([carlos.id]);
    expect(ids(await search(`q=${tag}&role=&status=`))).toHaveLength(3);
    expect(ids(await search('q=100%25_nadie'))).toEqual([]);

    const page2 = await api.get(`/api/users?q=${tag}&pageSize=2&page=2`).expect(200);
    expect([ids(page2.body), page2.headers['x-total-count']]).toEqual([[alvaro.id], '3']);
  });

  it('shows the last login once the user has signed in, and never a password', async () => {
    const api = await asAdmin();
    const tag = uniqueTag();
    const user = await buildUser(t.knex, { lastName: tag });
    await signedIn(user);
    const [row] = (await api.get(`/api/users?q=${tag}`).expect(200)).body;
    expect(Date.parse(row.lastLogin)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(row)).not.toMatch(/password|argon2/i);
  });

  it('sorts by ?sort= (surname, then first name; email; last login; creation), id breaking ties, and the total is the filtered count', async () => {
    const api = await asAdmin();
    const tag = uniqueTag();
    const zoe = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Zoe', lastName: `Ávila ${tag}`, email: `c.${tag}@prueba.arrendia.es` });
    const ana = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Ana', lastName: `Ávila ${tag}`, email: `a.${tag}@prueba.arrendia.es` });
    const marta = await buildUser(t.knex, { roleName: 'agente', agencyId: (await buildAgency(t.knex)).id, firstName: 'Marta', lastName: `beltrán ${tag}`, email: `b.${tag}@prueba.arrendia.es` });
    const sameInstant = new Date('2026-02-01T10:00:00Z');
    await t.knex('users').whereIn('id', [zoe.id, ana.id]).update({ createdAt: sameInstant });
    await t.knex('users').where('id', marta.id).update({ createdAt: new Date('2026-01-01T10:00:00Z'), lastLogin: new Date('2026-03-01T10:00:00Z') });
    await t.knex('users').where('id', zoe.id).update({ lastLogin: new Date('2026-02-01T10:00:00Z') });
    const sorted = async (query: string) => ids((await api.get(`/api/users?q=${tag}&${query}`).expect(200)).body);

    expect(await sorted('')).toEqual([ana.id, zoe.id, marta.id]);
    expect(await sorted('sort=name')).toEqual([ana.id, zoe.id, marta.id]);
    expect(await sorted('sort=-name')).toEqual([marta.id, zoe.id, ana.id]);
    expect(await sorted('sort=email')).toEqual([ana.id, marta.id, zoe.id]);
    expect(await sorted('sort=createdAt')).toEqual([marta.id, zoe.id, ana.id]);
    // Never signed in sorts after every sign-in, ascending.
    expect(await sorted('sort=lastLogin')).toEqual([zoe.id, marta.id, ana.id]);
    const filtered = await api.get(`/api/users?q=${tag}&role=inquilino&sort=-createdAt&pageSize=1&page=2`).expect(200);
    expect([ids(filtered.body), filtered.headers['x-total-count']]).toEqual([[zoe.id], '2']);
  });

  it('refuses an unknown role, status or sort with 400 in Spanish', async () => {
    const api = await asAdmin();
    expect((await api.get('/api/users?role=jefe').expect(400)).body.fields).toEqual({ role: 'Rol no válido' });
    expect((await api.get('/api/users?status=borrado').expect(400)).body.fields).toEqual({ status: 'Estado no válido' });
    expect((await api.get('/api/users?sort=password').expect(400)).body.fields).toEqual({ sort: 'Campo de ordenación no válido' });
    expect((await api.get('/api/users?sort=-').expect(400)).body.fields).toEqual({ sort: 'Campo de ordenación no válido' });
    expect((await api.get('/api/users?q=a&q=b').expect(400)).body.fields).toEqual({ q: 'Texto de búsqueda no válido' });
  });
});

describe('GET /api/users/stats', () => {
  it('counts all, active, new since the 1st of this month in Madrid, and admins (super and agency, active or not)', async () => {
    const api = await asAdmin();
    const before = UsersStatsSchema.parse((await api.get('/api/users/stats').expect(200)).body);
    const agency = await buildAgency(t.knex);
    await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    await buildUser(t.knex, { roleName: 'super_admin', isActive: false });
    const justIn = await buildUser(t.knex, { roleName: 'inquilino' });
    const justBefore = await buildUser(t.knex, { roleName: 'inquilino' });
    const start = madridMonthStart();
    await t.knex('users').where('id', justIn.id).update({ createdAt: new Date(start.getTime() + 60_000) });
    await t.knex('users').where('id', justBefore.id).update({ createdAt: new Date(start.getTime() - 60_000) });

    const after = UsersStatsSchema.parse((await api.get('/api/users/stats').expect(200)).body);
    expect({ total: after.total - before.total, active: after.active - before.active, newThisMonth: after.newThisMonth - before.newThisMonth, admins: after.admins - before.admins }).toEqual({
      total: 4,
      active: 3,
      newThisMonth: 3,
      admins: 2,
    });
    expect(after.total).toBe(await countRows(t.knex, 'users'));
  });
});

describe('GET /api/users/roles and /api/users/agencies', () => {
  it('lists the six roles in order with their Spanish label, description and number of users', async () => {
    const api = await asAdmin();
    const res = await api.get('/api/users/roles').expect(200);
    const roles = res.body.map((r: unknown) => RoleSummarySchema.parse(r));
    expect(roles.map((r: { roleName: RoleName; label: string }) => [r.roleName, r.label])).toEqual([
      ['super_admin', 'Super Administrador'],
      ['propietario_individual', 'Propietario Individual'],
      ['admin_agencia', 'Administrador de Agencia'],
      ['agente', 'Agente Inmobiliario'],
      ['propietario_delegado', 'Propietario Delegado'],
      ['inquilino', 'Inquilino'],
    ]);
    for (const role of roles) {
      const n = await t.knex('users').join('roles', 'roles.id', 'users.roleId').where('roles.roleName', role.roleName).count({ n: '*' }).first();
      expect([role.roleName, role.userCount]).toEqual([role.roleName, Number(n?.n)]);
      expect(role.description.length).toBeGreaterThan(20);
    }
  });

  it('lists the agencies by name for the forms', async () => {
    const api = await asAdmin();
    const agency = await buildAgency(t.knex, { nombreAgencia: 'AAA Primera Agencia' });
    const res = await api.get('/api/users/agencies').expect(200);
    expect(res.body).toContainEqual({ id: agency.id, name: 'AAA Primera Agencia' });
    expect(res.body.map((a: { name: string }) => a.name)).toEqual([...res.body.map((a: { name: string }) => a.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('GET /api/users/:id', () => {
  it('answers the user with its tax and bank data, 404 when unknown and 400 for a bad id', async () => {
    const api = await asAdmin();
    const user = await buildUser(t.knex);
    await t.knex('users').where('id', user.id).update({ nifCif: '12345678Z', ibanBancaria: 'ES9121000418450200051332' });
    const res = await api.get(`/api/users/${user.id}`).expect(200);
    expect(UserDetailSchema.strict().parse(res.body)).toMatchObject({ id: user.id, nifCif: '12345678Z', ibanBancaria: 'ES9121000418450200051332', role: { roleName: 'propietario_individual' } });
    expect((await api.get('/api/users/999999').expect(404)).body).toEqual({ error: 'not_found', message: 'No se ha encontrado el usuario' });
    await api.get('/api/users/abc').expect(400);
  });
});

describe('POST /api/users', () => {
  it('creates a user with a password, who signs in with it; audited without the password', async () => {
    const api = await asAdmin();
    const agency = await buildAgency(t.knex);
    const res = await api
      .post('/api/users')
      .send({ email: ' Nuevo.Agente@Example.com ', firstName: 'Nuevo', lastName: 'Agente', roleName: 'agente', agencyId: agency.id, telefono: '+34 612 345 678', nifCif: '12.345.678-z', ibanBancaria: IBAN, password: 'clave-segura-1' })
      .expect(201);
    const created = UserCreatedSchema.strict().parse(res.body);
    expect(created).toMatchObject({ email: 'nuevo.agente@example.com', role: { roleName: 'agente', label: 'Agente Inmobiliario' }, agency: { id: agency.id }, nifCif: '12345678Z', ibanBancaria: 'ES9121000418450200051332', telefono: '612345678', isActive: true, setupLink: null });
    await t.agent().post('/api/auth/login').send({ email: 'nuevo.agente@example.com', password: 'clave-segura-1' }).expect(200);
    const row = await t.knex('audit_log').where({ tableName: 'users', recordId: String(created.id), action: 'create' }).first();
    expect(row.newValues).toMatchObject({ email: 'nuevo.agente@example.com', roleName: 'agente' });
    expect(JSON.stringify(row)).not.toMatch(/clave-segura|argon2|password/);
  });

  it('without a password answers a one-time setup link that sets it', async () => {
    const api = await asAdmin();
    const res = await api.post('/api/users').send({ email: 'sin.clave@example.com', firstName: 'Sin', lastName: 'Clave', roleName: 'inquilino' }).expect(201);
    const created = UserCreatedSchema.parse(res.body);
    expect(created.setupLink?.link).toMatch(/^\/restablecer\/[A-Za-z0-9_-]{43}$/);
    const token = created.setupLink!.link.split('/').pop()!;
    expect((await t.request().get(`/api/password-resets/${token}`).expect(200)).body).toEqual({ email: 'sin.clave@example.com', expiresAt: created.setupLink!.expiresAt });
    await t.request().post(`/api/password-resets/${token}`).send({ password: 'mi-clave-nueva' }).expect(200);
    await t.agent().post('/api/auth/login').send({ email: 'sin.clave@example.com', password: 'mi-clave-nueva' }).expect(200);
  });

  it('refuses an email already in use (any case) with 409 in Spanish and writes nothing', async () => {
    const api = await asAdmin();
    const existing = await buildUser(t.knex);
    const before = await counts();
    const res = await api.post('/api/users').send({ email: existing.email.toUpperCase(), firstName: 'Otra', lastName: 'Persona', roleName: 'inquilino' }).expect(409);
    expect(res.body).toEqual({ error: 'conflict', message: 'Ya existe una cuenta con ese correo electrónico', fields: { email: 'Ya existe una cuenta con ese correo electrónico' } });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a bad IBAN', { ibanBancaria: BAD_CCC_IBAN }, { ibanBancaria: 'El IBAN no es válido' }],
    ['a bad NIF', { nifCif: '12345678A' }, { nifCif: 'El NIF/NIE/CIF no es válido' }],
    ['a bad phone', { telefono: '12345' }, { telefono: 'El teléfono no es válido' }],
    ['a short password', { password: 'corta' }, { password: 'La contraseña debe tener al menos 8 caracteres' }],
    ['an unknown role', { roleName: 'jefe' }, { roleName: 'Elige un rol' }],
    ['a bad email', { email: 'no-es-un-correo' }, { email: 'Introduce un correo electrónico válido' }],
    ['no name', { firstName: ' ', lastName: '' }, { firstName: 'El nombre es obligatorio', lastName: 'Los apellidos son obligatorios' }],
    ['an agent without agency', { roleName: 'agente' }, { agencyId: AGENCY_REQUIRED }],
    ['a tenant with an agency', { agencyId: 1 }, { agencyId: AGENCY_REFUSED }],
    ['a field of its own', { isActive: false, roleId: 1 }, { isActive: 'Campo no permitido', roleId: 'Campo no permitido' }],
  ])('refuses %s with 400 and Spanish field messages, writing nothing', async (_what, change, fields) => {
    const api = await asAdmin();
    const before = await counts();
    const res = await api
      .post('/api/users')
      .send({ email: `valido${uniqueTag()}@example.com`, firstName: 'Ana', lastName: 'Gil', roleName: 'inquilino', ...change })
      .expect(400);
    expect(res.body).toMatchObject({ error: 'validation_error', fields });
    expect(await counts()).toEqual(before);
  });

  it('refuses an agency that does not exist with 400 on agencyId', async () => {
    const api = await asAdmin();
    const before = await counts();
    const res = await api.post('/api/users').send({ email: 'fantasma@example.com', firstName: 'Ana', lastName: 'Gil', roleName: 'agente', agencyId: 999999 }).expect(400);
    expect(res.body.fields).toEqual({ agencyId: 'No existe esa agencia' });
    expect(await counts()).toEqual(before);
  });
});

describe('PATCH /api/users/:id', () => {
  it("changes the person's data and agency, audited with old and new values", async () => {
    const api = await asAdmin();
    const [first, second] = [await buildAgency(t.knex), await buildAgency(t.knex)];
    const agent = await buildUser(t.knex, { roleName: 'agente', agencyId: first.id });
    const res = await api.patch(`/api/users/${agent.id}`).send({ firstName: 'Marta', telefono: '612 345 678', nifCif: 'x1234567l', ibanBancaria: IBAN, agencyId: second.id }).expect(200);
    expect(UserDetailSchema.parse(res.body)).toMatchObject({ firstName: 'Marta', lastName: agent.lastName, telefono: '612345678', nifCif: 'X1234567L', ibanBancaria: 'ES9121000418450200051332', agency: { id: second.id } });
    const row = await t.knex('audit_log').where({ tableName: 'users', recordId: String(agent.id), action: 'update' }).orderBy('id', 'desc').first();
    expect(row.oldValues).toEqual({ firstName: 'Ana', telefono: null, nifCif: null, ibanBancaria: null, agencyId: first.id });
    // Blank clears an optional field.
    expect((await api.patch(`/api/users/${agent.id}`).send({ telefono: '' }).expect(200)).body.telefono).toBeNull();
  });

  it('refuses role, status or password (mass assignment), an agency for a role without one, and bad data; writes nothing', async () => {
    const api = await asAdmin();
    const agency = await buildAgency(t.knex);
    const owner = await buildUser(t.knex);
    const agent = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    const before = await counts();
    const refused = await api.patch(`/api/users/${owner.id}`).send({ roleId: 1, isActive: false, password: 'nueva-clave-123' }).expect(400);
    expect(refused.body.fields).toEqual({ roleId: 'Campo no permitido', isActive: 'Campo no permitido', password: 'Campo no permitido' });
    expect((await api.patch(`/api/users/${owner.id}`).send({ agencyId: agency.id }).expect(400)).body.fields).toEqual({ agencyId: AGENCY_REFUSED });
    expect((await api.patch(`/api/users/${agent.id}`).send({ agencyId: null }).expect(400)).body.fields).toEqual({ agencyId: AGENCY_REQUIRED });
    expect((await api.patch(`/api/users/${agent.id}`).send({ ibanBancaria: BAD_CCC_IBAN, firstName: '' }).expect(400)).body.fields).toEqual({ ibanBancaria: 'El IBAN no es válido', firstName: 'El nombre es obligatorio' });
    await api.patch('/api/users/999999').send({ firstName: 'Nadie' }).expect(404);
    expect(await counts()).toEqual(before);
    expect(await t.knex('users').where('id', owner.id).first('isActive', 'roleId', 'password')).toEqual({ isActive: true, roleId: owner.roleId, password: owner.password });
  });
});

describe('deactivate and activate', () => {
  it("ends the user's open session at once (401 on its next request), refuses its login in Spanish, and activation lets it sign in again", async () => {
    const api = await asAdmin();
    const victim = await buildUser(t.knex, { roleName: 'inquilino' });
    const open = await signedIn(victim);
    await open.get('/api/auth/user').expect(200);

    const res = await api.post(`/api/users/${victim.id}/deactivate`).expect(200);
    expect(res.body).toMatchObject({ id: victim.id, isActive: false });
    expect(await sessionsOf(victim.id)).toBe(0);
    await open.get('/api/auth/user').expect(401);
    const login = await t.agent().post('/api/auth/login').send({ email: victim.email, password: FACTORY_PASSWORD }).expect(403);
    expect(login.body.message).toBe('Tu cuenta está desactivada. Contacta con el administrador');
    const audited = await t.knex('audit_log').where({ tableName: 'users', recordId: String(victim.id), action: 'update' }).orderBy('id', 'desc').first();
    expect([audited.oldValues, audited.newValues]).toEqual([{ isActive: true }, { isActive: false }]);

    expect((await api.post(`/api/users/${victim.id}/activate`).expect(200)).body.isActive).toBe(true);
    // The session ended for good: activation does not bring it back.
    await open.get('/api/auth/user').expect(401);
    await signedIn(victim);
  });

  it('refuses deactivating oneself with 409 in Spanish', async () => {
    const admin = await superAdmin();
    await superAdmin();
    const api = await signedIn(admin);
    expect((await api.post(`/api/users/${admin.id}/deactivate`).expect(409)).body).toEqual({ error: 'self_deactivation', message: SELF_DEACTIVATION });
    expect((await t.knex('users').where('id', admin.id).first('isActive')).isActive).toBe(true);
  });

  it('answers 404 for an unknown user', async () => {
    await (await asAdmin()).post('/api/users/999999/deactivate').expect(404);
  });
});

describe('the last active super admin', () => {
  it('cannot be deactivated nor demoted (409 last_super_admin), and nothing is written', async () => {
    const admin = await superAdmin();
    await onlyActiveSuperAdmins(admin);
    const api = await signedIn(admin);
    const before = await counts();
    const body = { error: 'last_super_admin', message: LAST_SUPER_ADMIN };
    expect((await api.post(`/api/users/${admin.id}/deactivate`).expect(409)).body).toEqual(body);
    expect((await api.patch(`/api/users/${admin.id}/role`).send({ roleName: 'propietario_individual' }).expect(409)).body).toEqual(body);
    expect(await counts()).toEqual(before);
    expect(await t.knex('users').join('roles', 'roles.id', 'users.roleId').where('users.id', admin.id).first('users.isActive', 'roles.roleName')).toEqual({ isActive: true, roleName: 'super_admin' });
    // An inactive super admin is not the last active one: changing it is fine.
    const dormant = await buildUser(t.knex, { roleName: 'super_admin', isActive: false });
    await api.patch(`/api/users/${dormant.id}/role`).send({ roleName: 'inquilino' }).expect(200);
  });

  it('of two, each removing the other at the same time, one stays', async () => {
    const [a, b] = [await superAdmin(), await superAdmin()];
    await onlyActiveSuperAdmins(a, b);
    const [apiA, apiB] = [await signedIn(a), await signedIn(b)];
    const results = await Promise.all([apiA.post(`/api/users/${b.id}/deactivate`), apiB.patch(`/api/users/${a.id}/role`).send({ roleName: 'inquilino' })]);
    // The loser is refused as the last super admin or, if it came after, as signed out: never a 500.
    const statuses = results.map((r) => r.status).sort();
    expect([[200, 401], [200, 409]]).toContainEqual(statuses);
    if (statuses[1] === 409) expect(results.find((r) => r.status === 409)!.body.error).toBe('last_super_admin');
    const left = await t.knex('users').join('roles', 'roles.id', 'users.roleId').where({ 'roles.roleName': 'super_admin', 'users.isActive': true }).count({ n: '*' }).first();
    expect(Number(left?.n)).toBe(1);
  });
});

describe('PATCH /api/users/:id/role', () => {
  it('moves a user between roles with the agency rule: kept, required or dropped', async () => {
    const api = await asAdmin();
    const agency = await buildAgency(t.knex);
    const agent = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id });
    // An agency role to another keeps the agency.
    expect((await api.patch(`/api/users/${agent.id}/role`).send({ roleName: 'admin_agencia' }).expect(200)).body).toMatchObject({ role: { roleName: 'admin_agencia', label: 'Administrador de Agencia' }, agency: { id: agency.id } });
    // A role without agency leaves it.
    expect((await api.patch(`/api/users/${agent.id}/role`).send({ roleName: 'propietario_delegado' }).expect(200)).body).toMatchObject({ role: { roleName: 'propietario_delegado' }, agency: null });
    const before = await counts();
    expect((await api.patch(`/api/users/${agent.id}/role`).send({ roleName: 'agente' }).expect(400)).body.fields).toEqual({ agencyId: AGENCY_REQUIRED });
    expect((await api.patch(`/api/users/${agent.id}/role`).send({ roleName: 'inquilino', agencyId: agency.id }).expect(400)).body.fields).toEqual({ agencyId: AGENCY_REFUSED });
    expect((await api.patch(`/api/users/${agent.id}/role`).send({ roleName: 'jefe' }).expect(400)).body.fields).toEqual({ roleName: 'Elige un rol' });
    expect((await api.patch(`/api/users/${agent.id}/role`).send({ roleName: 'agente', agencyId: 999999 }).expect(400)).body.fields).toEqual({ agencyId: 'No existe esa agencia' });
    expect(await counts()).toEqual(before);
    expect((await api.patch(`/api/users/${agent.id}/role`).send({ roleName: 'agente', agencyId: agency.id }).expect(200)).body).toMatchObject({ role: { roleName: 'agente' }, agency: { id: agency.id } });
    const audited = await t.knex('audit_log').where({ tableName: 'users', recordId: String(agent.id), action: 'update' }).orderBy('id', 'desc').first();
    expect([audited.oldValues, audited.newValues]).toEqual([{ roleName: 'propietario_delegado', agencyId: null }, { roleName: 'agente', roleId: expect.any(Number), agencyId: agency.id }]);
  });

  it("refuses changing one's own role with 409 in Spanish", async () => {
    const admin = await superAdmin();
    await superAdmin();
    const api = await signedIn(admin);
    expect((await api.patch(`/api/users/${admin.id}/role`).send({ roleName: 'inquilino' }).expect(409)).body).toEqual({ error: 'self_role_change', message: SELF_ROLE_CHANGE });
  });
});
