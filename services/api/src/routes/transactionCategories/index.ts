import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { list } from './transactionCategories';

export function transactionCategoriesRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().get('/transaction-categories', session, authenticate, list);
}
