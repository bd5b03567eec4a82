import type { RemoteAdmin, RemoteDescriptor } from '@arrendia/api-contract';
import type { Remote } from '../models/Remote';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function presentRemote(remote: Remote): RemoteDescriptor {
  return {
    name: remote.name,
    roles: remote.roles,
    manifestUrl: remote.manifestUrl,
    enabled: remote.enabled,
    version: remote.version,
    updatedAt: iso(remote.updatedAt)!,
  };
}

/** The registry screen's row: the descriptor plus the last health check (issue 13). */
export function presentRemoteAdmin(remote: Remote): RemoteAdmin {
  return {
    ...presentRemote(remote),
    health: { ok: remote.healthOk, latencyMs: remote.healthLatencyMs, error: remote.healthError, checkedAt: iso(remote.healthCheckedAt) },
  };
}
