import { apiRequest, getJson, useListPage } from '@arrendia/api-client';
import { PaymentDetailsSchema, PropertyListItemSchema, RENT_CHARGE_SORTS, RentChargeSchema, TenantHomeSchema, type RentCharge } from '@arrendia/api-contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';

export const RENT_CHARGES_KEY = ['/api/rent-charges'] as const;
export const TENANT_HOME_KEY = ['/api/tenant/home'] as const;
export const RENT_CHARGES_PAGE_SIZE = 12;

/** Everything a payment changes: the charges, the tenant's home, the finances and the dashboards' figures. */
function refreshMoney(client: QueryClient) {
  for (const queryKey of [RENT_CHARGES_KEY, TENANT_HOME_KEY, ['/api/transactions'], ['/api/finances'], ['/api/dashboard/metrics'], ['/api/dashboard/trends']]) {
    void client.invalidateQueries({ queryKey });
  }
}

/** 'Mi Alquiler': the signed-in tenant's contract, next charge, state, contact and reminders. */
export function useTenantHome() {
  return useQuery({ queryKey: TENANT_HOME_KEY, queryFn: async ({ signal }) => (await getJson('/api/tenant/home', TenantHomeSchema, signal)).data });
}

/** The filters of the rent charges list, as the API and the URL name them. */
export const RENT_CHARGE_FILTERS = ['status', 'propertyId', 'from', 'to'] as const;

/**
 * One page of the rent charges in scope, of one contract or all, latest due date first unless
 * sorted; page, filters and order in the URL under 'recibos.' (the panel shares its page with
 * another list: the finances' movements, a contract's detail).
 */
export function useRentChargeList(contractId: number | undefined) {
  return useListPage({
    path: RENT_CHARGES_KEY[0],
    schema: z.array(RentChargeSchema),
    filters: RENT_CHARGE_FILTERS,
    sorts: RENT_CHARGE_SORTS,
    pageSize: RENT_CHARGES_PAGE_SIZE,
    fixed: { contractId },
    prefix: 'recibos',
  });
}

/** The properties the panel's filter offers (the landlord's side only: a tenant reads none). */
export function usePropertyOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/properties?pageSize=100'],
    enabled,
    queryFn: async ({ signal }) => (await getJson('/api/properties?pageSize=100', z.array(PropertyListItemSchema), signal)).data,
  });
}

/** How to pay one charge: the landlord's masked IBAN, the amount, the reference. */
export function usePaymentDetails(chargeId: number | null) {
  return useQuery({
    queryKey: [...RENT_CHARGES_KEY, chargeId, 'payment'],
    enabled: chargeId !== null,
    queryFn: async ({ signal }) => (await getJson(`/api/rent-charges/${chargeId}/payment`, PaymentDetailsSchema, signal)).data,
  });
}

/** 'He realizado la transferencia' (the tenant). */
export function useMarkTransfer() {
  const client = useQueryClient();
  return useMutation<RentCharge, Error, number>({
    mutationFn: async (id) => RentChargeSchema.parse(await (await apiRequest('POST', `/api/rent-charges/${id}/transfer`)).json()),
    onSuccess: () => refreshMoney(client),
  });
}

/** 'Confirmar recepción' (the landlord's side): writes the income once. */
export function useConfirmPayment() {
  const client = useQueryClient();
  return useMutation<RentCharge, Error, number>({
    mutationFn: async (id) => RentChargeSchema.parse(await (await apiRequest('POST', `/api/rent-charges/${id}/confirm`)).json()),
    onSuccess: () => refreshMoney(client),
  });
}
