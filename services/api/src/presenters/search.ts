import type { SearchResults } from '@arrendia/api-contract';

/** The three kinds of match, each a JSON array in its own order (queries/search.ts). */
export interface SearchRow {
  properties: SearchResults['properties'];
  tenants: SearchResults['tenants'];
  contracts: (SearchResults['contracts'][number] & { startDate?: string })[];
}

/** What the header search box lists; a contract's sort date stays behind. */
export function presentSearchResults(row: SearchRow): SearchResults {
  return {
    properties: row.properties,
    tenants: row.tenants,
    contracts: row.contracts.map(({ id, contractCode, propertyName, unitName }) => ({ id, contractCode, propertyName, unitName })),
  };
}
