import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { transaction } from '../../middlewares/transaction';
import { accept, cancel, decline, list } from './consentRequests';

/**
 * Consent requests (issue 30): any signed-in user reads those it must answer or made, and answers
 * or withdraws them. Who may answer which is decided row by row (commands/consentRequests), never
 * by role alone: a request for someone else is a 404.
 */
export function consentRequestsRoutes({ session }: { session: AppMiddleware }) {
  const signedIn = [session, authenticate];
  return new Router<AppState, AppContext>()
    .get('/consent-requests', ...signedIn, list)
    .post('/consent-requests/:id/accept', ...signedIn, transaction, accept)
    .post('/consent-requests/:id/decline', ...signedIn, transaction, decline)
    .delete('/consent-requests/:id', ...signedIn, transaction, cancel);
}
