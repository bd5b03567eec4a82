import { MessagesCreateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { create } from './messages';

export function messagesRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().post('/messages', session, authenticate, requirePermission('messages:use'), transaction, route(MessagesCreateSchema, create));
}
