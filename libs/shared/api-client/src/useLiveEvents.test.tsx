/** @jest-environment jsdom */
import { LiveEventSchema } from '@arrendia/api-contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from './queryClient';
import { CONVERSATIONS_KEY, staleKeysOf, useLiveEvents } from './useLiveEvents';
import { BADGE_COUNTS_KEY } from './useBadgeCounts';
import { CONSENT_REQUESTS_KEY } from './useConsentRequests';
import { NOTIFICATIONS_KEY } from './useNotifications';

/** A stand-in EventSource (jsdom has none) that the test drives. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(
    public url: string,
    public init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent<string>);
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  FakeEventSource.last = null;
  (globalThis as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  delete (globalThis as unknown as { EventSource?: unknown }).EventSource;
});

function setup(enabled = true) {
  const client = createQueryClient();
  const invalidate = jest.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const hook = renderHook(({ on }) => useLiveEvents(on), { wrapper, initialProps: { on: enabled } });
  return { invalidate, hook };
}

describe('useLiveEvents', () => {
  it('opens one stream on /api/events with the cookie and refreshes what each event makes stale', () => {
    const { invalidate } = setup();
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/events');
    expect(source.init).toEqual({ withCredentials: true });
    source.emit('message.created', { id: 7, type: 'message.created', data: { conversationId: 3, messageId: 9 } });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([CONVERSATIONS_KEY, BADGE_COUNTS_KEY]);
    invalidate.mockClear();
    // A consent request asked or answered arrives as a notification: its lists refetch with the bell.
    source.emit('notification.created', { id: 8, type: 'notification.created', data: {} });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([NOTIFICATIONS_KEY, BADGE_COUNTS_KEY, CONSENT_REQUESTS_KEY, ['/api/delegations']]);
  });

  it('ignores what is not a live event, opens nothing while disabled, and closes the stream on unmount', () => {
    const { invalidate, hook } = setup();
    const source = FakeEventSource.last!;
    source.emit('message.created', 'no es json');
    source.emit('message.created', { id: 'x', type: 'message.created', data: {} });
    expect(invalidate).not.toHaveBeenCalled();
    hook.unmount();
    expect(source.closed).toBe(true);
    FakeEventSource.last = null;
    setup(false);
    expect(FakeEventSource.last).toBeNull();
  });

  it('handles each event id once: a reconnect re-sends the events just below Last-Event-ID', () => {
    const { invalidate } = setup();
    const source = FakeEventSource.last!;
    const event = { id: 41, type: 'notification.created', data: {} };
    const perEvent = staleKeysOf(LiveEventSchema.parse(event)).length;
    source.emit('notification.created', event);
    source.emit('notification.created', event);
    expect(invalidate).toHaveBeenCalledTimes(perEvent);
    source.emit('notification.created', { ...event, id: 40 });
    expect(invalidate).toHaveBeenCalledTimes(2 * perEvent);
  });

  it('maps the read events too', () => {
    expect(staleKeysOf({ id: 1, type: 'conversation.read', data: { conversationId: 2 } })).toEqual([CONVERSATIONS_KEY, BADGE_COUNTS_KEY]);
    expect(staleKeysOf({ id: 1, type: 'notification.read', data: {} })).toEqual([NOTIFICATIONS_KEY, BADGE_COUNTS_KEY]);
  });

  it("refreshes the conversations (a thread's 'En línea') when a partner arrives or leaves", () => {
    expect(staleKeysOf({ id: 1, type: 'presence.changed', data: { userId: 9 } })).toEqual([CONVERSATIONS_KEY]);
  });

  it("refreshes the data exports ('Exportar mis datos') when one is ready or failed", () => {
    const event = LiveEventSchema.parse({ id: 1, type: 'export.ready', data: { exportId: 4 } });
    expect(event.data).toEqual({ exportId: 4 });
    expect(staleKeysOf(event)).toEqual([['/api/exports']]);
  });
});
