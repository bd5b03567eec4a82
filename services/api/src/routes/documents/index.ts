import { ROUTE_ACCESS } from '@arrendia/permissions';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requireRole } from '../../middlewares/requireRole';
import { transaction } from '../../middlewares/transaction';
import { create, download, list, receiveFile, remove, summary } from './documents';

/** Documents: who may open /documents may use them; which rows, the scope in documents.ts decides. */
export function documentsRoutes({ session }: { session: AppMiddleware }) {
  const allowed = [session, authenticate, requireRole(...ROUTE_ACCESS['/documents'])];
  return new Router<AppState, AppContext>()
    .get('/documents', ...allowed, list)
    .get('/documents/summary', ...allowed, summary)
    .post('/documents', ...allowed, receiveFile, transaction, create)
    .get('/documents/:id/download', ...allowed, download)
    .delete('/documents/:id', ...allowed, transaction, remove);
}
