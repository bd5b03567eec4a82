import { Model } from 'objection';

export class Notification extends Model {
  static override tableName = 'notifications';

  declare id: number;
  declare recipientUserId: number;
  declare title: string;
  declare message: string;
  declare notificationType: string | null;
  declare relatedEntityType: string | null;
  declare relatedEntityId: number | null;
  declare isRead: boolean;
  declare createdAt: Date;
}
