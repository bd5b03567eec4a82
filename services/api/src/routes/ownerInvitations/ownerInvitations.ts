import { ownerInvitationLink, type OwnerInvitationsCreateSchema, type TenantInvitationAcceptSchema } from '@arrendia/api-contract';
import type { z } from 'zod';
import { acceptOwnerInvitation, inviteOwner } from '../../commands/ownerInviter';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { startSession } from '../../middlewares/session';
import { presentCurrentUser } from '../../presenters/user';
import { ownerInvitationPreview } from '../../queries/ownerInvitations';

/** POST /api/owner-invitations → 201 with the one-time link to hand to the new owner. */
export async function invite(ctx: Ctx, input: z.output<typeof OwnerInvitationsCreateSchema>) {
  const { id, token, expiresAt, agencyName } = await inviteOwner(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = { id, email: input.email, firstName: input.firstName, lastName: input.lastName, agencyName, expiresAt: expiresAt.toISOString(), link: ownerInvitationLink(token) };
}

/** GET /api/owner-invitations/:token → what the invitee's page shows; 404 unknown, 410 used or expired. */
export async function preview(ctx: Ctx) {
  const { invitation, accountExists } = await ownerInvitationPreview(ctx.knex, String(ctx.params.token));
  ctx.set('Cache-Control', 'no-store');
  const { email, firstName, lastName, agencyName, expiresAt } = invitation;
  ctx.body = { email, firstName, lastName, agencyName, expiresAt: new Date(expiresAt).toISOString(), accountExists };
}

/** POST /api/owner-invitations/:token/accept → 200 with the owner, signed in (a new session id). */
export async function accept(ctx: Ctx, input: z.output<typeof TenantInvitationAcceptSchema>) {
  const owner = await acceptOwnerInvitation(ctx.knex, String(ctx.params.token), input, ctx.session?.userId);
  await startSession(ctx, owner.id);
  ctx.body = presentCurrentUser(owner);
}
