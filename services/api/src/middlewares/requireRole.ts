import { canonicalRole, type RoleName } from '@arrendia/permissions';
import type { AppMiddleware } from '../context';
import { forbidden } from '../errors';
import { currentUser } from './authenticate';

/** Lets through only users whose role (or alias) is one of `roles`; goes after `authenticate`. */
export function requireRole(...roles: RoleName[]): AppMiddleware {
  return async (ctx, next) => {
    const role = canonicalRole(currentUser(ctx).role?.roleName);
    if (!role || !roles.includes(role)) throw forbidden();
    await next();
  };
}
