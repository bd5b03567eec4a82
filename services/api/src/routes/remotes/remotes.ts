import type { z } from 'zod';
import type { RemotesPatchSchema } from '@arrendia/api-contract';
import { updateRemote } from '../../commands/remoteUpdater';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { presentRemote, presentRemoteAdmin } from '../../presenters/remote';
import { checkAllRemotes, ownOrigin } from '../../queries/remoteHealth';
import { remoteList } from '../../queries/remotes';

/** GET /api/remotes → the enabled remotes the shell registers at start; public. */
export async function listEnabled(ctx: Ctx) {
  const remotes = await remoteList(ctx.knex, { enabledOnly: true });
  // Never cached: a remote switched off must disappear on the next page load.
  ctx.set('Cache-Control', 'no-store');
  ctx.body = remotes.map(presentRemote);
}

/**
 * GET /api/admin/remotes → every remote, enabled or not, each with its health: every manifest is
 * fetched now, in parallel, so the answer takes at most the check's timeout (3 s). A relative
 * manifest address is fetched from this request's own origin, as a browser here would.
 */
export async function listAll(ctx: Ctx) {
  await checkAllRemotes(ctx.knex, ownOrigin(ctx));
  const remotes = await remoteList(ctx.knex);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = remotes.map(presentRemoteAdmin);
}

/** PATCH /api/admin/remotes/:name → enables, disables or moves a remote. */
export async function update(ctx: Ctx, input: z.output<typeof RemotesPatchSchema>) {
  ctx.body = presentRemote(await updateRemote(ctx.state.trx!, currentUser(ctx), ctx.params.name, input));
}
