import { MaintenancePlanSchema, MaintenanceStatsSchema, MaintenanceTaskSchema, ProviderSchema } from '@arrendia/api-contract';
import type { User } from '../../models/User';
import { buildAgency, buildIncident, buildProperty, buildUnit, buildUser, FACTORY_PASSWORD } from '../../test/factories';
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

async function portfolio() {
  const agency = await buildAgency(t.knex);
  const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
  const owner = await buildUser(t.knex);
  const property = await buildProperty(t.knex, { ownerUserId: owner.id, managerAgencyId: agency.id });
  const unit = await buildUnit(t.knex, { mainPropertyId: property.id });
  return { agency, manager, owner, property, unit };
}

const counts = async () => ({
  tasks: await countRows(t.knex, 'maintenance_tasks'),
  plans: await countRows(t.knex, 'maintenance_plans'),
  providers: await countRows(t.knex, 'providers'),
  audit: await countRows(t.knex, 'audit_log'),
});

describe('preventive plans', () => {
  it("completing a plan's task books the next one at the plan's interval, and the stats follow", async () => {
    const { manager, property, unit } = await portfolio();
    const api = await signedIn(manager);
    const provider = await api.post('/api/providers').send({ name: 'Climatización Norte SL', trade: 'Climatización', nifCif: 'B12345674', ibanBancaria: 'ES91 2100 0418 4502 0005 1332' }).expect(201);
    const plan = await api
      .post('/api/maintenance/plans')
      .send({ title: 'Revisión de la caldera', mainPropertyId: property.id, rentableUnitId: unit.id, providerId: provider.body.id, intervalMonths: 6, nextDate: '2026-01-31', estimatedCost: 80 })
      .expect(201);
    expect(MaintenancePlanSchema.parse(plan.body)).toMatchObject({ intervalMonths: 6, nextDate: '2026-01-31', provider: { name: 'Climatización Norte SL' } });

    const tasks = (await api.get('/api/maintenance/tasks').expect(200)).body.filter((x: { planId: number }) => x.planId === plan.body.id);
    expect(tasks).toHaveLength(1);
    const first = MaintenanceTaskSchema.parse(tasks[0]);
    expect(first).toMatchObject({ taskType: 'Preventivo', status: 'Programado', scheduledDate: '2026-01-31', cost: '80.00' });
    const before = MaintenanceStatsSchema.parse((await api.get('/api/maintenance/stats').expect(200)).body);

    await api.patch(`/api/maintenance/tasks/${first.id}`).send({ status: 'En progreso' }).expect(200);
    const done = await api.patch(`/api/maintenance/tasks/${first.id}`).send({ status: 'Completado', cost: 95.5 }).expect(200);
    expect(done.body).toMatchObject({ status: 'Completado', cost: '95.50' });

    const after = (await api.get('/api/maintenance/tasks?pageSize=100').expect(200)).body.filter((x: { planId: number }) => x.planId === plan.body.id);
    // 31 January + 6 months is 31 July.
    expect(after.map((x: { status: string; scheduledDate: string }) => [x.scheduledDate, x.status])).toEqual([
      ['2026-01-31', 'Completado'],
      ['2026-07-31', 'Programado'],
    ]);
    expect((await api.get('/api/maintenance/plans').expect(200)).body.find((p: { id: number }) => p.id === plan.body.id).nextDate).toBe('2026-07-31');
    const stats = MaintenanceStatsSchema.parse((await api.get('/api/maintenance/stats').expect(200)).body);
    expect(stats.pending).toBe(before.pending);
    expect(stats.doneThisMonth).toBe(before.doneThisMonth + 1);
    expect(Number(stats.costThisMonth)).toBeCloseTo(Number(before.costThisMonth) + 95.5, 2);
  });
});

