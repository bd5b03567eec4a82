import { PasswordResetUseSchema, UsersCreateSchema, UsersPatchSchema, UsersRoleSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { preview, redeem } from './passwordResets';
import { agencies, changeRole, create, exportCsv, list, passwordReset, patch, resetTwoFactor, roles, setActive, show, stats } from './users';

/**
 * Users, roles and one-time password links for the super admin (issue 13). A link's own page is
 * public: the token (256 random bits, kept only as a hash) is what opens it.
 */
export function usersRoutes({ session }: { session: AppMiddleware }) {
  const admin = [session, authenticate, requirePermission('users:manage')] as const;
  return (
    new Router<AppState, AppContext>()
      // The fixed paths before /users/:id.
      .get('/users/stats', ...admin, stats)
      .get('/users/roles', ...admin, roles)
      .get('/users/agencies', ...admin, agencies)
      .get('/users', ...admin, list)
      .get('/users.csv', ...admin, exportCsv)
      .post('/users', ...admin, route(UsersCreateSchema, create))
      .get('/users/:id', ...admin, show)
      .patch('/users/:id', ...admin, transaction, route(UsersPatchSchema, patch))
      .post('/users/:id/deactivate', ...admin, transaction, setActive(false))
      .post('/users/:id/activate', ...admin, transaction, setActive(true))
      .patch('/users/:id/role', ...admin, transaction, route(UsersRoleSchema, changeRole))
      .post('/users/:id/password-reset', ...admin, transaction, passwordReset)
      .post('/users/:id/two-factor/reset', ...admin, transaction, resetTwoFactor)
      .get('/password-resets/:token', preview)
      .post('/password-resets/:token', route(PasswordResetUseSchema, redeem))
  );
}
