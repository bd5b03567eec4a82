import type { AgentPerformance, AgentProperty, Lead, LeadsUpdateInput, UnitOption, Visit, VisitsCreateData, VisitsUpdateInput } from '@arrendia/api-contract';
import { apiRequest } from '@arrendia/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

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

/** Everything a booking or a lead move can change. */
function useRefreshPipeline() {
  const client = useQueryClient();
  return () => Promise.all([LEADS_KEY, VISITS_KEY, PERFORMANCE_KEY, AGENT_PROPERTIES_KEY].map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useUpdateLead() {
  const refresh = useRefreshPipeline();
  return useMutation({
    mutationFn: async ({ id, ...input }: LeadsUpdateInput & { id: number }) => (await apiRequest('PATCH', `/api/leads/${id}`, input)).json() as Promise<Lead>,
    onSuccess: refresh,
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
