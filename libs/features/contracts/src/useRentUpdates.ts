import { apiRequest, useListPage } from '@arrendia/api-client';
import { RENT_UPDATE_SORTS, RentUpdateSchema, type RentUpdate, type RentUpdatePatchData } from '@arrendia/api-contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CONTRACTS_KEY, contractPath, rentHistoryPath } from './useContracts';

/** GET /api/rent-updates (issue 36): the proposals of the user's contracts, paged. */
export const RENT_UPDATES_PATH = '/api/rent-updates';
export const rentUpdatePath = (id: number) => `${RENT_UPDATES_PATH}/${id}`;
export const rentUpdateNoticePath = (id: number) => `${rentUpdatePath(id)}/notice`;

/** The prefix of the panel's URL keys ('act.status', 'act.page'), apart from the contracts list's own. */
export const RENT_UPDATES_PREFIX = 'act';
/** The URL key of the month filter (the panel's own: absent means this month, 'todos' every month). */
export const RENT_UPDATES_MONTH_KEY = `${RENT_UPDATES_PREFIX}.month`;
export const ALL_MONTHS = 'todos';

/** The proposals of `month` ('' for every month), with the status filter and the page in the URL. */
export function useRentUpdateList(month: string) {
  return useListPage({
    path: RENT_UPDATES_PATH,
    schema: z.array(RentUpdateSchema),
    filters: ['status'] as const,
    sorts: RENT_UPDATE_SORTS,
    prefix: RENT_UPDATES_PREFIX,
    fixed: { month: month || undefined },
  });
}

/** A change of a proposal changes its list, its contract's detail and rent history, and the contracts' documents. */
function invalidateRentUpdate(client: QueryClient, update: RentUpdate) {
  for (const key of [[RENT_UPDATES_PATH], CONTRACTS_KEY, [contractPath(update.contract.id)], [rentHistoryPath(update.contract.id)], ['/api/documents']]) void client.invalidateQueries({ queryKey: key });
}

/** PATCH /api/rent-updates/:id: a lower percentage than allowed (`{percent}`), or `{discarded: true}`. */
export function useAdjustRentUpdate<I extends RentUpdatePatchData = RentUpdatePatchData>(id: number) {
  const client = useQueryClient();
  return useMutation<RentUpdate, Error, I>({
    mutationFn: async (input) => RentUpdateSchema.parse(await (await apiRequest('PATCH', rentUpdatePath(id), input)).json()),
    onSuccess: (update) => invalidateRentUpdate(client, update),
  });
}

/** POST /api/rent-updates/:id/notice, without touching the caches (the bulk send refreshes once at its end). */
export async function sendRentUpdateNotice(id: number): Promise<RentUpdate> {
  return RentUpdateSchema.parse(await (await apiRequest('POST', rentUpdateNoticePath(id))).json());
}

/** 'Enviar aviso' of one proposal: the letter made, the tenants told, the lists refreshed. */
export function useSendRentUpdateNotice(id: number) {
  const client = useQueryClient();
  return useMutation<RentUpdate, Error, void>({
    mutationFn: () => sendRentUpdateNotice(id),
    onSuccess: (update) => invalidateRentUpdate(client, update),
  });
}

export interface BulkNoticeResult {
  sent: RentUpdate[];
  failed: { update: RentUpdate; message: string }[];
}

/** Refreshes what a bulk send changed, once. */
export function useRefreshRentUpdates() {
  const client = useQueryClient();
  return (updates: readonly RentUpdate[]) => {
    for (const update of updates) invalidateRentUpdate(client, update);
    if (updates.length === 0) void client.invalidateQueries({ queryKey: [RENT_UPDATES_PATH] });
  };
}
