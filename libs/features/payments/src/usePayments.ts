import { apiRequest, getJson, getPage } from '@arrendia/api-client';
import { PaymentDetailsSchema, RentChargeSchema, TenantHomeSchema, type RentCharge } from '@arrendia/api-contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/** One page of rent charges in scope, optionally of one contract, newest due date first. */
export function useRentCharges(contractId: number | undefined, page: number) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(RENT_CHARGES_PAGE_SIZE), ...(contractId ? { contractId: String(contractId) } : {}) });
  return useQuery({
    queryKey: [...RENT_CHARGES_KEY, { contractId, page }],
    queryFn: ({ signal }) => getPage(`/api/rent-charges?${params}`, z.array(RentChargeSchema), signal),
    placeholderData: keepPreviousData,
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
