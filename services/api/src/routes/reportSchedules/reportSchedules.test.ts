import { ErrorBodySchema, ReportScheduleSchema, SettingsSchema } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { z } from 'zod';
import type { User } from '../../models/User';
import { buildAgency, buildProperty, buildUser, delegate, signIn } from '../../test/factories';
import { countRows, startTestApp, type TestApp } from '../../test/support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signedIn = (user: User) => signIn(t, user);
const schedulesOf = (userId: number) => t.knex('report_schedules').where({ userId }).orderBy('id').select('reportType', 'frequency', 'propertyId');
const listOf = (body: unknown) => z.array(ReportScheduleSchema).parse(body);
/** The first day of the next month in Madrid: when a schedule made today first runs. */
const nextMonthStart = () => {
  const [y, m] = todayIso().split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

describe('POST /api/report-schedules', () => {
  it('schedules a report of the whole portfolio or of one property, audited, and lists it with its next run date', async () => {
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id, propertyName: 'Edificio Olivo' });
    const agent = await signedIn(owner);
    const audits = await countRows(t.knex, 'audit_log');

    const whole = ReportScheduleSchema.parse((await agent.post('/api/report-schedules').send({ reportType: 'occupancy', frequency: 'trimestral', propertyId: null }).expect(201)).body);
    expect(whole).toMatchObject({ reportType: 'occupancy', frequency: 'trimestral', property: null, lastPeriodGenerated: null, isDefault: false });
    const [y, m] = todayIso().split('-').map(Number) as [number, number];
    const nextQuarter = m >= 10 ? `${y + 1}-01-01` : `${y}-${String(Math.floor((m - 1) / 3) * 3 + 4).padStart(2, '0')}-01`;
    expect(whole.nextRunDate).toBe(nextQuarter);

    const one = ReportScheduleSchema.parse((await agent.post('/api/report-schedules').send({ reportType: 'tenants', frequency: 'mensual', propertyId: property.id }).expect(201)).body);
    expect(one).toMatchObject({ property: { id: property.id, propertyName: 'Edificio Olivo' }, nextRunDate: nextMonthStart() });
    expect(await countRows(t.knex, 'audit_log')).toBe(audits + 2);
    const audit = await t.knex('audit_log').where({ tableName: 'report_schedules', recordId: String(one.id), action: 'create' }).first();
    expect(audit).toMatchObject({ userId: owner.id, newValues: { userId: owner.id, reportType: 'tenants', frequency: 'mensual', propertyId: property.id } });

    const res = await agent.get('/api/report-schedules').expect(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(listOf(res.body).map((s) => s.id)).toEqual([whole.id, one.id]);
  });

  it("refuses another owner's property, or one that does not exist, as a 400 on propertyId, writing nothing", async () => {
    const owner = await buildUser(t.knex);
    const other = await buildUser(t.knex);
    const foreign = await buildProperty(t.knex, { ownerUserId: other.id });
    const agent = await signedIn(owner);
    const before = await countRows(t.knex, 'report_schedules');
    for (const propertyId of [foreign.id, 2_000_000_000]) {
      const res = await agent.post('/api/report-schedules').send({ reportType: 'financial', frequency: 'mensual', propertyId }).expect(400);
      expect(ErrorBodySchema.parse(res.body)).toMatchObject({ error: 'validation_error', fields: { propertyId: 'Elige una propiedad de tu cartera' } });
    }
    expect(await countRows(t.knex, 'report_schedules')).toBe(before);
  });

  it('lets an agency manager schedule a property its agency manages, and a delegate one of its principal, but no other', async () => {
    const agency = await buildAgency(t.knex);
    const manager = await buildUser(t.knex, { roleName: 'admin_agencia', agencyId: agency.id });
    const principal = await buildUser(t.knex);
    const delegado = await buildUser(t.knex, { roleName: 'propietario_delegado' });
    await delegate(t.knex, principal.id, delegado.id);
    const managed = await buildProperty(t.knex, { ownerUserId: principal.id, managerAgencyId: agency.id });
    const unmanaged = await buildProperty(t.knex, { ownerUserId: (await buildUser(t.knex)).id });
    const body = (propertyId: number) => ({ reportType: 'financial', frequency: 'trimestral', propertyId });
    await (await signedIn(manager)).post('/api/report-schedules').send(body(managed.id)).expect(201);
    await (await signedIn(manager)).post('/api/report-schedules').send(body(unmanaged.id)).expect(400);
    await (await signedIn(delegado)).post('/api/report-schedules').send(body(managed.id)).expect(201);
    await (await signedIn(delegado)).post('/api/report-schedules').send(body(unmanaged.id)).expect(400);
  });

  it.each([
    [{ reportType: 'ventas', frequency: 'mensual', propertyId: null }, 'reportType', 'Tipo de reporte no válido'],
    [{ reportType: 'financial', frequency: 'semanal', propertyId: null }, 'frequency', 'Elige mensual o trimestral'],
    [{ reportType: 'financial', frequency: 'mensual', propertyId: 'abc' }, 'propertyId', 'Elige una propiedad o toda la cartera'],
    [{ reportType: 'financial', frequency: 'mensual', propertyId: null, userId: 1 }, 'userId', 'Campo no permitido'],
    [{ frequency: 'mensual' }, 'reportType', 'Tipo de reporte no válido'],
  ])('refuses %j with a 400 on %s, writing nothing', async (body, field, message) => {
    const agent = await signedIn(await buildUser(t.knex));
    const before = await countRows(t.knex, 'report_schedules');
    const res = await agent.post('/api/report-schedules').send(body).expect(400);
    expect(ErrorBodySchema.parse(res.body).fields?.[field]).toBe(message);
    expect(await countRows(t.knex, 'report_schedules')).toBe(before);
  });

  it('refuses the same schedule twice (409) and keeps one', async () => {
    const owner = await buildUser(t.knex);
    const agent = await signedIn(owner);
    const body = { reportType: 'tenants', frequency: 'trimestral', propertyId: null };
    await agent.post('/api/report-schedules').send(body).expect(201);
    const res = await agent.post('/api/report-schedules').send(body).expect(409);
    expect(res.body).toMatchObject({ error: 'conflict', message: 'Ya tienes programado este reporte' });
    expect(await schedulesOf(owner.id)).toHaveLength(1);
  });

  it('is 403 for a tenant and an agent, 401 signed out', async () => {
    const body = { reportType: 'financial', frequency: 'mensual', propertyId: null };
    for (const roleName of ['inquilino', 'agente'] as const) {
      await (await signedIn(await buildUser(t.knex, { roleName }))).post('/api/report-schedules').send(body).expect(403);
    }
    await t.request().post('/api/report-schedules').send(body).expect(401);
    await t.request().get('/api/report-schedules').expect(401);
  });
});

