import { AGENCY_SORTS, AgencyRowSchema, type AgenciesCreateData, type AgenciesPatchData, type AgencyRow } from '@arrendia/api-contract';
import { apiRequest, useListPage, type HttpMethod } from '@arrendia/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

/** The filters of the agencies list, as the API and the URL name them. */
export const AGENCY_FILTERS = ['q', 'status'] as const;

/**
 * One page of agencies and the total, with the list's filters and order in the URL under
 * 'agencias.' (the users screen shows the users list too).
 */
export function useAgencyList() {
  return useListPage({ path: '/api/agencies', schema: z.array(AgencyRowSchema), filters: AGENCY_FILTERS, sorts: AGENCY_SORTS, prefix: 'agencias' });
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
