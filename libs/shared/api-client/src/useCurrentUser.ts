import type { CurrentUser } from '@arrendia/api-contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './queryClient';

export const CURRENT_USER_PATH = '/api/auth/user';
export const CURRENT_USER_KEY = [CURRENT_USER_PATH] as const;

/**
 * The session probe: `data` is the signed-in user, null when signed out (401), undefined while
 * loading. Never retried; the shell's global 401 handling does not fire for it.
 */
export function useCurrentUser() {
  return useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
    retry: false,
  });
}
