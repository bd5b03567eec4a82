import type { Knex } from 'knex';
import { audit } from '../audit';
import type { User } from '../models/User';
import { publishEvent } from '../events/publish';
import { loadConversationInScope } from '../policies/conversation';

/**
 * Marks what the others sent in a conversation as read by `user` (reading the thread does it),
 * audited once per read that changed anything (tableName messages, recordId the conversation);
 * 404 unless the user takes part in it.
 */
export async function markConversationRead(trx: Knex.Transaction, user: User, conversationId: number): Promise<number> {
  const conversation = await loadConversationInScope(trx, user, conversationId);
  const readCount = await trx('messages')
    .where('conversationId', conversation.id)
    .whereNull('readAt')
    .whereRaw('"senderUserId" is distinct from ?', [user.id])
    .update({ readAt: trx.fn.now() });
  if (readCount > 0) {
    await audit(trx, { userId: user.id, action: 'update', tableName: 'messages', recordId: conversationId, newValues: { readCount } });
    // The reader's other tabs lower their unread counts.
    await publishEvent(trx, [user.id], 'conversation.read', { conversationId });
  }
  return readCount;
}
