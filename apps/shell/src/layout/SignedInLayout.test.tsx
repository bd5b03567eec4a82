/** @jest-environment jsdom */
import { createQueryClient } from '@arrendia/api-client';
import { ThemeProvider, Toaster } from '@arrendia/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureAxe, toHaveNoViolations } from 'jest-axe';
import { Link, MemoryRouter } from 'react-router-dom';
import { answer, LAYOUT_ROUTES, makeUser, renderInShell, routedFetch, type Routes } from '../test-utils';
import { MAIN_CONTENT_ID, SignedInLayout } from './SignedInLayout';

expect.extend(toHaveNoViolations);

let fetchMock: jest.Mock;
function serve(routes: Routes = {}) {
  fetchMock = routedFetch({ ...LAYOUT_ROUTES, ...routes });
  global.fetch = fetchMock as unknown as typeof fetch;
}
beforeEach(() => serve());

const layout = (roleName = 'propietario_individual') => (
  <SignedInLayout user={makeUser({}, roleName)}>
    <h1>Contenido</h1>
    <Link to="/contracts">Ir a contratos</Link>
  </SignedInLayout>
);

describe('SignedInLayout', () => {
  it('has the landmarks: banner, navigation, search, main, and a skip link to main', async () => {
    await renderInShell(layout(), { path: '/dashboard' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('navigation', { name: 'Vistas' })).toBeVisible();
    expect(within(banner).getByRole('search')).toBeVisible();
    const sidebar = screen.getByRole('complementary', { name: 'Barra lateral' });
    expect(within(sidebar).getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', MAIN_CONTENT_ID);
    expect(within(main).getByRole('heading', { name: 'Contenido' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Saltar al contenido principal' })).toHaveAttribute('href', `#${MAIN_CONTENT_ID}`);
  });

  describe('the drawer (narrow screens)', () => {
    it('moves focus to its first link when it opens', async () => {
      const user = userEvent.setup();
      await renderInShell(layout(), { path: '/dashboard' });
      await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
      const nav = screen.getByRole('navigation', { name: 'Menú principal' });
      expect(document.activeElement).toBe(within(nav).getAllByRole('link')[0]);
      expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
    });

    it('closes on Escape and gives focus back to the menu button', async () => {
      const user = userEvent.setup();
      await renderInShell(layout(), { path: '/dashboard' });
      await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
      await user.keyboard('{Escape}');
      const button = screen.getByRole('button', { name: 'Abrir menú' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveFocus();
    });

    it('closes on a click beside it', async () => {
      await renderInShell(layout(), { path: '/dashboard' });
      act(() => fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' })));
      const backdrop = document.querySelector('[aria-hidden="true"][class]:not(svg):not(span)');
      expect(backdrop).not.toBeNull();
      act(() => fireEvent.click(backdrop!));
      expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
    });

    it('closes after following a link, and focus goes to the content', async () => {
      const user = userEvent.setup();
      await renderInShell(layout(), { path: '/dashboard' });
      await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
      await user.click(within(screen.getByRole('navigation', { name: 'Menú principal' })).getByRole('link', { name: 'Contratos' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/contracts');
      expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('main')).toHaveFocus();
    });
  });

  it('refreshes the sidebar counts on every navigation', async () => {
    let open = 1;
    serve({ 'GET /api/badges': () => answer(200, { openIncidents: open, unreadMessages: 0 }) });
    const user = userEvent.setup();
    await renderInShell(layout(), { path: '/dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    await within(nav).findByRole('link', { name: 'Incidencias', description: '1 abierta' });
    open = 4;
    await user.click(screen.getByRole('link', { name: 'Ir a contratos' }));
    await within(nav).findByRole('link', { name: 'Incidencias', description: '4 abiertas' });
    open = 2;
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    await within(nav).findByRole('link', { name: 'Incidencias', description: '2 abiertas' });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/badges')).toHaveLength(3);
  });

  it('sets the document title from the page title', async () => {
    await renderInShell(layout('admin_agencia'), { path: '/properties' });
    expect(document.title).toBe('Cartera Gestionada · Arrendia');
    expect(within(screen.getByRole('banner')).getByText('Cartera Gestionada')).toBeVisible();
    expect(within(screen.getByRole('navigation', { name: 'Menú principal' })).getByRole('link', { name: 'Cartera Gestionada' })).toHaveAttribute('aria-current', 'page');
  });

  it.each(['light', 'dark'] as const)('has no axe violations in the %s theme, with counts and notifications', async (mode) => {
    serve({
      'GET /api/badges': () => answer(200, { openIncidents: 2, unreadMessages: 5 }),
      'GET /api/notifications?pageSize=5': () =>
        answer(200, [{ id: 1, title: 'Pago recibido', message: 'Renta de marzo', isRead: false, notificationType: 'payment_received', relatedEntityType: 'contract', relatedEntityId: 3, createdAt: '2025-03-01T10:00:00.000Z' }], {
          'X-Unread-Count': '1',
        }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ThemeProvider initialMode={mode}>
          <MemoryRouter initialEntries={['/dashboard']}>{layout()}</MemoryRouter>
          <Toaster />
        </ThemeProvider>
      </QueryClientProvider>,
    );
    await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' });
    await within(screen.getByRole('navigation', { name: 'Menú principal' })).findByRole('link', { name: 'Mensajes', description: '5 sin leer' });
    expect(document.documentElement.dataset.theme).toBe(mode);
    const axe = configureAxe({});
    expect(await axe(document.body)).toHaveNoViolations();

    // And with the bell open. The menu is portalled to <body>, outside every landmark, as every
    // Radix popup is: the (moderate) region rule does not apply to it.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Notificaciones: 1 sin leer' }));
    await screen.findByRole('menu', { name: 'Notificaciones' });
    expect(await configureAxe({ rules: { region: { enabled: false } } })(document.body)).toHaveNoViolations();
  });
});
