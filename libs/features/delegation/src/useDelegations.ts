import { apiRequest, CONSENT_REQUESTS_KEY, getPage } from '@arrendia/api-client';
import { ConsentRequestSchema, DELEGATIONS_PATH, DelegationSchema, type ConsentRequest, type DelegationsCreateData } from '@arrendia/api-contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

export { DELEGATIONS_PATH };
export const DELEGATIONS_PAGE_SIZE = 20;

/**
 * GET /api/delegations, one page: an owner's delegates, or a delegate's principals with their
 * figures, and how many there are in all.
 */
export function useDelegations(page = 1) {
  return useQuery({
    queryKey: [DELEGATIONS_PATH, page],
    queryFn: ({ signal }) => getPage(`${DELEGATIONS_PATH}?page=${page}&pageSize=${DELEGATIONS_PAGE_SIZE}`, z.array(DelegationSchema), signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/delegations: the owner asks a propietario_delegado, by email, to manage its portfolio
 * (issue 30). The answer is a pending consent request: nothing is delegated until that person
 * accepts, so only the owner's requests refresh.
 */
export function useRequestDelegation() {
  const client = useQueryClient();
  return useMutation<ConsentRequest, Error, DelegationsCreateData>({
    mutationFn: async (input) => ConsentRequestSchema.parse(await (await apiRequest('POST', DELEGATIONS_PATH, input)).json()),
    onSuccess: () => client.invalidateQueries({ queryKey: CONSENT_REQUESTS_KEY }),
  });
}

/** DELETE /api/delegations/:delegateUserId: the owner revokes; the delegate's next request no longer sees the portfolio. */
export function useRevokeDelegation() {
  const client = useQueryClient();
  return useMutation<void, Error, number>({
    mutationFn: async (delegateUserId) => {
      await apiRequest('DELETE', `${DELEGATIONS_PATH}/${delegateUserId}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [DELEGATIONS_PATH] }),
  });
}
