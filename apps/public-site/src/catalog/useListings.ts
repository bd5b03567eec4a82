import { ListingDetailSchema, PublicListingsPageSchema } from '@arrendia/api-contract';
import { getJson } from '@arrendia/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listingsPath, type CatalogFilters } from './filters';

/** One page of the catalogue; the previous page stays on screen while the next one loads. */
export function useListings(filters: CatalogFilters) {
  const path = listingsPath(filters);
  return useQuery({
    queryKey: [path],
    queryFn: async ({ signal }) => (await getJson(path, PublicListingsPageSchema, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** The property page's listing (GET /api/public/listings/:id). */
export function useListing(id: string | undefined) {
  const path = `/api/public/listings/${encodeURIComponent(id ?? '')}`;
  return useQuery({
    queryKey: [path],
    queryFn: async ({ signal }) => (await getJson(path, ListingDetailSchema, signal)).data,
    enabled: Boolean(id),
  });
}
