import { z } from 'zod';

/** `GET /api/search?q=`: the header search box. At least 2 characters. */
export const SearchQuerySchema = z.object({
  q: z.string({ error: 'Escribe al menos 2 caracteres' }).trim().min(2, 'Escribe al menos 2 caracteres').max(100, 'Máximo 100 caracteres'),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** What the search finds in the user's scope, at most SEARCH_LIMIT of each kind. */
export const SearchResultsSchema = z.object({
  properties: z.array(z.object({ id: z.number().int(), propertyName: z.string(), addressStreet: z.string(), city: z.string() })),
  tenants: z.array(z.object({ id: z.number().int(), firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() })),
  contracts: z.array(z.object({ id: z.number().int(), contractCode: z.string(), propertyName: z.string(), unitName: z.string() })),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;

export const SEARCH_LIMIT = 5;

/** `GET /api/badges`: the live counts of the sidebar entries. */
export const BadgeCountsSchema = z.object({
  openIncidents: z.number().int(),
  unreadMessages: z.number().int(),
});
export type BadgeCounts = z.infer<typeof BadgeCountsSchema>;
