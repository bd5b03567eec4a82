import type { LiveEvent, LiveEventType } from '@arrendia/api-contract';
import type { Knex } from 'knex';

/** The NOTIFY channel of a schema: test files share one PostgreSQL database, each in its own schema. */
export const eventsChannel = (schema: string) => `arrendia_events_${schema}`;

/** Past this many recipients the notification carries only the id (a NOTIFY payload holds 8000 bytes). */
const MAX_INLINE_RECIPIENTS = 200;

/**
 * Records a live event for `recipientUserIds` and announces it with pg_notify, both inside `trx`:
 * PostgreSQL delivers the notification to every listening API instance when the transaction
 * commits, and never if it rolls back, so no tab hears of a change that did not happen.
 */
export async function publishEvent(trx: Knex.Transaction, recipientUserIds: readonly number[], type: LiveEventType, data: LiveEvent['data'] = {}): Promise<void> {
  const recipients = [...new Set(recipientUserIds)];
  if (recipients.length === 0) return;
  const [row] = await trx('live_events').insert({ recipientUserIds: recipients, type, data }).returning('id');
  const payload = JSON.stringify(recipients.length <= MAX_INLINE_RECIPIENTS ? { id: Number(row.id), u: recipients } : { id: Number(row.id) });
  await trx.raw(`select pg_notify('arrendia_events_' || current_schema(), ?)`, [payload]);
}
