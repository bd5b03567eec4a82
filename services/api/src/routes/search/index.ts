import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { search } from './search';

export function searchRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().get('/search', session, authenticate, search);
}
