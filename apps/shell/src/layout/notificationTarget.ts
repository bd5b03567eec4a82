import type { Notification } from '@arrendia/api-contract';
import { canAccessRoute } from '@arrendia/permissions';

/** The screen each kind of related entity lives on. */
const TARGETS: Readonly<Record<string, (id: number) => string>> = {
  incident: (id) => `/incidents/${id}`,
  contract: (id) => `/contracts/${id}`,
  property: (id) => `/properties/${id}`,
  conversation: (id) => `/messages?conversation=${id}`,
  /** A request to manage a portfolio or a property: answered on the dashboard's 'Solicitudes' card. */
  consent_request: () => '/dashboard',
  /** A sign-in or a password change: the security tab of the user's own settings. */
  settings: () => '/settings?tab=seguridad',
};

/** Where opening a notification goes: its related entity's page, when the role may open it; else nowhere. */
export function notificationTarget(notification: Pick<Notification, 'relatedEntityType' | 'relatedEntityId'>, roleName: string | null): string | null {
  const { relatedEntityType: type, relatedEntityId: id } = notification;
  if (!type || id == null || !Object.prototype.hasOwnProperty.call(TARGETS, type)) return null;
  const target = TARGETS[type](id);
  return canAccessRoute(roleName, target.split('?')[0]) ? target : null;
}
