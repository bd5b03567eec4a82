import type { Knex } from 'knex';
import { audit } from '../audit';
import { validationError } from '../errors';
import { Conversation } from '../models/Conversation';
import type { User } from '../models/User';
import { contactRows } from '../policies/conversation';

const NOT_A_CONTACT = 'Solo puedes escribir a inquilinos y personal de las propiedades con las que trabajas';

/** The newest conversation whose participants are exactly `a` and `b`, if there is one. */
async function conversationOfTwo(trx: Knex.Transaction, a: number, b: number): Promise<Conversation | undefined> {
  const row = await trx('conversation_participants as cp')
    .whereIn('cp.conversationId', trx('conversation_participants').select('conversationId').where('userId', a))
    .whereIn('cp.conversationId', trx('conversation_participants').select('conversationId').where('userId', b))
    .groupBy('cp.conversationId')
    .havingRaw('count(*) = 2')
    .orderBy('cp.conversationId', 'desc')
    .first('cp.conversationId');
  return row ? Conversation.query(trx).findById(row.conversationId) : undefined;
}

/**
 * Starts a conversation (POST /api/conversations): every other participant must be one of the
 * user's contacts. With `reuseExisting` and one other participant, the two's existing conversation
 * is returned instead (`created: false`).
 */
export async function startConversation(
  trx: Knex.Transaction,
  user: User,
  input: { title: string; participantUserIds: number[]; reuseExisting?: boolean | undefined },
): Promise<{ conversation: Conversation; created: boolean }> {
  const participantUserIds = [...new Set(input.participantUserIds)];
  const allowed = await contactRows(trx, user).whereIn('users.id', participantUserIds);
  if (allowed.length !== participantUserIds.length) throw validationError(NOT_A_CONTACT, { participantUserIds: NOT_A_CONTACT });
  if (input.reuseExisting && participantUserIds.length === 1) {
    const existing = await conversationOfTwo(trx, user.id, participantUserIds[0]!);
    if (existing) return { conversation: existing, created: false };
  }

  // Through the models, whose database errors the error handler maps to 4xx answers; raw knex errors would be 500s.
  const conversation = await Conversation.query(trx).insertAndFetch({ title: input.title });
  await conversation.$relatedQuery('participants', trx).relate([user.id, ...participantUserIds]);
  await audit(trx, {
    userId: user.id,
    action: 'create',
    tableName: 'conversations',
    recordId: conversation.id,
    newValues: { title: conversation.title, participantUserIds: [user.id, ...participantUserIds] },
  });
  return { conversation, created: true };
}
