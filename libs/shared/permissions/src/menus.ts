import { canonicalRole, type RoleName } from './roles';
import type { AppRoute } from './routes';

/** A badge the shell fills with a live count from the API. */
export type MenuBadge = 'openIncidents' | 'unreadMessages';

export interface MenuEntry {
  path: AppRoute;
  label: string;
  /** Name of the icon the shell draws. */
  icon: string;
  badge?: MenuBadge;
}

const e = (path: AppRoute, label: string, icon: string, badge?: MenuBadge): MenuEntry =>
  badge ? { path, label, icon, badge } : { path, label, icon };

const DASHBOARD = e('/dashboard', 'Dashboard', 'home');
const TENANTS = e('/tenants', 'Inquilinos', 'users');
const CONTRACTS = e('/contracts', 'Contratos', 'file');
const FINANCES = e('/finances', 'Finanzas', 'euro');
const INCIDENTS = e('/incidents', 'Incidencias', 'alert', 'openIncidents');
const MESSAGES = e('/messages', 'Mensajes', 'message', 'unreadMessages');
/** The leads of one's properties (issue 32); the agent has its pipeline on its dashboard instead. */
const LEADS = e('/leads', 'Clientes Potenciales', 'user');
const DOCUMENTS = e('/documents', 'Documentos', 'folder');
const ANALYTICS = e('/analytics', 'Analíticas', 'chart');
const REPORTS = e('/reports', 'Reportes', 'report');
const MAINTENANCE = e('/maintenance', 'Mantenimiento', 'wrench');

/**
 * The sidebar menu of each role (spec §2). 'Configuración' and 'Cerrar Sesión' follow every menu
 * and are drawn by the shell itself.
 */
export const MENUS: Readonly<Record<RoleName, readonly MenuEntry[]>> = {
  super_admin: [
    DASHBOARD,
    e('/properties', 'Propiedades', 'building'),
    TENANTS,
    CONTRACTS,
    FINANCES,
    INCIDENTS,
    MESSAGES,
    LEADS,
    DOCUMENTS,
    e('/users', 'Usuarios', 'shield'),
    ANALYTICS,
    REPORTS,
    MAINTENANCE,
    e('/apartments-management', 'Gestión de Apartamentos', 'building'),
    e('/rooms-management', 'Gestión de Habitaciones', 'bed'),
    e('/modules', 'Módulos', 'plug'),
    e('/audit-log', 'Auditoría', 'history'),
    e('/outbox', 'Correo saliente', 'mail'),
    e('/index-values', 'Índices de actualización', 'chart'),
  ],
  propietario_individual: [
    DASHBOARD,
    e('/properties', 'Mis Propiedades', 'building'),
    TENANTS,
    CONTRACTS,
    FINANCES,
    INCIDENTS,
    MESSAGES,
    LEADS,
    DOCUMENTS,
    ANALYTICS,
    REPORTS,
    MAINTENANCE,
  ],
  admin_agencia: [
    DASHBOARD,
    e('/properties', 'Cartera Gestionada', 'building'),
    TENANTS,
    CONTRACTS,
    FINANCES,
    INCIDENTS,
    MESSAGES,
    LEADS,
    DOCUMENTS,
    ANALYTICS,
    REPORTS,
    MAINTENANCE,
  ],
  agente: [DASHBOARD, e('/properties', 'Propiedades', 'building'), TENANTS, CONTRACTS, INCIDENTS, MESSAGES, DOCUMENTS, MAINTENANCE],
  propietario_delegado: [
    e('/properties', 'Propiedades', 'building'),
    LEADS,
    CONTRACTS,
    REPORTS,
    INCIDENTS,
    MESSAGES,
  ],
  inquilino: [DASHBOARD, e('/contracts', 'Mi Contrato', 'file'), INCIDENTS, MESSAGES],
};

export const SETTINGS_LABEL = 'Configuración';
export const LOGOUT_LABEL = 'Cerrar Sesión';

/** The menu of a role (name or alias); empty for a user with no role. */
export function menuFor(roleName: string | null | undefined): readonly MenuEntry[] {
  const role = canonicalRole(roleName);
  return role ? MENUS[role] : [];
}
