import type { RemotesPatchInput } from '@arrendia/api-contract';
import { updateRemote } from '../../commands/remoteUpdater';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { Remote } from '../../models/Remote';
import { presentRemote } from '../../presenters/remote';

/** GET /api/remotes → the enabled remotes the shell registers at start; public. */
export async function listEnabled(ctx: Ctx) {
  const remotes = await Remote.query(ctx.knex).where({ enabled: true }).orderBy('name');
  // Never cached: a remote switched off must disappear on the next page load.
  ctx.set('Cache-Control', 'no-store');
  ctx.body = remotes.map(presentRemote);
}

/** GET /api/admin/remotes → every remote, enabled or not. */
export async function listAll(ctx: Ctx) {
  const remotes = await Remote.query(ctx.knex).orderBy('name');
  ctx.set('Cache-Control', 'no-store');
  ctx.body = remotes.map(presentRemote);
}

/** PATCH /api/admin/remotes/:name → enables, disables or moves a remote. */
export async function update(ctx: Ctx) {
  ctx.body = presentRemote(await updateRemote(ctx.state.trx!, currentUser(ctx), ctx.params.name, ctx.state.input as RemotesPatchInput));
}
