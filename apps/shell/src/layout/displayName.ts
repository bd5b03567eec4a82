import type { CurrentUser } from '@arrendia/api-contract';

/** Full name, or 'Usuario' when the user has none (spec §2). */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].map((part) => part?.trim()).filter(Boolean).join(' ') || 'Usuario';
}
