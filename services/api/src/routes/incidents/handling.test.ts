import { IncidentAssigneesSchema, IncidentDetailSchema, TransactionListItemSchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import type { User } from '../../models/User';
import { buildAgency, buildContract, buildIncident, buildProperty, buildUnit, buildUser, delegate, FACTORY_PASSWORD } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

/** Handling an incident from its page (issue 33, point 2): assignee, priority, final cost and expense, notes, maintenance tasks. */

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

/** An owner's property managed by an agency, let to a tenant who reported an incident; the owner has a delegate; each account has a provider. */
async function portfolio() {
  const agency = await buildAgency(t.knex);
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual', firstName: 'Olga', lastName: 'Martín' });
  const agencyAdmin = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id, firstName: 'Alba', lastName: 'Sanz' });
  const agente = await buildUser(t.knex, { roleName: 'agente', agencyId: agency.id, firstName: 'Íñigo', lastName: 'Pérez' });
  const delegado = await buildUser(t.knex, { roleName: 'propietario_delegado', firstName: 'Diego', lastName: 'Ruiz' });
  await delegate(t.knex, owner.id, delegado.id);
  const tenant = await buildUser(t.knex, { roleName: 'inquilino', firstName: 'Tomás', lastName: 'Inquilino' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id, currentStatus: 'Alquilado' });
  const contract = await buildContract(t.knex, { rentableUnitId: unit.id, tenantUserIds: [tenant.id] });
  const incident = await buildIncident(t.knex, { rentableUnitId: unit.id, reportedByUserId: tenant.id, contractId: contract.id, title: 'Fuga en la cocina' });
  const provider = async (user: User, name: string) => (await (await signedIn(user)).post('/api/providers').send({ name, trade: 'Fontanería', nifCif: '12345678Z' }).expect(201)).body as { id: number; name: string };
  const ownersProvider = await provider(owner, 'Fontanería Gil');
  const agencysProvider = await provider(agencyAdmin, 'Reformas Centro');
  return { agency, owner, agencyAdmin, agente, delegado, tenant, property, unit, contract, incident, ownersProvider, agencysProvider };
}

const counts = async () => ({
  incidents: await countRows(t.knex, 'incidents'),
  transactions: await countRows(t.knex, 'transactions'),
  tasks: await countRows(t.knex, 'maintenance_tasks'),
  notifications: await countRows(t.knex, 'notifications'),
  audit: await countRows(t.knex, 'audit_log'),
});

const auditRows = (tableName: string, recordId: number) => t.knex('audit_log').where({ tableName, recordId: String(recordId) }).orderBy('id');
const incidentRow = (id: number) => t.knex('incidents').where({ id }).first();

describe('GET /api/incidents/:id/assignees', () => {
  it("offers the property's active staff and the active providers of its owner and agency, nobody else's", async () => {
    const world = await portfolio();
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
    // Not offered: an inactive agent, another agency's admin, another owner, the super admin, an inactive provider, another owner's provider.
    await buildUser(t.knex, { roleName: 'agente', agencyId: world.agency.id, isActive: false });
    await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: (await buildAgency(t.knex)).id });
    await buildUser(t.knex, { roleName: 'super_admin' });
    const stranger = await portfolio();
    const owners = await signedIn(world.owner);
    const retired = (await owners.post('/api/providers').send({ name: 'Antiguo', trade: 'Pintura', nifCif: '12345678Z' }).expect(201)).body;
    await owners.patch(`/api/providers/${retired.id}`).send({ isActive: false }).expect(200);

    for (const user of [world.owner, world.agente, world.delegado]) {
      const res = await (await signedIn(user)).get(`/api/incidents/${world.incident.id}/assignees`).expect(200);
      const body = IncidentAssigneesSchema.parse(res.body);
      expect(ids(body.staff)).toEqual(ids([world.owner, world.agencyAdmin, world.agente, world.delegado]));
      expect(body.staff.find((p) => p.id === world.agente.id)).toEqual({ id: world.agente.id, firstName: 'Íñigo', lastName: 'Pérez', roleName: 'agente' });
      expect(ids(body.providers)).toEqual(ids([world.ownersProvider, world.agencysProvider]));
    }
    expect(ids(IncidentAssigneesSchema.parse((await (await signedIn(stranger.owner)).get(`/api/incidents/${stranger.incident.id}/assignees`).expect(200)).body).providers)).toEqual([stranger.ownersProvider.id, stranger.agencysProvider.id].sort((a, b) => a - b));
  });

  it('answers 403 to a tenant and 404 for an incident the user does not manage', async () => {
    const world = await portfolio();
    const stranger = await portfolio();
    expect((await (await signedIn(world.tenant)).get(`/api/incidents/${world.incident.id}/assignees`).expect(403)).body.error).toBe('forbidden');
    const res = await (await signedIn(world.owner)).get(`/api/incidents/${stranger.incident.id}/assignees`).expect(404);
    expect(res.body).toEqual({ error: 'not_found', message: 'No se ha encontrado la incidencia' });
  });
});

