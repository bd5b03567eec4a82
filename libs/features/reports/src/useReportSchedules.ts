import { REPORT_SCHEDULE_SORTS, REPORT_SCHEDULES_PATH, ReportScheduleSchema, type PropertyListItem, type ReportSchedule, type ReportSchedulesCreateData } from '@arrendia/api-contract';
import { apiRequest, useListPage } from '@arrendia/api-client';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';

/** The settings screen's read: its 'Reportes mensuales' switch moves with the default schedule. */
const SETTINGS_KEY = ['/api/settings'] as const;

/** The user's scheduled reports, one page, the page and order in the URL ('programados.page', 'programados.sort'). */
export function useReportScheduleList() {
  return useListPage({ path: REPORT_SCHEDULES_PATH, schema: z.array(ReportScheduleSchema), filters: [], sorts: REPORT_SCHEDULE_SORTS, prefix: 'programados' });
}

/** The properties a schedule may cover (the user's active ones). */
export function useScheduleProperties(enabled: boolean) {
  return useQuery<PropertyListItem[]>({ queryKey: ['/api/properties?archived=false&pageSize=100'], enabled });
}

const refresh = (client: QueryClient, schedule: ReportSchedule) =>
  Promise.all([client.invalidateQueries({ queryKey: [REPORT_SCHEDULES_PATH] }), schedule.isDefault ? client.invalidateQueries({ queryKey: SETTINGS_KEY }) : undefined]);

/** POST /api/report-schedules; the list refreshes (and the settings, for the default schedule). */
export function useCreateReportSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReportSchedulesCreateData) => ReportScheduleSchema.parse(await (await apiRequest('POST', REPORT_SCHEDULES_PATH, input)).json()),
    onSuccess: (schedule) => refresh(client, schedule),
  });
}

/** DELETE /api/report-schedules/:id; the list refreshes (and the settings, for the default schedule). */
export function useDeleteReportSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (schedule: ReportSchedule) => {
      await apiRequest('DELETE', `${REPORT_SCHEDULES_PATH}/${schedule.id}`);
    },
    onSuccess: (_data, schedule) => refresh(client, schedule),
  });
}
