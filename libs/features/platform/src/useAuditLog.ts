import type { AuditLogEntry, AuditLogFacets } from '@arrendia/api-contract';
import { apiRequest } from '@arrendia/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export const AUDIT_LOG_PAGE_SIZE = 20;

/** One page of the filtered log and the total (X-Total-Count); the previous page stays shown while the next loads. */
export function useAuditLog(query: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/audit-log', query],
    queryFn: async () => {
      const res = await apiRequest('GET', `/api/admin/audit-log?${query}`);
      return { rows: (await res.json()) as AuditLogEntry[], total: Number(res.headers.get('X-Total-Count') ?? 0) };
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The tables and actions the log holds, for the selects. */
export const useAuditLogFacets = () => useQuery<AuditLogFacets>({ queryKey: ['/api/admin/audit-log/facets'] });
