import type {
  MaintenancePlan,
  MaintenancePlansCreateData,
  MaintenanceStats,
  MaintenanceTask,
  MaintenanceTasksCreateData,
  MaintenanceTasksUpdateInput,
  PropertyListItem,
  Provider,
  ProvidersCreateData,
} from '@arrendia/api-contract';
import { apiRequest } from '@arrendia/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const TASKS_KEY = ['/api/maintenance/tasks?pageSize=100'] as const;
export const PLANS_KEY = ['/api/maintenance/plans?pageSize=100'] as const;
export const PROVIDERS_KEY = ['/api/providers?pageSize=100'] as const;
export const STATS_KEY = ['/api/maintenance/stats'] as const;

export const useTasks = () => useQuery<MaintenanceTask[]>({ queryKey: TASKS_KEY });
export const usePlans = () => useQuery<MaintenancePlan[]>({ queryKey: PLANS_KEY });
export const useProviders = () => useQuery<Provider[]>({ queryKey: PROVIDERS_KEY });
export const useStats = () => useQuery<MaintenanceStats>({ queryKey: STATS_KEY });
export const useProperties = (enabled: boolean) => useQuery<PropertyListItem[]>({ queryKey: ['/api/properties?archived=false&pageSize=100'], enabled });

/** A write of /maintenance refreshes the lists and the cards it can change. */
function useWrite<Input, Result>(method: 'POST' | 'PATCH', path: (input: Input) => string, body: (input: Input) => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => (await apiRequest(method, path(input), body(input))).json() as Promise<Result>,
    onSuccess: () => Promise.all([TASKS_KEY, PLANS_KEY, PROVIDERS_KEY, STATS_KEY].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const useCreateTask = () => useWrite<MaintenanceTasksCreateData, MaintenanceTask>('POST', () => '/api/maintenance/tasks', (i) => i);
export const useUpdateTask = () =>
  useWrite<MaintenanceTasksUpdateInput & { id: number }, MaintenanceTask>('PATCH', (i) => `/api/maintenance/tasks/${i.id}`, ({ id: _id, ...rest }) => rest);
export const useCreatePlan = () => useWrite<MaintenancePlansCreateData, MaintenancePlan>('POST', () => '/api/maintenance/plans', (i) => i);
export const useCreateProvider = () => useWrite<ProvidersCreateData, Provider>('POST', () => '/api/providers', (i) => i);
