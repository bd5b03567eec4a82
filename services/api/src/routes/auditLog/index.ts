import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { exportCsv, facets, list } from './auditLog';

/** The audit log viewer and its CSV export (issue 13), for the super admin. */
export function auditLogRoutes({ session }: { session: AppMiddleware }) {
  const reader = [session, authenticate, requirePermission('audit:read')];
  return new Router<AppState, AppContext>()
    .get('/admin/audit-log', ...reader, list)
    .get('/admin/audit-log/facets', ...reader, facets)
    .get('/admin/audit-log.csv', ...reader, (ctx) => exportCsv(ctx));
}
