import { ConsentRequestsListQuerySchema, IdSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { acceptConsentRequest, cancelConsentRequest, declineConsentRequest } from '../../commands/consentRequests';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentConsentRequest, type ConsentRequestRow } from '../../presenters/consentRequest';
import { consentRequestRows } from '../../queries/consentRequests';

const idOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/** GET /api/consent-requests?direction=incoming|outgoing&kind=&status= → the requests to answer, or those made, paged (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { direction, kind, status, ...page } = parseInput(ConsentRequestsListQuerySchema, ctx.query);
  const rows = await paginate<ConsentRequestRow>(ctx, consentRequestRows(ctx.knex, currentUser(ctx), { direction, kind, status }), page);
  ctx.body = rows.map(presentConsentRequest);
}

/** POST /api/consent-requests/:id/accept → 200 with the request, Aceptada. */
export async function accept(ctx: Ctx) {
  ctx.body = presentConsentRequest(await acceptConsentRequest(ctx.state.trx!, currentUser(ctx), idOf(ctx)));
}

/** POST /api/consent-requests/:id/decline → 200 with the request, Rechazada. */
export async function decline(ctx: Ctx) {
  ctx.body = presentConsentRequest(await declineConsentRequest(ctx.state.trx!, currentUser(ctx), idOf(ctx)));
}

/** DELETE /api/consent-requests/:id → 200 with the request, Cancelada (only its asker). */
export async function cancel(ctx: Ctx) {
  ctx.body = presentConsentRequest(await cancelConsentRequest(ctx.state.trx!, currentUser(ctx), idOf(ctx)));
}
