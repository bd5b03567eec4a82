import { getJson } from '@arrendia/api-client';
import {
  ActivityItemSchema,
  DashboardMetricsSchema,
  DashboardTrendsSchema,
  PropertyListItemSchema,
  TaskSchema,
  UnitOptionSchema,
  type ActivityItem,
  type DashboardMetrics,
  type DashboardTrends,
  type PropertyListItem,
  type Task,
  type UnitOption,
} from '@arrendia/api-contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

export const METRICS_PATH = '/api/dashboard/metrics';
export const TRENDS_PATH = '/api/dashboard/trends';
export const ACTIVITY_PATH = '/api/activity?limit=10';
export const TASKS_PATH = '/api/tasks';
export const UNITS_PATH = '/api/units';
/** Spec §9: properties on dashboards: 3. */
export const DASHBOARD_PROPERTIES = 3;

const fetchKey = <T>(path: string, schema: z.ZodType<T>) => ({
  queryKey: [path],
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await getJson(path, schema, signal)).data,
});

export const useMetrics = () => useQuery<DashboardMetrics>(fetchKey(METRICS_PATH, DashboardMetricsSchema));
export const useTrends = () => useQuery<DashboardTrends>(fetchKey(TRENDS_PATH, DashboardTrendsSchema));
export const useActivity = () => useQuery<ActivityItem[]>(fetchKey(ACTIVITY_PATH, z.array(ActivityItemSchema)));
export const useTasks = () => useQuery<Task[]>(fetchKey(TASKS_PATH, z.array(TaskSchema)));
/**
 * The units of one property (a dashboard row's; the list is paged, at most 100 come), under the
 * ['/api/units'] prefix, so whatever refreshes the unit choices refreshes the row too.
 */
export function usePropertyUnits(propertyId: number) {
  const url = `${UNITS_PATH}?propertyId=${propertyId}&pageSize=100`;
  return useQuery<UnitOption[]>({ queryKey: [UNITS_PATH, url], queryFn: async ({ signal }) => (await getJson(url, z.array(UnitOptionSchema), signal)).data });
}

/**
 * The first 3 properties and how many there are (X-Total-Count). Under the ['/api/properties']
 * prefix, so whatever refreshes the properties list refreshes this card too.
 */
export function useFirstProperties() {
  return useQuery<{ items: PropertyListItem[]; total: number }>({
    queryKey: ['/api/properties', { pageSize: DASHBOARD_PROPERTIES }],
    queryFn: async ({ signal }) => {
      const { data, response } = await getJson(`/api/properties?pageSize=${DASHBOARD_PROPERTIES}`, z.array(PropertyListItemSchema), signal);
      const total = Number(response.headers.get('X-Total-Count'));
      return { items: data, total: Number.isFinite(total) && total > 0 ? total : data.length };
    },
  });
}
