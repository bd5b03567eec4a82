import { canAccessRoute } from './routes';

/** What of a notification says where it leads (api-contract Notification has these fields). */
export interface NotificationLink {
  relatedEntityType: string | null;
  relatedEntityId: number | null;
}

/** The screen each kind of related entity lives on. */
const TARGETS: Readonly<Record<string, (id: number) => string>> = {
  incident: (id) => `/incidents/${id}`,
  contract: (id) => `/contracts/${id}`,
  property: (id) => `/properties/${id}`,
  /** A lead: its page under /leads; the agent, who has no /leads, works it on its dashboard's pipeline. */
  lead: (id) => `/leads/${id}`,
  conversation: (id) => `/messages?conversation=${id}`,
  /** A request to manage a portfolio or a property: answered on the dashboard's 'Solicitudes' card. */
  consent_request: () => '/dashboard',
  /** An owner's invitation to an agency's portfolio, accepted or received: the properties. */
  owner_invitation: () => '/properties',
  /** A sign-in or a password change: the security tab of the user's own settings. */
  settings: () => '/settings?tab=seguridad',
  /** A scheduled report just generated (issue 33): the reports' Historial, where it is downloaded. */
  report: () => '/reports?tab=historial',
};

/** Where a kind goes for a role that cannot open its page: a lead, on the agent's pipeline. */
const FALLBACKS: Readonly<Record<string, string>> = { lead: '/dashboard' };

/**
 * Where opening a notification goes: its related entity's page when the role may open it, else its
 * kind's fallback (FALLBACKS) when there is one, else nowhere. The bell's menu and the notification
 * emails (issue 34) lead to the same place.
 */
export function notificationTarget(notification: NotificationLink, roleName: string | null): string | null {
  const { relatedEntityType: type, relatedEntityId: id } = notification;
  if (!type || id == null || !Object.prototype.hasOwnProperty.call(TARGETS, type)) return null;
  const target = TARGETS[type](id);
  if (canAccessRoute(roleName, target.split('?')[0])) return target;
  return FALLBACKS[type] && canAccessRoute(roleName, FALLBACKS[type]) ? FALLBACKS[type] : null;
}
