import { Model, type RelationMappings } from 'objection';
import { User } from './User';
import { Message } from './Message';

export class Conversation extends Model {
  static override tableName = 'conversations';

  declare id: number;
  declare relatedEntityType: string | null;
  declare relatedEntityId: number | null;
  declare title: string | null;
  declare createdAt: Date;

  static override get relationMappings(): RelationMappings {
    return {
      participants: {
        relation: Model.ManyToManyRelation,
        modelClass: User,
        join: { from: 'conversations.id', through: { from: 'conversation_participants.conversationId', to: 'conversation_participants.userId' }, to: 'users.id' },
      },
      messages: { relation: Model.HasManyRelation, modelClass: Message, join: { from: 'conversations.id', to: 'messages.conversationId' } },
    };
  }
}
