import type { RemoteDescriptor } from '@arrendia/api-contract';
import type { Remote } from '../models/Remote';

export function presentRemote(remote: Remote): RemoteDescriptor {
  return {
    name: remote.name,
    roles: remote.roles,
    manifestUrl: remote.manifestUrl,
    enabled: remote.enabled,
    version: remote.version,
    updatedAt: new Date(remote.updatedAt).toISOString(),
  };
}
