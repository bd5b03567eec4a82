import type { RemoteAdmin, RemoteDescriptor, RemotesPatchData } from '@arrendia/api-contract';
import { apiRequest } from '@arrendia/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const REMOTES_KEY = ['/api/admin/remotes'] as const;

/** Every remote with its health; each fetch makes the server check every manifest again (≤ 3 s). */
export const useRemotes = () => useQuery<RemoteAdmin[]>({ queryKey: REMOTES_KEY });

/**
 * PATCH the remote `name` with the schema's output (the edit form's, or a switch's `{ enabled }`);
 * the list keeps its last health check rather than fetching every manifest again.
 */
export function useUpdateRemote(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: RemotesPatchData) => (await apiRequest('PATCH', `/api/admin/remotes/${encodeURIComponent(name)}`, patch)).json() as Promise<RemoteDescriptor>,
    onSuccess: (updated) => client.setQueryData<RemoteAdmin[]>(REMOTES_KEY, (list) => list?.map((r) => (r.name === updated.name ? { ...r, ...updated } : r))),
  });
}