describe('GET /api/report-schedules', () => {
  it("lists only the user's own schedules, counts only them, sorts by createdAt and refuses an unknown sort", async () => {
    const owner = await buildUser(t.knex);
    const other = await buildUser(t.knex);
    const agent = await signedIn(owner);
    const first = (await agent.post('/api/report-schedules').send({ reportType: 'financial', frequency: 'trimestral', propertyId: null }).expect(201)).body.id;
    const second = (await agent.post('/api/report-schedules').send({ reportType: 'tenants', frequency: 'mensual', propertyId: null }).expect(201)).body.id;
    await (await signedIn(other)).post('/api/report-schedules').send({ reportType: 'occupancy', frequency: 'mensual', propertyId: null }).expect(201);
    // The same instant for both: the id breaks the tie, in the sort's direction.
    await t.knex('report_schedules').whereIn('id', [first, second]).update({ createdAt: new Date('2026-03-01T10:00:00Z') });

    const asc = await agent.get('/api/report-schedules?sort=createdAt').expect(200);
    expect(listOf(asc.body).map((s) => s.id)).toEqual([first, second]);
    expect(asc.headers['x-total-count']).toBe('2');
    const desc = await agent.get('/api/report-schedules?sort=-createdAt').expect(200);
    expect(listOf(desc.body).map((s) => s.id)).toEqual([second, first]);
    const paged = await agent.get('/api/report-schedules?pageSize=1&page=2').expect(200);
    expect(listOf(paged.body).map((s) => s.id)).toEqual([second]);
    expect(paged.headers['x-total-count']).toBe('2');

    const bad = await agent.get('/api/report-schedules?sort=reportType').expect(400);
    expect(bad.body.fields).toEqual({ sort: 'Campo de ordenación no válido' });
  });
});

