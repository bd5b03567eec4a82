import type { ComponentType } from 'react';
import type { CurrentUser } from '@arrendia/api-contract';
import { routesFor, type AppRoute } from '@arrendia/permissions';
import { ROUTE_TITLES, SECTION_IN_PREPARATION } from '@arrendia/remote-contract';
import { NotFound, PageHeader } from '@arrendia/ui';
import { Link, Route, Routes } from 'react-router-dom';

export type PortalScreen = ComponentType<{ user: CurrentUser | null }>;

export interface PortalRoutesProps {
  user: CurrentUser | null;
  /**
   * The screens a portal has built, by route: its dashboard always (every portal has its role's
   * real one), the rest where built; a route without one shows its title and a notice.
   */
  screens: Partial<Record<AppRoute, PortalScreen>> & { '/dashboard': PortalScreen };
}

/**
 * The routes of a signed-in portal (relative to the shell's basePath): the role's dashboard on /
 * and /dashboard, a page for each route the role may open (and below it, for detail pages), and
 * 404 for the rest.
 */
export function PortalRoutes({ user, screens }: PortalRoutesProps) {
  const DashboardScreen = screens['/dashboard'];
  const sections = routesFor(user?.role?.roleName).filter((route) => route !== '/dashboard');
  return (
    <Routes>
      <Route index element={<DashboardScreen user={user} />} />
      <Route path="dashboard" element={<DashboardScreen user={user} />} />
      {sections.map((route) => {
        const Screen = screens[route];
        return (
          <Route
            key={route}
            path={`${route.slice(1)}/*`}
            element={Screen ? <Screen user={user} /> : <PageHeader title={ROUTE_TITLES[route]} description={SECTION_IN_PREPARATION} />}
          />
        );
      })}
      <Route path="*" element={<NotFound action={<Link to="/dashboard">Volver al dashboard</Link>} />} />
    </Routes>
  );
}
