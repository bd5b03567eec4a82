import { IndexValueFetchResultSchema, IndexValueSchema, type IndexValue, type IndexValueCreateData, type IndexValueFetchResult } from '@arrendia/api-contract';
import { apiRequest } from '@arrendia/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The index values list (issue 36): the head of its query keys, so a write refreshes every page. */
export const INDEX_VALUES_PATH = '/api/index-values';

/** 'Añadir valor': POST /api/index-values with the form's schema output; the list reloads. */
export function useAddIndexValue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: IndexValueCreateData): Promise<IndexValue> => IndexValueSchema.parse(await (await apiRequest('POST', INDEX_VALUES_PATH, input)).json()),
    onSuccess: () => client.invalidateQueries({ queryKey: [INDEX_VALUES_PATH] }),
  });
}

/** 'Leer del INE': the latest months of the three series, those not stored added; the list reloads. */
export function useFetchIndexValues() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<IndexValueFetchResult> => IndexValueFetchResultSchema.parse(await (await apiRequest('POST', `${INDEX_VALUES_PATH}/fetch`, {})).json()),
    onSuccess: () => client.invalidateQueries({ queryKey: [INDEX_VALUES_PATH] }),
  });
}
