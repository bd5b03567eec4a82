/** @jest-environment jsdom */
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient, getQueryFn } from './queryClient';
import { fakeResponse } from './testing';
import { CURRENT_USER_KEY, useCurrentUser } from './useCurrentUser';

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
const json = (body: unknown, status = 200) => fakeResponse(status, body);

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

function wrapperFor(client = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

const user = { id: 1, email: 'owner@demo.arrendia.es', firstName: 'Olga', lastName: 'Pérez', role: { roleId: 2, roleName: 'propietario_individual' } };

describe('getQueryFn', () => {
  const ctx = (path: string) => ({ queryKey: [path], signal: new AbortController().signal }) as never;

  it('GETs the first key segment with cookies and parses JSON', async () => {
    fetchMock.mockResolvedValue(json([{ id: 1 }]));
    await expect(getQueryFn({ on401: 'throw' })(ctx('/api/properties'))).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/properties');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
  });

  it("returns null on 401 with on401 'returnNull'", async () => {
    fetchMock.mockResolvedValue(json({ error: 'unauthorized', message: 'No has iniciado sesión' }, 401));
    await expect(getQueryFn({ on401: 'returnNull' })(ctx('/api/auth/user'))).resolves.toBeNull();
  });

  it("throws '401: …' with on401 'throw'", async () => {
    fetchMock.mockResolvedValue(json({ error: 'unauthorized', message: 'No has iniciado sesión' }, 401));
    await expect(getQueryFn({ on401: 'throw' })(ctx('/api/auth/user'))).rejects.toThrow(/^401: /);
  });
});

describe('createQueryClient', () => {
  it('has the spec §9 settings', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false });
    expect(mutations).toMatchObject({ retry: false });
  });

  it('fetches a query by its key path with the default query function', async () => {
    fetchMock.mockResolvedValue(json({ activeProperties: 3 }));
    const { wrapper } = wrapperFor();
    const { result } = renderHook(() => useQuery({ queryKey: ['/api/dashboard/metrics'] }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ activeProperties: 3 }));
  });

  it('reports failed queries and mutations, with their meta, to onError, without retrying', async () => {
    const onError = jest.fn();
    fetchMock.mockResolvedValue(json({ error: 'unauthorized', message: 'Unauthorized' }, 401));
    const { wrapper } = wrapperFor(createQueryClient({ onError }));
    const query = renderHook(() => useQuery({ queryKey: ['/api/contracts'] }), { wrapper });
    await waitFor(() => expect(query.result.current.isError).toBe(true));
    const mutation = renderHook(
      () => useMutation({ mutationFn: () => Promise.reject(new Error('401: x')), meta: { handlesUnauthorized: true } }),
      { wrapper },
    );
    mutation.result.current.mutate();
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
    expect(onError.mock.calls[0][1]).toMatchObject({ kind: 'query' });
    expect(onError.mock.calls[1][1]).toEqual({ kind: 'mutation', meta: { handlesUnauthorized: true } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('useCurrentUser', () => {
  it('gives the signed-in user', async () => {
    fetchMock.mockResolvedValue(json(user));
    const { wrapper, client } = wrapperFor();
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(user));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/user');
    expect(client.getQueryData(CURRENT_USER_KEY)).toEqual(user);
  });

  it('gives null when signed out, asks once and reports no error', async () => {
    const onError = jest.fn();
    fetchMock.mockResolvedValue(json({ error: 'unauthorized', message: 'No has iniciado sesión' }, 401));
    const { wrapper } = wrapperFor(createQueryClient({ onError }));
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('does not retry a failed probe', async () => {
    fetchMock.mockResolvedValue(fakeResponse(500, 'boom'));
    const { wrapper } = wrapperFor();
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('500: boom');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
