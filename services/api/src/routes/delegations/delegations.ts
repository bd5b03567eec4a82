import { IdSchema, PageQuerySchema, type DelegationsCreateSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { requestDelegation } from '../../commands/consentRequests';
import { revokeDelegation } from '../../commands/delegationGranter';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentConsentRequest } from '../../presenters/consentRequest';
import { presentDelegation, type DelegationRow } from '../../presenters/delegation';
import { madridDayBounds, madridMonthBounds } from '../../queries/dashboardMetrics';
import { delegationList } from '../../queries/delegations';

/** The instant this Madrid month began: a principal reported on since then is 'Al día'. */
const monthStart = () => madridDayBounds(madridMonthBounds().from).start;

/** GET /api/delegations → an owner's delegates, or a delegate's principals, newest first, paged. */
export async function list(ctx: Ctx) {
  const page = parseInput(PageQuerySchema, ctx.query);
  const rows = await paginate<DelegationRow>(ctx, delegationList(ctx.knex, currentUser(ctx)), page);
  const since = monthStart();
  ctx.body = rows.map((row) => presentDelegation(row, since));
}

/**
 * POST /api/delegations {delegateEmail} → 201 with the request: the delegation exists once the
 * propietario_delegado with that email accepts it (issue 30), and the answer is the same whether
 * or not such an account exists.
 */
export async function create(ctx: Ctx, input: z.output<typeof DelegationsCreateSchema>) {
  const request = await requestDelegation(ctx.state.trx!, currentUser(ctx), input.delegateEmail);
  ctx.status = 201;
  ctx.body = presentConsentRequest(request);
}

/** DELETE /api/delegations/:delegateUserId → 204. */
export async function remove(ctx: Ctx) {
  const { delegateUserId } = parseInput(z.object({ delegateUserId: IdSchema }), ctx.params);
  await revokeDelegation(ctx.state.trx!, currentUser(ctx), delegateUserId);
  ctx.status = 204;
}
