import {
  IncidentListItemSchema,
  MAINTENANCE_PLAN_SORTS,
  MAINTENANCE_TASK_SORTS,
  MaintenancePlanSchema,
  MaintenanceTaskSchema,
  PROVIDER_SORTS,
  ProviderSchema,
  type MaintenancePlan,
  type MaintenancePlansCreateData,
  type MaintenancePlansUpdateData,
  type MaintenanceStats,
  type MaintenanceTask,
  type MaintenanceTasksCreateData,
  type MaintenanceTasksUpdateInput,
  type PropertyDetail,
  type PropertyListItem,
  type Provider,
  type ProvidersCreateData,
  type ProvidersUpdateData,
} from '@arrendia/api-contract';
import { apiRequest, getPage, useListPage } from '@arrendia/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

export const TASKS_PATH = '/api/maintenance/tasks';
export const PROVIDERS_PATH = '/api/providers';
export const PLANS_PATH = '/api/maintenance/plans';
export const STATS_KEY = ['/api/maintenance/stats'] as const;
const INCIDENTS_PATH = '/api/incidents';

/** The filters of the tasks list, as the API and the URL name them. */
export const TASK_FILTERS = ['status', 'propertyId', 'providerId', 'from', 'to', 'q'] as const;
/** The filters of the providers list; in the URL under 'providers.' (the tasks list has its own `q`). */
export const PROVIDER_FILTERS = ['q', 'trade', 'active'] as const;
export const PROVIDERS_PREFIX = 'providers';
/** The filters of the plans list; in the URL under 'plans.'. */
export const PLAN_FILTERS = ['propertyId', 'active', 'q'] as const;
export const PLANS_PREFIX = 'plans';

/** The user's tasks (the API scopes them), one page, with the list's filters and order in the URL. */
export const useTaskList = () => useListPage({ path: TASKS_PATH, schema: z.array(MaintenanceTaskSchema), filters: TASK_FILTERS, sorts: MAINTENANCE_TASK_SORTS });
/** The account's providers, one page, with the list's filters and order in the URL. */
export const useProviderList = () => useListPage({ path: PROVIDERS_PATH, schema: z.array(ProviderSchema), filters: PROVIDER_FILTERS, sorts: PROVIDER_SORTS, prefix: PROVIDERS_PREFIX });
/** The user's preventive plans, one page, with the list's filters and order in the URL. */
export const usePlanList = () => useListPage({ path: PLANS_PATH, schema: z.array(MaintenancePlanSchema), filters: PLAN_FILTERS, sorts: MAINTENANCE_PLAN_SORTS, prefix: PLANS_PREFIX });

/** A few rows of a list for a form's or a filter's choices, under the list's key so that its writes refresh them. */
function useChoices<T>(path: string, query: string, schema: z.ZodType<T>, enabled = true) {
  const url = `${path}?${query}`;
  return useQuery({ queryKey: [path, url], queryFn: async ({ signal }) => (await getPage(url, z.array(schema), signal)).rows, enabled });
}

/** Every provider of the account (the tasks list filters by any, an inactive one too). */
export const useProviderChoices = () => useChoices(PROVIDERS_PATH, 'pageSize=100', ProviderSchema);
/** The providers a new task or plan may be given: the active ones. */
export const useActiveProviders = (enabled: boolean) => useChoices(PROVIDERS_PATH, 'active=true&pageSize=100', ProviderSchema, enabled);
/** The incidents of a property the user sees, for a task to answer one. */
export const usePropertyIncidents = (propertyId: string) =>
  useChoices(INCIDENTS_PATH, `propertyId=${encodeURIComponent(propertyId)}&pageSize=100`, IncidentListItemSchema, propertyId !== '');

export const useStats = () => useQuery<MaintenanceStats>({ queryKey: STATS_KEY });
export const useProperties = (enabled: boolean) => useQuery<PropertyListItem[]>({ queryKey: ['/api/properties?archived=false&pageSize=100'], enabled });
/** A property with its units (GET /api/properties/:id), for a unit choice. */
export const usePropertyUnits = (propertyId: string | number | null) => useQuery<PropertyDetail>({ queryKey: [`/api/properties/${propertyId}`], enabled: propertyId !== null && propertyId !== '' });

/** A write of /maintenance refreshes the lists and the cards it can change. */
function useWrite<Input, Result>(method: 'POST' | 'PATCH', path: (input: Input) => string, body: (input: Input) => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => (await apiRequest(method, path(input), body(input))).json() as Promise<Result>,
    onSuccess: () => Promise.all([[TASKS_PATH], [PLANS_PATH], [PROVIDERS_PATH], STATS_KEY].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

const withoutId = <T extends { id: number }>({ id: _id, ...rest }: T) => rest;

export const useCreateTask = () => useWrite<MaintenanceTasksCreateData, MaintenanceTask>('POST', () => TASKS_PATH, (i) => i);
export const useUpdateTask = () => useWrite<MaintenanceTasksUpdateInput & { id: number }, MaintenanceTask>('PATCH', (i) => `${TASKS_PATH}/${i.id}`, withoutId);
export const useCreatePlan = () => useWrite<MaintenancePlansCreateData, MaintenancePlan>('POST', () => PLANS_PATH, (i) => i);
/** 'Editar', 'Pausar' or 'Reanudar' a plan. */
export const useUpdatePlan = (id: number) => useWrite<MaintenancePlansUpdateData, MaintenancePlan>('PATCH', () => `${PLANS_PATH}/${id}`, (i) => i);
export const useCreateProvider = () => useWrite<ProvidersCreateData, Provider>('POST', () => PROVIDERS_PATH, (i) => i);
/** 'Editar', 'Desactivar' or 'Reactivar' a provider. */
export const useUpdateProvider = (id: number) => useWrite<ProvidersUpdateData, Provider>('PATCH', () => `${PROVIDERS_PATH}/${id}`, (i) => i);