describe('PATCH /api/incidents/:id: assignee', () => {
  it('assigns a provider of the property’s agency; naming a person clears the provider and back; each in the history and told to the reporter', async () => {
    const { owner, agente, tenant, incident, agencysProvider } = await portfolio();
    const api = await signedIn(owner);

    const toProvider = await api.patch(`/api/incidents/${incident.id}`).send({ assignedProviderId: agencysProvider.id }).expect(200);
    expect(IncidentDetailSchema.parse(toProvider.body)).toMatchObject({ assignee: null, assignedProvider: { id: agencysProvider.id, name: 'Reformas Centro', trade: 'Fontanería' }, incident: { assignedToUserId: null } });

    const toPerson = await api.patch(`/api/incidents/${incident.id}`).send({ assignedToUserId: agente.id }).expect(200);
    expect(IncidentDetailSchema.parse(toPerson.body)).toMatchObject({ assignee: { id: agente.id }, assignedProvider: null });
    expect(await incidentRow(incident.id)).toMatchObject({ assignedToUserId: agente.id, assignedProviderId: null });

    const back = await api.patch(`/api/incidents/${incident.id}`).send({ assignedProviderId: agencysProvider.id }).expect(200);
    expect(back.body).toMatchObject({ assignee: null, assignedProvider: { id: agencysProvider.id } });

    const audits = await auditRows('incidents', incident.id);
    expect(audits.map((a) => [a.userId, a.oldValues, a.newValues])).toEqual([
      [owner.id, { assignedProviderId: null }, { assignedProviderId: agencysProvider.id }],
      [owner.id, { assignedToUserId: null, assignedProviderId: agencysProvider.id }, { assignedToUserId: agente.id, assignedProviderId: null }],
      [owner.id, { assignedToUserId: agente.id, assignedProviderId: null }, { assignedToUserId: null, assignedProviderId: agencysProvider.id }],
    ]);
    expect(IncidentDetailSchema.parse(back.body).history.map((h) => h.changedFields)).toEqual([['assignedProviderId'], ['assignedToUserId', 'assignedProviderId'], ['assignedToUserId', 'assignedProviderId']]);

    const told = await t.knex('notifications').where({ relatedEntityType: 'incident', relatedEntityId: incident.id }).orderBy('id');
    expect(told.map((n) => [n.recipientUserId, n.notificationType, n.message])).toEqual([
      [tenant.id, 'incident_updated', 'La incidencia «Fuga en la cocina» se ha actualizado: asignada a Reformas Centro'],
      [agente.id, 'incident_updated', 'Se te ha asignado la incidencia «Fuga en la cocina»'],
      [tenant.id, 'incident_updated', 'La incidencia «Fuga en la cocina» se ha actualizado: asignada a Íñigo Pérez'],
      [tenant.id, 'incident_updated', 'La incidencia «Fuga en la cocina» se ha actualizado: asignada a Reformas Centro'],
    ]);
  });

  it("lets the owner's delegate be assigned and assign the owner's provider", async () => {
    const { delegado, incident, ownersProvider } = await portfolio();
    const api = await signedIn(delegado);
    await api.patch(`/api/incidents/${incident.id}`).send({ assignedToUserId: delegado.id }).expect(200);
    // Assigning oneself tells the reporter, not oneself.
    expect(await t.knex('notifications').where({ recipientUserId: delegado.id })).toEqual([]);
    const res = await api.patch(`/api/incidents/${incident.id}`).send({ assignedProviderId: ownersProvider.id }).expect(200);
    expect(res.body.assignedProvider).toMatchObject({ id: ownersProvider.id, name: 'Fontanería Gil' });
  });

  it('refuses another account’s provider, an inactive one, a super admin and both assignees at once (400 naming the field), writing nothing', async () => {
    const { owner, agente, incident, ownersProvider } = await portfolio();
    const stranger = await portfolio();
    const api = await signedIn(owner);
    const admin = await buildUser(t.knex, { roleName: 'super_admin' });
    await api.patch(`/api/providers/${ownersProvider.id}`).send({ isActive: false }).expect(200);
    const before = await counts();

    for (const providerId of [stranger.ownersProvider.id, stranger.agencysProvider.id, ownersProvider.id, 2147483647]) {
      const res = await api.patch(`/api/incidents/${incident.id}`).send({ assignedProviderId: providerId, priority: 'Alta' }).expect(400);
      expect(res.body).toEqual({ error: 'validation_error', message: expect.any(String), fields: { assignedProviderId: 'Elige un proveedor activo del propietario o de la agencia de esta propiedad' } });
    }
    expect(Object.keys((await api.patch(`/api/incidents/${incident.id}`).send({ assignedToUserId: admin.id }).expect(400)).body.fields)).toEqual(['assignedToUserId']);
    expect(Object.keys((await api.patch(`/api/incidents/${incident.id}`).send({ assignedToUserId: stranger.delegado.id }).expect(400)).body.fields)).toEqual(['assignedToUserId']);
    const both = await api.patch(`/api/incidents/${incident.id}`).send({ assignedToUserId: agente.id, assignedProviderId: stranger.ownersProvider.id }).expect(400);
    expect(both.body.fields).toEqual({ assignedProviderId: 'Asigna la incidencia a una persona o a un proveedor, no a ambos' });
    expect(await counts()).toEqual(before);
    expect(await incidentRow(incident.id)).toMatchObject({ priority: 'Media', assignedToUserId: null, assignedProviderId: null });
  });
});

