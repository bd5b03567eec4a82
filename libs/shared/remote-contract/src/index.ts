import type { ComponentType } from 'react';
import type { CurrentUser } from '@arrendia/api-contract';
import { canonicalRole, type AppRoute, type DashboardKind, type RoleName } from '@arrendia/permissions';

/** The five federated remotes, one per audience (decisions.md). */
export const REMOTE_NAMES = ['public-site', 'owner-portal', 'agency-portal', 'tenant-portal', 'admin-portal'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The module every remote exposes; its default export is a `RemoteApp`. */
export const REMOTE_EXPOSED_MODULE = './App';

/** Roles each remote serves; public-site serves signed-out visitors (no role). */
export const REMOTE_ROLES: Readonly<Record<RemoteName, readonly RoleName[]>> = {
  'public-site': [],
  'owner-portal': ['propietario_individual'],
  'agency-portal': ['admin_agencia', 'agente', 'propietario_delegado'],
  'tenant-portal': ['inquilino'],
  'admin-portal': ['super_admin'],
};

/** The remote nobody may disable, so a super admin is never locked out. */
export const UNDISABLEABLE_REMOTE: RemoteName = 'admin-portal';

/** Federation container name of a remote ('owner-portal' → 'owner_portal'). */
export function federationName(remote: string): string {
  return remote.replace(/-/g, '_');
}

/** The remote that serves a role (name or alias: 'owner' → owner-portal), or null for an unknown role. */
export function remoteForRole(roleName: string | null | undefined): RemoteName | null {
  if (!roleName) return 'public-site';
  const role = canonicalRole(roleName);
  if (!role) return null;
  for (const name of REMOTE_NAMES) {
    if (REMOTE_ROLES[name].includes(role)) return name;
  }
  return null;
}

/** Props the shell passes to the component a remote exposes. */
export interface RemoteAppProps {
  /** The signed-in user, or null for a visitor. */
  user: CurrentUser | null;
  /** The path under which the shell mounts the remote (routes inside are relative to it). */
  basePath: string;
}

export type RemoteApp = ComponentType<RemoteAppProps>;

/** What a remote module looks like once loaded. */
export interface RemoteModule {
  default: RemoteApp;
}

/** Page title of every guarded route: the shell's header and the portals' pages agree on it. */
export const ROUTE_TITLES: Readonly<Record<AppRoute, string>> = {
  '/dashboard': 'Dashboard',
  '/properties': 'Propiedades',
  '/tenants': 'Inquilinos',
  '/contracts': 'Contratos',
  '/finances': 'Finanzas',
  '/incidents': 'Incidencias',
  '/messages': 'Mensajes',
  '/leads': 'Clientes Potenciales',
  '/documents': 'Documentos',
  '/users': 'Usuarios',
  '/analytics': 'Analíticas',
  '/reports': 'Reportes',
  '/maintenance': 'Mantenimiento',
  '/settings': 'Configuración',
  '/apartments-management': 'Gestión de Apartamentos',
  '/rooms-management': 'Gestión de Habitaciones',
  '/modules': 'Módulos',
  '/audit-log': 'Registro de Auditoría',
  '/outbox': 'Correo saliente',
  '/index-values': 'Índices de actualización',
};

/** The heading of each role's dashboard, as spec §2 names it. */
export const DASHBOARD_TITLES: Readonly<Record<DashboardKind, string>> = {
  admin: 'Dashboard Administrativo',
  owner: 'Dashboard del Propietario',
  agency: 'Dashboard del Gestor de Agencia',
  agent: 'Dashboard del Agente',
  delegated: 'Dashboard del Propietario Delegado',
  tenant: 'Mi Alquiler',
};

/** The line a portal shows on a section whose screen is still being built. */
export const SECTION_IN_PREPARATION = 'Estamos preparando esta sección. Muy pronto podrás trabajar aquí con tus datos.';
