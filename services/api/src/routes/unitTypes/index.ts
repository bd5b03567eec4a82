import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { list } from './unitTypes';

export function unitTypesRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().get('/unit-types', session, authenticate, list);
}
