import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { create, download, exportCsv, list, receiveDocument, remove, summary } from './documents';

/** Documents: who may open /documents may use them; which rows, policies/scope decides. */
export function documentsRoutes({ session }: { session: AppMiddleware }) {
  const read = [session, authenticate, requirePermission('documents:read')];
  const write = [session, authenticate, requirePermission('documents:write')];
  return new Router<AppState, AppContext>()
    .get('/documents', ...read, list)
    .get('/documents.csv', ...read, exportCsv)
    .get('/documents/summary', ...read, summary)
    .post('/documents', ...write, receiveDocument, transaction, create)
    .get('/documents/:id/download', session, authenticate, requirePermission('documents:download'), download)
    .delete('/documents/:id', ...write, transaction, remove);
}
