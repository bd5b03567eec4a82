/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hardNavigate } from '../navigation';
import { answer, LAYOUT_ROUTES, makeUser, renderInShell, routedFetch, type Routes } from '../test-utils';
import { HEADER_TABS } from './HeaderTabs';
import { LOGOUT_QUESTION } from './LogoutDialog';
import { TopHeader } from './TopHeader';

jest.mock('../navigation', () => ({ hardNavigate: jest.fn() }));

let fetchMock: jest.Mock;
function serve(routes: Routes = {}) {
  fetchMock = routedFetch({ ...LAYOUT_ROUTES, ...routes });
  global.fetch = fetchMock as unknown as typeof fetch;
}
beforeEach(() => {
  serve();
  (hardNavigate as jest.Mock).mockReset();
  localStorage.clear();
});

const header = (roleName: string | null = 'propietario_individual', title = 'Dashboard', overrides = {}) => (
  <TopHeader user={makeUser(overrides, roleName)} title={title} menuOpen={false} onToggleMenu={() => undefined} />
);
const tabs = () => within(screen.getByRole('navigation', { name: 'Vistas' })).getAllByRole('link');

describe('TopHeader', () => {
  it('is the banner with the page title, search, theme switch, bell and user menu', async () => {
    await renderInShell(header('propietario_individual', 'Mis Propiedades'));
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Mis Propiedades')).toBeVisible();
    expect(within(within(banner).getByRole('search')).getByRole('combobox', { name: 'Buscar propiedades, inquilinos y contratos' })).toHaveAttribute(
      'placeholder',
      'Buscar propiedades, inquilinos...',
    );
    expect(within(banner).getByRole('button', { name: 'Activar tema oscuro' })).toBeVisible();
    expect(within(banner).getByRole('button', { name: /^Notificaciones/ })).toBeVisible();
    expect(within(banner).getByRole('button', { name: 'Menú de usuario: Olga Martín Ruiz' })).toBeVisible();
  });

  describe('tabs', () => {
    it('are links Resumen → /dashboard, Análisis → /analytics, Informes → /reports', async () => {
      expect(HEADER_TABS).toEqual([
        { label: 'Resumen', path: '/dashboard' },
        { label: 'Análisis', path: '/analytics' },
        { label: 'Informes', path: '/reports' },
      ]);
      await renderInShell(header('owner'), { path: '/dashboard' });
      expect(tabs().map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
        ['Resumen', '/dashboard'],
        ['Análisis', '/analytics'],
        ['Informes', '/reports'],
      ]);
    });

    it('mark the current one with aria-current, also on / and on a detail path', async () => {
      const first = await renderInShell(header('owner'), { path: '/' });
      expect(screen.getByRole('link', { name: 'Resumen' })).toHaveAttribute('aria-current', 'page');
      first.unmount();
      await renderInShell(header('owner'), { path: '/reports/2025' });
      expect(screen.getByRole('link', { name: 'Informes' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('link', { name: 'Resumen' }).getAttribute('aria-current')).toBeNull();
    });

    it('navigate', async () => {
      const user = userEvent.setup();
      await renderInShell(header('owner'), { path: '/dashboard' });
      await user.click(screen.getByRole('link', { name: 'Análisis' }));
      expect(screen.getByTestId('location').textContent).toBe('/analytics');
      expect(screen.getByRole('link', { name: 'Análisis' }).getAttribute('aria-current')).toBe('page');
    });

    it.each([
      ['super_admin', ['Resumen', 'Análisis', 'Informes']],
      ['admin_agencia', ['Resumen', 'Análisis', 'Informes']],
      ['agente', ['Resumen']],
      ['propietario_delegado', ['Resumen', 'Informes']],
      ['inquilino', ['Resumen']],
    ])('show %s only the tabs it may open', async (role, expected) => {
      await renderInShell(header(role));
      expect(tabs().map((a) => a.textContent)).toEqual(expected);
    });

    it('are left out for a user with no role', async () => {
      await renderInShell(header(null));
      expect(screen.queryByRole('navigation', { name: 'Vistas' })).toBeNull();
    });
  });

  describe('theme switch', () => {
    it('toggles the theme and stores it under "theme"', async () => {
      const user = userEvent.setup();
      await renderInShell(header());
      await user.click(screen.getByRole('button', { name: 'Activar tema oscuro' }));
      expect(document.documentElement.dataset.theme).toBe('dark');
      expect(localStorage.getItem('theme')).toBe('dark');
      await user.click(screen.getByRole('button', { name: 'Activar tema claro' }));
      expect(localStorage.getItem('theme')).toBe('light');
    });
  });

  describe('user menu', () => {
    it('shows the name and email, and Configuración goes to /settings', async () => {
      const user = userEvent.setup();
      await renderInShell(header(), { path: '/dashboard' });
      await user.click(screen.getByRole('button', { name: 'Menú de usuario: Olga Martín Ruiz' }));
      const menu = screen.getByRole('menu', { name: 'Menú de usuario' });
      expect(within(menu).getByText('Olga Martín Ruiz')).toBeVisible();
      expect(within(menu).getByText('owner@demo.arrendia.es')).toBeVisible();
      expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Configuración', 'Cerrar Sesión']);
      await user.click(within(menu).getByRole('menuitem', { name: 'Configuración' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/settings');
    });

    it("says 'Usuario' for a user with no name", async () => {
      await renderInShell(header('owner', 'Dashboard', { firstName: null, lastName: null }));
      expect(screen.getByRole('button', { name: 'Menú de usuario: Usuario' })).toBeVisible();
    });

    it('asks the logout question from Cerrar Sesión, with focus in the dialog, then logs out', async () => {
      serve({ 'POST /api/auth/logout': () => answer(204) });
      const user = userEvent.setup();
      await renderInShell(header());
      await user.click(screen.getByRole('button', { name: /Menú de usuario/ }));
      await user.click(screen.getByRole('menuitem', { name: 'Cerrar Sesión' }));
      const dialog = await screen.findByRole('alertdialog', { name: LOGOUT_QUESTION });
      await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancelar' })));
      await user.click(within(dialog).getByRole('button', { name: 'Cerrar Sesión' }));
      await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/'));
      expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    });

    it('gives focus back to the avatar when the question is cancelled, and the page stays usable', async () => {
      const user = userEvent.setup();
      await renderInShell(header());
      const trigger = screen.getByRole('button', { name: /Menú de usuario/ });
      trigger.focus();
      await user.keyboard('{Enter}');
      await screen.findByRole('menu');
      await user.keyboard('{ArrowDown}{Enter}');
      const dialog = await screen.findByRole('alertdialog', { name: LOGOUT_QUESTION });
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(trigger));
      expect(document.body.style.pointerEvents).toBe('');
      expect(dialog).not.toBeInTheDocument();
      expect(hardNavigate).not.toHaveBeenCalled();
    });
  });
});
