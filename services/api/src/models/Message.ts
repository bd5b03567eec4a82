import { Model, type RelationMappings } from 'objection';
import { User } from './User';

export class Message extends Model {
  static override tableName = 'messages';

  declare id: number;
  declare conversationId: number;
  declare senderUserId: number | null;
  declare content: string;
  declare sentAt: Date;
  declare readAt: Date | null;

  static override get relationMappings(): RelationMappings {
    return {
      sender: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'messages.senderUserId', to: 'users.id' } },
    };
  }
}
