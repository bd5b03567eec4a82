import { TenantsListQuerySchema, type TenantInvitationAcceptSchema, type TenantInvitationsCreateSchema } from '@arrendia/api-contract';
import type { z } from 'zod';
import { acceptTenantInvitation, invitationLink, inviteTenant } from '../../commands/tenantInviter';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { startSession } from '../../middlewares/session';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { TENANTS_SHEET } from '../../csv/sheets';
import { listPage } from '../../pagination';
import { requestScope, tenantsOf } from '../../listSources';
import { presentInvitationPreview, presentTenantInvitation } from '../../presenters/tenant';
import { presentCurrentUser } from '../../presenters/user';
import { invitationPreview } from '../../queries/tenantInvitations';

/** GET /api/tenants → one row per tenant and contract the user may see, current contracts first or by ?sort=, paged (X-Total-Count); filters q, status. */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(TenantsListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, tenantsOf(requestScope(ctx), filters), { page, pageSize });
}

/** GET /api/tenants.csv → the whole list under the same filters and order, as a CSV (csv/listCsv). */
export const exportCsv = listCsv(TenantsListQuerySchema, TENANTS_SHEET, tenantsOf);

/** POST /api/tenant-invitations → 201 with the one-time link, which also goes to the invitee by email. */
export async function invite(ctx: Ctx, input: z.output<typeof TenantInvitationsCreateSchema>) {
  const { id, token, expiresAt } = await inviteTenant(ctx.state.trx!, currentUser(ctx), input, { publicUrl: ctx.config.publicUrl });
  ctx.status = 201;
  ctx.body = presentTenantInvitation({ id, email: input.email, contractId: input.contractId, expiresAt, link: invitationLink(token) });
}

/** GET /api/tenant-invitations/:token → what the invitee's page shows; 404 unknown, 410 used or expired. */
export async function preview(ctx: Ctx) {
  const { invitation, accountExists } = await invitationPreview(ctx.knex, String(ctx.params.token));
  ctx.set('Cache-Control', 'no-store');
  ctx.body = presentInvitationPreview(invitation, accountExists);
}

/** POST /api/tenant-invitations/:token/accept → 200 with the tenant, signed in (a new session id). */
export async function accept(ctx: Ctx, input: z.output<typeof TenantInvitationAcceptSchema>) {
  const tenant = await acceptTenantInvitation(ctx.knex, String(ctx.params.token), input, ctx.session?.userId);
  await startSession(ctx, tenant.id);
  ctx.body = presentCurrentUser(tenant);
}
