/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { axe, toHaveNoViolations } from 'jest-axe';
import { App } from './App';
import { answer, fakeLoader, LAYOUT_ROUTES, makeUser, renderInShell, routedFetch } from './test-utils';

expect.extend(toHaveNoViolations);

const serve = (routes: Parameters<typeof routedFetch>[0]) => {
  global.fetch = routedFetch(routes) as unknown as typeof fetch;
};
const signedOut = () => serve({ 'GET /api/auth/user': () => answer(401, { error: 'unauthorized', message: 'No has iniciado sesión' }) });
const signedIn = (user = makeUser()) => serve({ ...LAYOUT_ROUTES, 'GET /api/auth/user': () => answer(200, user) });
const Remote = ({ user }: { user: { firstName: string | null } | null }) => (
  <div data-remote="fake">
    <h1>{user ? `Hola ${user.firstName}` : 'Bienvenida'}</h1>
  </div>
);

describe('App (shell)', () => {
  it('gives a visitor the public-site remote, full page, on a public path', async () => {
    signedOut();
    const { loader, runtime } = fakeLoader(async () => ({ default: Remote }));
    await renderInShell(<App />, { path: '/alquiler', loader });
    expect(await screen.findByRole('heading', { name: 'Bienvenida' })).toBeVisible();
    expect(runtime.load).toHaveBeenCalledWith('public_site/App');
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
  });

  it("gives a visitor the shell's own 404 page anywhere else, without loading a remote", async () => {
    signedOut();
    const { loader, runtime } = fakeLoader(async () => ({ default: Remote }));
    await renderInShell(<App />, { path: '/dashboard', loader });
    await screen.findByText('404 Page Not Found');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    expect(runtime.load).not.toHaveBeenCalled();
  });

  it('shows the public fallback inside a main landmark when public-site is down', async () => {
    signedOut();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loader } = fakeLoader(() => Promise.reject(new Error('down')));
    await renderInShell(<App />, { path: '/', loader });
    const alert = await screen.findByRole('alert');
    expect(within(screen.getByRole('main')).getByRole('alert')).toBe(alert);
  });

  it('gives a signed-in user the layout and its portal, with landmarks, skip link and header title', async () => {
    signedIn();
    const { loader, runtime } = fakeLoader(async () => ({ default: Remote }));
    await renderInShell(<App />, { path: '/properties', loader });
    expect(await screen.findByRole('heading', { name: 'Hola Olga' })).toBeVisible();
    expect(runtime.load).toHaveBeenCalledWith('owner_portal/App');
    expect(screen.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Hola Olga' })).toBeVisible();
    expect(main.id).not.toBe('');
    expect(screen.getByRole('link', { name: 'Saltar al contenido principal' })).toHaveAttribute('href', `#${main.id}`);
    expect(within(screen.getByRole('banner')).getByText('Mis Propiedades')).toBeVisible();
    expect(document.title).toBe('Mis Propiedades · Arrendia');
  });

  it('folds the menu behind a button that says whether it is open', async () => {
    signedIn();
    const { loader } = fakeLoader(async () => ({ default: Remote }));
    await renderInShell(<App />, { path: '/dashboard', loader });
    const button = await screen.findByRole('button', { name: 'Abrir menú' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(button.getAttribute('aria-controls')!)).not.toBeNull();
    act(() => fireEvent.click(button));
    expect(screen.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
    act(() => fireEvent.keyDown(document, { key: 'Escape' }));
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows 404 in the content area for an unknown signed-in path', async () => {
    signedIn();
    const { loader } = fakeLoader(async () => ({ default: Remote }));
    await renderInShell(<App />, { path: '/no-existe', loader });
    expect(within(await screen.findByRole('main')).getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  });

  it('has no axe violations when signed in', async () => {
    signedIn();
    const { loader } = fakeLoader(async () => ({ default: Remote }));
    await renderInShell(<App />, { path: '/dashboard', loader });
    await screen.findByRole('heading', { name: 'Hola Olga' });
    expect(await axe(document.body)).toHaveNoViolations();
  });
});

describe('App while the session is checked', () => {
  it('shows a skeleton of the page, announced as loading', async () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    const { container } = await renderInShell(<App />);
    expect(screen.getByRole('status', { name: 'Cargando Arrendia...' })).toBeVisible();
    expect(container.querySelectorAll('[data-skeleton]').length).toBeGreaterThan(0);
  });
});
