import { BadgeCountsSchema, type BadgeCounts } from '@arrendia/api-contract';
import { useQuery } from '@tanstack/react-query';
import { getJson } from './getJson';

export const BADGE_COUNTS_PATH = '/api/badges';
/** Invalidate after anything that changes a count (an incident reported, a message read). */
export const BADGE_COUNTS_KEY = [BADGE_COUNTS_PATH] as const;

/** The sidebar's live counts: open incidents and unread messages in the user's scope. */
export function useBadgeCounts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<BadgeCounts>({
    queryKey: BADGE_COUNTS_KEY,
    enabled,
    queryFn: async ({ signal }) => (await getJson(BADGE_COUNTS_PATH, BadgeCountsSchema, signal)).data,
  });
}
