import { IdSchema, NotificationsListQuerySchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { audit } from '../../audit';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { Notification } from '../../models/Notification';
import { paginate } from '../../pagination';
import { presentNotification } from '../../presenters/notification';

/**
 * GET /api/notifications → the user's notifications, newest first, paged (X-Total-Count), with the
 * bell's badge in X-Unread-Count whatever the filter; `?unread=true` lists only the unread ones.
 */
export async function list(ctx: Ctx) {
  const { unread, ...page } = parseInput(NotificationsListQuerySchema, ctx.query);
  const user = currentUser(ctx);
  const query = ctx.knex('notifications').where('recipientUserId', user.id);
  const unreadCount = await query.clone().where('isRead', false).count({ n: '*' }).first();
  ctx.set('X-Unread-Count', String(Number(unreadCount?.n ?? 0)));
  if (unread !== undefined) query.where('isRead', !unread);
  query.orderBy([
    { column: 'createdAt', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  const rows = await paginate<Notification>(ctx, query, page);
  ctx.body = rows.map(presentNotification);
}

/** PATCH /api/notifications/:id/read → 200 with the notification, read; audited only when it was unread. */
export async function markRead(ctx: Ctx) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  const notification = await Notification.query(trx).findOne({ id, recipientUserId: user.id }).forUpdate();
  if (!notification) throw notFound('No se ha encontrado la notificación');
  if (!notification.isRead) {
    await Notification.query(trx).findById(id).patch({ isRead: true });
    await audit(trx, { userId: user.id, action: 'update', tableName: 'notifications', recordId: id, oldValues: { isRead: false }, newValues: { isRead: true } });
    notification.isRead = true;
  }
  ctx.body = presentNotification(notification);
}

/**
 * POST /api/notifications/read-all → 204, every unread notification of the user read. One audit row
 * for the whole batch (recordId: the recipient's id, newValues: how many), none when there were none.
 */
export async function markAllRead(ctx: Ctx) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const readCount = await Notification.query(trx).where({ recipientUserId: user.id, isRead: false }).patch({ isRead: true });
  if (readCount > 0) {
    await audit(trx, { userId: user.id, action: 'update', tableName: 'notifications', recordId: user.id, newValues: { recipientUserId: user.id, readCount } });
  }
  ctx.status = 204;
}
