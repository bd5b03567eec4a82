import { menuFor, routeOf } from '@arrendia/permissions';
import { ROUTE_TITLES } from '@arrendia/remote-contract';

/** The header's title for a path: the role's menu label when it has one ('Mis Propiedades'), else the route's title. */
export function pageTitleFor(pathname: string, roleName: string | null): string {
  const route = routeOf(pathname);
  if (!route) return 'Página no encontrada';
  return menuFor(roleName).find((entry) => entry.path === route)?.label ?? ROUTE_TITLES[route];
}
