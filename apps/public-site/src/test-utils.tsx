import { createQueryClient } from '@arrendia/api-client';
import type { CurrentUser, PublicSite } from '@arrendia/api-contract';
import { ThemeProvider, Toaster } from '@arrendia/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import App from './App';
import { SITE_PATH } from './landing/useSite';

/**
 * The public site as the shell mounts it: under a router, with the shared providers. The
 * installation's facts (GET /api/public/site) are known already, as after the first page of a
 * visit (demo accounts on, as in development), unless `site` is null: then the page asks for them.
 */
export async function renderSite(path = '/', user: CurrentUser | null = null, { site = { demoAccounts: true } }: { site?: PublicSite | null } = {}): Promise<RenderResult> {
  // The build id rspack defines at build time.
  (globalThis as Record<string, unknown>).__ARRENDIA_BUILD_ID__ ??= 'test-build';
  const client = createQueryClient();
  if (site) client.setQueryData([SITE_PATH], site);
  let view: RenderResult | undefined;
  await act(async () => {
    view = render(
      <QueryClientProvider client={client}>
        <ThemeProvider initialMode="light">
          <MemoryRouter initialEntries={[path]}>
            <App user={user} basePath="/" />
          </MemoryRouter>
          <Toaster />
        </ThemeProvider>
      </QueryClientProvider>,
    );
  });
  return view!;
}

/** A Response stand-in (jsdom has no fetch API). */
export function answer(status: number, body: unknown = '') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => text, json: async () => JSON.parse(text) };
}
