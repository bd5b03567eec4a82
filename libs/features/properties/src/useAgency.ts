import { apiRequest, CONSENT_REQUESTS_KEY, errorStatus, getJson, useCancelConsentRequest } from '@arrendia/api-client';
import { AgencyDirectoryEntrySchema, PropertyAgencyResultSchema, type AgencyDirectoryEntry, type PropertyAgencyPutData, type PropertyAgencyResult } from '@arrendia/api-contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invalidateProperty, propertyPath } from './useProperties';

export const AGENCY_DIRECTORY_PATH = '/api/agencies/directory';

/**
 * GET /api/agencies/directory?q=: the active agencies by name (at most AGENCY_DIRECTORY_LIMIT), `q`
 * matching the name or the address; read only when `enabled`. The last answer stays while the next is read.
 */
export function useAgencyDirectory(q: string, enabled: boolean) {
  const term = q.trim();
  const url = term ? `${AGENCY_DIRECTORY_PATH}?${new URLSearchParams({ q: term })}` : AGENCY_DIRECTORY_PATH;
  return useQuery<AgencyDirectoryEntry[]>({
    queryKey: [AGENCY_DIRECTORY_PATH, term],
    queryFn: async ({ signal }) => (await getJson(url, z.array(AgencyDirectoryEntrySchema), signal)).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * PUT /api/properties/:id/agency {managerAgencyId}: an owner's (a delegate's) choice becomes a request
 * the agency accepts, the super admin's binds at once; null takes the property back from its agency.
 */
export function useSetPropertyAgency(propertyId: number) {
  const client = useQueryClient();
  return useMutation<PropertyAgencyResult, Error, PropertyAgencyPutData>({
    mutationFn: async (input) => PropertyAgencyResultSchema.parse(await (await apiRequest('PUT', `${propertyPath(propertyId)}/agency`, input)).json()),
    onSuccess: () => {
      invalidateProperty(client, propertyId);
      void client.invalidateQueries({ queryKey: CONSENT_REQUESTS_KEY });
    },
    // A 409 (another agency manages it, a request is already pending) means the detail on screen is stale.
    onError: (error) => {
      if (errorStatus(error) === 409) invalidateProperty(client, propertyId);
    },
  });
}

/** DELETE /api/consent-requests/:id of the property's pending agency request; its detail and list refresh after. */
export function useWithdrawAgencyRequest(propertyId: number) {
  const client = useQueryClient();
  return useCancelConsentRequest({ onSettled: () => invalidateProperty(client, propertyId) });
}
