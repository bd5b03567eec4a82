import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { badges } from './badges';

export function badgesRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().get('/badges', session, authenticate, badges);
}
