import Router from '@koa/router';
import type { AppContext, AppState } from '../../context';
import { health } from './health';

export function healthRoutes() {
  return new Router<AppState, AppContext>().get('/health', health);
}
