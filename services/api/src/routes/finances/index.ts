import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { byProperty, expensesByCategory, monthly, occupancy, summary } from './finances';

/**
 * Finances (finances:read is the 'transactions:read' action) and analytics (occupancy is property
 * data: 'properties:read'). Every figure is scoped to the user (queries/finances.ts).
 */
export function financesRoutes({ session }: { session: AppMiddleware }) {
  const finances = [session, authenticate, requirePermission('transactions:read')] as const;
  return new Router<AppState, AppContext>()
    .get('/finances/summary', ...finances, summary)
    .get('/finances/monthly', ...finances, monthly)
    .get('/finances/expenses-by-category', ...finances, expensesByCategory)
    .get('/finances/by-property', ...finances, byProperty)
    .get('/analytics/occupancy', session, authenticate, requirePermission('properties:read'), occupancy);
}
