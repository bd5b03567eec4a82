import type { Knex } from 'knex';
import type { Pojo } from 'objection';
import { audit } from '../audit';
import { Notification } from '../models/Notification';
import type { User } from '../models/User';
import { loadInScope } from '../policies/inScope';
import { publishEvent } from '../events/publish';

/** Marks one of the user's notifications read; audited only when it was unread. Someone else's: 404. */
export async function markNotificationRead(trx: Knex.Transaction, user: User, id: number): Promise<Notification> {
  const notification = Notification.fromDatabaseJson(
    await loadInScope<Pojo>(trx('notifications').where({ id, recipientUserId: user.id }), { lock: true, notFound: 'No se ha encontrado la notificación' }),
  );
  if (!notification.isRead) {
    await Notification.query(trx).findById(id).patch({ isRead: true });
    await audit(trx, { userId: user.id, action: 'update', tableName: 'notifications', recordId: id, oldValues: { isRead: false }, newValues: { isRead: true } });
    await publishEvent(trx, [user.id], 'notification.read');
    notification.isRead = true;
  }
  return notification;
}

/**
 * Marks every unread notification of the user read. One audit row for the whole batch (recordId:
 * the recipient's id, newValues: how many), none when there were none.
 */
export async function markAllNotificationsRead(trx: Knex.Transaction, user: User): Promise<number> {
  const readCount = await Notification.query(trx).where({ recipientUserId: user.id, isRead: false }).patch({ isRead: true });
  if (readCount > 0) {
    await audit(trx, { userId: user.id, action: 'update', tableName: 'notifications', recordId: user.id, newValues: { recipientUserId: user.id, readCount } });
    await publishEvent(trx, [user.id], 'notification.read');
  }
  return readCount;
}
