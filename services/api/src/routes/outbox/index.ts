import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { list, show } from './outbox';

/** The mail outbox (issue 34), for the super admin. */
export function outboxRoutes({ session }: { session: AppMiddleware }) {
  const reader = [session, authenticate, requirePermission('outbox:read')];
  return new Router<AppState, AppContext>().get('/admin/outbox', ...reader, list).get('/admin/outbox/:id', ...reader, show);
}
