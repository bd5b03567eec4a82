import { MaintenancePlanSchema, MaintenanceStatsSchema, MaintenanceTaskSchema, ProviderSchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
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

const ids = (res: { body: { id: number }[] }) => res.body.map((x) => x.id);
const auditRows = (tableName: string, recordId: number) => t.knex('audit_log').where({ tableName, recordId: String(recordId) }).orderBy('id');

describe('GET /api/maintenance/tasks (issue 33: the list pattern)', () => {
  it('sorts by ?sort= (id breaking ties), filters by status, property, provider, incident, dates and words, and the total is the filtered count', async () => {
    const { owner, property, unit } = await portfolio();
    const second = await buildProperty(t.knex, { ownerUserId: owner.id });
    const api = await signedIn(owner);
    const gil = (await api.post('/api/providers').send({ name: 'Fontanería Gil', trade: 'Fontanería', nifCif: '12345678Z' }).expect(201)).body;
    const incident = await buildIncident(t.knex, { rentableUnitId: unit.id });
    const task = async (body: Record<string, unknown>) => (await api.post('/api/maintenance/tasks').send({ mainPropertyId: property.id, ...body }).expect(201)).body as { id: number };
    const boiler = await task({ title: 'Revisar la caldera', scheduledDate: '2026-03-10', cost: 120, providerId: gil.id, notes: 'Llamar al portero' });
    const leak = await task({ title: 'Reparar la fuga', scheduledDate: '2026-03-31', cost: 80, incidentId: incident.id, rentableUnitId: unit.id });
    const paint = await task({ title: 'Pintar el portal', scheduledDate: '2026-03-10', mainPropertyId: second.id });
    const blind = await task({ title: 'Persiana del salón', scheduledDate: '2026-04-02', cost: 80 });
    await api.patch(`/api/maintenance/tasks/${blind.id}`).send({ status: 'Cancelado' }).expect(200);
    // Created in this order on the clock: paint first, boiler last.
    for (const [i, id] of [paint.id, leak.id, blind.id, boiler.id].entries()) await t.knex('maintenance_tasks').where({ id }).update({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    // Another owner's task matches every filter and is never listed nor counted.
    const theirs = await portfolio();
    const theirApi = await signedIn(theirs.owner);
    await theirApi.post('/api/maintenance/tasks').send({ title: 'Revisar la caldera', mainPropertyId: theirs.property.id, scheduledDate: '2026-03-15', cost: 500 }).expect(201);

    const page = async (query: string) => {
      const res = await api.get(`/api/maintenance/tasks?${query}`).expect(200);
      return [ids(res), res.headers['x-total-count']];
    };
    // Its own order: the soonest first, id breaking the tie of 10 March.
    expect(await page('')).toEqual([[boiler.id, paint.id, leak.id, blind.id], '4']);
    expect(await page('sort=-scheduledDate')).toEqual([[blind.id, leak.id, paint.id, boiler.id], '4']);
    expect(await page('sort=createdAt')).toEqual([[paint.id, leak.id, blind.id, boiler.id], '4']);
    expect(await page('sort=-createdAt&pageSize=3&page=2')).toEqual([[paint.id], '4']);
    // 80 € twice: the id decides, in the sort's direction; no cost comes last.
    expect(await page('sort=cost')).toEqual([[leak.id, blind.id, boiler.id, paint.id], '4']);
    expect(await page('sort=-cost')).toEqual([[paint.id, boiler.id, blind.id, leak.id], '4']);
    expect(await page('status=Cancelado')).toEqual([[blind.id], '1']);
    expect(await page(`propertyId=${second.id}`)).toEqual([[paint.id], '1']);
    expect(await page(`providerId=${gil.id}`)).toEqual([[boiler.id], '1']);
    expect(await page(`incidentId=${incident.id}`)).toEqual([[leak.id], '1']);
    expect(await page('from=2026-03-11&to=2026-03-31')).toEqual([[leak.id], '1']);
    expect(await page('from=2026-03-10&to=2026-03-10&sort=-scheduledDate')).toEqual([[paint.id, boiler.id], '2']);
    // Accents and case folded; the notes are searched too.
    expect(await page('q=CALDERA')).toEqual([[boiler.id], '1']);
    expect(await page('q=portero')).toEqual([[boiler.id], '1']);
    expect(await page(`q=portal&propertyId=${property.id}`)).toEqual([[], '0']);
    // A filter naming another owner's property lists nothing of it.
    expect(await page(`propertyId=${theirs.property.id}`)).toEqual([[], '0']);
  });

  it.each([
    ['sort=titulo', 'sort'],
    ['sort=-', 'sort'],
    ['status=Aplazado', 'status'],
    ['propertyId=abc', 'propertyId'],
    ['providerId=0', 'providerId'],
    ['from=2026-02-30', 'from'],
    ['from=2026-04-02&to=2026-04-01', 'to'],
    ['pageSize=101', 'pageSize'],
  ])('refuses ?%s with a 400 naming %s', async (query, field) => {
    const { owner } = await portfolio();
    const res = await (await signedIn(owner)).get(`/api/maintenance/tasks?${query}`).expect(400);
    expect(res.body).toMatchObject({ error: 'validation_error' });
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });
});

describe('GET /api/providers (issue 33: the list pattern)', () => {
  it('sorts by name as a reader does, filters by words, trade and active, the total is the filtered count, and only the account’s own are listed', async () => {
    const { owner } = await portfolio();
    const api = await signedIn(owner);
    const create = async (name: string, trade: string, extra: Record<string, unknown> = {}) => (await api.post('/api/providers').send({ name, trade, nifCif: '12345678Z', ...extra }).expect(201)).body as { id: number };
    const zeta = await create('Zeta Reformas', 'Albañilería');
    const atico = await create('Ático Instalaciones', 'Electricidad', { email: 'avisos@atico.es' });
    const agua = await create('agua y gas', 'Fontanería');
    await api.patch(`/api/providers/${zeta.id}`).send({ isActive: false }).expect(200);
    const theirs = await portfolio();
    await (await signedIn(theirs.owner)).post('/api/providers').send({ name: 'Ático Otro', trade: 'Electricidad', nifCif: '12345678Z' }).expect(201);

    const page = async (query: string) => {
      const res = await api.get(`/api/providers?${query}`).expect(200);
      return [ids(res), res.headers['x-total-count']];
    };
    expect(await page('')).toEqual([[agua.id, atico.id, zeta.id], '3']);
    expect(await page('sort=name')).toEqual([[agua.id, atico.id, zeta.id], '3']);
    expect(await page('sort=-name&pageSize=2')).toEqual([[zeta.id, atico.id], '3']);
    expect(await page('q=atico')).toEqual([[atico.id], '1']);
    expect(await page('q=avisos@')).toEqual([[atico.id], '1']);
    expect(await page('trade=fontaner')).toEqual([[agua.id], '1']);
    expect(await page('active=true')).toEqual([[agua.id, atico.id], '2']);
    expect(await page('active=false')).toEqual([[zeta.id], '1']);
    expect(await page('active=true&trade=electricidad')).toEqual([[atico.id], '1']);
  });

  it.each([
    ['sort=trade', 'sort'],
    ['active=si', 'active'],
    ['page=0', 'page'],
  ])('refuses ?%s with a 400 naming %s', async (query, field) => {
    const { owner } = await portfolio();
    const res = await (await signedIn(owner)).get(`/api/providers?${query}`).expect(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });
});

describe('GET /api/maintenance/plans (issue 33: the list pattern)', () => {
  it('sorts by next date or title (id breaking ties), filters by property, active and words, and the total is the filtered count', async () => {
    const { manager, property } = await portfolio();
    const second = await buildProperty(t.knex, { ownerUserId: (await buildUser(t.knex)).id, managerAgencyId: manager.agencyId });
    const api = await signedIn(manager);
    const plan = async (body: Record<string, unknown>) => (await api.post('/api/maintenance/plans').send({ mainPropertyId: property.id, intervalMonths: 12, ...body }).expect(201)).body as { id: number };
    const boiler = await plan({ title: 'Revisión de la caldera', nextDate: '2027-01-15', description: 'Con certificado de gas' });
    const lift = await plan({ title: 'Ascensor', nextDate: '2027-01-15' });
    const roof = await plan({ title: 'Tejado', nextDate: '2026-12-01', mainPropertyId: second.id });
    await api.patch(`/api/maintenance/plans/${lift.id}`).send({ isActive: false }).expect(200);
    const theirs = await portfolio();
    await (await signedIn(theirs.manager)).post('/api/maintenance/plans').send({ title: 'Revisión de la caldera', mainPropertyId: theirs.property.id, intervalMonths: 12, nextDate: '2026-12-02' }).expect(201);

    const page = async (query: string) => {
      const res = await api.get(`/api/maintenance/plans?${query}`).expect(200);
      return [ids(res), res.headers['x-total-count']];
    };
    expect(await page('')).toEqual([[roof.id, boiler.id, lift.id], '3']);
    expect(await page('sort=-nextDate')).toEqual([[lift.id, boiler.id, roof.id], '3']);
    expect(await page('sort=title&pageSize=2')).toEqual([[lift.id, boiler.id], '3']);
    expect(await page(`propertyId=${property.id}`)).toEqual([[boiler.id, lift.id], '2']);
    expect(await page('active=false')).toEqual([[lift.id], '1']);
    expect(await page('q=GAS')).toEqual([[boiler.id], '1']);
    expect((await api.get('/api/maintenance/plans?sort=cost').expect(400)).body.fields).toEqual({ sort: 'Campo de ordenación no válido' });
  });
});

describe('cancelling a task (issue 33, point 5)', () => {
  it('cancels a task not yet done, audited; refuses once completed (409) and another account’s task (404), writing nothing', async () => {
    const { manager, property } = await portfolio();
    const api = await signedIn(manager);
    const task = (await api.post('/api/maintenance/tasks').send({ title: 'Cambiar bombín', mainPropertyId: property.id, scheduledDate: '2026-12-01' }).expect(201)).body;
    await api.patch(`/api/maintenance/tasks/${task.id}`).send({ status: 'En progreso' }).expect(200);
    const cancelled = await api.patch(`/api/maintenance/tasks/${task.id}`).send({ status: 'Cancelado' }).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'Cancelado', completedAt: null });
    const audited = await auditRows('maintenance_tasks', task.id);
    expect(audited.at(-1)).toMatchObject({ action: 'update', userId: manager.id, oldValues: { status: 'En progreso' }, newValues: { status: 'Cancelado' } });

    const done = (await api.post('/api/maintenance/tasks').send({ title: 'Purgar radiadores', mainPropertyId: property.id, scheduledDate: '2026-12-02' }).expect(201)).body;
    await api.patch(`/api/maintenance/tasks/${done.id}`).send({ status: 'En progreso' }).expect(200);
    await api.patch(`/api/maintenance/tasks/${done.id}`).send({ status: 'Completado' }).expect(200);
    const stranger = await signedIn((await portfolio()).owner);
    const before = await counts();
    const refused = await api.patch(`/api/maintenance/tasks/${done.id}`).send({ status: 'Cancelado' }).expect(409);
    expect(refused.body).toMatchObject({ error: 'invalid_transition', message: 'No se puede pasar una tarea de Completado a Cancelado' });
    expect((await t.knex('maintenance_tasks').where({ id: done.id }).first()).status).toBe('Completado');

    const hidden = await stranger.patch(`/api/maintenance/tasks/${task.id}`).send({ status: 'Cancelado' }).expect(404);
    expect(hidden.body.message).toBe('No se ha encontrado la tarea');
    await stranger.patch(`/api/maintenance/tasks/${done.id}`).send({ notes: 'Mía' }).expect(404);
    expect(await counts()).toEqual(before);
  });

  it("cancelling a plan's task skips that visit: the plan books its next one, unless it is paused", async () => {
    const { owner, property } = await portfolio();
    const api = await signedIn(owner);
    const plan = (await api.post('/api/maintenance/plans').send({ title: 'Revisión del ascensor', mainPropertyId: property.id, intervalMonths: 3, nextDate: '2027-01-10' }).expect(201)).body;
    const planTasks = async () =>
      ((await api.get(`/api/maintenance/tasks?propertyId=${property.id}&sort=scheduledDate`).expect(200)).body as { planId: number; scheduledDate: string; status: string; id: number }[])
        .filter((x) => x.planId === plan.id)
        .map((x) => [x.scheduledDate, x.status]);
    const open = async () => (await t.knex('maintenance_tasks').where({ planId: plan.id, status: 'Programado' }).first('id')).id;
    await api.patch(`/api/maintenance/tasks/${await open()}`).send({ status: 'Cancelado' }).expect(200);
    expect(await planTasks()).toEqual([
      ['2027-01-10', 'Cancelado'],
      ['2027-04-10', 'Programado'],
    ]);
    await api.patch(`/api/maintenance/plans/${plan.id}`).send({ isActive: false }).expect(200);
    await api.patch(`/api/maintenance/tasks/${await open()}`).send({ status: 'Cancelado' }).expect(200);
    expect(await planTasks()).toEqual([
      ['2027-01-10', 'Cancelado'],
      ['2027-04-10', 'Cancelado'],
    ]);
    // Its next date still moves on, for when it resumes.
    expect((await api.get('/api/maintenance/plans').expect(200)).body.find((p: { id: number }) => p.id === plan.id)).toMatchObject({ isActive: false, nextDate: '2027-07-10' });
  });
});

describe('a task on a unit and for an incident (issue 33, point 5)', () => {
  it('stores the unit and the incident of the property; refuses another account’s incident, another property’s, and an unknown one (400 on the field), writing nothing', async () => {
    const ours = await portfolio();
    const api = await signedIn(ours.owner);
    const incident = await buildIncident(t.knex, { rentableUnitId: ours.unit.id, title: 'Humedad en el baño' });
    const created = await api
      .post('/api/maintenance/tasks')
      .send({ title: 'Sellar la bañera', mainPropertyId: ours.property.id, rentableUnitId: ours.unit.id, incidentId: incident.id, scheduledDate: '2026-12-03' })
      .expect(201);
    expect(MaintenanceTaskSchema.parse(created.body)).toMatchObject({ unit: { id: ours.unit.id, unitName: ours.unit.unitName }, incidentId: incident.id });
    expect(await t.knex('maintenance_tasks').where({ id: created.body.id }).first('rentableUnitId', 'incidentId')).toEqual({ rentableUnitId: ours.unit.id, incidentId: incident.id });

    const theirs = await portfolio();
    const foreign = await buildIncident(t.knex, { rentableUnitId: theirs.unit.id });
    const otherProperty = await buildProperty(t.knex, { ownerUserId: ours.owner.id });
    const elsewhere = await buildIncident(t.knex, { rentableUnitId: (await buildUnit(t.knex, { mainPropertyId: otherProperty.id })).id });
    const before = await counts();
    for (const incidentId of [foreign.id, elsewhere.id, 2147483647]) {
      const refused = await api.post('/api/maintenance/tasks').send({ title: 'X', mainPropertyId: ours.property.id, incidentId, scheduledDate: '2026-12-03' }).expect(400);
      expect(refused.body.fields).toEqual({ incidentId: 'La incidencia no es de esta propiedad' });
    }
    // Nor through another account's property: that is a 404, whatever the incident.
    await api.post('/api/maintenance/tasks').send({ title: 'X', mainPropertyId: theirs.property.id, incidentId: foreign.id, scheduledDate: '2026-12-03' }).expect(404);
    expect(await counts()).toEqual(before);
  });
});

describe('PATCH /api/providers/:id (issue 33, point 5)', () => {
  const gil = { name: 'Fontanería Gil', trade: 'Fontanería', nifCif: '12345678Z', telefono: '600111222', email: 'gil@example.com', ibanBancaria: 'ES9121000418450200051332' };

  it('edits every field (checked as on creation, audited) and clears the optional ones', async () => {
    const { owner } = await portfolio();
    const api = await signedIn(owner);
    const provider = (await api.post('/api/providers').send(gil).expect(201)).body;
    const before = await counts();
    const bad = await api.patch(`/api/providers/${provider.id}`).send({ nifCif: '12345678A', ibanBancaria: 'ES00 0000', telefono: '123', email: 'no' }).expect(400);
    expect(bad.body.fields).toEqual({ nifCif: 'El NIF/NIE/CIF no es válido', ibanBancaria: 'El IBAN no es válido', telefono: 'El teléfono no es válido', email: 'Introduce un correo electrónico válido' });
    expect((await api.patch(`/api/providers/${provider.id}`).send({ name: '  ' }).expect(400)).body.fields).toEqual({ name: 'El nombre es obligatorio' });
    expect((await api.patch(`/api/providers/${provider.id}`).send({ agencyId: 1 }).expect(400)).body.error).toBe('validation_error');
    expect((await api.patch(`/api/providers/${provider.id}`).send({}).expect(400)).body.message).toBe('Indica al menos un cambio');
    expect(await counts()).toEqual(before);

    const edited = await api
      .patch(`/api/providers/${provider.id}`)
      .send({ name: 'Fontanería Gil e Hijos SL', trade: 'Fontanería y gas', nifCif: 'b84021971', telefono: '+34 914 556 210', email: 'avisos@gil.es', ibanBancaria: 'ES79 2100 0813 6101 2345 6789' })
      .expect(200);
    expect(ProviderSchema.parse(edited.body)).toEqual({
      id: provider.id,
      name: 'Fontanería Gil e Hijos SL',
      trade: 'Fontanería y gas',
      nifCif: 'B84021971',
      telefono: '914556210',
      email: 'avisos@gil.es',
      ibanBancaria: 'ES7921000813610123456789',
      isActive: true,
    });
    expect((await auditRows('providers', provider.id)).at(-1)).toMatchObject({ action: 'update', userId: owner.id, oldValues: { name: 'Fontanería Gil', nifCif: '12345678Z' }, newValues: { name: 'Fontanería Gil e Hijos SL', nifCif: 'B84021971' } });
    const cleared = await api.patch(`/api/providers/${provider.id}`).send({ telefono: '', email: null, ibanBancaria: '' }).expect(200);
    expect(cleared.body).toMatchObject({ telefono: null, email: null, ibanBancaria: null, name: 'Fontanería Gil e Hijos SL' });
  });

  it('a deactivated provider is not accepted for new tasks or plans, the tasks that have it keep it, and reactivated it is again', async () => {
    const { manager, property } = await portfolio();
    const api = await signedIn(manager);
    const provider = (await api.post('/api/providers').send(gil).expect(201)).body;
    const old = (await api.post('/api/maintenance/tasks').send({ title: 'Revisar bajante', mainPropertyId: property.id, providerId: provider.id, scheduledDate: '2026-12-01' }).expect(201)).body;
    const off = await api.patch(`/api/providers/${provider.id}`).send({ isActive: false }).expect(200);
    expect(off.body.isActive).toBe(false);
    expect((await auditRows('providers', provider.id)).at(-1)).toMatchObject({ oldValues: { isActive: true }, newValues: { isActive: false } });

    const before = await counts();
    const task = await api.post('/api/maintenance/tasks').send({ title: 'Nueva', mainPropertyId: property.id, providerId: provider.id, scheduledDate: '2026-12-05' }).expect(400);
    expect(task.body.fields).toEqual({ providerId: 'Elige uno de tus proveedores activos' });
    await api.post('/api/maintenance/plans').send({ title: 'Plan', mainPropertyId: property.id, providerId: provider.id, intervalMonths: 6, nextDate: '2027-01-01' }).expect(400);
    expect(await counts()).toEqual(before);
    const kept = (await api.get(`/api/maintenance/tasks?providerId=${provider.id}`).expect(200)).body;
    expect(kept.map((x: { id: number; provider: { name: string } }) => [x.id, x.provider.name])).toEqual([[old.id, 'Fontanería Gil']]);
    expect(ids(await api.get('/api/providers?active=true').expect(200))).not.toContain(provider.id);

    await api.patch(`/api/providers/${provider.id}`).send({ isActive: true }).expect(200);
    await api.post('/api/maintenance/tasks').send({ title: 'Nueva', mainPropertyId: property.id, providerId: provider.id, scheduledDate: '2026-12-05' }).expect(201);
  });

  it("another account's provider is a 404 and stays as it was; a plan's next task is not booked with a deactivated provider", async () => {
    const ours = await portfolio();
    const theirs = await portfolio();
    const provider = (await (await signedIn(ours.owner)).post('/api/providers').send(gil).expect(201)).body;
    const strangers = [await signedIn(theirs.owner), await signedIn(ours.manager)];
    const before = await counts();
    for (const stranger of strangers) {
      const res = await stranger.patch(`/api/providers/${provider.id}`).send({ isActive: false }).expect(404);
      expect(res.body.message).toBe('No se ha encontrado el proveedor');
    }
    expect(await counts()).toEqual(before);
    expect((await t.knex('providers').where({ id: provider.id }).first()).isActive).toBe(true);

    const api = await signedIn(ours.owner);
    const plan = (await api.post('/api/maintenance/plans').send({ title: 'Revisión', mainPropertyId: ours.property.id, providerId: provider.id, intervalMonths: 1, nextDate: '2027-01-01' }).expect(201)).body;
    await api.patch(`/api/providers/${provider.id}`).send({ isActive: false }).expect(200);
    const first = await t.knex('maintenance_tasks').where({ planId: plan.id }).first();
    expect(first.providerId).toBe(provider.id);
    await api.patch(`/api/maintenance/tasks/${first.id}`).send({ status: 'Cancelado' }).expect(200);
    const next = await t.knex('maintenance_tasks').where({ planId: plan.id, status: 'Programado' }).first();
    expect(next).toMatchObject({ providerId: null });
  });
});

describe('PATCH /api/maintenance/plans/:id (issue 33, point 5)', () => {
  it('edits the plan and carries the change to its task still to start, audited; a unit of another property or another account’s provider is a 400', async () => {
    const { owner, property, unit } = await portfolio();
    const api = await signedIn(owner);
    const provider = (await api.post('/api/providers').send({ name: 'Clima Centro', trade: 'Calefacción', nifCif: '12345678Z' }).expect(201)).body;
    const plan = (await api.post('/api/maintenance/plans').send({ title: 'Revisión de la caldera', mainPropertyId: property.id, intervalMonths: 12, nextDate: '2027-01-15', estimatedCost: 90 }).expect(201)).body;
    const edited = await api
      .patch(`/api/maintenance/plans/${plan.id}`)
      .send({ title: 'Revisión anual de la caldera', description: 'Con certificado', rentableUnitId: unit.id, providerId: provider.id, intervalMonths: 6, nextDate: '2027-02-01', estimatedCost: 95.5 })
      .expect(200);
    expect(MaintenancePlanSchema.parse(edited.body)).toMatchObject({
      title: 'Revisión anual de la caldera',
      description: 'Con certificado',
      intervalMonths: 6,
      nextDate: '2027-02-01',
      estimatedCost: '95.50',
      isActive: true,
      unit: { id: unit.id },
      provider: { id: provider.id, name: 'Clima Centro' },
    });
    const tasks = await t.knex('maintenance_tasks').where({ planId: plan.id });
    expect(tasks).toHaveLength(1);
    expect(MaintenanceTaskSchema.parse((await api.get(`/api/maintenance/tasks?propertyId=${property.id}`).expect(200)).body[0])).toMatchObject({
      title: 'Revisión anual de la caldera',
      scheduledDate: '2027-02-01',
      cost: '95.50',
      unit: { id: unit.id },
      provider: { id: provider.id },
    });
    expect((await auditRows('maintenance_plans', plan.id)).at(-1)).toMatchObject({ action: 'update', oldValues: { intervalMonths: 12, nextDate: '2027-01-15' }, newValues: { intervalMonths: 6, nextDate: '2027-02-01' } });
    expect((await auditRows('maintenance_tasks', tasks[0].id)).at(-1)).toMatchObject({ action: 'update', oldValues: { scheduledDate: '2027-01-15', cost: '90.00' }, newValues: { scheduledDate: '2027-02-01', cost: '95.50' } });
    // Cleared: no unit, no provider, no cost.
    const cleared = await api.patch(`/api/maintenance/plans/${plan.id}`).send({ rentableUnitId: '', providerId: null, estimatedCost: '' }).expect(200);
    expect(cleared.body).toMatchObject({ unit: null, provider: null, estimatedCost: null });

    const theirs = await portfolio();
    const foreignProvider = (await (await signedIn(theirs.owner)).post('/api/providers').send({ name: 'Otro', trade: 'Pintura', nifCif: '12345678Z' }).expect(201)).body;
    const before = await counts();
    const wrong = await api.patch(`/api/maintenance/plans/${plan.id}`).send({ rentableUnitId: theirs.unit.id, providerId: foreignProvider.id }).expect(400);
    expect(wrong.body.fields).toEqual({ rentableUnitId: 'La unidad no pertenece a la propiedad', providerId: 'Elige uno de tus proveedores activos' });
    expect((await api.patch(`/api/maintenance/plans/${plan.id}`).send({ mainPropertyId: theirs.property.id }).expect(400)).body.error).toBe('validation_error');
    expect((await api.patch(`/api/maintenance/plans/${plan.id}`).send({ intervalMonths: 0 }).expect(400)).body.fields).toEqual({ intervalMonths: 'Entre 1 y 120 meses' });
    expect(await counts()).toEqual(before);
  });

  it("another account's plan is a 404, and nothing is written", async () => {
    const ours = await portfolio();
    const plan = (await (await signedIn(ours.manager)).post('/api/maintenance/plans').send({ title: 'Revisión', mainPropertyId: ours.property.id, intervalMonths: 12, nextDate: '2027-01-15' }).expect(201)).body;
    const stranger = await signedIn((await portfolio()).manager);
    const before = await counts();
    const res = await stranger.patch(`/api/maintenance/plans/${plan.id}`).send({ isActive: false, title: 'Mío' }).expect(404);
    expect(res.body.message).toBe('No se ha encontrado el plan');
    expect(await counts()).toEqual(before);
    expect(await t.knex('maintenance_plans').where({ id: plan.id }).first('isActive', 'title')).toEqual({ isActive: true, title: 'Revisión' });
  });

  it('a paused plan books no task when its task is completed; resumed, it books its next one', async () => {
    const { owner, property } = await portfolio();
    const api = await signedIn(owner);
    const plan = (await api.post('/api/maintenance/plans').send({ title: 'Limpieza de canalones', mainPropertyId: property.id, intervalMonths: 6, nextDate: '2030-01-20' }).expect(201)).body;
    const paused = await api.patch(`/api/maintenance/plans/${plan.id}`).send({ isActive: false }).expect(200);
    expect(paused.body).toMatchObject({ isActive: false });
    expect((await auditRows('maintenance_plans', plan.id)).at(-1)).toMatchObject({ oldValues: { isActive: true }, newValues: { isActive: false } });
    // The task it had booked stays; completing it books nothing.
    const [task] = await t.knex('maintenance_tasks').where({ planId: plan.id });
    await api.patch(`/api/maintenance/tasks/${task.id}`).send({ status: 'En progreso' }).expect(200);
    await api.patch(`/api/maintenance/tasks/${task.id}`).send({ status: 'Completado' }).expect(200);
    expect(await t.knex('maintenance_tasks').where({ planId: plan.id }).orderBy('id').pluck('status')).toEqual(['Completado']);

    const resumed = await api.patch(`/api/maintenance/plans/${plan.id}`).send({ isActive: true }).expect(200);
    expect(resumed.body).toMatchObject({ isActive: true, nextDate: '2030-07-20' });
    const rows = await t.knex('maintenance_tasks').where({ planId: plan.id }).orderBy('id');
    expect(rows.map((r) => r.status)).toEqual(['Completado', 'Programado']);
    expect(MaintenanceTaskSchema.parse((await api.get(`/api/maintenance/tasks?propertyId=${property.id}&status=Programado`).expect(200)).body[0]).scheduledDate).toBe('2030-07-20');
    // Resuming again changes nothing: the plan has its next task.
    const count = await countRows(t.knex, 'maintenance_tasks');
    await api.patch(`/api/maintenance/plans/${plan.id}`).send({ isActive: true }).expect(200);
    expect(await countRows(t.knex, 'maintenance_tasks')).toBe(count);
  });

  it('resumed after its date has passed, a plan books its task for today', async () => {
    const { owner, property } = await portfolio();
    const api = await signedIn(owner);
    const plan = (await api.post('/api/maintenance/plans').send({ title: 'Revisar extintores', mainPropertyId: property.id, intervalMonths: 12, nextDate: '2020-01-10' }).expect(201)).body;
    await api.patch(`/api/maintenance/plans/${plan.id}`).send({ isActive: false }).expect(200);
    const [task] = await t.knex('maintenance_tasks').where({ planId: plan.id });
    await api.patch(`/api/maintenance/tasks/${task.id}`).send({ status: 'Cancelado' }).expect(200);
    const resumed = await api.patch(`/api/maintenance/plans/${plan.id}`).send({ isActive: true }).expect(200);
    const today = todayIso();
    expect(resumed.body.nextDate).toBe(today);
    expect((await api.get(`/api/maintenance/tasks?propertyId=${property.id}&status=Programado`).expect(200)).body.map((x: { scheduledDate: string }) => x.scheduledDate)).toEqual([today]);
  });
});
