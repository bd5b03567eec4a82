import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { stream } from './events';

/** The live events stream (issue 12): one per signed-in tab, whatever the role. */
export function eventsRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>().get('/events', session, authenticate, stream);
}
