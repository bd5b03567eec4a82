import { IdSchema, TenantInvitationsListQuerySchema, type PendingTenantInvitation } from '@arrendia/api-contract';
import { z } from 'zod';
import { invitationLink, resendInvitation, revokeInvitation } from '../../commands/tenantInviter';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentTenantInvitation } from '../../presenters/tenant';
import { pendingInvitationRows, type PendingInvitationRow } from '../../queries/tenantInvitations';

const invitationIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/**
 * GET /api/tenant-invitations → the invitations of the contracts the user manages that are neither
 * accepted nor revoked (expired ones too, to send again), newest first, paged (X-Total-Count).
 */
export async function listPending(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(TenantInvitationsListQuerySchema, ctx.query);
  const rows = await paginate<PendingInvitationRow>(ctx, pendingInvitationRows(ctx.knex, currentUser(ctx), filters), { page, pageSize });
  const now = Date.now();
  ctx.set('Cache-Control', 'no-store');
  ctx.body = rows.map(
    (r): PendingTenantInvitation => ({
      ...r,
      expiresAt: new Date(r.expiresAt).toISOString(),
      createdAt: new Date(r.createdAt).toISOString(),
      expired: new Date(r.expiresAt).getTime() <= now,
    }),
  );
}

/** POST /api/tenant-invitations/:id/resend → the invitation with its new link (sent by email again). */
export async function resend(ctx: Ctx) {
  const { id, email, contractId, token, expiresAt } = await resendInvitation(ctx.state.trx!, currentUser(ctx), invitationIdOf(ctx), { publicUrl: ctx.config.publicUrl });
  ctx.body = presentTenantInvitation({ id, email, contractId, expiresAt, link: invitationLink(token) });
}

/** DELETE /api/tenant-invitations/:id → 204: the link stops working. */
export async function revoke(ctx: Ctx) {
  await revokeInvitation(ctx.state.trx!, currentUser(ctx), invitationIdOf(ctx));
  ctx.status = 204;
}
