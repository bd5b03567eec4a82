import {
  USER_SORTS,
  UserRowSchema,
  type AgencyOption,
  type PasswordResetLink,
  type RoleSummary,
  type UserCreated,
  type UserDetail,
  type UsersCreateData,
  type UsersPatchData,
  type UsersRoleData,
  type UsersStats,
} from '@arrendia/api-contract';
import { apiRequest, useListPage, type HttpMethod } from '@arrendia/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

export const STATS_KEY = ['/api/users/stats'] as const;
export const ROLES_KEY = ['/api/users/roles'] as const;
export const AGENCIES_KEY = ['/api/users/agencies'] as const;

/** The filters of the users list, as the API and the URL name them. */
export const USER_FILTERS = ['q', 'role', 'status'] as const;

/** One page of users and the total, with the list's filters and order in the URL; the previous page stays on screen while the next loads. */
export function useUserList() {
  return useListPage({ path: '/api/users', schema: z.array(UserRowSchema), filters: USER_FILTERS, sorts: USER_SORTS });
}

export const useUsersStats = () => useQuery<UsersStats>({ queryKey: STATS_KEY });
export const useRoleSummaries = () => useQuery<RoleSummary[]>({ queryKey: ROLES_KEY });
export const useAgencyOptions = (enabled: boolean) => useQuery<AgencyOption[]>({ queryKey: AGENCIES_KEY, enabled });
export const useUserDetail = (id: number | null) => useQuery<UserDetail>({ queryKey: [`/api/users/${id}`], enabled: id !== null });

/**
 * A write of /users: the lists, the cards, the role counts and the user's own detail are read
 * again, and the agencies' (each counts its managers and agents).
 */
function useUserWrite<Input, Result>(method: HttpMethod, path: (input: Input) => string, body: (input: Input) => unknown = () => undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => (await apiRequest(method, path(input), body(input))).json() as Promise<Result>,
    onSuccess: () => client.invalidateQueries({ predicate: (query) => /^\/api\/(users|agencies)/.test(String(query.queryKey[0])) }),
  });
}

// A form's call takes its schema's output as it is (useFormDialog); the user it writes to is the hook's.
export const useCreateUser = () => useUserWrite<UsersCreateData, UserCreated>('POST', () => '/api/users', (input) => input);
export const useUpdateUser = (id: number) => useUserWrite<UsersPatchData, UserDetail>('PATCH', () => `/api/users/${id}`, (input) => input);
export const useChangeRole = (id: number) => useUserWrite<UsersRoleData, UserDetail>('PATCH', () => `/api/users/${id}/role`, (input) => input);
export const useSetActive = () => useUserWrite<{ id: number; isActive: boolean }, UserDetail>('POST', (i) => `/api/users/${i.id}/${i.isActive ? 'activate' : 'deactivate'}`);
export const useResetTwoFactor = () => useUserWrite<{ id: number }, UserDetail>('POST', (i) => `/api/users/${i.id}/two-factor/reset`);
export const usePasswordReset = () => useUserWrite<{ id: number }, PasswordResetLink>('POST', (i) => `/api/users/${i.id}/password-reset`);
