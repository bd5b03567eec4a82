import {
  INCIDENT_SORTS,
  IncidentListItemSchema,
  type ContractListItem,
  type IncidentAssignees,
  type IncidentComment,
  type IncidentCommentsCreateData,
  type IncidentDetail,
  type IncidentListItem,
  type IncidentPhoto,
  type IncidentsCreateData,
  type IncidentStatus,
  type IncidentsUpdateData,
  type MaintenanceTask,
  type MaintenanceTasksCreateData,
  type PropertyDetail,
  type PropertyListItem,
  type Provider,
} from '@arrendia/api-contract';
import { apiRequest, getPage, useListPage } from '@arrendia/api-client';
import { z } from 'zod';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const INCIDENTS_KEY = ['/api/incidents'] as const;
export const METRICS_KEY = ['/api/dashboard/metrics'] as const;
export const incidentKey = (id: number | string) => [`/api/incidents/${id}`] as const;

/** The filters of the incidents list, as the API and the URL name them. */
export const INCIDENT_FILTERS = ['status', 'priority', 'propertyId', 'q', 'from', 'to'] as const;

/** The user's incidents (the API scopes them), one page, with the list's filters and order in the URL. */
export function useIncidentList() {
  return useListPage({ path: INCIDENTS_KEY[0], schema: z.array(IncidentListItemSchema), filters: INCIDENT_FILTERS, sorts: INCIDENT_SORTS });
}

/** The user's newest incidents (a dashboard card's few). */
export function useLatestIncidents(count: number) {
  const url = `${INCIDENTS_KEY[0]}?pageSize=${count}`;
  // Under the list's key, so whatever refreshes the list refreshes the card.
  return useQuery({ queryKey: [INCIDENTS_KEY[0], url], queryFn: async ({ signal }) => (await getPage(url, z.array(IncidentListItemSchema), signal)).rows });
}

/** One incident with its history. */
export function useIncident(id: string) {
  return useQuery<IncidentDetail>({ queryKey: incidentKey(id) });
}

/** The properties the incident form chooses from, then the chosen one's units. */
export function useProperties(enabled: boolean) {
  return useQuery<PropertyListItem[]>({ queryKey: ['/api/properties?archived=false&pageSize=100'], enabled });
}

export function usePropertyUnits(propertyId: string | null) {
  return useQuery<PropertyDetail>({ queryKey: [`/api/properties/${propertyId}`], enabled: Boolean(propertyId) });
}

/** POST /api/incidents; refreshes the list and the dashboard metrics (spec §7). */
export function useReportIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: IncidentsCreateData) => (await apiRequest('POST', '/api/incidents', input)).json() as Promise<IncidentListItem>,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: INCIDENTS_KEY }), client.invalidateQueries({ queryKey: METRICS_KEY })]);
    },
  });
}

/** PATCH /api/incidents/:id with a new status; refreshes the list, the detail and the metrics. */
export function useUpdateIncidentStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: IncidentStatus }) =>
      (await apiRequest('PATCH', `/api/incidents/${id}`, { status })).json() as Promise<IncidentDetail>,
    onSuccess: async (_data, { id }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: INCIDENTS_KEY }),
        client.invalidateQueries({ queryKey: incidentKey(id) }),
        client.invalidateQueries({ queryKey: METRICS_KEY }),
      ]);
    },
  });
}

/** Whom 'Asignar a' offers: the property's staff and its owner's or agency's providers. */
export function useIncidentAssignees(id: number, enabled = true) {
  return useQuery<IncidentAssignees>({ queryKey: [`/api/incidents/${id}/assignees`], enabled });
}

/** The maintenance tasks that answer the incident. */
export function useIncidentTasks(id: number, enabled = true) {
  return useQuery<MaintenanceTask[]>({ queryKey: [`/api/maintenance/tasks?incidentId=${id}&pageSize=100`], enabled });
}

/** The maintenance tasks of a property, the first 100 by date ('Vincular tarea de mantenimiento' offers those that answer no incident). */
export function usePropertyTasks(propertyId: number, enabled = true) {
  return useQuery<MaintenanceTask[]>({ queryKey: [`/api/maintenance/tasks?propertyId=${propertyId}&pageSize=100`], enabled });
}

/** The user's active providers (a new task's 'Proveedor'). */
export function useActiveProviders(enabled = true) {
  return useQuery<Provider[]>({ queryKey: ['/api/providers?active=true&pageSize=100'], enabled });
}

const startsWithAny = (prefixes: readonly string[]) => (query: { queryKey: readonly unknown[] }) =>
  typeof query.queryKey[0] === 'string' && prefixes.some((prefix) => (query.queryKey[0] as string).startsWith(prefix));

/**
 * What a change of an incident may move beyond it: the incidents list, the dashboards' figures, the
 * property's money when the final cost is an expense (finances, analytics, the property's detail) and
 * the maintenance tasks it links.
 */
function refreshAfterIncidentChange(client: QueryClient, id: number): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === INCIDENTS_KEY[0] ||
      query.queryKey[0] === incidentKey(id)[0] ||
      startsWithAny(['/api/dashboard/metrics', '/api/transactions', '/api/finances', '/api/analytics', '/api/properties/', '/api/maintenance'])(query),
  });
}

/** PATCH /api/incidents/:id from the incident's page: assignee, priority, final cost (and its expense), notes, a linked task. */
export function useUpdateIncident(id: number) {
  const client = useQueryClient();
  return useMutation<IncidentDetail, Error, IncidentsUpdateData>({
    mutationFn: async (input) => (await apiRequest('PATCH', `/api/incidents/${id}`, input)).json() as Promise<IncidentDetail>,
    onSuccess: () => refreshAfterIncidentChange(client, id),
  });
}

/** POST /api/maintenance/tasks for the incident ('Crear tarea de mantenimiento'); its tasks and its history refresh. */
export function useCreateIncidentTask(incidentId: number) {
  const client = useQueryClient();
  return useMutation<MaintenanceTask, Error, MaintenanceTasksCreateData>({
    mutationFn: async (input) => (await apiRequest('POST', '/api/maintenance/tasks', input)).json() as Promise<MaintenanceTask>,
    onSuccess: () => refreshAfterIncidentChange(client, incidentId),
  });
}

/** The incident's photos (GET /api/incidents/:id/photos). */
export function useIncidentPhotos(id: number | string) {
  return useQuery<IncidentPhoto[]>({ queryKey: [`/api/incidents/${id}/photos`] });
}

/** The incident's comments, oldest first. */
export function useIncidentComments(id: number | string) {
  return useQuery<IncidentComment[]>({ queryKey: [`/api/incidents/${id}/comments`] });
}

/** POST /api/incidents/:id/comments; the comments refresh. */
export function useAddIncidentComment(id: number | string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: IncidentCommentsCreateData) => (await apiRequest('POST', `/api/incidents/${id}/comments`, input)).json(),
    onSuccess: () => client.invalidateQueries({ queryKey: [`/api/incidents/${id}/comments`] }),
  });
}

/** The units a tenant may report on: those of its contracts, from GET /api/contracts (it cannot read properties). */
export function useOwnUnits(enabled: boolean) {
  return useQuery<ContractListItem[]>({ queryKey: ['/api/contracts?pageSize=100'], enabled });
}
