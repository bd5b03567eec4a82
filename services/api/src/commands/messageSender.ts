import type { Knex } from 'knex';
import { audit } from '../audit';
import { Message } from '../models/Message';
import type { User } from '../models/User';
import { displayName, notify, preview } from '../notify';
import { loadConversationInScope } from '../policies/conversation';
import type { MessageRow } from '../presenters/message';
import { messageRows } from '../queries/messages';
import { publishEvent } from '../events/publish';

/**
 * Writes a message (POST /api/messages). Only a participant may write (anyone else: 404, the
 * conversation is invisible to them); the other active participants are notified.
 */
export async function sendMessage(trx: Knex.Transaction, user: User, input: { conversationId: number; content: string }): Promise<MessageRow> {
  const conversation = await loadConversationInScope(trx, user, input.conversationId, 'conversationId');

  // Through the model, whose database errors the error handler maps to 4xx answers; raw knex errors would be 500s.
  const { id } = await Message.query(trx).insert({ conversationId: conversation.id, senderUserId: user.id, content: input.content });
  const message: MessageRow = await messageRows(trx).where('messages.id', id).first();
  await audit(trx, { userId: user.id, action: 'create', tableName: 'messages', recordId: id, newValues: { conversationId: conversation.id, content: input.content } });

  const others: { userId: number }[] = await trx('conversation_participants')
    .join('users', 'users.id', 'conversation_participants.userId')
    .select('conversation_participants.userId')
    .where({ 'conversation_participants.conversationId': conversation.id, 'users.isActive': true })
    .whereNot('conversation_participants.userId', user.id);
  // Every participant's open thread, the sender's other tabs included, shows it when this commits.
  await publishEvent(trx, [user.id, ...others.map((o) => o.userId)], 'message.created', { conversationId: conversation.id, messageId: id });
  await notify(
    trx,
    others.map((o) => o.userId),
    {
      title: 'Nuevo mensaje',
      message: `${displayName(user)}${conversation.title ? ` en «${conversation.title}»` : ''}: ${preview(input.content)}`,
      notificationType: 'new_message',
      relatedEntityType: 'conversation',
      relatedEntityId: conversation.id,
    },
  );
  return message;
}
