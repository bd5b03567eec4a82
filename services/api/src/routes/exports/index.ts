import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { create, download, list, show } from './exports';

/** 'Exportar mis datos' (issue 35): every role, each user only its own exports. */
export function exportsRoutes({ session }: { session: AppMiddleware }) {
  const own = [session, authenticate, requirePermission('settings:own')];
  return new Router<AppState, AppContext>()
    .post('/exports', ...own, transaction, create)
    .get('/exports', ...own, list)
    .get('/exports/:id', ...own, show)
    .get('/exports/:id/download', ...own, download);
}
