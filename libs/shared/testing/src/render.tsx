import type { CurrentUser } from '@arrendia/api-contract';
import { createQueryClient } from '@arrendia/api-client';
import { ThemeProvider, Toaster } from '@arrendia/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

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

/** A signed-in user as GET /api/auth/user answers it: an individual owner unless told otherwise. */
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
    emailVerified: true,
    ...overrides,
  };
}

/** A signed-in user of the given role. */
export const userWithRole = (roleName: string): CurrentUser => makeUser({ lastName: 'Martín' }, roleName);
