import { AUDIT_LOG_SORTS, AuditLogEntrySchema, type AuditLogFacets } from '@arrendia/api-contract';
import { useListPage } from '@arrendia/api-client';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/** The filters of the log, in the order they go in the URL and in the API's query string. */
export const AUDIT_LOG_FILTERS = ['user', 'tableName', 'action', 'from', 'to'] as const;
export type AuditLogFilters = Record<(typeof AUDIT_LOG_FILTERS)[number], string>;

/**
 * One page of the filtered log and the total (X-Total-Count), with the filters and the order in
 * the URL; asked only when the filters are valid (`enabled`).
 */
export function useAuditLogList(enabled: boolean) {
  return useListPage({ path: '/api/admin/audit-log', schema: z.array(AuditLogEntrySchema), filters: AUDIT_LOG_FILTERS, sorts: AUDIT_LOG_SORTS, enabled });
}

/** The tables and actions the log holds, for the selects. */
export const useAuditLogFacets = () => useQuery<AuditLogFacets>({ queryKey: ['/api/admin/audit-log/facets'] });
