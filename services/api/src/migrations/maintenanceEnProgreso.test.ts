import { buildProperty, buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/support';
import { down, up } from './20261127130000_maintenance_en_progreso';

/** 20261127130000: a started maintenance task is 'En progreso' (spec §4), also for tasks started before. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function taskWithStatus(status: string): Promise<number> {
  const owner = await buildUser(t.knex, { roleName: 'propietario_individual' });
  const property = await buildProperty(t.knex, { ownerUserId: owner.id });
  const [row] = await t.knex('maintenance_tasks').insert({ mainPropertyId: property.id, title: 'Revisar la caldera', taskType: 'Correctivo', scheduledDate: '2026-11-20', status }).returning('id');
  return row.id;
}
const statusOf = async (id: number) => (await t.knex('maintenance_tasks').where({ id }).first('status')).status;

it("renames the tasks started as 'En curso' to 'En progreso', and the database refuses 'En curso' from then on", async () => {
  await down(t.knex);
  const started = await taskWithStatus('En curso');
  const scheduled = await taskWithStatus('Programado');
  await up(t.knex);

  expect(await statusOf(started)).toBe('En progreso');
  expect(await statusOf(scheduled)).toBe('Programado');
  await expect(taskWithStatus('En curso')).rejects.toThrow(/maintenance_tasks_status_check/);
  expect(await statusOf(await taskWithStatus('En progreso'))).toBe('En progreso');
});
