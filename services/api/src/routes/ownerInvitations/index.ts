import { OwnerInvitationsCreateSchema, TenantInvitationAcceptSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { accept, invite, preview } from './ownerInvitations';

/**
 * Owners an agency invites to its portfolio (issue 32, point 1), as tenants are invited: the
 * invitation's page is public, the token (256 random bits, kept only as a hash) is what opens it.
 */
export function ownerInvitationsRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>()
    .post('/owner-invitations', session, authenticate, requirePermission('owners:invite'), transaction, route(OwnerInvitationsCreateSchema, invite))
    .get('/owner-invitations/:token', preview)
    .post('/owner-invitations/:token/accept', session, route(TenantInvitationAcceptSchema, accept));
}
