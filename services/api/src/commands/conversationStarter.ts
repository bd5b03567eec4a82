import type { Knex } from 'knex';
import { audit } from '../audit';
import { validationError } from '../errors';
import { Conversation } from '../models/Conversation';
import type { User } from '../models/User';
import { contactRows } from '../policies/conversation';

const NOT_A_CONTACT = 'Solo puedes escribir a inquilinos y personal de las propiedades con las que trabajas';

/** Starts a conversation (POST /api/conversations): every other participant must be one of the user's contacts. */
export async function startConversation(trx: Knex.Transaction, user: User, input: { title: string; participantUserIds: number[] }): Promise<Conversation> {
  const participantUserIds = [...new Set(input.participantUserIds)];
  const allowed = await contactRows(trx, user).whereIn('users.id', participantUserIds);
  if (allowed.length !== participantUserIds.length) throw validationError(NOT_A_CONTACT, { participantUserIds: NOT_A_CONTACT });

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
  return conversation;
}
