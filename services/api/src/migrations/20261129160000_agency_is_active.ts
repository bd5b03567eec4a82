import type { Knex } from 'knex';

/**
 * Agencies the platform can deactivate and reactivate (issue 32): the users of an inactive agency
 * cannot sign in (commands/userSignIn.ts); its data is kept. Every existing agency stays active.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('agencies', (t) => {
    t.boolean('isActive').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('agencies', (t) => {
    t.dropColumn('isActive');
  });
}
