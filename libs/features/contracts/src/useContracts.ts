import { apiRequest, getJson, useListPage } from '@arrendia/api-client';
import {
  CONTRACT_SORTS,
  ContractDetailSchema,
  ContractListItemSchema,
  PropertyListItemSchema,
  RentHistoryEntrySchema,
  UnitOptionSchema,
  type ContractDetail,
  type ContractListItem,
  type ContractsCreateData,
  type ContractsUpdateData,
  type RentHistoryEntry,
  type UnitOption,
} from '@arrendia/api-contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';

export const CONTRACTS_PATH = '/api/contracts';
export const CONTRACTS_KEY = [CONTRACTS_PATH] as const;
export const METRICS_KEY = ['/api/dashboard/metrics'] as const;
/** The contract form's unit choices: the list is paged, so its largest page (100). */
export const AVAILABLE_UNITS_PATH = '/api/units?available=true&pageSize=100';
const LIST_URL = `${CONTRACTS_PATH}?pageSize=100`;

export const contractPath = (id: number | string) => `${CONTRACTS_PATH}/${id}`;
/** GET /api/contracts/:id/rent-history (issue 36). */
export const rentHistoryPath = (id: number | string) => `${CONTRACTS_PATH}/${id}/rent-history`;

/** Everything a contract write changes: the lists, the metrics, the units' status, tasks and activity. */
function invalidateContracts(client: QueryClient, id?: number) {
  const keys: (readonly string[])[] = [
    CONTRACTS_KEY,
    METRICS_KEY,
    ['/api/dashboard/trends'],
    ['/api/units'],
    [AVAILABLE_UNITS_PATH],
    ['/api/properties'],
    ['/api/tasks'],
    ['/api/activity?limit=10'],
  ];
  if (id !== undefined) keys.push([contractPath(id)], [rentHistoryPath(id)]);
  for (const key of keys) void client.invalidateQueries({ queryKey: key });
}

/** The filters of the contracts list, as the API and the URL name them. */
export const CONTRACT_FILTERS = ['q', 'status', 'propertyId', 'from', 'to'] as const;

/** The user's contracts (the API scopes them), one page, with the list's filters and order in the URL. */
export function useContractList() {
  return useListPage({ path: CONTRACTS_PATH, schema: z.array(ContractListItemSchema), filters: CONTRACT_FILTERS, sorts: CONTRACT_SORTS });
}

/** The properties the list's 'Propiedad' filter offers, archived ones too (their contracts stay), by name. */
export const PROPERTY_OPTIONS_PATH = '/api/properties?pageSize=100&sort=propertyName';

export function usePropertyOptions() {
  return useQuery({
    queryKey: [PROPERTY_OPTIONS_PATH],
    queryFn: async ({ signal }) => (await getJson(PROPERTY_OPTIONS_PATH, z.array(PropertyListItemSchema), signal)).data,
  });
}

/** GET /api/contracts: the first 100 as {contract, unit, property} (a tenant's own few: MyContractsScreen). */
export function useContracts() {
  return useQuery<ContractListItem[]>({
    queryKey: CONTRACTS_KEY,
    queryFn: async ({ signal }) => (await getJson(LIST_URL, z.array(ContractListItemSchema), signal)).data,
  });
}

export function useContractDetail(id: string, enabled = true) {
  const path = contractPath(id);
  return useQuery<ContractDetail>({
    queryKey: [path],
    enabled,
    queryFn: async ({ signal }) => (await getJson(path, ContractDetailSchema, signal)).data,
  });
}

/** Every rent the contract has had, from its start, oldest first. */
export function useRentHistory(id: number) {
  const path = rentHistoryPath(id);
  return useQuery<RentHistoryEntry[]>({
    queryKey: [path],
    queryFn: async ({ signal }) => (await getJson(path, z.array(RentHistoryEntrySchema), signal)).data,
  });
}

/** The units the user manages with no Activo contract: the contract form's choices. */
export function useAvailableUnits(enabled: boolean) {
  return useQuery<UnitOption[]>({
    queryKey: [AVAILABLE_UNITS_PATH],
    enabled,
    queryFn: async ({ signal }) => (await getJson(AVAILABLE_UNITS_PATH, z.array(UnitOptionSchema), signal)).data,
  });
}

/** POST /api/contracts, then refresh contracts and metrics (spec §7). */
export function useCreateContract() {
  const client = useQueryClient();
  return useMutation<ContractListItem, Error, ContractsCreateData>({
    mutationFn: async (input) => ContractListItemSchema.parse(await (await apiRequest('POST', CONTRACTS_PATH, input)).json()),
    onSuccess: () => invalidateContracts(client),
  });
}

/** PATCH /api/contracts/:id: edit fields and/or move the status. */
export function useUpdateContract(id: number) {
  const client = useQueryClient();
  return useMutation<ContractListItem, Error, ContractsUpdateData>({
    mutationFn: async (input) => ContractListItemSchema.parse(await (await apiRequest('PATCH', contractPath(id), input)).json()),
    onSuccess: () => invalidateContracts(client, id),
  });
}
