import { AgencyRowSchema, type AgenciesCreateData, type AgenciesPatchData, type AgencyRow, type AgencyStatus } from '@arrendia/api-contract';
import { apiRequest, getPage, type HttpMethod } from '@arrendia/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

export const AGENCIES_PAGE_SIZE = 20;

export interface AgenciesFilter {
  q: string;
  status: AgencyStatus | null;
  page: number;
}

/** The URL of one page of the server's search, with only the filters in use. */
export function agenciesUrl({ q, status, page }: AgenciesFilter): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(AGENCIES_PAGE_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  if (status) params.set('status', status);
  return `/api/agencies?${params}`;
}

const AgencyRowsSchema = z.array(AgencyRowSchema);

/** One page of agencies and the total; the previous page stays on screen while the next loads. */
export function useAgenciesPage(filter: AgenciesFilter) {
  const url = agenciesUrl(filter);
  return useQuery({ queryKey: ['/api/agencies', url], queryFn: ({ signal }) => getPage(url, AgencyRowsSchema, signal), placeholderData: keepPreviousData });
}

/** A write of an agency: the agency list is read again, and the users' (their agency's name, the agency choice). */
function useAgencyWrite<Input, Result>(method: HttpMethod, path: (input: Input) => string, body: (input: Input) => unknown = () => undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => (await apiRequest(method, path(input), body(input))).json() as Promise<Result>,
    onSuccess: () => client.invalidateQueries({ predicate: (query) => /^\/api\/(agencies|users)/.test(String(query.queryKey[0])) }),
  });
}

// A form's call takes its schema's output as it is (useFormDialog); the agency it writes to is the hook's.
export const useCreateAgency = () => useAgencyWrite<AgenciesCreateData, AgencyRow>('POST', () => '/api/agencies', (input) => input);
export const useUpdateAgency = (id: number) => useAgencyWrite<AgenciesPatchData, AgencyRow>('PATCH', () => `/api/agencies/${id}`, (input) => input);
export const useSetAgencyActive = () => useAgencyWrite<{ id: number; isActive: boolean }, AgencyRow>('PATCH', (i) => `/api/agencies/${i.id}`, (i) => ({ isActive: i.isActive }));
