import { can, type Action } from '@arrendia/permissions';
import type { AppMiddleware } from '../context';
import { forbidden } from '../errors';
import { currentUser } from './authenticate';

/** 403 unless the user's role may perform `action` (the shared ACTION_ACCESS table); after `authenticate`. */
export function requirePermission(action: Action): AppMiddleware {
  return async (ctx, next) => {
    if (!can(currentUser(ctx).role?.roleName, action)) throw forbidden();
    await next();
  };
}
