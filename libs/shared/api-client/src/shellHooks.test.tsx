/** @jest-environment jsdom */
import type { Notification } from '@arrendia/api-contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { INVALID_RESPONSE_MESSAGE } from './getJson';
import { createQueryClient } from './queryClient';
import { fakeResponse } from './testing';
import { BADGE_COUNTS_KEY, useBadgeCounts } from './useBadgeCounts';
import { NOTIFICATIONS_LIMIT, useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './useNotifications';
import { SEARCH_MIN_LENGTH, searchTerm, useSearch } from './useSearch';

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function wrapperFor(client = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

const notification = (id: number, isRead = false): Notification => ({
  id,
  title: `Aviso ${id}`,
  message: 'Texto',
  isRead,
  notificationType: 'new_incident',
  relatedEntityType: 'incident',
  relatedEntityId: 7,
  createdAt: '2025-03-01T10:00:00.000Z',
});

/** Routes fetch calls by method and path. */
function serve(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${String(url)}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected ${key}`);
    return route();
  });
}

describe('useNotifications', () => {
  it('asks for the 5 newest with cookies and reads the unread count from X-Unread-Count', async () => {
    serve({ 'GET /api/notifications?pageSize=5': () => fakeResponse(200, [notification(1), notification(2, true)], '', { 'X-Unread-Count': '12' }) });
    const { wrapper } = wrapperFor();
    const { result } = renderHook(() => useNotifications(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({ notifications: [notification(1), notification(2, true)], unreadCount: 12 });
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
    expect(NOTIFICATIONS_LIMIT).toBe(5);
  });

  it('never lists more than 5, and counts the unread ones when the header is missing', async () => {
    const many = [1, 2, 3, 4, 5, 6, 7].map((id) => notification(id, id > 2));
    serve({ 'GET /api/notifications?pageSize=5': () => fakeResponse(200, many) });
    const { wrapper } = wrapperFor();
    const { result } = renderHook(() => useNotifications(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data!.notifications.map((n) => n.id)).toEqual([1, 2, 3, 4, 5]);
    expect(result.current.data!.unreadCount).toBe(2);
  });

  it('does not ask while disabled (no user yet)', async () => {
    const { wrapper } = wrapperFor();
    renderHook(() => useNotifications({ enabled: false }), { wrapper });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an answer that does not match the contract', async () => {
    serve({ 'GET /api/notifications?pageSize=5': () => fakeResponse(200, [{ id: 'x' }]) });
    const { wrapper } = wrapperFor();
    const { result } = renderHook(() => useNotifications(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error!.message).toBe(`${INVALID_RESPONSE_MESSAGE} (/api/notifications)`);
  });

  it("raises a 401 as '401: …' through the client's onError", async () => {
    const onError = jest.fn();
    serve({ 'GET /api/notifications?pageSize=5': () => fakeResponse(401, { error: 'unauthorized', message: 'No has iniciado sesión' }) });
    const { wrapper } = wrapperFor(createQueryClient({ onError }));
    renderHook(() => useNotifications(), { wrapper });
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onError.mock.calls[0][0].message).toMatch(/^401: /);
  });
});

describe('useMarkNotificationRead and useMarkAllNotificationsRead', () => {
  it('PATCHes one as read and updates the list and the count at once, then refetches', async () => {
    serve({
      'GET /api/notifications?pageSize=5': () => fakeResponse(200, [notification(1), notification(2)], '', { 'X-Unread-Count': '2' }),
      'PATCH /api/notifications/1/read': () => fakeResponse(200, notification(1, true)),
    });
    const { wrapper, client } = wrapperFor();
    const invalidate = jest.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const { result } = renderHook(() => ({ bell: useNotifications(), mark: useMarkNotificationRead() }), { wrapper });
    await waitFor(() => expect(result.current.bell.data?.unreadCount).toBe(2));
    await act(() => result.current.mark.mutateAsync(1));
    await waitFor(() => expect(result.current.bell.data!.unreadCount).toBe(1));
    expect(result.current.bell.data!.notifications.map((n) => n.isRead)).toEqual([true, false]);
    expect(fetchMock).toHaveBeenCalledWith('/api/notifications/1/read', expect.objectContaining({ method: 'PATCH', credentials: 'include' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/notifications'] });
  });

  it('does not count down for one that was already read', async () => {
    serve({
      'GET /api/notifications?pageSize=5': () => fakeResponse(200, [notification(1, true), notification(2)], '', { 'X-Unread-Count': '1' }),
      'PATCH /api/notifications/1/read': () => fakeResponse(200, notification(1, true)),
    });
    const { wrapper, client } = wrapperFor();
    const invalidate = jest.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const { result } = renderHook(() => ({ bell: useNotifications(), mark: useMarkNotificationRead() }), { wrapper });
    await waitFor(() => expect(result.current.bell.isSuccess).toBe(true));
    await act(() => result.current.mark.mutateAsync(1));
    await waitFor(() => expect(result.current.bell.data!.notifications[0].isRead).toBe(true));
    expect(result.current.bell.data!.unreadCount).toBe(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/notifications'] });
  });

  it('POSTs read-all and zeroes the count', async () => {
    serve({
      'GET /api/notifications?pageSize=5': () => fakeResponse(200, [notification(1), notification(2)], '', { 'X-Unread-Count': '9' }),
      'POST /api/notifications/read-all': () => fakeResponse(204),
    });
    const { wrapper, client } = wrapperFor();
    jest.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const { result } = renderHook(() => ({ bell: useNotifications(), all: useMarkAllNotificationsRead() }), { wrapper });
    await waitFor(() => expect(result.current.bell.isSuccess).toBe(true));
    await act(() => result.current.all.mutateAsync());
    await waitFor(() => expect(result.current.bell.data).toEqual({ notifications: [notification(1, true), notification(2, true)], unreadCount: 0 }));
  });
});

describe('useSearch', () => {
  const results = { properties: [{ id: 1, propertyName: 'Ático Chamberí', addressStreet: 'Calle Luchana', city: 'Madrid' }], tenants: [], contracts: [] };

  it('does not ask for fewer than 2 characters (spaces do not count)', async () => {
    expect(SEARCH_MIN_LENGTH).toBe(2);
    const { wrapper } = wrapperFor();
    const { rerender } = renderHook(({ q }) => useSearch(q), { wrapper, initialProps: { q: 'a' } });
    rerender({ q: ' a ' });
    rerender({ q: '' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks GET /api/search with the trimmed, encoded text and checks the answer', async () => {
    serve({ 'GET /api/search?q=%C3%A1tico%20ch': () => fakeResponse(200, results) });
    const { wrapper } = wrapperFor();
    const { result } = renderHook(() => useSearch('  ático ch '), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(results));
  });

  it('refuses results that do not match the contract', async () => {
    serve({ 'GET /api/search?q=ab': () => fakeResponse(200, { properties: 'none' }) });
    const { wrapper } = wrapperFor();
    const { result } = renderHook(() => useSearch('ab'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it('cuts the text to the 100 characters the API accepts', () => {
    expect(searchTerm(` ${'x'.repeat(150)} `)).toHaveLength(100);
  });
});

describe('useBadgeCounts', () => {
  it('reads GET /api/badges', async () => {
    serve({ 'GET /api/badges': () => fakeResponse(200, { openIncidents: 3, unreadMessages: 0 }) });
    const { wrapper, client } = wrapperFor();
    const { result } = renderHook(() => useBadgeCounts(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ openIncidents: 3, unreadMessages: 0 }));
    expect(client.getQueryData(BADGE_COUNTS_KEY)).toEqual({ openIncidents: 3, unreadMessages: 0 });
  });

  it('refuses counts that are not integers', async () => {
    serve({ 'GET /api/badges': () => fakeResponse(200, { openIncidents: '3', unreadMessages: 0 }) });
    const { wrapper } = wrapperFor();
    const { result } = renderHook(() => useBadgeCounts(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});
