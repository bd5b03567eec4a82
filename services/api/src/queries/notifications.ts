import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** The bell's badge: how many of the user's notifications are unread, whatever the list's filter. */
export async function unreadNotificationCount(db: Db, userId: number): Promise<number> {
  const row = await db('notifications').where({ recipientUserId: userId, isRead: false }).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** The user's notifications, newest first (paged by the caller); with `unread`, only the unread (or read) ones. */
export function notificationListQuery(db: Db, userId: number, unread?: boolean): Knex.QueryBuilder {
  const query = db('notifications').where('recipientUserId', userId);
  if (unread !== undefined) query.where('isRead', !unread);
  return query.orderBy([
    { column: 'createdAt', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}
