import { SearchResultsSchema, type SearchResults } from '@arrendia/api-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from './getJson';

export const SEARCH_PATH = '/api/search';
/** The API refuses shorter queries (400). */
export const SEARCH_MIN_LENGTH = 2;
/** The API refuses longer ones. */
export const SEARCH_MAX_LENGTH = 100;

/** The text actually sent for what the user typed: trimmed and cut to the API's limit. */
export function searchTerm(q: string): string {
  return q.trim().slice(0, SEARCH_MAX_LENGTH);
}

/**
 * The header search (GET /api/search?q=): properties, tenants and contracts in the user's scope.
 * Runs only for 2 characters or more; debounce the input in the component. While a new term
 * loads, the previous results stay (`isPlaceholderData`), so the list does not flicker.
 */
export function useSearch(q: string) {
  const term = searchTerm(q);
  return useQuery<SearchResults>({
    queryKey: [SEARCH_PATH, term],
    enabled: term.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => (await getJson(`${SEARCH_PATH}?q=${encodeURIComponent(term)}`, SearchResultsSchema, signal)).data,
  });
}
