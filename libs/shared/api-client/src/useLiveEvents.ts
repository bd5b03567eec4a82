import { DELEGATIONS_PATH, LIVE_EVENT_TYPES, LiveEventSchema, type LiveEvent } from '@arrendia/api-contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BADGE_COUNTS_KEY } from './useBadgeCounts';
import { CONSENT_REQUESTS_KEY } from './useConsentRequests';
import { NOTIFICATIONS_KEY } from './useNotifications';

export const LIVE_EVENTS_PATH = '/api/events';
/** Every conversation query starts with this key: the list, a thread's detail and its messages. */
export const CONVERSATIONS_KEY = ['/api/conversations'] as const;

/** The cached data an event makes stale: the screens showing it refetch through their scoped calls. */
export function staleKeysOf(event: LiveEvent): QueryKey[] {
  switch (event.type) {
    case 'message.created':
    case 'conversation.read':
      return [CONVERSATIONS_KEY, BADGE_COUNTS_KEY];
    // A consent request asked or answered comes with a notification (the event names no type):
    // the requests and the delegations they grant refetch, only where a screen shows them.
    case 'notification.created':
      return [NOTIFICATIONS_KEY, BADGE_COUNTS_KEY, CONSENT_REQUESTS_KEY, [DELEGATIONS_PATH]];
    case 'notification.read':
      return [NOTIFICATIONS_KEY, BADGE_COUNTS_KEY];
    // A conversation partner opened or closed Arrendia: the open thread's 'En línea'.
    case 'presence.changed':
      return [CONVERSATIONS_KEY];
    // An import (issue 35) wrote a batch or ended: its progress and report.
    case 'import.progress':
      return [['/api/imports']];
    // A data export (issue 35) is ready or failed: 'Exportar mis datos' in the settings.
    case 'export.ready':
      return [['/api/exports']];
  }
}

/** How many event ids a stream remembers: more than the server re-sends on a reconnect. */
const HANDLED_IDS_KEPT = 2000;

/**
 * The tab's one live stream (GET /api/events, issue 12), opened while `enabled` (a signed-in user):
 * each event refreshes what it makes stale, so threads, unread counts, the sidebar badge and the
 * bell update without a reload. EventSource reconnects by itself and sends Last-Event-ID, so the
 * server replays what the tab missed, with the events just below it again (one may have committed
 * late): each event id is handled once. A 401 closes the stream for good.
 */
export function useLiveEvents(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_EVENTS_PATH, { withCredentials: true });
    const handled = new Set<number>();
    const onEvent = (message: MessageEvent<string>) => {
      let parsed: LiveEvent;
      try {
        parsed = LiveEventSchema.parse(JSON.parse(message.data));
      } catch {
        return;
      }
      if (handled.has(parsed.id)) return;
      handled.add(parsed.id);
      if (handled.size > HANDLED_IDS_KEPT) handled.delete(handled.values().next().value as number);
      for (const queryKey of staleKeysOf(parsed)) void client.invalidateQueries({ queryKey });
    };
    for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, onEvent);
    return () => source.close();
  }, [client, enabled]);
}
