import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { throwIfResNotOk } from './http';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default query function: GET the path the query key starts with and parse JSON (spec §7).
 * With `on401: 'returnNull'` a 401 resolves to null instead of throwing (the session probe).
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(String(queryKey[0]), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export interface QueryClientOptions {
  /** Called for every failed query and mutation (the shell sends 401s to the login path). */
  onError?: (error: Error, source: { kind: 'query' | 'mutation'; meta?: Record<string, unknown> }) => void;
}

/**
 * The data client with spec §9 settings: no refetch interval, no refetch on focus, data never
 * stale, no retries.
 */
export function createQueryClient({ onError }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => onError?.(error, { kind: 'query', meta: query.meta }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError?.(error, { kind: 'mutation', meta: mutation.meta }),
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
