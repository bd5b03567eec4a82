import { INVITATION_EXPIRED, INVITATION_USED, OWNER_INVITATION_MESSAGES, OwnerInvitationPreviewSchema, OwnerInvitationSchema } from '@arrendia/api-contract';
import type { RoleName } from '@arrendia/permissions';
import { NOT_AN_AGENCY_CLIENT } from '../../policies/property';
import { buildAgency, buildProperty, buildUser, signIn } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/support';

/**
 * An agency inviting a new owner to its portfolio (issue 32, point 1): POST /api/owner-invitations,
 * GET /api/owner-invitations/:token, POST /api/owner-invitations/:token/accept. Nothing binds the
 * person until it accepts; then the agency's staff create properties for it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function staff(roleName: RoleName = 'admin_agencia') {
  const agency = await buildAgency(t.knex);
  const user = await buildUser(t.knex, { roleName, agencyId: agency.id });
  return { agency, user, agent: await signIn(t, user) };
}

const tokenOf = (link: string) => link.split('/').pop()!;
const property = (ownerUserId: number) => ({ propertyName: `Piso invitado ${Date.now()}`, addressStreet: 'Calle de Alcalá', addressNumber: '100', city: 'Madrid', province: 'Madrid', postalCode: '28009', ownerUserId });
const auditRows = async () => Number((await t.knex('audit_log').whereNot('action', 'login').count({ n: '*' }).first())?.n);

describe('POST /api/owner-invitations', () => {
  it('gives the manager a link; the new owner creates its account through it, joins the portfolio and the manager then creates its property', async () => {
    const manager = await staff();
    const res = await manager.agent.post('/api/owner-invitations').send({ email: ' Marta.Ruiz@Example.com ', firstName: 'Marta', lastName: 'Ruiz' }).expect(201);
    const invitation = OwnerInvitationSchema.parse(res.body);
    expect(invitation).toMatchObject({ email: 'marta.ruiz@example.com', agencyName: expect.any(String), link: expect.stringMatching(/^\/invitacion-propietario\/[\w-]{43}$/) });
    const [row] = await t.knex('owner_invitations').where('id', invitation.id);
    // Only the token's hash is kept.
    expect(row.tokenHash).not.toContain(tokenOf(invitation.link));
    expect(await t.knex('audit_log').where({ tableName: 'owner_invitations', recordId: String(invitation.id), action: 'create', userId: manager.user.id })).toHaveLength(1);

    const token = tokenOf(invitation.link);
    const preview = OwnerInvitationPreviewSchema.parse((await t.request().get(`/api/owner-invitations/${token}`).expect(200)).body);
    expect(preview).toMatchObject({ email: 'marta.ruiz@example.com', firstName: 'Marta', agencyName: invitation.agencyName, accountExists: false });
    const visitor = t.agent();
    const bad = await visitor.post(`/api/owner-invitations/${token}/accept`).send({ firstName: 'Marta' }).expect(400);
    expect(bad.body.fields).toEqual({ lastName: 'Los apellidos son obligatorios', password: 'La contraseña debe tener al menos 8 caracteres' });
    const accepted = await visitor.post(`/api/owner-invitations/${token}/accept`).send({ firstName: 'Marta', lastName: 'Ruiz', password: 'una-clave-segura' }).expect(200);
    expect(accepted.body).toMatchObject({ email: 'marta.ruiz@example.com', role: { roleName: 'propietario_individual' } });
    expect((await visitor.get('/api/auth/user').expect(200)).body.email).toBe('marta.ruiz@example.com');
    const told = await t.knex('notifications').where({ recipientUserId: manager.user.id, notificationType: 'invitation_accepted' });
    expect(told[0]).toMatchObject({ relatedEntityType: 'owner_invitation', relatedEntityId: invitation.id });
    expect(told[0].message).toContain('Marta Ruiz se ha unido a la cartera');

    const owners = (await manager.agent.get('/api/properties/owners').expect(200)).body as { id: number }[];
    expect(owners.map((o) => o.id)).toContain(accepted.body.id);
    const created = await manager.agent.post('/api/properties').send(property(accepted.body.id)).expect(201);
    expect(created.body).toMatchObject({ ownerUserId: accepted.body.id, managerAgencyId: manager.agency.id });

    // Used once.
    expect((await t.agent().post(`/api/owner-invitations/${token}/accept`).send({ firstName: 'Otra', lastName: 'Persona', password: 'otra-clave-1' }).expect(410)).body).toEqual({ error: 'invitation_used', message: INVITATION_USED });
    expect((await t.request().get(`/api/owner-invitations/${token}`).expect(410)).body.message).toBe(INVITATION_USED);
  });

  it("binds an existing owner only when it accepts signed in as itself; until then its properties cannot be created by the agency", async () => {
    const agent = await staff('agente');
    const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
    const before = await agent.agent.post('/api/properties').send(property(owner.id)).expect(400);
    expect(before.body.fields).toEqual({ ownerUserId: NOT_AN_AGENCY_CLIENT });
    const { body } = await agent.agent.post('/api/owner-invitations').send({ email: owner.email, firstName: 'Ana', lastName: 'García' }).expect(201);
    // The owner is told in the app; nothing binds it yet.
    expect(await t.knex('notifications').where({ recipientUserId: owner.id, notificationType: 'owner_invitation' })).toHaveLength(1);
    await agent.agent.post('/api/properties').send(property(owner.id)).expect(400);

    const token = tokenOf(body.link);
    expect((await t.request().get(`/api/owner-invitations/${token}`).expect(200)).body.accountExists).toBe(true);
    // Not signed in: the account must accept as itself (a stranger cannot take the link).
    expect((await t.agent().post(`/api/owner-invitations/${token}/accept`).send({ firstName: 'X', lastName: 'Y', password: 'clave-de-otro' }).expect(409)).body.message).toBe('Ya tienes una cuenta con este correo: inicia sesión y vuelve a abrir el enlace');
    const asOwner = await signIn(t, owner);
    await asOwner.post(`/api/owner-invitations/${token}/accept`).send({}).expect(200);
    await agent.agent.post('/api/properties').send(property(owner.id)).expect(201);
    // Already in the portfolio: a second invitation is pointless.
    const again = await agent.agent.post('/api/owner-invitations').send({ email: owner.email, firstName: 'Ana', lastName: 'García' }).expect(409);
    expect(again.body.fields).toEqual({ email: OWNER_INVITATION_MESSAGES.alreadyClient });
  });

  it('never turns a tenant (or anyone not an owner) into an owner', async () => {
    const manager = await staff();
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const { body } = await manager.agent.post('/api/owner-invitations').send({ email: tenant.email, firstName: 'Toni', lastName: 'Inquilino' }).expect(201);
    // The inviter learns nothing of the account behind the email; the tenant is not told either.
    expect(await t.knex('notifications').where({ recipientUserId: tenant.id })).toHaveLength(0);
    const res = await (await signIn(t, tenant)).post(`/api/owner-invitations/${tokenOf(body.link)}/accept`).send({}).expect(409);
    expect(res.body.message).toBe(OWNER_INVITATION_MESSAGES.wrongRole('inquilino'));
    expect((await t.knex('users').where('id', tenant.id).first()).roleId).toBe(tenant.roleId);
  });

  it('refuses bad input (400, nothing written), other roles (403) and an expired link (410)', async () => {
    const manager = await staff();
    const count = await auditRows();
    const bad = await manager.agent.post('/api/owner-invitations').send({ email: 'no-es-un-correo', firstName: ' ', lastName: '' }).expect(400);
    expect(bad.body.fields).toEqual({ email: 'Introduce un correo electrónico válido', firstName: 'El nombre es obligatorio', lastName: 'Los apellidos son obligatorios' });
    await manager.agent.post('/api/owner-invitations').send({ email: 'a@example.com', firstName: 'A', lastName: 'B', agencyId: 1 }).expect(400);
    for (const roleName of ['propietario_individual', 'inquilino', 'propietario_delegado', 'super_admin'] as const) {
      const other = await signIn(t, await buildUser(t.knex, { roleName }));
      await other.post('/api/owner-invitations').send({ email: 'a@example.com', firstName: 'A', lastName: 'B' }).expect(403);
    }
    expect(await auditRows()).toBe(count);

    const { body } = await manager.agent.post('/api/owner-invitations').send({ email: 'tarde@example.com', firstName: 'Luis', lastName: 'Tarde' }).expect(201);
    await t.knex('owner_invitations').where('id', body.id).update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.agent().post(`/api/owner-invitations/${tokenOf(body.link)}/accept`).send({ firstName: 'Luis', lastName: 'Tarde', password: 'clave-segura-1' }).expect(410)).body.message).toBe(INVITATION_EXPIRED);
    await t.request().get(`/api/owner-invitations/${'x'.repeat(43)}`).expect(404);
    expect(await t.knex('users').where('email', 'tarde@example.com')).toHaveLength(0);
  });

  it("keeps an accepted owner out of other agencies' reach", async () => {
    const manager = await staff();
    const other = await staff();
    const { body } = await manager.agent.post('/api/owner-invitations').send({ email: 'cliente.x@example.com', firstName: 'Clara', lastName: 'Cliente' }).expect(201);
    const owner = (await t.agent().post(`/api/owner-invitations/${tokenOf(body.link)}/accept`).send({ firstName: 'Clara', lastName: 'Cliente', password: 'clave-segura-2' }).expect(200)).body;
    expect((await other.agent.post('/api/properties').send(property(owner.id)).expect(400)).body.fields).toEqual({ ownerUserId: NOT_AN_AGENCY_CLIENT });
    expect(((await other.agent.get('/api/properties/owners').expect(200)).body as { id: number }[]).map((o) => o.id)).not.toContain(owner.id);
    // A property of another owner the first agency manages does not make the second a client.
    await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: manager.agency.id });
    await other.agent.post('/api/properties').send(property(owner.id)).expect(400);
  });
});
