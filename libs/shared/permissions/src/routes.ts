import { canonicalRole, ROLE_NAMES, type RoleName } from './roles';

/** Every guarded signed-in route (spec §2 and §6). */
export const APP_ROUTES = [
  '/dashboard',
  '/properties',
  '/tenants',
  '/contracts',
  '/finances',
  '/incidents',
  '/messages',
  '/leads',
  '/documents',
  '/users',
  '/analytics',
  '/reports',
  '/maintenance',
  '/settings',
  '/apartments-management',
  '/rooms-management',
  '/modules',
  '/audit-log',
  '/outbox',
  '/index-values',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

const STAFF: readonly RoleName[] = ['super_admin', 'propietario_individual', 'admin_agencia', 'agente'];

/**
 * The route-access table of spec §6, as amended by decisions.md: propietario_delegado may also open
 * /properties, /contracts, /reports and /incidents (the menu wins over the table).
 */
export const ROUTE_ACCESS: Readonly<Record<AppRoute, readonly RoleName[]>> = {
  '/dashboard': ROLE_NAMES,
  '/messages': ROLE_NAMES,
  '/settings': ROLE_NAMES,
  '/properties': [...STAFF, 'propietario_delegado'],
  '/tenants': STAFF,
  '/documents': STAFF,
  '/maintenance': STAFF,
  '/contracts': [...STAFF, 'inquilino', 'propietario_delegado'],
  '/incidents': [...STAFF, 'inquilino', 'propietario_delegado'],
  '/finances': ['super_admin', 'propietario_individual', 'admin_agencia'],
  '/analytics': ['super_admin', 'propietario_individual', 'admin_agencia'],
  '/reports': ['super_admin', 'propietario_individual', 'admin_agencia', 'propietario_delegado'],
  /** The leads of one's properties (issue 32); the agent works its own on its dashboard's pipeline. */
  '/leads': ['super_admin', 'propietario_individual', 'admin_agencia', 'propietario_delegado'],
  '/apartments-management': ['super_admin'],
  '/rooms-management': ['super_admin'],
  '/users': ['super_admin'],
  /** The run-time registry of remotes ('Módulos'; /remotes/* serves the remotes' files) and the audit log viewer (issue 13). */
  '/modules': ['super_admin'],
  '/audit-log': ['super_admin'],
  /** The mail outbox (issue 34). */
  '/outbox': ['super_admin'],
  /** The index values the rent updates read (issue 36): the super admin adds each month's or reads them from the INE. */
  '/index-values': ['super_admin'],
};

/** The guarded route a path belongs to ('/properties/12' → '/properties'), or null. */
export function routeOf(pathname: string): AppRoute | null {
  const first = '/' + (pathname.split('/').filter(Boolean)[0] ?? '');
  if (first === '/') return '/dashboard';
  return (APP_ROUTES as readonly string[]).includes(first) ? (first as AppRoute) : null;
}

/** Whether a role (name or alias) may open a path. A user with no role has no access. */
export function canAccessRoute(roleName: string | null | undefined, pathname: string): boolean {
  const role = canonicalRole(roleName);
  const route = routeOf(pathname);
  if (!role || !route) return false;
  return ROUTE_ACCESS[route].includes(role);
}

/** The guarded routes a role may open, in the table's order. */
export function routesFor(roleName: string | null | undefined): AppRoute[] {
  const role = canonicalRole(roleName);
  if (!role) return [];
  return APP_ROUTES.filter((route) => ROUTE_ACCESS[route].includes(role));
}

/**
 * Routes a signed-out visitor may open (spec §2); the public-site remote renders them.
 * /properties-management is the page /rental-types links to for large portfolios.
 */
/**
 * The visitor's pages; /invitacion/:token is where an invited tenant sets its password (issue 11),
 * /invitacion-propietario/:token where an owner an agency invited does (issue 32),
 * /verificar-correo/:token where an emailed link confirms an address (issue 34),
 * /privacidad the privacy policy: what is kept after an erasure, why and for how long (issue 35).
 */
export const PUBLIC_ROUTES = [
  '/',
  '/alquiler',
  '/property/:id',
  '/rental-types',
  '/rooms-management',
  '/apartments-management',
  '/properties-management',
  '/invitacion/:token',
  '/invitacion-propietario/:token',
  '/restablecer/:token',
  '/verificar-correo/:token',
  '/privacidad',
] as const;

/**
 * The public routes a signed-in user opens too: an invitation, password or email-confirmation link
 * works whoever opens it (issues 11, 13, 32, 34); the privacy policy is for everyone (issue 35).
 */
export const OPEN_ROUTES = ['/invitacion/:token', '/invitacion-propietario/:token', '/restablecer/:token', '/verificar-correo/:token', '/privacidad'] as const satisfies readonly (typeof PUBLIC_ROUTES)[number][];

/** Whether `pathname` matches one of `routes` (a `:param` is one non-empty segment). */
function matchesAny(routes: readonly string[], pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return routes.some((route) => {
    if (!route.includes(':')) return route === clean;
    const prefix = route.slice(0, route.indexOf(':'));
    return clean.startsWith(prefix) && clean.length > prefix.length && !clean.slice(prefix.length).includes('/');
  });
}

/** Whether a path is one of the public routes. */
export function isPublicPath(pathname: string): boolean {
  return matchesAny(PUBLIC_ROUTES, pathname);
}

/** Whether a path is a public route that a signed-in user also opens (the public site renders it). */
export function isOpenPath(pathname: string): boolean {
  return matchesAny(OPEN_ROUTES, pathname);
}

/** The query parameter that makes /incidents open its new-incident form at once. */
export const NEW_INCIDENT_PARAM = 'nueva';
/** /incidents with the new-incident form open: the tenant's 'Reportar Incidencia' wherever it is offered. */
export const NEW_INCIDENT_PATH = `/incidents?${NEW_INCIDENT_PARAM}=1`;
