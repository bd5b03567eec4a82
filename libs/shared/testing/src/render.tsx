import type { CurrentUser } from '@arrendia/api-contract';
import { createQueryClient } from '@arrendia/api-client';
import { ThemeProvider, Toaster } from '@arrendia/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

// What Radix (select, dialog) expects from a browser and jsdom lacks.
if (typeof window !== 'undefined') {
  if (!('ResizeObserver' in window)) {
    Object.assign(window, {
      ResizeObserver: class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    });
  }
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => undefined;
  proto.releasePointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
}

/** Renders `ui` at `path` (inside a `route`, '*' by default) with the portals' providers: query client, theme, router, toasts. */
export function renderAt(ui: ReactElement, path = '/', route = '*') {
  const client = createQueryClient();
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <ThemeProvider initialMode="light">
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={ui} />
            </Routes>
          </MemoryRouter>
          <Toaster />
        </ThemeProvider>
      </QueryClientProvider>,
    ),
  };
}

/** A signed-in user of the given role, as GET /api/auth/user answers it. */
export const userWithRole = (roleName: string): CurrentUser => ({
  id: 1,
  email: 'owner@demo.arrendia.es',
  firstName: 'Olga',
  lastName: 'Martín',
  telefono: null,
  nifCif: null,
  direccionFiscal: null,
  ibanBancaria: null,
  profileImageUrl: null,
  agencyId: null,
  role: { roleId: 2, roleName },
});
