import { LeadSchema, type AgentPerformance, type AgentProperty, type Lead, type LeadStatus, type LeadsUpdateInput, type UnitOption, type Visit, type VisitsCreateData, type VisitsUpdateInput } from '@arrendia/api-contract';
import { apiRequest, getJson, getPage } from '@arrendia/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

export const LEADS_KEY = ['/api/leads?mine=true&pageSize=100'] as const;
export const VISITS_KEY = ['/api/visits?mine=true&status=Programada&pageSize=100'] as const;
export const PERFORMANCE_KEY = ['/api/agents/me/performance'] as const;
export const AGENT_PROPERTIES_KEY = ['/api/agents/me/properties'] as const;
const UNITS_KEY = ['/api/units'] as const;

/** The leads given to the signed-in agent, newest first. */
export const useMyLeads = () => useQuery<Lead[]>({ queryKey: LEADS_KEY });
/** The agent's booked visits (Programada), soonest first. */
export const useMyVisits = () => useQuery<Visit[]>({ queryKey: VISITS_KEY });
export const usePerformance = () => useQuery<AgentPerformance>({ queryKey: PERFORMANCE_KEY });
export const useMyProperties = () => useQuery<AgentProperty[]>({ queryKey: AGENT_PROPERTIES_KEY });
/** The agency's units, for a visit without a lead. */
export const useUnits = (enabled: boolean) => useQuery<UnitOption[]>({ queryKey: UNITS_KEY, enabled });

export const LEADS_PAGE_SIZE = 20;
const LEADS_PATH = '/api/leads';
export const leadPath = (id: number | string) => `${LEADS_PATH}/${id}`;

export interface LeadsFilter {
  q: string;
  status: LeadStatus | null;
  page: number;
}

/** The URL of one page of GET /api/leads, with only the filters in use. */
export function leadsUrl({ q, status, page }: LeadsFilter): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(LEADS_PAGE_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  if (status) params.set('status', status);
  return `${LEADS_PATH}?${params}`;
}

/** One page of the leads the user may see (/leads) and the total (X-Total-Count); the previous page stays shown while the next loads. */
export function useLeadsPage(filter: LeadsFilter) {
  const url = leadsUrl(filter);
  return useQuery({ queryKey: [url], queryFn: ({ signal }) => getPage(url, z.array(LeadSchema), signal), placeholderData: keepPreviousData });
}

/** GET /api/leads/:id: one lead (/leads/:id). */
export function useLead(id: string) {
  const path = leadPath(id);
  return useQuery({ queryKey: [path], queryFn: async ({ signal }) => (await getJson(path, LeadSchema, signal)).data });
}

/** Everything a booking or a lead move can change: every read of /api/leads (the pipeline, the pages of /leads, a lead) and the agent's figures. */
function useRefreshPipeline() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(LEADS_PATH) }),
      ...[VISITS_KEY, PERFORMANCE_KEY, AGENT_PROPERTIES_KEY].map((queryKey) => client.invalidateQueries({ queryKey })),
    ]);
}

export function useUpdateLead() {
  const client = useQueryClient();
  const refresh = useRefreshPipeline();
  return useMutation({
    mutationFn: async ({ id, ...input }: LeadsUpdateInput & { id: number }) => (await apiRequest('PATCH', leadPath(id), input)).json() as Promise<Lead>,
    onSuccess: (lead) => {
      // The lead's page shows the answer at once; the refetch confirms it.
      client.setQueryData([leadPath(lead.id)], lead);
      return refresh();
    },
  });
}

export function useScheduleVisit() {
  const refresh = useRefreshPipeline();
  return useMutation({
    mutationFn: async (input: VisitsCreateData) => (await apiRequest('POST', '/api/visits', input)).json() as Promise<Visit>,
    onSuccess: refresh,
  });
}

export function useUpdateVisit() {
  const refresh = useRefreshPipeline();
  return useMutation({
    mutationFn: async ({ id, ...input }: VisitsUpdateInput & { id: number }) => (await apiRequest('PATCH', `/api/visits/${id}`, input)).json() as Promise<Visit>,
    onSuccess: refresh,
  });
}
