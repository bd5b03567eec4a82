import type { Knex } from 'knex';

/**
 * Two mails of issue 34, point 6, each sent once: the second overdue reminder of a rent charge
 * (overdueReminderSentAt, 7 days after the first notice) and the digest of a conversation's unread
 * messages (conversation_participants.digestSentAt: none again until the recipient has read it and
 * new messages arrive).
 *
 * No new index: the digest job, every minute, reads only unread messages, which the partial index
 * messages_unread_index (20261126170000_covering_scope_indexes: "conversationId" where "readAt" is
 * null) already holds, and it stays small as messages are read; the few "sentAt" it needs come from
 * those rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rent_charges', (t) => {
    t.timestamp('overdueReminderSentAt', { useTz: true });
  });
  await knex.schema.alterTable('conversation_participants', (t) => {
    t.timestamp('digestSentAt', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conversation_participants', (t) => t.dropColumn('digestSentAt'));
  await knex.schema.alterTable('rent_charges', (t) => t.dropColumn('overdueReminderSentAt'));
}
