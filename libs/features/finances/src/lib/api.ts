import {
  ExpensesByCategorySchema,
  FinancesByPropertySchema,
  FinancesMonthlySchema,
  FinancesSummarySchema,
  MONTHLY_EVOLUTION_MONTHS,
  OccupancySchema,
  PropertyDetailSchema,
  PropertyListItemSchema,
  TRANSACTION_SORTS,
  TransactionCategorySchema,
  TransactionListItemSchema,
  type TransactionListItem,
  type TransactionsCreateData,
  type TransactionsDeleteData,
  type TransactionsUpdateData,
} from '@arrendia/api-contract';
import { apiRequest, getJson, useListPage, type ResponseSchema } from '@arrendia/api-client';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

/** Spec §9: the finances screen lists the 10 most recent transactions (its list's first page; issue 33 pages the rest). */
export const RECENT_TRANSACTIONS = 10;

/** The filters of the transactions list, as the API and the URL name them. */
export const TRANSACTION_FILTERS = ['q', 'type', 'propertyId', 'categoryId', 'from', 'to'] as const;

/** Query keys are the API paths (the shared client's convention). */
export const FINANCE_KEYS = {
  summary: '/api/finances/summary',
  monthly: (months: number = MONTHLY_EVOLUTION_MONTHS) => `/api/finances/monthly?months=${months}`,
  expensesByCategory: '/api/finances/expenses-by-category',
  byProperty: (from: string) => `/api/finances/by-property?from=${from}`,
  occupancy: '/api/analytics/occupancy',
  transactions: '/api/transactions',
  categories: '/api/transaction-categories',
  properties: '/api/properties?pageSize=100',
  property: (id: number) => `/api/properties/${id}`,
} as const;

/** A query whose key is `path`, checked against its api-contract schema. */
function useApiQuery<T>(path: string, schema: ResponseSchema<T>, enabled = true) {
  return useQuery({
    queryKey: [path],
    queryFn: async ({ signal }) => (await getJson(path, schema, signal)).data,
    enabled,
  });
}

export const useFinancesSummary = () => useApiQuery(FINANCE_KEYS.summary, FinancesSummarySchema);
export const useFinancesMonthly = (months: number = MONTHLY_EVOLUTION_MONTHS) => useApiQuery(FINANCE_KEYS.monthly(months), FinancesMonthlySchema);
export const useExpensesByCategory = () => useApiQuery(FINANCE_KEYS.expensesByCategory, ExpensesByCategorySchema);
export const useFinancesByProperty = (from: string) => useApiQuery(FINANCE_KEYS.byProperty(from), FinancesByPropertySchema);
export const useOccupancy = () => useApiQuery(FINANCE_KEYS.occupancy, OccupancySchema);
/** The filters of one property's movements (its detail page). */
export const PROPERTY_MOVEMENT_FILTERS = ['type', 'from', 'to'] as const;

/**
 * One property's movements (its detail's 'Movimientos'), most recent first unless sorted, 10 a
 * page; the state in the URL under 'movimientos.' beside the detail's other lists.
 */
export const usePropertyMovements = (propertyId: number) =>
  useListPage({
    path: FINANCE_KEYS.transactions,
    schema: z.array(TransactionListItemSchema),
    filters: PROPERTY_MOVEMENT_FILTERS,
    sorts: TRANSACTION_SORTS,
    pageSize: RECENT_TRANSACTIONS,
    fixed: { propertyId },
    prefix: 'movimientos',
  });

/** The user's transactions, most recent first unless sorted, 10 a page, with the list's filters and order in the URL. */
export const useTransactionList = () =>
  useListPage({ path: FINANCE_KEYS.transactions, schema: z.array(TransactionListItemSchema), filters: TRANSACTION_FILTERS, sorts: TRANSACTION_SORTS, pageSize: RECENT_TRANSACTIONS });
export const useTransactionCategories = (enabled = true) => useApiQuery(FINANCE_KEYS.categories, z.array(TransactionCategorySchema), enabled);
export const usePropertyOptions = (enabled = true) => useApiQuery(FINANCE_KEYS.properties, z.array(PropertyListItemSchema), enabled);
export const usePropertyDetail = (id: number | undefined) => useApiQuery(FINANCE_KEYS.property(id ?? 0), PropertyDetailSchema, id !== undefined);

const startsWithAny = (prefixes: readonly string[]) => (query: { queryKey: readonly unknown[] }) =>
  typeof query.queryKey[0] === 'string' && prefixes.some((p) => (query.queryKey[0] as string).startsWith(p));

/**
 * After a transaction is recorded, corrected or deleted: the transaction lists, every finances and analytics figure,
 * the dashboard metrics, and the property details (their latest transactions).
 */
export function invalidateAfterTransaction(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: startsWithAny(['/api/transactions', '/api/finances', '/api/analytics', '/api/dashboard/metrics', '/api/properties/']),
  });
}

/** POST /api/transactions; refreshes what the new row changes. */
export function useRegisterTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TransactionsCreateData) => (await apiRequest('POST', '/api/transactions', input)).json(),
    onSuccess: () => invalidateAfterTransaction(queryClient),
  });
}

const transactionPath = (id: number) => `/api/transactions/${id}`;

/** PATCH /api/transactions/:id ('Editar movimiento'): the changed fields and the reason; answers the list record. */
export function useCorrectTransaction(id: number) {
  const queryClient = useQueryClient();
  return useMutation<TransactionListItem, Error, TransactionsUpdateData>({
    mutationFn: async (input) => TransactionListItemSchema.parse(await (await apiRequest('PATCH', transactionPath(id), input)).json()),
    // Not awaited: a new date may take the row out of the list, and the dialog with it, once the form has said so.
    onSuccess: () => void invalidateAfterTransaction(queryClient),
  });
}

/** DELETE /api/transactions/:id with the reason ('Eliminar movimiento'). */
export function useDeleteTransaction(id: number) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, TransactionsDeleteData>({
    mutationFn: async (input) => {
      await apiRequest('DELETE', transactionPath(id), input);
    },
    // Not awaited: the refreshed list drops the row, and the dialog with it, once the form has said so.
    onSuccess: () => void invalidateAfterTransaction(queryClient),
  });
}
