/** @jest-environment jsdom */
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { z } from 'zod';
import { createQueryClient } from './queryClient';
import { fakeResponse } from './testing';
import { useListPage, type ListPageSpec } from './useListPage';

beforeEach(() => {
  global.fetch = jest.fn(async () => fakeResponse(200, [], '', { 'X-Total-Count': '0' })) as unknown as typeof fetch;
});

/** The hook at `url` (the browser's address: page, filters and order in its query string). */
function listAt(url: string, spec: Partial<ListPageSpec<unknown, 'status' | 'q'>> = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => useListPage({ path: '/api/incidents', schema: z.array(z.unknown()), filters: ['status', 'q'] as const, sorts: ['createdAt'], ...spec }), { wrapper }).result.current;
}

describe("useListPage's csvHref ('Exportar CSV', issue 35)", () => {
  it("is the list's path + .csv with the fixed parameters, the filters and the order, never the page or its size", () => {
    const list = listAt('/incidents?page=3&status=Abierta&q=fuga%3B+cocina&sort=-createdAt', { fixed: { propertyId: 7, mine: undefined }, pageSize: 50 });
    expect(list.page).toBe(3);
    expect(list.csvHref).toBe('/api/incidents.csv?propertyId=7&status=Abierta&q=fuga%3B+cocina&sort=-createdAt');
  });

  it("is the bare .csv when nothing narrows or orders the list, and leaves out an order the list does not offer", () => {
    expect(listAt('/incidents?page=2&sort=title&status=').csvHref).toBe('/api/incidents.csv');
  });

  it("reads the list's own keys when a page shows two lists (prefix)", () => {
    expect(listAt('/incidents?status=Cerrada&docs.status=Abierta&docs.page=4&docs.sort=createdAt', { prefix: 'docs' }).csvHref).toBe('/api/incidents.csv?status=Abierta&sort=createdAt');
  });
});
