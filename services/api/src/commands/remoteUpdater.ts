import type { RemotesPatchInput } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { Pojo } from 'objection';
import { audit } from '../audit';
import { Remote } from '../models/Remote';
import type { User } from '../models/User';
import { loadInScope } from '../policies/inScope';
import { authorizeRemoteUpdate } from '../policies/remote';

/** Enables, disables or moves a remote of the run-time registry (admin-portal cannot be switched off). */
export async function updateRemote(trx: Knex.Transaction, user: User, name: string, patch: RemotesPatchInput): Promise<Remote> {
  const remote = Remote.fromDatabaseJson(await loadInScope<Pojo>(trx('remotes').where('remotes.name', name), { lock: true, notFound: 'No existe ningún remoto con ese nombre' }));
  authorizeRemoteUpdate(remote, patch);

  const before = Object.fromEntries(Object.keys(patch).map((key) => [key, remote[key as keyof RemotesPatchInput]]));
  const updated = await Remote.query(trx).patchAndFetchById(remote.name, patch);
  await audit(trx, { userId: user.id, action: 'update', tableName: 'remotes', recordId: remote.name, oldValues: before, newValues: patch });
  return updated;
}
