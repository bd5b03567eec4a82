import { ConversationsCreateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { contacts, create, list, markRead, messages, show } from './conversations';

export function conversationsRoutes({ session }: { session: AppMiddleware }) {
  const use = [session, authenticate, requirePermission('messages:use')];
  return new Router<AppState, AppContext>()
    .get('/conversations', ...use, list)
    .get('/conversations/contacts', ...use, contacts)
    .post('/conversations', ...use, transaction, route(ConversationsCreateSchema, create))
    .get('/conversations/:id', ...use, show)
    .get('/conversations/:id/messages', ...use, messages)
    // Marking read is a POST of its own: a GET a cross-site link can trigger must change nothing (issue 30).
    .post('/conversations/:id/read', ...use, transaction, markRead);
}
