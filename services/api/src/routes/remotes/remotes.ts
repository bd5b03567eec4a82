import type { RemotesPatchInput } from '@arrendia/api-contract';
import { audit } from '../../audit';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { Remote } from '../../models/Remote';
import { authorizeRemoteUpdate } from '../../policies/remote';
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
  const patch = ctx.state.input as RemotesPatchInput;
  const trx = ctx.state.trx!;
  const remote = await Remote.query(trx).findById(ctx.params.name).forUpdate();
  if (!remote) throw notFound('No existe ningún remoto con ese nombre');
  authorizeRemoteUpdate(remote, patch);

  const before = Object.fromEntries(Object.keys(patch).map((key) => [key, remote[key as keyof RemotesPatchInput]]));
  const updated = await Remote.query(trx).patchAndFetchById(remote.name, patch);
  await audit(trx, {
    userId: currentUser(ctx).id,
    action: 'update',
    tableName: 'remotes',
    recordId: remote.name,
    oldValues: before,
    newValues: patch,
  });
  ctx.body = presentRemote(updated);
}
