/** Shell test helpers: providers, a fake federation runtime, a user. */
import type { CurrentUser } from '@arrendia/api-contract';
import { createQueryClient } from '@arrendia/api-client';
import { ThemeProvider, Toaster } from '@arrendia/ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createRemoteLoader, type FederationRuntime, type RemoteLoader } from './remotes/remoteLoader';
import { RemoteLoaderProvider } from './remotes/RemoteLoaderContext';

/** What Radix's popper and the layout expect from a browser and jsdom does not have. */
function installDomPolyfills() {
  if (typeof window === 'undefined') return;
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
  }
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => undefined;
  proto.releasePointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
}
installDomPolyfills();

/** A fetch answer in the shape the client reads (jsdom has no Response). */
export function answer(status: number, body: unknown = '', headers: Record<string, string> = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null } as Headers,
    text: async () => text,
    json: async () => JSON.parse(text),
  } as Response;
}

export type Routes = Record<string, (init?: RequestInit) => Response | Promise<Response>>;

/**
 * A fetch that answers by "METHOD /path?query" ('GET /api/badges'); a path with no route answers
 * 404. The shell's own calls all have defaults, so each test names only what it cares about.
 */
export function routedFetch(routes: Routes): jest.Mock {
  return jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(url)}`;
    const route = routes[key];
    return route ? route(init) : answer(404, { error: 'not_found', message: 'Ruta no encontrada' });
  });
}

/** Quiet defaults for what the layout asks on its own. */
export const LAYOUT_ROUTES: Routes = {
  'GET /api/badges': () => answer(200, { openIncidents: 0, unreadMessages: 0 }),
  'GET /api/notifications?pageSize=5': () => answer(200, [], { 'X-Unread-Count': '0' }),
};

export function makeUser(overrides: Partial<CurrentUser> = {}, roleName: string | null = 'propietario_individual'): CurrentUser {
  return {
    id: 1,
    email: 'owner@demo.arrendia.es',
    firstName: 'Olga',
    lastName: 'Martín Ruiz',
    telefono: null,
    nifCif: null,
    direccionFiscal: null,
    ibanBancaria: null,
    profileImageUrl: null,
    agencyId: null,
    role: roleName ? { roleId: 2, roleName } : null,
    ...overrides,
  };
}

/** A loader over a fake runtime whose `load` the test controls; every remote is enabled. */
export function fakeLoader(load: FederationRuntime['load']): { loader: RemoteLoader; runtime: jest.Mocked<FederationRuntime> } {
  const runtime = { register: jest.fn(), load: jest.fn(load) } as jest.Mocked<FederationRuntime>;
  const names = ['public-site', 'owner-portal', 'agency-portal', 'tenant-portal', 'admin-portal'];
  const loader = createRemoteLoader({
    getRegistry: async () => names.map((name) => ({ name, roles: [], manifestUrl: `/remotes/${name}/mf-manifest.json`, enabled: true, version: '1', updatedAt: '' })),
    refreshRegistry: () => undefined,
    runtime,
    origin: 'http://localhost',
  });
  return { loader, runtime };
}

/** Shows the current path, to assert redirects. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <>
      <div data-testid="location" hidden>
        {pathname}
      </div>
      <div data-testid="location-search" hidden>
        {search}
      </div>
    </>
  );
}

/** Renders inside the shell's providers, in an awaited act() so suspended remotes can settle. */
export async function renderInShell(
  ui: ReactElement,
  { path = '/', loader, queryClient = createQueryClient() }: { path?: string; loader?: RemoteLoader; queryClient?: QueryClient } = {},
): Promise<RenderResult> {
  const content = (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider initialMode="light">
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
  let view: RenderResult | undefined;
  await act(async () => {
    view = render(loader ? <RemoteLoaderProvider loader={loader}>{content}</RemoteLoaderProvider> : content);
  });
  return view!;
}

/** A click whose consequences may suspend (navigation to a remote). */
export async function clickAndSettle(element: Element) {
  await act(async () => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  });
}
