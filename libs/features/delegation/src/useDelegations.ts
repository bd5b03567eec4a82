import { apiRequest, getPage } from '@arrendia/api-client';
import { DELEGATIONS_PATH, DelegationSchema, type Delegation, type DelegationsCreateInput } from '@arrendia/api-contract';
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

/** POST /api/delegations: the owner delegates its portfolio to a propietario_delegado by email. */
export function useGrantDelegation() {
  const client = useQueryClient();
  return useMutation<Delegation, Error, DelegationsCreateInput>({
    mutationFn: async (input) => DelegationSchema.parse(await (await apiRequest('POST', DELEGATIONS_PATH, input)).json()),
    onSuccess: () => client.invalidateQueries({ queryKey: [DELEGATIONS_PATH] }),
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
