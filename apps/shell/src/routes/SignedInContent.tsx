import type { CurrentUser } from '@arrendia/api-contract';
import { canonicalRole, routeOf } from '@arrendia/permissions';
import { remoteForRole } from '@arrendia/remote-contract';
import { NotFound } from '@arrendia/ui';
import { Link, useLocation } from 'react-router-dom';
import { NoRoleNotice } from './NoRoleNotice';
import { RemoteOutlet } from '../remotes/RemoteOutlet';
import { RoleGuard } from './RoleGuard';

/**
 * The content area of a signed-in page: the role's remote on / and every guarded route, the 404
 * page for any other path, a notice for a user with no (known) role.
 */
export function SignedInContent({ user }: { user: CurrentUser }) {
  const { pathname } = useLocation();
  const role = canonicalRole(user.role?.roleName);
  if (!role) return <NoRoleNotice />;
  if (!routeOf(pathname)) return <NotFound action={<Link to="/dashboard">Volver al inicio</Link>} />;

  const remote = remoteForRole(role);
  return <RoleGuard roleName={role}>{remote && <RemoteOutlet name={remote} user={user} />}</RoleGuard>;
}
