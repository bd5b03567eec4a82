import { ConversationsCreateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { validate } from '../../middlewares/validate';
import { contacts, create, list, messages, show } from './conversations';

export function conversationsRoutes({ session }: { session: AppMiddleware }) {
  const use = [session, authenticate, requirePermission('messages:use')];
  return new Router<AppState, AppContext>()
    .get('/conversations', ...use, list)
    .get('/conversations/contacts', ...use, contacts)
    .post('/conversations', ...use, validate(ConversationsCreateSchema), transaction, create)
    .get('/conversations/:id', ...use, show)
    // A transaction although it is a read: reading marks the others' messages as read.
    .get('/conversations/:id/messages', ...use, transaction, messages);
}
