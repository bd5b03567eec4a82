import { INVITATION_EXPIRED, INVITATION_USED, TenantInvitationSchema, TenantRowSchema } from '@arrendia/api-contract';
import type { User } from '../../models/User';
import { buildAgency, buildContract, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(user: User) {
  const agent = t.agent();
  await agent.post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(200);
  return agent;
}

async function portfolio(firstName = 'Lucía') {
  const agency = await buildAgency(t.knex);
  const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
  const owner = await buildUser(t.knex);
  const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Ático' });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id], rentAmount: '1100.00' });
  const emptyUnit = await buildUnit(t.knex, { mainPropertyId: property.id });
  const newContract = await buildContract(t.knex, { rentableUnitId: emptyUnit.id, status: 'Pendiente' });
  return { agency, manager, owner, tenant, property, unit, contract, newContract };
}

const counts = async () => ({ users: await countRows(t.knex, 'users'), invitations: await countRows(t.knex, 'tenant_invitations'), links: await countRows(t.knex, 'tenants_contracts') });

describe('GET /api/tenants', () => {
  it("lists the tenants of the user's contracts with their contract, and none of another owner's; ?q searches", async () => {
    const ours = await portfolio('Lucía');
    const theirs = await portfolio('Marta');
    for (const user of [ours.owner, ours.manager]) {
      const res = await (await signedIn(user)).get('/api/tenants?pageSize=100').expect(200);
      expect(res.body).toEqual([TenantRowSchema.parse({ ...res.body[0] })]);
      expect(res.body[0]).toMatchObject({ tenant: { id: ours.tenant.id, firstName: 'Lucía' }, contract: { id: ours.contract.id, status: 'Activo', rentAmount: '1100.00' }, unit: { unitName: 'Ático' }, status: 'Activo' });
      expect(res.headers['x-total-count']).toBe('1');
    }
    const api = await signedIn(ours.owner);
    expect((await api.get('/api/tenants?q=lucia').expect(200)).body).toHaveLength(1);
    expect((await api.get('/api/tenants?q=marta').expect(200)).body).toEqual([]);
    expect((await (await signedIn(theirs.owner)).get('/api/tenants').expect(200)).body.map((r: { tenant: { id: number } }) => r.tenant.id)).toEqual([theirs.tenant.id]);
    for (const roleName of ['inquilino', 'propietario_delegado'] as const) await (await signedIn(await buildUser(t.knex, { roleName }))).get('/api/tenants').expect(403);
  });
});

describe('GET /api/tenants: order, filters and totals', () => {
  it('sorts by ?sort= (ties broken by contract, then tenant), narrows by status and q, and the total is the filtered count, for an owner and its agency alike', async () => {
    const { owner, manager, property, contract: atticContract, tenant: lucia } = await portfolio('Lucía');
    await t.knex('users').where('id', lucia.id).update({ lastName: 'Zamora' });
    // Two tenants share a contract, and a past contract of the same owner.
    // Bea's account is the older one: by id she comes before Ana.
    const bea = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Bea', lastName: 'Álvarez' });
    const ana = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Ana', lastName: 'Álvarez' });
    const flat = await buildUnit(t.knex, { mainPropertyId: property.id, unitName: 'Primero' });
    const shared = await buildContract(t.knex, { rentableUnitId: flat.id, tenantUserIds: [bea.id, ana.id], rentAmount: '800.00', startDate: '2025-06-01', status: 'Finalizado' });
    // Another owner's tenant matches every filter and is never listed nor counted.
    const theirs = await portfolio('Lucía');
    await t.knex('users').where('id', theirs.tenant.id).update({ lastName: 'Álvarez' });
    const rows = (res: { body: unknown }) => TenantRowSchema.array().parse(res.body).map((r) => `${r.tenant.firstName} ${r.contract.id === shared.id ? 'shared' : r.contract.id === atticContract.id ? 'attic' : r.contract.id}`);

    for (const user of [owner, manager]) {
      const api = await signedIn(user);
      // Its own order: current contracts first, then by surname.
      expect(rows(await api.get('/api/tenants').expect(200))).toEqual(['Lucía attic', 'Ana shared', 'Bea shared']);
      expect(rows(await api.get('/api/tenants?sort=name').expect(200))).toEqual(['Ana shared', 'Bea shared', 'Lucía attic']);
      expect(rows(await api.get('/api/tenants?sort=-name').expect(200))).toEqual(['Lucía attic', 'Bea shared', 'Ana shared']);
      // One contract's tenants tie on rent and start: the tenant's id breaks it, in the same direction.
      expect(rows(await api.get('/api/tenants?sort=rentAmount').expect(200))).toEqual(['Bea shared', 'Ana shared', 'Lucía attic']);
      expect(rows(await api.get('/api/tenants?sort=-startDate').expect(200))).toEqual(['Lucía attic', 'Ana shared', 'Bea shared']);
      const paged = await api.get('/api/tenants?sort=startDate&page=2&pageSize=2').expect(200);
      expect([rows(paged), paged.headers['x-total-count']]).toEqual([['Lucía attic'], '3']);

      const former = await api.get('/api/tenants?status=Inactivo').expect(200);
      expect([rows(former), former.headers['x-total-count']]).toEqual([['Ana shared', 'Bea shared'], '2']);
      const current = await api.get('/api/tenants?status=Activo').expect(200);
      expect([rows(current), current.headers['x-total-count']]).toEqual([['Lucía attic'], '1']);
      expect((await api.get('/api/tenants?status=Pendiente').expect(200)).headers['x-total-count']).toBe('0');
      const search = await api.get('/api/tenants?q=alvarez&sort=name').expect(200);
      expect([rows(search), search.headers['x-total-count']]).toEqual([['Ana shared', 'Bea shared'], '2']);
    }
  });

  it.each([
    ['sort=email', 'sort'],
    ['sort=-', 'sort'],
    ['status=Activa', 'status'],
    ['q=a&q=b', 'q'],
    ['pageSize=101', 'pageSize'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const { owner } = await portfolio();
    const res = await (await signedIn(owner)).get(`/api/tenants?${query}`).expect(400);
    expect([res.body.error, Object.keys(res.body.fields)]).toEqual(['validation_error', [field]]);
  });
});

describe('tenant invitations', () => {
  it('an accepted link creates a tenant account that signs in and sees that contract and nothing else; the link then answers used', async () => {
    const { owner, newContract, contract } = await portfolio();
    const created = await (await signedIn(owner)).post('/api/tenant-invitations').send({ email: 'Nueva.Inquilina@example.com', contractId: newContract.id }).expect(201);
    const invitation = TenantInvitationSchema.parse(created.body);
    expect(invitation.email).toBe('nueva.inquilina@example.com');
    const token = invitation.link.replace('/invitacion/', '');
    expect(await t.knex('tenant_invitations').where('id', invitation.id).first('tokenHash')).not.toEqual({ tokenHash: token });

    const visitor = t.agent();
    expect((await visitor.get(`/api/tenant-invitations/${token}`).expect(200)).body).toMatchObject({ email: 'nueva.inquilina@example.com', unitName: expect.any(String), accountExists: false });
    const accepted = await visitor.post(`/api/tenant-invitations/${token}/accept`).send({ firstName: 'Nuria', lastName: 'Vidal', password: 'una-clave-segura' }).expect(200);
    expect(accepted.body.role.roleName).toBe('inquilino');
    const contracts = await visitor.get('/api/contracts').expect(200);
    expect(contracts.body.map((c: { contract: { id: number } }) => c.contract.id)).toEqual([newContract.id]);
    await visitor.get(`/api/contracts/${contract.id}`).expect(404);
    // A new sign-in works with the chosen password.
    await t.agent().post('/api/auth/login').send({ email: 'nueva.inquilina@example.com', password: 'una-clave-segura' }).expect(200);

    const before = await counts();
    expect((await t.agent().post(`/api/tenant-invitations/${token}/accept`).send({ firstName: 'Otra', lastName: 'Persona', password: 'otra-clave-1' }).expect(410)).body).toEqual({ error: 'invitation_used', message: INVITATION_USED });
    expect((await t.request().get(`/api/tenant-invitations/${token}`).expect(410)).body.message).toBe(INVITATION_USED);
    expect(await counts()).toEqual(before);
    expect((await (await signedIn(owner)).get('/api/notifications').expect(200)).body.map((n: { title: string }) => n.title)).toContain('Invitación aceptada');
  });

  it('refuses an expired link (410 in Spanish) and writes nothing', async () => {
    const { owner, newContract } = await portfolio();
    const created = await (await signedIn(owner)).post('/api/tenant-invitations').send({ email: 'tarde@example.com', contractId: newContract.id }).expect(201);
    await t.knex('tenant_invitations').where('id', created.body.id).update({ expiresAt: new Date(Date.now() - 1000) });
    const token = created.body.link.replace('/invitacion/', '');
    const before = await counts();
    expect((await t.agent().post(`/api/tenant-invitations/${token}/accept`).send({ firstName: 'A', lastName: 'B', password: 'clave-larga-1' }).expect(410)).body).toEqual({ error: 'invitation_expired', message: INVITATION_EXPIRED });
    expect(await counts()).toEqual(before);
    await t.request().get('/api/tenant-invitations/no-existe').expect(404);
  });

  it("refuses another owner's contract (404), a bad email (400) or a tenant's own call (403), and writes nothing", async () => {
    const ours = await portfolio();
    const theirs = await portfolio();
    const api = await signedIn(ours.owner);
    const before = await counts();
    expect((await api.post('/api/tenant-invitations').send({ email: 'x@example.com', contractId: theirs.newContract.id }).expect(404)).body.fields).toEqual({ contractId: 'No se ha encontrado el contrato' });
    expect((await api.post('/api/tenant-invitations').send({ email: 'no-es-correo', contractId: ours.newContract.id }).expect(400)).body.fields).toEqual({ email: 'Introduce un correo electrónico válido' });
    await (await signedIn(ours.tenant)).post('/api/tenant-invitations').send({ email: 'x@example.com', contractId: ours.contract.id }).expect(403);
    expect(await counts()).toEqual(before);
  });

  it('lets an existing tenant accept only with its own session, and tells it in the app', async () => {
    const { owner, newContract, tenant } = await portfolio();
    const created = await (await signedIn(owner)).post('/api/tenant-invitations').send({ email: tenant.email, contractId: newContract.id }).expect(201);
    const token = created.body.link.replace('/invitacion/', '');
    const asTenant = await signedIn(tenant);
    expect((await asTenant.get('/api/notifications').expect(200)).body.map((n: { title: string }) => n.title)).toContain('Invitación a un contrato');
    expect((await t.agent().post(`/api/tenant-invitations/${token}/accept`).send({}).expect(409)).body.message).toBe('Ya tienes una cuenta con este correo: inicia sesión y vuelve a abrir el enlace');
    await asTenant.post(`/api/tenant-invitations/${token}/accept`).send({}).expect(200);
    expect((await asTenant.get('/api/contracts').expect(200)).body.map((c: { contract: { id: number } }) => c.contract.id)).toContain(newContract.id);
  });

  it("answers a staff account's email like anyone's, tells that account nothing, and refuses its acceptance with a Spanish message (issue 30)", async () => {
    const ours = await portfolio();
    const api = await signedIn(ours.owner);
    // An owner of another portfolio: the inviter must not learn that the address has an account, nor its role.
    const other = await portfolio('Marta');
    const created = await api.post('/api/tenant-invitations').send({ email: other.owner.email, contractId: ours.newContract.id }).expect(201);
    const unknown = await api.post('/api/tenant-invitations').send({ email: `nadie.${Date.now()}@example.com`, contractId: ours.newContract.id }).expect(201);
    expect(Object.keys(created.body).sort()).toEqual(Object.keys(unknown.body).sort());
    const asOtherOwner = await signedIn(other.owner);
    expect((await asOtherOwner.get('/api/notifications').expect(200)).body.map((n: { title: string }) => n.title)).not.toContain('Invitación a un contrato');

    const token = created.body.link.replace('/invitacion/', '');
    const before = await counts();
    const refused = await asOtherOwner.post(`/api/tenant-invitations/${token}/accept`).send({}).expect(409);
    expect(refused.body).toMatchObject({ error: 'conflict', message: 'Esta invitación es para una cuenta de inquilino y la tuya es de propietario individual. Pide que te inviten con otro correo electrónico' });
    expect(await counts()).toEqual(before);
    expect(await t.knex('tenant_invitations').where({ contractId: ours.newContract.id, email: other.owner.email }).first('acceptedAt')).toEqual({ acceptedAt: null });
    expect((await asOtherOwner.get('/api/contracts').expect(200)).body.map((c: { contract: { id: number } }) => c.contract.id)).not.toContain(ours.newContract.id);
  });
});
