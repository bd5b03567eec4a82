import { CONSENT_REQUESTS_PATH, ConsentRequestSchema, DELEGATIONS_PATH, type ConsentRequest, type ConsentRequestKind, type ConsentRequestStatus } from '@arrendia/api-contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getJson } from './getJson';
import { apiRequest } from './http';

/** Every consent-request query starts with this key: both directions refresh together. */
export const CONSENT_REQUESTS_KEY = [CONSENT_REQUESTS_PATH] as const;

export type ConsentRequestDirection = 'incoming' | 'outgoing';
/** The API's largest page. */
export const CONSENT_REQUESTS_PAGE_SIZE = 100;

const ConsentRequestListSchema = ConsentRequestSchema.array();

/**
 * What an accepted request changes besides the requests themselves: a delegation adds a principal
 * (its figures and properties), a management request adds a property to the agency's lists.
 * Written as paths because the lists belong to features this lib may not import.
 */
const CHANGED_BY_ACCEPTING = [CONSENT_REQUESTS_KEY, [DELEGATIONS_PATH], ['/api/properties'], ['/api/dashboard/metrics'], ['/api/agency/overview']] as const;

function invalidateAll(client: QueryClient, keys: readonly (readonly unknown[])[]) {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** A refused answer (404, or 409 once answered or withdrawn elsewhere) means the list on screen is stale. */
const refreshRequests = (client: QueryClient) => () => void client.invalidateQueries({ queryKey: CONSENT_REQUESTS_KEY });

/**
 * GET /api/consent-requests?direction=: the pending requests the user must answer ('incoming': a
 * delegate's portfolio requests, an agency admin's management requests), or every request it made
 * or that concerns it as owner ('outgoing', newest first), narrowed on the server by `kind` and `status`.
 */
export function useConsentRequests(
  direction: ConsentRequestDirection,
  { enabled = true, kind, status }: { enabled?: boolean; kind?: ConsentRequestKind; status?: ConsentRequestStatus } = {},
) {
  const params = new URLSearchParams({ direction });
  if (kind) params.set('kind', kind);
  if (status) params.set('status', status);
  // The list is paged (X-Total-Count); one page of the largest size holds what a screen shows.
  params.set('page', '1');
  params.set('pageSize', String(CONSENT_REQUESTS_PAGE_SIZE));
  return useQuery<ConsentRequest[]>({
    queryKey: [...CONSENT_REQUESTS_KEY, direction, kind ?? null, status ?? null],
    enabled,
    queryFn: async ({ signal }) => (await getJson(`${CONSENT_REQUESTS_PATH}?${params}`, ConsentRequestListSchema, signal)).data,
  });
}

async function answer(method: 'POST' | 'DELETE', url: string): Promise<ConsentRequest> {
  return ConsentRequestSchema.parse(await (await apiRequest(method, url)).json());
}

/** POST /api/consent-requests/:id/accept: the relationship starts now, so the lists it feeds refresh. */
export function useAcceptConsentRequest() {
  const client = useQueryClient();
  return useMutation<ConsentRequest, Error, number>({
    mutationFn: (id) => answer('POST', `${CONSENT_REQUESTS_PATH}/${id}/accept`),
    onSuccess: () => invalidateAll(client, CHANGED_BY_ACCEPTING),
    onError: refreshRequests(client),
  });
}

/** POST /api/consent-requests/:id/decline: nobody is bound; only the requests change. */
export function useDeclineConsentRequest() {
  const client = useQueryClient();
  return useMutation<ConsentRequest, Error, number>({
    mutationFn: (id) => answer('POST', `${CONSENT_REQUESTS_PATH}/${id}/decline`),
    onSuccess: () => invalidateAll(client, [CONSENT_REQUESTS_KEY]),
    onError: refreshRequests(client),
  });
}

/**
 * DELETE /api/consent-requests/:id: the asker withdraws a pending request (it becomes 'Cancelada').
 * `onSettled` refreshes what else shows the request (a property's pending agency), withdrawn or
 * refused: a refusal means it was answered meanwhile.
 */
export function useCancelConsentRequest({ onSettled }: { onSettled?: () => void } = {}) {
  const client = useQueryClient();
  return useMutation<ConsentRequest, Error, number>({
    mutationFn: (id) => answer('DELETE', `${CONSENT_REQUESTS_PATH}/${id}`),
    onSuccess: () => invalidateAll(client, [CONSENT_REQUESTS_KEY]),
    onError: refreshRequests(client),
    onSettled,
  });
}