describe('PATCH /api/incidents/:id: final cost as an expense of the property', () => {
  it('writes one expense under Reparaciones on the property and unit; again writes none; a new final cost corrects that same expense, and finances list it', async () => {
    const { owner, tenant, property, unit, incident } = await portfolio();
    const api = await signedIn(owner);
    const before = await counts();

    const res = await api.patch(`/api/incidents/${incident.id}`).send({ finalCost: '150', recordAsExpense: true }).expect(200);
    const detail = IncidentDetailSchema.parse(res.body);
    expect(detail.incident.finalCost).toBe('150.00');
    expect(detail.expense).toEqual({ id: expect.any(Number), amount: '150.00', transactionDate: todayIso() });
    const expenseId = detail.expense!.id;
    const stored = await t.knex('transactions').join('transaction_categories', 'transaction_categories.id', 'transactions.categoryId').where('transactions.id', expenseId).first();
    expect(stored).toMatchObject({ type: 'Gasto', categoryName: 'Reparaciones', mainPropertyId: property.id, rentableUnitId: unit.id, contractId: null, amount: '150.00', status: 'Completado', description: 'Incidencia «Fuga en la cocina»' });
    expect(await counts()).toMatchObject({ transactions: before.transactions + 1, audit: before.audit + 2 });
    expect((await auditRows('transactions', expenseId)).map((a) => [a.action, a.userId])).toEqual([['create', owner.id]]);
    expect((await auditRows('incidents', incident.id)).at(-1)).toMatchObject({ oldValues: { finalCost: null, expenseTransactionId: null }, newValues: { finalCost: '150.00', expenseTransactionId: expenseId } });

    // Again: no second expense, nothing written.
    const again = await counts();
    await api.patch(`/api/incidents/${incident.id}`).send({ recordAsExpense: true }).expect(200);
    await api.patch(`/api/incidents/${incident.id}`).send({ finalCost: 150, recordAsExpense: true }).expect(200);
    expect(await counts()).toEqual(again);

    // A new final cost moves that expense, with the reason in its audit row.
    const corrected = await api.patch(`/api/incidents/${incident.id}`).send({ finalCost: 175.5 }).expect(200);
    expect(corrected.body.expense).toEqual({ id: expenseId, amount: '175.50', transactionDate: todayIso() });
    expect(await countRows(t.knex, 'transactions')).toBe(before.transactions + 1);
    expect((await auditRows('transactions', expenseId)).at(-1)).toMatchObject({ action: 'update', oldValues: { amount: '150.00' }, newValues: { amount: '175.50', reason: 'Coste final de la incidencia «Fuga en la cocina»' } });

    const expenses = (await api.get(`/api/transactions?type=Gasto&propertyId=${property.id}`).expect(200)).body.map((x: unknown) => TransactionListItemSchema.parse(x));
    expect(expenses.map((x: { transaction: { id: number; amount: string } }) => [x.transaction.id, x.transaction.amount])).toEqual([[expenseId, '175.50']]);
    // The tenant sees the incident, not the property's money.
    expect((await (await signedIn(tenant)).get(`/api/incidents/${incident.id}`).expect(200)).body.expense).toBeNull();
    const history = IncidentDetailSchema.parse(corrected.body).history.map((h) => h.changedFields);
    expect(history).toEqual([['finalCost', 'expenseTransactionId'], ['finalCost']]);
  });

  it('once that expense is deleted in finances, the incident may record it anew', async () => {
    const { owner, incident } = await portfolio();
    const api = await signedIn(owner);
    const first = (await api.patch(`/api/incidents/${incident.id}`).send({ finalCost: 90, recordAsExpense: true }).expect(200)).body.expense.id;
    await api.delete(`/api/transactions/${first}`).send({ reason: 'Registrado dos veces' }).expect(204);
    expect((await incidentRow(incident.id)).expenseTransactionId).toBeNull();
    const second = await api.patch(`/api/incidents/${incident.id}`).send({ recordAsExpense: true }).expect(200);
    expect(second.body.expense).toMatchObject({ amount: '90.00' });
    expect(second.body.expense.id).not.toBe(first);
  });

  it('refuses an expense without a final cost (400) and from an agent, who does not write the property’s money (403), writing nothing', async () => {
    const { owner, agente, incident } = await portfolio();
    const owners = await signedIn(owner);
    const agents = await signedIn(agente);
    const before = await counts();

    const noCost = await owners.patch(`/api/incidents/${incident.id}`).send({ recordAsExpense: true, priority: 'Alta' }).expect(400);
    expect(noCost.body.fields).toEqual({ finalCost: 'Indica un coste final mayor que 0 para registrarlo como gasto' });
    await owners.patch(`/api/incidents/${incident.id}`).send({ finalCost: 0, recordAsExpense: true }).expect(400);
    const refused = await agents.patch(`/api/incidents/${incident.id}`).send({ finalCost: 80, recordAsExpense: true }).expect(403);
    expect(refused.body).toMatchObject({ error: 'forbidden', message: expect.stringContaining('gasto') });
    expect(await counts()).toEqual(before);
    expect(await incidentRow(incident.id)).toMatchObject({ finalCost: null, priority: 'Media', expenseTransactionId: null });

    // Without the expense an agent records the cost; once it is an expense, only the money's managers change it.
    await agents.patch(`/api/incidents/${incident.id}`).send({ finalCost: 80 }).expect(200);
    await owners.patch(`/api/incidents/${incident.id}`).send({ recordAsExpense: true }).expect(200);
    const locked = await counts();
    await agents.patch(`/api/incidents/${incident.id}`).send({ finalCost: 95 }).expect(403);
    expect(await counts()).toEqual(locked);
    expect((await incidentRow(incident.id)).finalCost).toBe('80.00');
  });
});

