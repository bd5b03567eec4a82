import type { ComponentType } from 'react';
import type { CurrentUser } from '@arrendia/api-contract';
import type { RoleName } from '@arrendia/permissions';

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

/** Where a remote's manifest lives when the API serves it itself: relative, so any host works. */
export function defaultManifestUrl(remote: RemoteName): string {
  return `/remotes/${remote}/mf-manifest.json`;
}

/** The remote that serves a role, or null for an unknown role. */
export function remoteForRole(roleName: string | null | undefined): RemoteName | null {
  if (!roleName) return 'public-site';
  for (const name of REMOTE_NAMES) {
    if ((REMOTE_ROLES[name] as readonly string[]).includes(roleName)) return name;
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
