import type { CurrentUser } from '@arrendia/api-contract';
import { personName } from '@arrendia/locale-es';

/** Full name, or 'Usuario' when the user has none (spec §2). */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return personName(user);
}
