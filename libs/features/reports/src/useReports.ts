import { DELEGATIONS_PATH, type Report, type ReportsCreateData } from '@arrendia/api-contract';
import { apiRequest } from '@arrendia/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const REPORTS_KEY = ['/api/reports'] as const;
export const reportDownloadUrl = (id: number) => `/api/reports/${id}/download`;

/** The user's generated reports, newest first. */
export function useReports(enabled = true) {
  return useQuery<Report[]>({ queryKey: REPORTS_KEY, enabled });
}

/** POST /api/reports; the Historial refreshes, and so does a principal's report status when the report is of one. */
export function useGenerateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReportsCreateData) => (await apiRequest('POST', '/api/reports', input)).json() as Promise<Report>,
    onSuccess: async (_report, input) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: REPORTS_KEY }),
        input.ownerUserId != null ? client.invalidateQueries({ queryKey: [DELEGATIONS_PATH] }) : undefined,
      ]);
    },
  });
}
