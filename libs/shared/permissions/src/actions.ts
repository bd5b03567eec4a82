import { canonicalRole, type RoleName } from './roles';
import { ROUTE_ACCESS } from './routes';

/** The people who run an agency's pipeline (leads, visits), and the super admin who oversees it. */
const AGENCY_STAFF: readonly RoleName[] = ['super_admin', 'admin_agencia', 'agente'];

const without = (roles: readonly RoleName[], ...drop: RoleName[]) => roles.filter((r) => !drop.includes(r));

/**
 * What each role may do through the API. Reads follow the route table (a role that may not open
 * a screen may not read its data either), with the extras the portals need: a tenant reads its
 * own payments; a delegated owner reads and records its principals' money for their reports.
 * Which rows are affected is a separate question, answered by the API's scope policy.
 */
export const ACTION_ACCESS = {
  'dashboard:read': ROUTE_ACCESS['/dashboard'],
  'properties:read': ROUTE_ACCESS['/properties'],
  'properties:write': ROUTE_ACCESS['/properties'],
  /** Putting an agent in charge of a property (issue 32): the agency's manager, the super admin. */
  'properties:assign': ['super_admin', 'admin_agencia'],
  /** Handing a property to an agency or taking it back (issue 32): its owner, the owner's delegate, the super admin. */
  'properties:agency': ['super_admin', 'propietario_individual', 'propietario_delegado'],
  /** Inviting a new owner to the agency's portfolio (issue 32): its staff; the owner joins by accepting the link. */
  'owners:invite': ['admin_agencia', 'agente'],
  'contracts:read': ROUTE_ACCESS['/contracts'],
  'contracts:write': without(ROUTE_ACCESS['/contracts'], 'inquilino'),
  'incidents:read': ROUTE_ACCESS['/incidents'],
  /** Reporting an incident: tenants too. */
  'incidents:report': ROUTE_ACCESS['/incidents'],
  /** Moving an incident's status: only the property's staff (decisions.md). */
  'incidents:manage': without(ROUTE_ACCESS['/incidents'], 'inquilino'),
  'transactions:read': [...ROUTE_ACCESS['/finances'], 'inquilino', 'propietario_delegado'],
  'transactions:write': [...ROUTE_ACCESS['/finances'], 'propietario_delegado'],
  'messages:use': ROUTE_ACCESS['/messages'],
  /** Monthly rent charges (issue 12): read by both sides of a contract; the tenant marks its transfer, the landlord's side confirms it. */
  'payments:read': ROUTE_ACCESS['/contracts'],
  'payments:mark': ['inquilino'],
  'payments:confirm': without(ROUTE_ACCESS['/contracts'], 'inquilino', 'agente'),
  /** The units of the properties a user manages (the contract form's choice): the staff of /contracts. */
  'units:read': without(ROUTE_ACCESS['/contracts'], 'inquilino'),
  'documents:read': ROUTE_ACCESS['/documents'],
  'documents:write': ROUTE_ACCESS['/documents'],
  'reports:read': ROUTE_ACCESS['/reports'],
  'reports:generate': ROUTE_ACCESS['/reports'],
  /** Delegating one's portfolio (decisions.md): the owner grants and revokes; the delegate and the super admin read. */
  'delegations:manage': ['propietario_individual'],
  'delegations:read': ['super_admin', 'propietario_individual', 'propietario_delegado'],
  'tenants:read': ROUTE_ACCESS['/tenants'],
  'tenants:invite': ROUTE_ACCESS['/tenants'],
  /**
   * Erasing a former tenant's personal data (issue 35): whoever manages its ended contract and answers
   * for it (the owner, the agency's manager, the super admin), not an agent nor a delegate.
   */
  'tenants:erase': ['super_admin', 'propietario_individual', 'admin_agencia'],
  'maintenance:read': ROUTE_ACCESS['/maintenance'],
  'maintenance:write': ROUTE_ACCESS['/maintenance'],
  /** The agency manager's dashboard figures (the super admin sees them over every agency). */
  'agency:overview': ['super_admin', 'admin_agencia'],
  /** The agency's own settings: its commission rate and each agent's monthly target (issue 11). */
  'agency:manage': ['admin_agencia'],
  'leads:manage': AGENCY_STAFF,
  /**
   * The leads of one's properties (issue 32): the agency's staff those of its agency, an owner (and
   * its delegate) those of its own properties, whoever manages them; the super admin every one.
   */
  'leads:handle': [...AGENCY_STAFF, 'propietario_individual', 'propietario_delegado'],
  'visits:manage': AGENCY_STAFF,
  /** The run-time registry of remotes: the super admin only (decisions.md). */
  'remotes:manage': ROUTE_ACCESS['/modules'],
  /** Every agency of the platform: create one, deactivate or reactivate it (issue 32). */
  'agencies:manage': ROUTE_ACCESS['/users'],
  /** An agency's data: any agency for the super admin, its own for the agency manager (issue 32). */
  'agencies:edit': [...ROUTE_ACCESS['/users'], 'admin_agencia'],
  /** Users, roles and one-time password links (issue 13). */
  'users:manage': ROUTE_ACCESS['/users'],
  /** The audit log viewer and its CSV export (issue 13). */
  'audit:read': ROUTE_ACCESS['/audit-log'],
  /** The mail outbox (issue 34): what was sent, is waiting or failed, and what would be sent without a server. */
  'outbox:read': ROUTE_ACCESS['/outbox'],
  /**
   * Importing a portfolio from a spreadsheet (issue 35): an owner into its own account, an agency's
   * manager into its agency's, the super admin into any owner's or agency's.
   */
  'imports:write': ['super_admin', 'admin_agencia', 'propietario_individual'],
  /**
   * Rent updates (issue 36): the landlord side of a contract reviews, lowers or discards the annual
   * update and sends the tenant's notice (an agent only for the properties in its charge).
   */
  /**
   * Downloading a document: staff those of their records, a tenant those of its own contracts and
   * incidents (its contract's page and its rent update notices link to them; policies/scope).
   */
  'documents:download': ROUTE_ACCESS['/settings'],
  'rent-updates:manage': without(ROUTE_ACCESS['/contracts'], 'inquilino'),
  /** The index values the updates read (IPC, IGC, IRAV): the super admin adds each month's. */
  'index-values:write': ['super_admin'],
  /** The platform overview of the admin dashboard and the portfolio by rental type (issue 13). */
  'platform:overview': ROUTE_ACCESS['/apartments-management'],
  /** Every user's own account: profile, photo, preferences, password, sessions (issue 13). */
  'settings:own': ROUTE_ACCESS['/settings'],
} as const satisfies Record<string, readonly RoleName[]>;

export type Action = keyof typeof ACTION_ACCESS;

/** Whether a role (name or alias) may perform an action; a user with no role may do nothing. */
export function can(roleName: string | null | undefined, action: Action): boolean {
  const role = canonicalRole(roleName);
  return role !== null && (ACTION_ACCESS[action] as readonly RoleName[]).includes(role);
}
