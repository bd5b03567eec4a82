import type { Knex } from 'knex';

/**
 * The right to erasure (issue 35, point 3): `users.erasedAt` marks an account whose personal data
 * was erased (commands/accountEraser.ts). The row stays, pseudonymised, because contracts, rent
 * charges, payments and the audit trail that the law requires keeping still point to it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('erasedAt', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => t.dropColumn('erasedAt'));
}
