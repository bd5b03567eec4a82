/** @jest-environment jsdom */
import { act, screen, waitFor, within } from '@testing-library/react';
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
      'Clientes Potenciales',
      'Documentos',
      'Analíticas',
      'Reportes',
      'Mantenimiento',
      'Configuración',
    ]);
    expect(screen.getByRole('link', { name: 'Mis Propiedades' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Mis Propiedades' })).toHaveAttribute('href', '/properties');
    expect(within(nav()).getAllByRole('link').filter((a) => a.hasAttribute('aria-current'))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Configuración' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
  });

  it("shows the tenant's four entries and marks Dashboard current on /", async () => {
    await renderInShell(<Sidebar user={makeUser({}, 'tenant')} open={false} />, { path: '/' });
    expect(links()).toEqual(['Dashboard', 'Mi Contrato', 'Incidencias', 'Mensajes', 'Configuración']);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Mi Contrato' })).not.toHaveAttribute('aria-current');
  });

  it('shows the agency manager label and menu', async () => {
    await renderInShell(<Sidebar user={makeUser({}, 'manager')} open={false} />);
    expect(screen.getByText('Administrador de Agencia')).toBeVisible();
    expect(links()).toContain('Cartera Gestionada');
  });

  it('shows name, role label, initials and the brand', async () => {
    await renderInShell(<Sidebar user={makeUser()} open={false} />);
    const aside = within(screen.getByRole('complementary', { name: 'Barra lateral' }));
    expect(aside.getByText('Arrendia')).toBeVisible();
    expect(aside.getByText('Gestión de alquileres')).toBeVisible();
    expect(aside.getByText('Olga Martín Ruiz')).toBeVisible();
    expect(aside.getByText('Propietario Individual')).toBeVisible();
    // The initials only decorate: the name is written beside them.
    expect(aside.getByText('OM')).toHaveAttribute('aria-hidden', 'true');
  });

  it("falls back to 'Usuario' with no name, and for an unknown role", async () => {
    await renderInShell(<Sidebar user={makeUser({ firstName: null, lastName: '  ' }, 'root')} open={false} />);
    expect(screen.getAllByText('Usuario')).toHaveLength(2); // the name and the role label
    expect(screen.getByText('U')).toHaveAttribute('aria-hidden', 'true');
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
    expect(within(incidents).getByText('3')).toHaveAttribute('aria-hidden', 'true');
    expect(within(nav()).getByRole('link', { name: 'Mensajes', description: '1 sin leer' })).toHaveTextContent(/^Mensajes1$/);
    expect(fetchMock).toHaveBeenCalledWith('/api/badges', expect.objectContaining({ credentials: 'include' }));
  });

  it('hides a badge whose count is 0', async () => {
    serve({ 'GET /api/badges': () => answer(200, { openIncidents: 0, unreadMessages: 4 }) });
    await renderInShell(<Sidebar user={makeUser({}, 'tenant')} open={false} />);
    await within(nav()).findByRole('link', { name: 'Mensajes', description: '4 sin leer' });
    const incidents = within(nav()).getByRole('link', { name: 'Incidencias' });
    expect(incidents).toHaveTextContent(/^Incidencias$/);
    expect(incidents).not.toHaveAttribute('aria-describedby');
  });

  it('draws no number while the counts load or when they fail', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const noCounts = () => {
      for (const name of ['Incidencias', 'Mensajes']) {
        const link = within(nav()).getByRole('link', { name });
        expect(link).toHaveTextContent(new RegExp(`^${name}$`));
        expect(link).not.toHaveAttribute('aria-describedby');
      }
    };
    let fail: (r: Response) => void = () => undefined;
    serve({ 'GET /api/badges': () => new Promise<Response>((resolve) => (fail = resolve)) });
    await renderInShell(<Sidebar user={makeUser()} open={false} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/badges', expect.anything()));
    noCounts();
    await act(async () => fail(answer(500, 'boom')));
    noCounts();
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
