import type { RemotesPatchInput } from '@arrendia/api-contract';
import { UNDISABLEABLE_REMOTE } from '@arrendia/remote-contract';
import { conflict } from '../errors';
import type { Remote } from '../models/Remote';

/**
 * Changes a super admin may make to a remote (the role itself is checked by the route). The admin
 * portal stays enabled so that nobody locks the super admins out (decisions.md).
 */
export function authorizeRemoteUpdate(remote: Remote, patch: RemotesPatchInput): void {
  if (remote.name === UNDISABLEABLE_REMOTE && patch.enabled === false) {
    throw conflict('El portal de administración no se puede desactivar');
  }
}
