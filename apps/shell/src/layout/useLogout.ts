import { apiRequest } from '@arrendia/api-client';
import { useCallback } from 'react';
import { hardNavigate } from '../navigation';

/** Ends the session, then goes to the start page even if the call failed (spec §7, §8). */
export function useLogout(): () => Promise<void> {
  return useCallback(async () => {
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch (error) {
      console.error('Logout failed', error);
    }
    hardNavigate('/');
  }, []);
}
