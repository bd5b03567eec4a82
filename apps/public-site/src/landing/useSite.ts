import { PublicSiteSchema } from '@arrendia/api-contract';
import { getJson } from '@arrendia/api-client';
import { useQuery } from '@tanstack/react-query';

export const SITE_PATH = '/api/public/site';

/** What the public pages need to know of this installation (GET /api/public/site), read once per visit. */
export function useSite() {
  return useQuery({
    queryKey: [SITE_PATH],
    queryFn: async ({ signal }) => (await getJson(SITE_PATH, PublicSiteSchema, signal)).data,
    staleTime: Infinity,
  });
}
