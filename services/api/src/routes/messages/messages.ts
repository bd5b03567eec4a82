import type { MessagesCreateSchema } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { Message } from '../../models/Message';
import { displayName, notify, preview } from '../../notify';
import { loadConversationInScope } from '../../policies/conversation';
import { presentMessage, type MessageRow } from '../../presenters/message';

/** Messages with their sender's name; narrow them to one conversation before use. */
export function messageRows(db: Knex | Knex.Transaction): Knex.QueryBuilder {
  return db('messages')
    .leftJoin('users as sender', 'sender.id', 'messages.senderUserId')
    .select('messages.*', 'sender.firstName as senderFirstName', 'sender.lastName as senderLastName');
}

/**
 * POST /api/messages → 201 with the message. Only a participant may write (anyone else: 404, the
 * conversation is invisible to them); the other active participants are notified.
 */
export async function create(ctx: Ctx) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const { conversationId, content } = ctx.state.input as z.output<typeof MessagesCreateSchema>;
  const conversation = await loadConversationInScope(trx, user, conversationId, 'conversationId');

  // Through the model, whose database errors the error handler maps to 4xx answers; raw knex errors would be 500s.
  const { id } = await Message.query(trx).insert({ conversationId: conversation.id, senderUserId: user.id, content });
  const message: MessageRow = await messageRows(trx).where('messages.id', id).first();
  await audit(trx, { userId: user.id, action: 'create', tableName: 'messages', recordId: id, newValues: { conversationId: conversation.id, content } });

  const others: { userId: number }[] = await trx('conversation_participants')
    .join('users', 'users.id', 'conversation_participants.userId')
    .select('conversation_participants.userId')
    .where({ 'conversation_participants.conversationId': conversation.id, 'users.isActive': true })
    .whereNot('conversation_participants.userId', user.id);
  await notify(
    trx,
    others.map((o) => o.userId),
    {
      title: 'Nuevo mensaje',
      message: `${displayName(user)}${conversation.title ? ` en «${conversation.title}»` : ''}: ${preview(content)}`,
      notificationType: 'new_message',
      relatedEntityType: 'conversation',
      relatedEntityId: conversation.id,
    },
  );

  ctx.status = 201;
  ctx.body = presentMessage(message);
}
