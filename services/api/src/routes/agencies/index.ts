import { AgenciesCreateSchema, AgenciesPatchSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { create, directory, list, patch } from './agencies';

/**
 * The agencies of the platform (issue 32): the super admin lists, creates, edits, deactivates and
 * reactivates every agency; an agency manager reads and edits its own (the command keeps it there).
 */
export function agenciesRoutes({ session }: { session: AppMiddleware }) {
  const edit = [session, authenticate, requirePermission('agencies:edit')] as const;
  return new Router<AppState, AppContext>()
    .get('/agencies', ...edit, list)
    // Owners (their delegates, the super admin) choosing the agency to hand a property to.
    .get('/agencies/directory', session, authenticate, requirePermission('properties:agency'), directory)
    .post('/agencies', session, authenticate, requirePermission('agencies:manage'), transaction, route(AgenciesCreateSchema, create))
    .patch('/agencies/:id', ...edit, transaction, route(AgenciesPatchSchema, patch));
}
