import { lazy } from 'react';
import type { PortalScreen } from './PortalRoutes';

/**
 * A portal screen whose code loads the first time its route is opened, so a portal's first page
 * does not download every other page. While it loads, a first visit shows the shell's section
 * skeleton and a navigation keeps the previous screen (router updates are transitions).
 *
 *   '/contracts': lazyScreen(() => import('@arrendia/feature-contracts').then(({ ContractsScreen }) => ContractsScreen)),
 */
export function lazyScreen(load: () => Promise<PortalScreen>): PortalScreen {
  return lazy(async () => ({ default: await load() }));
}
