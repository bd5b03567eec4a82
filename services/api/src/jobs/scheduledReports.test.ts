import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ReportSchema } from '@arrendia/api-contract';
import { formatEuros } from '@arrendia/locale-es';
import { extractText, getDocumentProxy } from 'unpdf';
import { z } from 'zod';
import type { User } from '../models/User';
import { buildProperty, buildTransaction, buildUser, signIn } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { runDailyJobs } from './daily';
import { runScheduledReports } from './scheduledReports';

let t: TestApp;
let dir: string;
let reportsDir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arrendia-scheduled-'));
  t = await startTestApp({ documentsDir: dir });
  reportsDir = path.join(dir, 'reports');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** 09:00 in Madrid on a day: the job works on the Madrid calendar day. */
const on = (day: string) => new Date(`${day}T08:00:00Z`);
const run = (day: string) => runScheduledReports(t.knex, { reportsDir, now: on(day) });

/** An owner (its 'Reportes mensuales' off unless asked: only the schedules a test makes run) and one schedule of its, made on `createdOn`. */
async function ownerWithSchedule(frequency: 'mensual' | 'trimestral', createdOn: string, input: { monthlyReports?: boolean; propertyId?: (owner: User) => Promise<number> } = {}) {
  const owner = await buildUser(t.knex, { firstName: 'Olga', lastName: 'Martín' });
  await t.knex('users').where({ id: owner.id }).update({ notificationPrefs: { monthlyReports: input.monthlyReports ?? false } });
  const propertyId = input.propertyId ? await input.propertyId(owner) : null;
  const [schedule] = await t.knex('report_schedules').insert({ userId: owner.id, reportType: 'financial', frequency, propertyId, createdAt: on(createdOn) }).returning('*');
  return { owner, schedule };
}
const reportsOf = (userId: number) => t.knex('reports').where({ userId }).orderBy('periodFrom').select('reportType', 'periodFrom', 'periodTo', 'scheduleId', 'propertyName');

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\u00a0/g, ' ');
}

