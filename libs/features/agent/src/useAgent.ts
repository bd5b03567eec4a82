import { LEAD_SORTS, LeadSchema, UnitOptionSchema, VISIT_SORTS, VisitSchema, type AgentPerformance, type AgentProperty, type Lead, type LeadsUpdateInput, type UnitOption, type Visit, type VisitsCreateData, type VisitsUpdateInput } from '@arrendia/api-contract';
import { apiRequest, getJson, useListPage } from '@arrendia/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

const LEADS_PATH = '/api/leads';
/** Every read of the visits list starts with this key (useListPage's [path, url]). */
export const VISITS_KEY = ['/api/visits'] as const;
export const PERFORMANCE_KEY = ['/api/agents/me/performance'] as const;
export const AGENT_PROPERTIES_KEY = ['/api/agents/me/properties'] as const;
/** The unit choices: GET /api/units is paged like every list, so the largest page (100). */
const UNITS_URL = '/api/units?pageSize=100';

export const LEADS_PAGE_SIZE = 20;
export const VISITS_PAGE_SIZE = 20;

/** The filters of a leads list, as the API and the URL name them (`mine` is the agent's dashboard's, fixed). */
export const LEAD_FILTERS = ['q', 'status'] as const;
/** The filters of the agent's visits (their state and owner are the tab's, fixed). */
export const VISIT_FILTERS = ['from', 'to'] as const;

/**
 * The leads given to the signed-in agent (its dashboard's pipeline), newest first unless sorted,
 * paged; page, filters and order in the URL under 'clientes.' (the dashboard has a second list).
 */
export const useMyLeads = () =>
  useListPage({ path: LEADS_PATH, schema: z.array(LeadSchema), filters: LEAD_FILTERS, sorts: LEAD_SORTS, pageSize: LEADS_PAGE_SIZE, fixed: { mine: true }, prefix: 'clientes' });

/** The agent's booked visits (Programada), soonest first unless sorted, paged; the state in the URL under 'visitas.'. */
export const useMyVisits = () =>
  useListPage({
    path: VISITS_KEY[0],
    schema: z.array(VisitSchema),
    filters: VISIT_FILTERS,
    sorts: VISIT_SORTS,
    pageSize: VISITS_PAGE_SIZE,
    fixed: { mine: true, status: 'Programada' },
    prefix: 'visitas',
  });

export const usePerformance = () => useQuery<AgentPerformance>({ queryKey: PERFORMANCE_KEY });
export const useMyProperties = () => useQuery<AgentProperty[]>({ queryKey: AGENT_PROPERTIES_KEY });
/** The agency's units, for a visit without a lead; under the ['/api/units'] prefix that unit and contract writes refresh. */
export const useUnits = (enabled: boolean) =>
  useQuery<UnitOption[]>({ queryKey: ['/api/units', UNITS_URL], queryFn: async ({ signal }) => (await getJson(UNITS_URL, z.array(UnitOptionSchema), signal)).data, enabled });

export const leadPath = (id: number | string) => `${LEADS_PATH}/${id}`;

/** The leads the user may see (/leads), newest first unless sorted, one page; page, filters and order in the URL. */
export const useLeadList = () => useListPage({ path: LEADS_PATH, schema: z.array(LeadSchema), filters: LEAD_FILTERS, sorts: LEAD_SORTS, pageSize: LEADS_PAGE_SIZE });

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
