import { USER_PLANS, planForRole, type Settings, type UserSession } from '@arrendia/api-contract';
import { notificationPreferences } from '../commands/accountSettings';
import { recoveryCodesLeft, twoFactorOn } from '../commands/twoFactorSettings';
import { describeDevice } from '../commands/userRegistrar';
import type { User } from '../models/User';

/**
 * The four tabs of Configuración: profile (with the new address waiting for its link), notifications,
 * security and billing (its plan, and the properties it counts).
 */
export function presentSettings(user: User, properties: number, pendingEmail: string | null): Settings {
  const planId = planForRole(user.role?.roleName);
  const plan = USER_PLANS[planId];
  return {
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      telefono: user.telefono,
      nifCif: user.nifCif,
      direccionFiscal: user.direccionFiscal,
      ibanBancaria: user.ibanBancaria,
      profileImageUrl: user.profileImageUrl,
      pendingEmail,
    },
    notifications: notificationPreferences(user),
    security: {
      sessionTimeoutMinutes: user.sessionTimeoutMinutes,
      loginNotifications: user.loginNotifications,
      lastPasswordChange: user.lastPasswordChange ? new Date(user.lastPasswordChange).toISOString() : null,
      twoFactorEnabled: twoFactorOn(user),
      recoveryCodesLeft: recoveryCodesLeft(user),
    },
    billing: { plan: { id: planId, ...plan }, properties },
  };
}

const iso = (ms: unknown) => (typeof ms === 'number' ? new Date(ms).toISOString() : null);

/** The user's open sessions (their handle and stored data), the one with `currentKey` first, then the most recently used. */
export function presentUserSessions(sessions: { handle: string; data: Record<string, unknown> }[], currentKey: string | undefined): UserSession[] {
  const list = sessions.map(
    ({ handle, data }): UserSession => ({
      id: handle,
      current: Boolean(currentKey) && data.key === currentKey,
      device: describeDevice(String(data.userAgent ?? '')),
      ipAddress: typeof data.ipAddress === 'string' ? data.ipAddress : null,
      createdAt: iso(data.createdAt),
      lastSeenAt: iso(data.seenAt),
    }),
  );
  return list.sort((a, b) => Number(b.current) - Number(a.current) || String(b.lastSeenAt).localeCompare(String(a.lastSeenAt)));
}
