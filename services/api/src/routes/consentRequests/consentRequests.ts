import { ConsentRequestsListQuerySchema, IdSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { acceptConsentRequest, cancelConsentRequest, declineConsentRequest, listConsentRequests } from '../../commands/consentRequests';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';

const idOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/** GET /api/consent-requests?direction=incoming|outgoing → the requests to answer, or those made. */
export async function list(ctx: Ctx) {
  const { direction } = parseInput(ConsentRequestsListQuerySchema, ctx.query);
  ctx.body = await listConsentRequests(ctx.knex, currentUser(ctx), direction);
}

/** POST /api/consent-requests/:id/accept → 200 with the request, Aceptada. */
export async function accept(ctx: Ctx) {
  ctx.body = await acceptConsentRequest(ctx.state.trx!, currentUser(ctx), idOf(ctx));
}

/** POST /api/consent-requests/:id/decline → 200 with the request, Rechazada. */
export async function decline(ctx: Ctx) {
  ctx.body = await declineConsentRequest(ctx.state.trx!, currentUser(ctx), idOf(ctx));
}

/** DELETE /api/consent-requests/:id → 200 with the request, Cancelada (only its asker). */
export async function cancel(ctx: Ctx) {
  ctx.body = await cancelConsentRequest(ctx.state.trx!, currentUser(ctx), idOf(ctx));
}
