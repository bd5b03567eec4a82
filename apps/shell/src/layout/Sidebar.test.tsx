/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hardNavigate } from '../navigation';
import { answer, LAYOUT_ROUTES, makeUser, renderInShell, routedFetch, type Routes } from '../test-utils';
import { displayName, LOGOUT_QUESTION, Sidebar } from './Sidebar';

jest.mock('../navigation', () => ({ hardNavigate: jest.fn() }));

let fetchMock: jest.Mock;
function serve(routes: Routes = {}) {
  fetchMock = routedFetch({ ...LAYOUT_ROUTES, ...routes });
  global.fetch = fetchMock as unknown as typeof fetch;
}
beforeEach(() => {
  serve();
  (hardNavigate as jest.Mock).mockReset();
});

const nav = () => screen.getByRole('navigation', { name: 'Menú principal' });
const links = () => within(nav()).queryAllByRole('link').map((a) => a.textContent);

describe('Sidebar', () => {
  it("shows the owner's menu, then Configuración and Cerrar Sesión", async () => {
    await renderInShell(<Sidebar user={makeUser()} open={false} />, { path: '/properties/3' });
    expect(links()).toEqual([
      'Dashboard',
      'Mis Propiedades',
      'Inquilinos',
      'Contratos',
      'Finanzas',
      'Incidencias',
      'Mensajes',
      'Documentos',
      'Analíticas',
      'Reportes',
      'Mantenimiento',
      'Configuración',
    ]);
    expect(screen.getByRole('link', { name: 'Mis Propiedades' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Mis Propiedades' }).getAttribute('href')).toBe('/properties');
    expect(screen.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
  });

  it("shows the tenant's four entries and marks Dashboard current on /", async () => {
    await renderInShell(<Sidebar user={makeUser({}, 'tenant')} open={false} />, { path: '/' });
    expect(links()).toEqual(['Dashboard', 'Mi Contrato', 'Incidencias', 'Mensajes', 'Configuración']);
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the agency manager label and menu', async () => {
    await renderInShell(<Sidebar user={makeUser({}, 'manager')} open={false} />);
    expect(screen.getByText('Administrador de Agencia')).toBeVisible();
    expect(links()).toContain('Cartera Gestionada');
  });

  it('shows name, role label, initials and the brand', async () => {
    await renderInShell(<Sidebar user={makeUser()} open={false} />);
    expect(screen.getByText('Arrendia')).toBeVisible();
    expect(screen.getByText('Gestión de alquileres')).toBeVisible();
    expect(screen.getByText('Olga Martín Ruiz')).toBeVisible();
    expect(screen.getByText('Propietario Individual')).toBeVisible();
    expect(screen.getByText('OM')).toBeVisible();
  });

  it("falls back to 'Usuario' with no name, and for an unknown role", async () => {
    await renderInShell(<Sidebar user={makeUser({ firstName: null, lastName: '  ' }, 'root')} open={false} />);
    expect(screen.getAllByText('Usuario')).toHaveLength(2); // the name and the role label
    expect(screen.getByText('U')).toBeVisible();
    expect(links()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
  });

  it('asks before logging out, then POSTs /api/auth/logout and goes to /', async () => {
    serve({ 'POST /api/auth/logout': () => answer(204) });
    const user = userEvent.setup();
    await renderInShell(<Sidebar user={makeUser()} open={false} />);
    await user.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    const dialog = screen.getByRole('alertdialog', { name: LOGOUT_QUESTION });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST', credentials: 'include' }));
  });

  it('goes to / even when the logout call fails, and not at all on Cancelar', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({
      'POST /api/auth/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    await renderInShell(<Sidebar user={makeUser()} open={false} />);
    await user.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/logout', expect.anything());
    expect(hardNavigate).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/'));
  });
});

describe('Sidebar badges', () => {
  it('shows the live counts of GET /api/badges on their entries, described for screen readers', async () => {
    serve({ 'GET /api/badges': () => answer(200, { openIncidents: 3, unreadMessages: 1 }) });
    await renderInShell(<Sidebar user={makeUser()} open={false} />);
    const incidents = await within(nav()).findByRole('link', { name: 'Incidencias', description: '3 abiertas' });
    expect(within(incidents).getByText('3').getAttribute('aria-hidden')).toBe('true');
    expect(within(nav()).getByRole('link', { name: 'Mensajes', description: '1 sin leer' })).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith('/api/badges', expect.objectContaining({ credentials: 'include' }));
  });

  it('hides a badge whose count is 0', async () => {
    serve({ 'GET /api/badges': () => answer(200, { openIncidents: 0, unreadMessages: 4 }) });
    await renderInShell(<Sidebar user={makeUser({}, 'tenant')} open={false} />);
    await within(nav()).findByRole('link', { name: 'Mensajes', description: '4 sin leer' });
    const incidents = within(nav()).getByRole('link', { name: 'Incidencias' });
    expect(incidents.textContent).toBe('Incidencias');
    expect(incidents.getAttribute('aria-describedby')).toBeNull();
  });

  it('draws no number while the counts load or when they fail', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({ 'GET /api/badges': () => answer(500, 'boom') });
    await renderInShell(<Sidebar user={makeUser()} open={false} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/badges', expect.anything()));
    expect(links()).toContain('Incidencias');
    expect(links()).toContain('Mensajes');
  });

  it('does not ask for counts when the menu has no entry with a badge', async () => {
    await renderInShell(<Sidebar user={makeUser({}, null)} open={false} />);
    expect(fetchMock).not.toHaveBeenCalledWith('/api/badges', expect.anything());
  });
});

describe('displayName', () => {
  it('joins first and last name', () => {
    expect(displayName({ firstName: 'Ana', lastName: 'López' })).toBe('Ana López');
    expect(displayName({ firstName: 'Ana', lastName: null })).toBe('Ana');
    expect(displayName({ firstName: null, lastName: null })).toBe('Usuario');
  });
});
