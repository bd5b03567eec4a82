import { TenantInvitationAcceptSchema, TenantInvitationsCreateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { erase } from './erasure';
import { listPending, resend, revoke } from './invitations';
import { accept, exportCsv, invite, list, preview } from './tenants';

/**
 * Tenants and their invitations (issue 11). The invitation's own page is public: the token (256
 * random bits, kept only as a hash) is what opens it.
 */
export function tenantsRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>()
    .get('/tenants', session, authenticate, requirePermission('tenants:read'), list)
    .post('/tenants/:id/erasure', session, authenticate, requirePermission('tenants:erase'), transaction, erase)
    .get('/tenants.csv', session, authenticate, requirePermission('tenants:read'), exportCsv)
    .get('/tenant-invitations', session, authenticate, requirePermission('tenants:invite'), listPending)
    .post('/tenant-invitations', session, authenticate, requirePermission('tenants:invite'), transaction, route(TenantInvitationsCreateSchema, invite))
    .post('/tenant-invitations/:id/resend', session, authenticate, requirePermission('tenants:invite'), transaction, resend)
    .delete('/tenant-invitations/:id', session, authenticate, requirePermission('tenants:invite'), transaction, revoke)
    .get('/tenant-invitations/:token', preview)
    .post('/tenant-invitations/:token/accept', session, route(TenantInvitationAcceptSchema, accept));
}
