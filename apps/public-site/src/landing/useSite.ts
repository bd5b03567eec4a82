import type { PublicSite } from '@arrendia/api-contract';
import { useQuery } from '@tanstack/react-query';

export const SITE_PATH = '/api/public/site';

/**
 * What the public pages need to know of this installation (GET /api/public/site), read once per
 * visit. Read without the contract's zod schema: the landing downloads no zod (its bundle budget,
 * e2e/tests/perf/bundles.e2e.ts); anything but a boolean reads as no demo accounts.
 */
export function useSite() {
  return useQuery({
    queryKey: [SITE_PATH],
    queryFn: async ({ signal }): Promise<PublicSite> => {
      const res = await fetch(SITE_PATH, { signal, headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`GET ${SITE_PATH}: ${res.status}`);
      const body = (await res.json()) as Partial<PublicSite> | null;
      return { demoAccounts: body?.demoAccounts === true };
    },
    staleTime: Infinity,
  });
}
