/** @jest-environment jsdom */
import type { CurrentUser } from '@arrendia/api-contract';
import { makeUser } from '@arrendia/testing';
import { ThemeProvider } from '@arrendia/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PortalRoutes } from './PortalRoutes';

const user: CurrentUser = makeUser({ id: 7, email: 'demo@demo.arrendia.es', firstName: 'Marta', lastName: 'Gil' }, 'agente');

/** A portal's own dashboard: PortalRoutes renders it on / and /dashboard with the user. */
const Dashboard = ({ user: who }: { user: CurrentUser | null }) => <h1>Panel de {who?.firstName}</h1>;

function renderAt(path: string, who: CurrentUser | null = user) {
  return render(
    <ThemeProvider initialMode="light">
      <MemoryRouter initialEntries={[path]}>
        <PortalRoutes user={who} screens={{ '/dashboard': Dashboard }} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('PortalRoutes', () => {
  it.each(['/', '/dashboard'])("shows the portal's dashboard on %s, with the user", (path) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Panel de Marta');
  });

  it('has a page titled Mantenimiento on /maintenance, also below it', () => {
    renderAt('/maintenance/12');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mantenimiento');
  });

  it('shows 404 for a path the role has no page for', () => {
    renderAt('/finances');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 Page Not Found');
  });

});

describe('PortalRoutes screens', () => {
  it('renders a screen a portal provides instead of the notice', () => {
    render(
      <ThemeProvider initialMode="light">
        <MemoryRouter initialEntries={['/contracts']}>
          <PortalRoutes user={user} screens={{ '/dashboard': Dashboard, '/contracts': () => <h1>Pantalla de contratos</h1> }} />
        </MemoryRouter>
      </ThemeProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pantalla de contratos');
  });

  it('gives the delegated owner a Reportes page (decisions.md)', () => {
    renderAt('/reports', { ...user, role: { roleId: 5, roleName: 'propietario_delegado' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reportes');
  });
});
