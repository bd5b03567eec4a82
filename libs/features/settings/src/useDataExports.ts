import { apiRequest, getQueryFn } from '@arrendia/api-client';
import { EXPORTS_PATH, type DataExport } from '@arrendia/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The user's data exports, newest first ('Exportar mis datos', issue 35). The live event
 * 'export.ready' makes this key stale (useLiveEvents), so a ready or failed export shows at once.
 */
export function useDataExports() {
  return useQuery<DataExport[]>({ queryKey: [EXPORTS_PATH], queryFn: getQueryFn<DataExport[]>({ on401: 'throw' }) });
}

/** 'Exportar mis datos': asks for a new export (202, 'pending'); the list is read again. */
export function useRequestDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest('POST', EXPORTS_PATH)).json() as Promise<DataExport>,
    onSuccess: () => client.invalidateQueries({ queryKey: [EXPORTS_PATH] }),
  });
}