describe('runScheduledReports', () => {
  it("generates a monthly schedule's report of last month on the 1st, once: a second run, the next day or another instance write nothing", async () => {
    const { owner, schedule } = await ownerWithSchedule('mensual', '2026-03-10');
    // March has not ended: nothing yet, and nothing for February, over before the schedule existed.
    await run('2026-03-20');
    expect(await reportsOf(owner.id)).toEqual([]);

    // Two instances at once (each API process may run the jobs), then again that day and the next.
    await Promise.all([run('2026-04-01'), run('2026-04-01')]);
    await run('2026-04-01');
    await run('2026-04-02');
    expect(await reportsOf(owner.id)).toEqual([{ reportType: 'financial', periodFrom: '2026-03-01', periodTo: '2026-03-31', scheduleId: schedule.id, propertyName: null }]);
    expect(await t.knex('report_schedules').where({ id: schedule.id }).first()).toMatchObject({ lastPeriodGenerated: '2026-03-01' });

    // The owner finds it in Informes (Historial), is told once, and both the report and the schedule's step are audited.
    const agent = await signIn(t, owner);
    const listed = z.array(ReportSchema).parse((await agent.get('/api/reports').expect(200)).body);
    expect(listed).toEqual([expect.objectContaining({ reportType: 'financial', periodFrom: '2026-03-01', periodTo: '2026-03-31', propertyName: null })]);
    await agent.get(`/api/reports/${listed[0]!.id}/download`).expect(200);
    const notices = await t.knex('notifications').where({ recipientUserId: owner.id, notificationType: 'report_generated' }).select('title', 'message', 'relatedEntityType', 'relatedEntityId');
    expect(notices).toEqual([
      {
        title: 'Reporte programado listo',
        message: 'Reporte Financiero (mensual) del 01/03/2026 al 31/03/2026: ya está en Reportes › Historial',
        relatedEntityType: 'report',
        relatedEntityId: listed[0]!.id,
      },
    ]);
    // …and by email, once, with a button to Historial (issue 34).
    const mails = await t.knex('outbox_messages').where({ userId: owner.id, kind: 'notification', subject: 'Reporte programado listo' }).select('text');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('https://arrendia.test/reports?tab=historial');
    expect(await t.knex('audit_log').where({ tableName: 'reports', recordId: String(listed[0]!.id), action: 'create' })).toHaveLength(1);
    expect(await t.knex('audit_log').where({ tableName: 'report_schedules', recordId: String(schedule.id), action: 'update' })).toHaveLength(1);

    // The next month, the next report.
    await run('2026-05-01');
    expect((await reportsOf(owner.id)).map((r) => r.periodFrom)).toEqual(['2026-03-01', '2026-04-01']);
  });

  it('generates a quarterly schedule only from 1 January, April, July and October on, for the quarter just ended', async () => {
    const { owner } = await ownerWithSchedule('trimestral', '2026-02-10');
    for (const day of ['2026-02-11', '2026-03-01', '2026-03-31']) await run(day);
    expect(await reportsOf(owner.id)).toEqual([]);
    await run('2026-04-01');
    for (const day of ['2026-04-02', '2026-05-01', '2026-06-01', '2026-06-30']) await run(day);
    expect((await reportsOf(owner.id)).map((r) => [r.periodFrom, r.periodTo])).toEqual([['2026-01-01', '2026-03-31']]);
    await run('2026-07-01');
    await run('2026-10-01');
    await run('2027-01-01');
    expect((await reportsOf(owner.id)).map((r) => [r.periodFrom, r.periodTo])).toEqual([
      ['2026-01-01', '2026-03-31'],
      ['2026-04-01', '2026-06-30'],
      ['2026-07-01', '2026-09-30'],
      ['2026-10-01', '2026-12-31'],
    ]);
  });

  it("reports on one property only when the schedule names one, and passes over a property the user no longer sees", async () => {
    const other = await buildUser(t.knex);
    const foreign = await buildProperty(t.knex, { ownerUserId: other.id, propertyName: 'Casa Ajena' });
    let ownProperty = 0;
    const { owner } = await ownerWithSchedule('mensual', '2026-03-05', {
      propertyId: async (o) => {
        const property = await buildProperty(t.knex, { ownerUserId: o.id, propertyName: 'Edificio Olivo' });
        const second = await buildProperty(t.knex, { ownerUserId: o.id, propertyName: 'Casa Retiro' });
        await buildTransaction(t.knex, { mainPropertyId: property.id, amount: '1234.56', transactionDate: '2026-03-05' });
        await buildTransaction(t.knex, { mainPropertyId: second.id, amount: '777.00', transactionDate: '2026-03-06' });
        ownProperty = property.id;
        return property.id;
      },
    });
    await run('2026-04-01');
    const [row] = await t.knex('reports').where({ userId: owner.id });
    expect(row).toMatchObject({ propertyId: ownProperty, propertyName: 'Edificio Olivo' });
    const text = await pdfText(fs.readFileSync(path.join(reportsDir, row.filePath)));
    expect(text).toContain('Propiedad: Edificio Olivo');
    const euros = (amount: string) => formatEuros(amount).replace(/\u00a0/g, ' ');
    expect(text).toContain(`Ingresos totales: ${euros('1234.56')}`);
    expect(text).not.toContain('Casa Retiro');
    expect(text).not.toContain(euros('777.00'));

    // A schedule left on someone else's property (as after an agency gives one up) writes nothing.
    const [stale] = await t.knex('report_schedules').insert({ userId: owner.id, reportType: 'tenants', frequency: 'mensual', propertyId: foreign.id, createdAt: on('2026-03-05') }).returning('*');
    await run('2026-05-01');
    expect(await t.knex('reports').where({ scheduleId: stale.id })).toEqual([]);
    expect(await t.knex('report_schedules').where({ id: stale.id }).first()).toMatchObject({ lastPeriodGenerated: '2026-04-01' });
  });

  it("creates the default schedule of each account that keeps 'Reportes mensuales' on and may generate reports, and runs it from the next month", async () => {
    const owner = await buildUser(t.knex);
    const off = await buildUser(t.knex);
    await t.knex('users').where({ id: off.id }).update({ notificationPrefs: { monthlyReports: false } });
    const tenant = await buildUser(t.knex, { roleName: 'inquilino' });
    const inactive = await buildUser(t.knex, { isActive: false });

    const first = await run('2026-06-15');
    expect(first.schedules).toBeGreaterThanOrEqual(1);
    const schedules = (userId: number) => t.knex('report_schedules').where({ userId }).select('reportType', 'frequency', 'propertyId');
    expect(await schedules(owner.id)).toEqual([{ reportType: 'financial', frequency: 'mensual', propertyId: null }]);
    for (const user of [off, tenant, inactive]) expect(await schedules(user.id)).toEqual([]);
    expect(await t.knex('audit_log').where({ tableName: 'report_schedules', userId: null, action: 'create' }).whereRaw(`("newValues"->>'userId')::int = ?`, [owner.id])).toHaveLength(1);

    // Made in June: nothing for May; June's report on 1 July; a second run creates no second schedule.
    expect((await run('2026-06-16')).schedules).toBe(0);
    await run('2026-07-01');
    expect((await reportsOf(owner.id)).map((r) => r.periodFrom)).toEqual(['2026-06-01']);
  });

  it('runs from the daily jobs when they are given the reports directory', async () => {
    const { owner } = await ownerWithSchedule('mensual', '2026-08-03');
    const skipped = await runDailyJobs(t.knex, on('2026-09-01'));
    expect(skipped.reports).toBe(0);
    expect(await reportsOf(owner.id)).toEqual([]);
    const daily = await runDailyJobs(t.knex, on('2026-09-01'), { reportsDir });
    expect(daily.reports).toBeGreaterThanOrEqual(1);
    expect((await reportsOf(owner.id)).map((r) => r.periodFrom)).toEqual(['2026-08-01']);
  });
});