describe('DELETE /api/report-schedules/:id', () => {
  it("deletes the user's own schedule, audited; another user's is a 404 and stays", async () => {
    const owner = await buildUser(t.knex);
    const other = await buildUser(t.knex);
    const agent = await signedIn(owner);
    const id = (await agent.post('/api/report-schedules').send({ reportType: 'occupancy', frequency: 'mensual', propertyId: null }).expect(201)).body.id;

    const res = await (await signedIn(other)).delete(`/api/report-schedules/${id}`).expect(404);
    expect(res.body).toMatchObject({ error: 'not_found', message: 'No se ha encontrado el reporte programado' });
    expect(await schedulesOf(owner.id)).toHaveLength(1);

    await agent.delete(`/api/report-schedules/${id}`).expect(204);
    expect(await schedulesOf(owner.id)).toEqual([]);
    const audit = await t.knex('audit_log').where({ tableName: 'report_schedules', recordId: String(id), action: 'delete' }).first();
    expect(audit).toMatchObject({ userId: owner.id, oldValues: { reportType: 'occupancy', frequency: 'mensual' } });
    await agent.delete(`/api/report-schedules/${id}`).expect(404);
    await agent.delete('/api/report-schedules/abc').expect(400);
  });

  it('goes with its property when the property is deleted', async () => {
    const owner = await buildUser(t.knex);
    const property = await buildProperty(t.knex, { ownerUserId: owner.id });
    const agent = await signedIn(owner);
    await agent.post('/api/report-schedules').send({ reportType: 'financial', frequency: 'mensual', propertyId: property.id }).expect(201);
    await t.knex('main_properties').where({ id: property.id }).delete();
    expect(listOf((await agent.get('/api/report-schedules').expect(200)).body)).toEqual([]);
  });
});

describe("the 'Reportes mensuales' switch", () => {
  const monthly = { reportType: 'financial', frequency: 'mensual', propertyId: null };
  const switchOf = async (agent: Awaited<ReturnType<typeof signedIn>>) => SettingsSchema.parse((await agent.get('/api/settings').expect(200)).body).notifications.monthlyReports;

  it('turned off deletes the monthly portfolio schedule, turned on creates it once, audited', async () => {
    const owner = await buildUser(t.knex);
    const agent = await signedIn(owner);
    await agent.post('/api/report-schedules').send(monthly).expect(201);
    await agent.post('/api/report-schedules').send({ reportType: 'occupancy', frequency: 'mensual', propertyId: null }).expect(201);

    await agent.patch('/api/settings/preferences').send({ notifications: { monthlyReports: false } }).expect(200);
    // Only the switch's own schedule goes.
    expect(await schedulesOf(owner.id)).toEqual([{ reportType: 'occupancy', frequency: 'mensual', propertyId: null }]);

    await agent.patch('/api/settings/preferences').send({ notifications: { monthlyReports: true } }).expect(200);
    await agent.patch('/api/settings/preferences').send({ notifications: { monthlyReports: true } }).expect(200);
    expect(await schedulesOf(owner.id)).toEqual([
      { reportType: 'occupancy', frequency: 'mensual', propertyId: null },
      { reportType: 'financial', frequency: 'mensual', propertyId: null },
    ]);
    const shown = listOf((await agent.get('/api/report-schedules').expect(200)).body);
    expect(shown.filter((s) => s.isDefault)).toEqual([expect.objectContaining({ reportType: 'financial', frequency: 'mensual', property: null })]);
    const audits = await t.knex('audit_log').where({ tableName: 'report_schedules', userId: owner.id }).orderBy('id').pluck('action');
    expect(audits).toEqual(['create', 'create', 'delete', 'create']);
  });

  it('moves with the schedule: deleting it in Programados turns the switch off, scheduling it again turns it on', async () => {
    const owner = await buildUser(t.knex);
    const agent = await signedIn(owner);
    await agent.patch('/api/settings/preferences').send({ notifications: { monthlyReports: true } }).expect(200);
    const [schedule] = listOf((await agent.get('/api/report-schedules').expect(200)).body);
    expect(schedule).toMatchObject({ isDefault: true });

    await agent.delete(`/api/report-schedules/${schedule!.id}`).expect(204);
    expect(await switchOf(agent)).toBe(false);
    await agent.post('/api/report-schedules').send(monthly).expect(201);
    expect(await switchOf(agent)).toBe(true);
    // The other switches stay as they were.
    expect(SettingsSchema.parse((await agent.get('/api/settings').expect(200)).body).notifications).toMatchObject({ incidentAlerts: true, email: true });
  });

  it('creates nothing for a user who may not generate reports (a tenant, an agent)', async () => {
    for (const roleName of ['inquilino', 'agente'] as const) {
      const user = await buildUser(t.knex, { roleName });
      const agent = await signedIn(user);
      await agent.patch('/api/settings/preferences').send({ notifications: { monthlyReports: false } }).expect(200);
      await agent.patch('/api/settings/preferences').send({ notifications: { monthlyReports: true } }).expect(200);
      expect(await schedulesOf(user.id)).toEqual([]);
    }
  });
});