describe('PATCH /api/incidents/:id: priority and resolution notes', () => {
  it('changes them, one history row each, and tells the reporter', async () => {
    const { agencyAdmin, tenant, incident } = await portfolio();
    const api = await signedIn(agencyAdmin);
    await api.patch(`/api/incidents/${incident.id}`).send({ priority: 'Urgente' }).expect(200);
    const res = await api.patch(`/api/incidents/${incident.id}`).send({ resolutionNotes: 'Cambiada la llave de paso' }).expect(200);
    expect(IncidentDetailSchema.parse(res.body)).toMatchObject({ incident: { priority: 'Urgente', resolutionNotes: 'Cambiada la llave de paso' } });
    expect(res.body.history.map((h: { user: { id: number }; changedFields: string[] }) => [h.user.id, h.changedFields])).toEqual([
      [agencyAdmin.id, ['priority']],
      [agencyAdmin.id, ['resolutionNotes']],
    ]);
    const told = await t.knex('notifications').where({ recipientUserId: tenant.id, relatedEntityId: incident.id }).orderBy('id');
    expect(told.map((n) => n.message)).toEqual([
      'La incidencia «Fuga en la cocina» se ha actualizado: prioridad Urgente',
      'La incidencia «Fuga en la cocina» se ha actualizado: notas de resolución',
    ]);
  });
});

