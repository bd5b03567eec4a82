import type { RemoteDescriptor } from '@arrendia/api-contract';
import { getQueryFn } from '@arrendia/api-client';
import type { QueryClient } from '@tanstack/react-query';

export const REMOTES_PATH = '/api/remotes';
export const REMOTES_KEY = [REMOTES_PATH] as const;

const fetchRemotes = getQueryFn<RemoteDescriptor[]>({ on401: 'throw' });

/** The run-time registry, fetched once per page load through react-query. */
export function getRegistry(queryClient: QueryClient): Promise<RemoteDescriptor[]> {
  return queryClient.fetchQuery({ queryKey: REMOTES_KEY, queryFn: fetchRemotes }).then((list) => (Array.isArray(list) ? list : []));
}

/** Marks the registry stale so the next load asks the API again (after a failed load). */
export function refreshRegistry(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: REMOTES_KEY, refetchType: 'none' });
}
