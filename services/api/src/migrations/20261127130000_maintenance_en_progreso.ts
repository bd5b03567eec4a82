import type { Knex } from 'knex';

/**
 * A started maintenance task is 'En progreso', the spec's word (§4: "Programado, En progreso,
 * Completado"), not 'En curso': tasks already started are renamed and the status check follows.
 * The lists are written out here, not read from the contract, so that this step stays what it was.
 */
const check = (statuses: readonly string[]) => `"status" in (${statuses.map((s) => `'${s}'`).join(', ')})`;
const BEFORE = ['Programado', 'En curso', 'Completado', 'Cancelado'];
const AFTER = ['Programado', 'En progreso', 'Completado', 'Cancelado'];

async function rename(knex: Knex, from: string, to: string, statuses: readonly string[]): Promise<void> {
  await knex.raw('alter table maintenance_tasks drop constraint if exists maintenance_tasks_status_check');
  await knex('maintenance_tasks').where({ status: from }).update({ status: to });
  await knex.raw(`alter table maintenance_tasks add constraint maintenance_tasks_status_check check (${check(statuses)})`);
}

export async function up(knex: Knex): Promise<void> {
  await rename(knex, 'En curso', 'En progreso', AFTER);
}

export async function down(knex: Knex): Promise<void> {
  await rename(knex, 'En progreso', 'En curso', BEFORE);
}
