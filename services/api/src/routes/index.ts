import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext, AppMiddleware, AppState } from '../context';
import { HttpError, invalidJson, notFound, payloadTooLarge } from '../errors';
import { sessionMiddleware } from '../middlewares/session';
import { authRoutes } from './auth';
import { healthRoutes } from './health';
import { remotesRoutes } from './remotes';
import { searchRoutes } from './search';
import { badgesRoutes } from './badges';
import { eventsRoutes } from './events';
import { rentChargesRoutes } from './rentCharges';
import { tenantHomeRoutes } from './tenantHome';
import { propertiesRoutes } from './properties';
import { unitTypesRoutes } from './unitTypes';
import { dashboardRoutes } from './dashboard';
import { dashboardTrendsRoutes } from './dashboardTrends';
import { activityRoutes } from './activity';
import { tasksRoutes } from './tasks';
import { unitsRoutes } from './units';
import { listingsRoutes } from './listings';
import { ownerInvitationsRoutes } from './ownerInvitations';
import { contractsRoutes } from './contracts';
import { transactionCategoriesRoutes } from './transactionCategories';
import { financesRoutes } from './finances';
import { transactionsRoutes } from './transactions';
import { incidentsRoutes } from './incidents';
import { documentsRoutes } from './documents';
import { reportsRoutes } from './reports';
import { reportSchedulesRoutes } from './reportSchedules';
import { notificationsRoutes } from './notifications';
import { conversationsRoutes } from './conversations';
import { messagesRoutes } from './messages';
import { publicRoutes } from './public';
import { leadsRoutes } from './leads';
import { visitsRoutes } from './visits';
import { agentsRoutes } from './agents';
import { delegationsRoutes } from './delegations';
import { consentRequestsRoutes } from './consentRequests';
import { maintenanceRoutes } from './maintenance';
import { providersRoutes } from './providers';
import { tenantsRoutes } from './tenants';
import { agencyRoutes } from './agency';
import { agenciesRoutes } from './agencies';
import { usersRoutes } from './users';
import { auditLogRoutes } from './auditLog';
import { outboxRoutes } from './outbox';
import { importsRoutes } from './imports';
import { rentUpdatesRoutes } from './rentUpdates';
import { exportsRoutes } from './exports';
import { adminRoutes } from './admin';
import { settingsRoutes } from './settings';
import { accountRoutes } from './account';
import { indexValuesRoutes } from './indexValues';

/** JSON only, at most 1 MB; a body the parser refuses becomes our error, not its text. */
const json = bodyParser({
  enableTypes: ['json'],
  // DELETE too: a deletion that needs a reason carries it in its body (DELETE /api/transactions/:id).
  parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  jsonLimit: '1mb',
  onError(err) {
    const status = (err as { status?: number }).status;
    if (status === 413) throw payloadTooLarge();
    if (status === 415) throw new HttpError(415, 'unsupported_media_type', 'Codificación o juego de caracteres no admitidos');
    throw invalidJson();
  },
});

/** Every /api route. */
export function apiRouter(app: Koa<AppState, AppContext>) {
  const session = sessionMiddleware(app, app.context.knex, app.context.config, app.context.sessionCache);
  return new Router<AppState, AppContext>({ prefix: '/api' })
    .use(json as AppMiddleware)
    .use(healthRoutes().routes())
    .use(authRoutes({ session }).routes())
    .use(remotesRoutes({ session }).routes())
    .use(searchRoutes({ session }).routes())
    .use(badgesRoutes({ session }).routes())
    .use(eventsRoutes({ session }).routes())
    .use(incidentsRoutes({ session }).routes())
    .use(documentsRoutes({ session }).routes())
    .use(reportsRoutes({ session }).routes())
    .use(reportSchedulesRoutes({ session }).routes())
    .use(notificationsRoutes({ session }).routes())
    .use(conversationsRoutes({ session }).routes())
    .use(messagesRoutes({ session }).routes())
    .use(publicRoutes().routes())
    .use(propertiesRoutes({ session }).routes())
    .use(unitTypesRoutes({ session }).routes())
    .use(dashboardRoutes({ session }).routes())
    .use(dashboardTrendsRoutes({ session }).routes())
    .use(activityRoutes({ session }).routes())
    .use(tasksRoutes({ session }).routes())
    .use(unitsRoutes({ session }).routes())
    .use(listingsRoutes({ session }).routes())
    .use(ownerInvitationsRoutes({ session }).routes())
    .use(contractsRoutes({ session }).routes())
    .use(transactionsRoutes({ session }).routes())
    .use(financesRoutes({ session }).routes())
    .use(transactionCategoriesRoutes({ session }).routes())
    .use(leadsRoutes({ session }).routes())
    .use(visitsRoutes({ session }).routes())
    .use(agentsRoutes({ session }).routes())
    .use(delegationsRoutes({ session }).routes())
    .use(consentRequestsRoutes({ session }).routes())
    .use(maintenanceRoutes({ session }).routes())
    .use(providersRoutes({ session }).routes())
    .use(tenantsRoutes({ session }).routes())
    .use(agencyRoutes({ session }).routes())
    .use(agenciesRoutes({ session }).routes())
    .use(rentChargesRoutes({ session }).routes())
    .use(tenantHomeRoutes({ session }).routes())
    .use(usersRoutes({ session }).routes())
    .use(auditLogRoutes({ session }).routes())
    .use(outboxRoutes({ session }).routes())
    .use(importsRoutes({ session }).routes())
    .use(rentUpdatesRoutes({ session }).routes())
    .use(exportsRoutes({ session }).routes())
    .use(adminRoutes({ session }).routes())
    .use(settingsRoutes({ session }).routes())
    .use(indexValuesRoutes({ session }).routes())
    .use(accountRoutes({ session }).routes());
}

/** Whether a path belongs to the API; those never reach the static files. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Goes right after `router.routes()` and answers the /api requests no route took: a known path
 * with another method is a 405 (with Allow), anything else a 404, both in the error shape.
 */
export function apiFallback(router: Router<AppState, AppContext>): Koa.Middleware<AppState, AppContext> {
  const allowed = router.allowedMethods();
  return async (ctx, next) => {
    if (!isApiPath(ctx.path)) return next();
    await allowed(ctx as never, async () => {});
    // 501 is the router's answer to a method it does not know at all (PROPFIND…).
    if (ctx.status === 405 || ctx.status === 501) {
      throw new HttpError(405, 'method_not_allowed', 'Método no permitido en esta ruta', undefined, { Allow: ctx.response.get('Allow') });
    }
    if (ctx.body == null) throw notFound('Ruta no encontrada');
  };
}
