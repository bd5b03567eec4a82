import { IdSchema, NotificationsListQuerySchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { markAllNotificationsRead, markNotificationRead } from '../../commands/notificationReader';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import type { Notification } from '../../models/Notification';
import { paginate } from '../../pagination';
import { presentNotification } from '../../presenters/notification';
import { notificationListQuery, unreadNotificationCount } from '../../queries/notifications';

/**
 * GET /api/notifications → the user's notifications, newest first, paged (X-Total-Count), with the
 * bell's badge in X-Unread-Count whatever the filter; `?unread=true` lists only the unread ones.
 */
export async function list(ctx: Ctx) {
  const { unread, ...page } = parseInput(NotificationsListQuerySchema, ctx.query);
  const user = currentUser(ctx);
  ctx.set('X-Unread-Count', String(await unreadNotificationCount(ctx.knex, user.id)));
  const rows = await paginate<Notification>(ctx, notificationListQuery(ctx.knex, user.id, unread), page);
  ctx.body = rows.map(presentNotification);
}

/** PATCH /api/notifications/:id/read → 200 with the notification, read. */
export async function markRead(ctx: Ctx) {
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  ctx.body = presentNotification(await markNotificationRead(ctx.state.trx!, currentUser(ctx), id));
}

/** POST /api/notifications/read-all → 204, every unread notification of the user read. */
export async function markAllRead(ctx: Ctx) {
  await markAllNotificationsRead(ctx.state.trx!, currentUser(ctx));
  ctx.status = 204;
}
