/** @jest-environment jsdom */
import type { CurrentUser } from '@arrendia/api-contract';
import { makeUser } from '@arrendia/testing';
import { ThemeProvider } from '@arrendia/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PortalRoutes } from './PortalRoutes';

const user: CurrentUser = makeUser({ id: 7, email: 'demo@demo.arrendia.es', firstName: 'Marta', lastName: 'Gil' }, 'agente');

function renderAt(path: string, who: CurrentUser | null = user) {
  return render(
    <ThemeProvider initialMode="light">
      <MemoryRouter initialEntries={[path]}>
        <PortalRoutes user={who} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('PortalRoutes', () => {
  it.each(['/', '/dashboard'])('shows the role dashboard on %s, greeting the user', (path) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard del Agente');
    expect(screen.getByText(/Hola, Marta\./)).toHaveTextContent('Hola, Marta. Te damos la bienvenida a Arrendia.');
  });

  it('has a page titled Mantenimiento on /maintenance, also below it', () => {
    renderAt('/maintenance/12');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mantenimiento');
  });

  it('shows 404 for a path the role has no page for', () => {
    renderAt('/finances');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 Page Not Found');
  });

  it("greets 'Usuario' when the user has no first name", () => {
    renderAt('/', { ...user, firstName: null });
    expect(screen.getByText(/Hola, Usuario\./)).toHaveTextContent('Hola, Usuario. Te damos la bienvenida a Arrendia.');
  });
});

describe('PortalRoutes dashboards by role', () => {
  it.each([
    ['admin_agencia', 'Dashboard del Gestor de Agencia'],
    ['manager', 'Dashboard del Gestor de Agencia'],
    ['agente', 'Dashboard del Agente'],
    ['propietario_delegado', 'Dashboard del Propietario Delegado'],
  ])('%s sees %s', (roleName, title) => {
    renderAt('/dashboard', { ...user, role: { roleId: 3, roleName } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
  });

  it.each([
    ['propietario_individual', 'Dashboard del Propietario'],
    ['inquilino', 'Mi Alquiler'],
    ['super_admin', 'Dashboard Administrativo'],
    ['rol_desconocido', 'Dashboard'],
  ])('%s sees %s', (roleName, title) => {
    renderAt('/', { ...user, role: { roleId: 9, roleName } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
  });

  it('renders a screen a portal provides instead of the notice', () => {
    render(
      <ThemeProvider initialMode="light">
        <MemoryRouter initialEntries={['/contracts']}>
          <PortalRoutes user={user} screens={{ '/contracts': () => <h1>Pantalla de contratos</h1> }} />
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