describe('tasks', () => {
  it("'Iniciar Tarea' only from Programado; other moves 409 and nothing written", async () => {
    const { manager, property } = await portfolio();
    const api = await signedIn(manager);
    const task = await api.post('/api/maintenance/tasks').send({ title: 'Cambiar bombín', mainPropertyId: property.id, scheduledDate: '2026-12-01' }).expect(201);
    expect(task.body).toMatchObject({ status: 'Programado', taskType: 'Correctivo' });
    const before = await counts();
    const refused = await api.patch(`/api/maintenance/tasks/${task.body.id}`).send({ status: 'Completado' }).expect(409);
    expect(refused.body.message).toBe('No se puede pasar una tarea de Programado a Completado');
    expect(await counts()).toEqual(before);
    await api.patch(`/api/maintenance/tasks/${task.body.id}`).send({ status: 'Cancelado' }).expect(200);
    await api.patch(`/api/maintenance/tasks/${task.body.id}`).send({ status: 'En progreso' }).expect(409);
  });

  it('averages the days from an incident report to the completion of its task', async () => {
    const { manager, property, unit } = await portfolio();
    const api = await signedIn(manager);
    const incident = await buildIncident(t.knex, { rentableUnitId: unit.id, reportedByUserId: manager.id });
    await t.knex('incidents').where('id', incident.id).update({ createdAt: new Date(Date.now() - 3 * 86_400_000) });
    const task = await api.post('/api/maintenance/tasks').send({ title: 'Reparar fuga', mainPropertyId: property.id, rentableUnitId: unit.id, incidentId: incident.id, scheduledDate: '2026-11-20' }).expect(201);
    await api.patch(`/api/maintenance/tasks/${task.body.id}`).send({ status: 'En progreso' }).expect(200);
    await api.patch(`/api/maintenance/tasks/${task.body.id}`).send({ status: 'Completado' }).expect(200);
    const stats = (await api.get('/api/maintenance/stats').expect(200)).body;
    expect(stats.averageResponseDays).toBe(3);
  });

  it("refuses another account's property (404), a unit or incident of another property and another account's provider (400), writing nothing", async () => {
    const ours = await portfolio();
    const theirs = await portfolio();
    const api = await signedIn(ours.manager);
    const foreignProvider = await (await signedIn(theirs.manager)).post('/api/providers').send({ name: 'Otro', trade: 'Pintura', nifCif: '12345678Z' }).expect(201);
    const before = await counts();
    expect((await api.post('/api/maintenance/tasks').send({ title: 'X', mainPropertyId: theirs.property.id, scheduledDate: '2026-12-01' }).expect(404)).body.fields).toEqual({ mainPropertyId: 'No se ha encontrado la propiedad' });
    const wrong = await api
      .post('/api/maintenance/tasks')
      .send({ title: 'X', mainPropertyId: ours.property.id, rentableUnitId: theirs.unit.id, providerId: foreignProvider.body.id, scheduledDate: '2026-12-01' })
      .expect(400);
    expect(wrong.body.fields).toEqual({ rentableUnitId: 'La unidad no pertenece a la propiedad', providerId: 'Elige uno de tus proveedores activos' });
    expect((await api.post('/api/maintenance/plans').send({ title: 'X', mainPropertyId: ours.property.id, intervalMonths: 0, nextDate: '2026-12-01' }).expect(400)).body.fields).toEqual({ intervalMonths: 'Entre 1 y 120 meses' });
    expect(await counts()).toEqual(before);
    const ourTasks = (await api.get('/api/maintenance/tasks?pageSize=100').expect(200)).body;
    expect(ourTasks.every((x: { property: { id: number } }) => x.property.id === ours.property.id)).toBe(true);
  });
});

describe('providers', () => {
  it('validates NIF/CIF and IBAN with the Spanish messages and writes nothing', async () => {
    const { owner } = await portfolio();
    const api = await signedIn(owner);
    const before = await counts();
    const bad = await api.post('/api/providers').send({ name: 'Fontanería Pepe', trade: 'Fontanería', nifCif: '12345678A', ibanBancaria: 'ES00 0000 0000 0000 0000 0000' }).expect(400);
    expect(bad.body.fields).toEqual({ nifCif: 'El NIF/NIE/CIF no es válido', ibanBancaria: 'El IBAN no es válido' });
    expect(await counts()).toEqual(before);
    const badPhone = await api.post('/api/providers').send({ name: 'Fontanería Pepe', trade: 'Fontanería', nifCif: '12345678Z', telefono: '+33 6 12 34 56 78' }).expect(400);
    expect(badPhone.body.fields).toEqual({ telefono: 'El teléfono no es válido' });
    expect(await counts()).toEqual(before);
    const ok = await api.post('/api/providers').send({ name: 'Fontanería Pepe', trade: 'Fontanería', nifCif: '12345678z', telefono: '+34 600 111 222' }).expect(201);
    // Issue 31: every phone is kept as its 9 digits, as users' are.
    expect(ProviderSchema.parse(ok.body)).toMatchObject({ nifCif: '12345678Z', telefono: '600111222', isActive: true });
  });

  it("keeps each account's providers to itself; tenants and delegated owners get 403", async () => {
    const ours = await portfolio();
    const theirs = await portfolio();
    const created = await (await signedIn(ours.owner)).post('/api/providers').send({ name: 'Cerrajería Sol', trade: 'Cerrajería', nifCif: '12345678Z' }).expect(201);
    expect((await (await signedIn(theirs.owner)).get('/api/providers').expect(200)).body.map((p: { id: number }) => p.id)).not.toContain(created.body.id);
    expect((await (await signedIn(ours.manager)).get('/api/providers').expect(200)).body.map((p: { id: number }) => p.id)).not.toContain(created.body.id);
    for (const roleName of ['inquilino', 'propietario_delegado'] as const) {
      const other = await signedIn(await buildUser(t.knex, { roleName }));
      await other.get('/api/providers').expect(403);
      await other.get('/api/maintenance/tasks').expect(403);
      await other.post('/api/maintenance/tasks').send({ title: 'X', mainPropertyId: ours.property.id, scheduledDate: '2026-12-01' }).expect(403);
    }
  });
});
