import type { ContractListItem, IncidentComment, IncidentCommentsCreateData, IncidentDetail, IncidentListItem, IncidentPhoto, IncidentsCreateData, IncidentStatus, PropertyDetail, PropertyListItem } from '@arrendia/api-contract';
import { apiRequest } from '@arrendia/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const INCIDENTS_KEY = ['/api/incidents'] as const;
export const METRICS_KEY = ['/api/dashboard/metrics'] as const;
export const incidentKey = (id: number | string) => [`/api/incidents/${id}`] as const;

/** The user's incidents, newest first (the API scopes them). */
export function useIncidents() {
  return useQuery<IncidentListItem[]>({ queryKey: INCIDENTS_KEY });
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