describe('PATCH /api/incidents/:id: maintenance tasks', () => {
  const newTask = async (api: Awaited<ReturnType<typeof signedIn>>, body: Record<string, unknown>) => (await api.post('/api/maintenance/tasks').send({ scheduledDate: '2026-12-10', ...body }).expect(201)).body as { id: number };

  it('links a task of the property: the task answers the incident, audited on both, in its history; again changes nothing', async () => {
    const { owner, property, incident } = await portfolio();
    const api = await signedIn(owner);
    const task = await newTask(api, { title: 'Revisar la fontanería', mainPropertyId: property.id });

    const res = await api.patch(`/api/incidents/${incident.id}`).send({ maintenanceTaskId: task.id }).expect(200);
    expect(await t.knex('maintenance_tasks').where({ id: task.id }).first()).toMatchObject({ incidentId: incident.id });
    expect((await api.get(`/api/maintenance/tasks?incidentId=${incident.id}`).expect(200)).body.map((x: { id: number }) => x.id)).toEqual([task.id]);
    expect((await auditRows('maintenance_tasks', task.id)).at(-1)).toMatchObject({ action: 'update', userId: owner.id, oldValues: { incidentId: null }, newValues: { incidentId: incident.id } });
    expect(IncidentDetailSchema.parse(res.body).history.at(-1)).toMatchObject({ action: 'update', changedFields: ['maintenanceTaskId'], task: null });
    expect((await auditRows('incidents', incident.id)).at(-1)).toMatchObject({ oldValues: { maintenanceTaskId: null }, newValues: { maintenanceTaskId: task.id } });

    const before = await counts();
    await api.patch(`/api/incidents/${incident.id}`).send({ maintenanceTaskId: task.id }).expect(200);
    expect(await counts()).toEqual(before);
  });

  it("refuses another property's task (400), one that answers another incident (409), and a delegate, who does not run maintenance (403), writing nothing", async () => {
    const { owner, delegado, property, unit, incident } = await portfolio();
    const api = await signedIn(owner);
    const elsewhere = await newTask(api, { title: 'Pintar', mainPropertyId: (await buildProperty(t.knex, { ownerUserId: owner.id })).id });
    const other = await buildIncident(t.knex, { rentableUnitId: unit.id });
    const taken = await newTask(api, { title: 'Cambiar grifo', mainPropertyId: property.id, incidentId: other.id });
    const free = await newTask(api, { title: 'Purgar radiadores', mainPropertyId: property.id });
    const delegates = await signedIn(delegado);
    const before = await counts();

    expect((await api.patch(`/api/incidents/${incident.id}`).send({ maintenanceTaskId: elsewhere.id }).expect(400)).body.fields).toEqual({ maintenanceTaskId: 'La tarea no es de esta propiedad' });
    const conflict = await api.patch(`/api/incidents/${incident.id}`).send({ maintenanceTaskId: taken.id, priority: 'Alta' }).expect(409);
    expect(conflict.body).toMatchObject({ error: 'conflict', message: 'La tarea ya está vinculada a otra incidencia' });
    expect((await delegates.patch(`/api/incidents/${incident.id}`).send({ maintenanceTaskId: free.id }).expect(403)).body.error).toBe('forbidden');
    expect(await counts()).toEqual(before);
    expect(await t.knex('maintenance_tasks').whereIn('id', [taken.id, free.id]).orderBy('id').pluck('incidentId')).toEqual([other.id, null]);
    expect((await incidentRow(incident.id)).priority).toBe('Media');
  });

  it('a task created from the incident (POST /api/maintenance/tasks with its incidentId) is in the incident’s history', async () => {
    const { agencyAdmin, property, unit, incident } = await portfolio();
    const api = await signedIn(agencyAdmin);
    const task = await newTask(api, { title: 'Sustituir el sifón', mainPropertyId: property.id, rentableUnitId: unit.id, incidentId: incident.id });
    // Another incident's task is not.
    await newTask(api, { title: 'Otra cosa', mainPropertyId: property.id, incidentId: (await buildIncident(t.knex, { rentableUnitId: unit.id })).id });

    const detail = IncidentDetailSchema.parse((await api.get(`/api/incidents/${incident.id}`).expect(200)).body);
    expect(detail.history.map(({ action, user, task: what }) => [action, user?.id, what])).toEqual([['create', agencyAdmin.id, { id: task.id, title: 'Sustituir el sifón' }]]);
  });
});
