import type { Knex } from 'knex';

/**
 * The mail outbox (issue 34): every message the product sends is a row written in the same
 * transaction as the change that causes it, so a rolled-back change sends nothing and a committed
 * one cannot lose its mail. A process claims due rows (`FOR UPDATE SKIP LOCKED`, `claimedUntil`)
 * and sends them; a temporary failure sets `nextAttemptAt` further away, until `attempts` reaches
 * the limit (mail/outbox.ts). Without an SMTP server the row is kept as 'no_enviado' so the super
 * admin's outbox shows what would have gone out.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox_messages', (t) => {
    t.increments('id').primary();
    /** What the message is ('password_reset', 'tenant_invitation', 'notification'…). */
    t.string('kind', 50).notNullable();
    t.integer('userId').references('id').inTable('users').onDelete('SET NULL');
    t.string('toAddress', 255).notNullable();
    t.string('toName', 200);
    t.string('subject', 255).notNullable();
    t.text('html').notNullable();
    t.text('text').notNullable();
    /** Extra headers (List-Unsubscribe). */
    t.jsonb('headers').notNullable().defaultTo('{}');
    t.string('state', 20).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('lastError');
    t.timestamp('nextAttemptAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('claimedUntil', { useTz: true });
    t.timestamp('sentAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table outbox_messages add constraint outbox_messages_state_check check (state in ('pendiente', 'enviado', 'fallido', 'no_enviado'))`);
  // The sender's one query: the due messages, oldest first.
  await knex.raw(`create index outbox_messages_due_index on outbox_messages ("nextAttemptAt", id) where state = 'pendiente'`);
  await knex.raw(`create index outbox_messages_created_index on outbox_messages ("createdAt" desc, id desc)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outbox_messages');
}
