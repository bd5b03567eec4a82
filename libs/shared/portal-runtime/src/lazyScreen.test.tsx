/** @jest-environment jsdom */
import type { CurrentUser } from '@arrendia/api-contract';
import { ThemeProvider } from '@arrendia/ui';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { lazyScreen } from './lazyScreen';
import { PortalRoutes } from './PortalRoutes';

const owner = { id: 3, firstName: 'Olga', role: { roleId: 2, roleName: 'propietario_individual' } } as CurrentUser;

describe('lazyScreen', () => {
  it('loads a route screen the first time the route renders, and gives it the user', async () => {
    const load = jest.fn(async () => ({ user }: { user: CurrentUser | null }) => <h1>Contratos de {user?.firstName}</h1>);
    const Contracts = lazyScreen(load);
    expect(load).not.toHaveBeenCalled();
    render(
      <ThemeProvider initialMode="light">
        <MemoryRouter initialEntries={['/contracts']}>
          <Suspense fallback={<p>Cargando sección...</p>}>
            <PortalRoutes user={owner} screens={{ '/dashboard': () => null, '/contracts': Contracts }} />
          </Suspense>
        </MemoryRouter>
      </ThemeProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Contratos de Olga' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
