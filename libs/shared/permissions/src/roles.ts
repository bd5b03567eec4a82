/** The six role names of the product (spec §6). */
export const ROLE_NAMES = [
  'super_admin',
  'propietario_individual',
  'admin_agencia',
  'agente',
  'propietario_delegado',
  'inquilino',
] as const;

export type RoleName = (typeof ROLE_NAMES)[number];

/** Aliases the dashboards accept for a role name (spec §2 and §6). */
export const ROLE_ALIASES: Readonly<Record<string, RoleName>> = {
  admin: 'super_admin',
  owner: 'propietario_individual',
  manager: 'admin_agencia',
  tenant: 'inquilino',
};

export const ROLE_LABELS: Readonly<Record<RoleName, string>> = {
  super_admin: 'Super Administrador',
  propietario_individual: 'Propietario Individual',
  admin_agencia: 'Administrador de Agencia',
  agente: 'Agente Inmobiliario',
  propietario_delegado: 'Propietario Delegado',
  inquilino: 'Inquilino',
};

/** Label shown for a role that is missing or unknown. */
export const FALLBACK_ROLE_LABEL = 'Usuario';

/** Resolves a role name or alias to its canonical name; null for anything else. */
export function canonicalRole(name: string | null | undefined): RoleName | null {
  if (!name) return null;
  if ((ROLE_NAMES as readonly string[]).includes(name)) return name as RoleName;
  return ROLE_ALIASES[name] ?? null;
}

export function roleLabel(name: string | null | undefined): string {
  const role = canonicalRole(name);
  return role ? ROLE_LABELS[role] : FALLBACK_ROLE_LABEL;
}

export type DashboardKind = 'admin' | 'owner' | 'agency' | 'agent' | 'delegated' | 'tenant';

const DASHBOARD_BY_ROLE: Readonly<Record<RoleName, DashboardKind>> = {
  super_admin: 'admin',
  propietario_individual: 'owner',
  admin_agencia: 'agency',
  agente: 'agent',
  propietario_delegado: 'delegated',
  inquilino: 'tenant',
};

/**
 * Which dashboard a role sees; null for a name that is none of the six roles. Spec §2's generic
 * dashboard for "any other role" is unreachable: an account always has one of the six (the roles
 * table is seeded with them), and a session without one gets the shell's NoRoleNotice (issue 33).
 */
export function dashboardKindFor(name: string | null | undefined): DashboardKind | null {
  const role = canonicalRole(name);
  return role ? DASHBOARD_BY_ROLE[role] : null;
}

/** Every name a stored role may carry for `role`: the canonical one and its aliases (a query matching users by role). */
export function roleNamesOf(role: RoleName): string[] {
  return [role, ...Object.keys(ROLE_ALIASES).filter((alias) => ROLE_ALIASES[alias] === role)];
}
