/** Shell test helpers: providers, a fake federation runtime, a user (fetch stand-ins from @arrendia/testing). */
import { createQueryClient } from '@arrendia/api-client';
import { ThemeProvider, Toaster } from '@arrendia/ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { fakeResponse, makeUser, routedFetch, type Routes } from '@arrendia/testing';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createRemoteLoader, type FederationRuntime, type RemoteLoader } from './remotes/remoteLoader';
import { RemoteLoaderProvider } from './remotes/RemoteLoaderContext';

/** A fetch answer in the shape the client reads (jsdom has no Response), with optional headers. */
export const answer = fakeResponse;

export { makeUser, routedFetch, type Routes };

/** Quiet defaults for what the layout asks on its own. */
export const LAYOUT_ROUTES: Routes = {
  'GET /api/badges': () => answer(200, { openIncidents: 0, unreadMessages: 0 }),
  'GET /api/notifications?pageSize=5': () => answer(200, [], { 'X-Unread-Count': '0' }),
};

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
