import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { transaction } from '../../middlewares/transaction';
import { list, markAllRead, markRead } from './notifications';

/** Every signed-in user has notifications; each only ever reaches its own. */
export function notificationsRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>()
    .get('/notifications', session, authenticate, list)
    .patch('/notifications/:id/read', session, authenticate, transaction, markRead)
    .post('/notifications/read-all', session, authenticate, transaction, markAllRead);
}
