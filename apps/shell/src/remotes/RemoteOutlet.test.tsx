/** @jest-environment jsdom */
import type { RemoteAppProps } from '@arrendia/remote-contract';
import { act, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { clickAndSettle, fakeLoader, makeUser, renderInShell } from '../test-utils';
import { REMOTE_FALLBACK_TEXT, REMOTE_FALLBACK_TITLE } from './RemoteFallback';
import { RemoteOutlet } from './RemoteOutlet';

function FakePortal({ user, basePath }: RemoteAppProps) {
  return (
    <div data-remote="owner-portal">
      Portal de {user?.firstName} en {basePath}
    </div>
  );
}

const user = makeUser();

function Page() {
  return (
    <>
      <nav>
        <Link to="/contracts">Contratos</Link>
      </nav>
      <main>
        <RemoteOutlet name="owner-portal" user={user} />
      </main>
    </>
  );
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined)); // the boundary logs each failure
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function expectFallback() {
  const alert = screen.getByRole('alert');
  expect(alert.closest('main')).not.toBeNull();
  expect(within(alert).getByRole('heading', { name: REMOTE_FALLBACK_TITLE })).toBeVisible();
  expect(alert).toHaveTextContent(REMOTE_FALLBACK_TEXT);
  expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeEnabled();
}

describe('RemoteOutlet', () => {
  it('renders the remote with the user and basePath "/" after a loading skeleton', async () => {
    let resolve: (mod: unknown) => void = () => undefined;
    const { loader, runtime } = fakeLoader(() => new Promise((r) => (resolve = r)));
    await renderInShell(<Page />, { path: '/dashboard', loader });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando sección...');
    await act(async () => resolve({ default: FakePortal }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Portal de Olga en /')).toHaveAttribute('data-remote', 'owner-portal');
    expect(runtime.load).toHaveBeenCalledWith('owner_portal/App');
  });

  it('shows the Spanish fallback in the content area when loading fails', async () => {
    const { loader } = fakeLoader(() => Promise.reject(new Error('RUNTIME-008 script failed')));
    await renderInShell(<Page />, { path: '/dashboard', loader });
    await screen.findByRole('alert');
    expectFallback();
    // Only the content area: the page around it still works.
    expect(screen.getByRole('link', { name: 'Contratos' })).toBeVisible();
    expect(screen.getByRole('navigation')).not.toContainElement(screen.getByRole('alert'));
  });

  it('shows the fallback after 5 s when the remote hangs', async () => {
    jest.useFakeTimers();
    const { loader } = fakeLoader(() => new Promise<never>(() => undefined));
    await renderInShell(<Page />, { path: '/dashboard', loader });
    await act(() => jest.advanceTimersByTimeAsync(4900));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(200));
    expectFallback();
  });

  it('tries again on the next navigation and shows the remote once it loads', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue({ default: FakePortal });
    const { loader } = fakeLoader(load);
    await renderInShell(<Page />, { path: '/dashboard', loader });
    await screen.findByRole('alert');
    expect(load).toHaveBeenCalledTimes(1);

    await clickAndSettle(screen.getByRole('link', { name: 'Contratos' }));
    expect(await screen.findByText('Portal de Olga en /')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again from the Reintentar button', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue({ default: FakePortal });
    const { loader } = fakeLoader(load);
    await renderInShell(<Page />, { path: '/dashboard', loader });
    await clickAndSettle(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Portal de Olga en /')).toBeVisible();
  });

  it('does not remount a loaded remote on navigation', async () => {
    const mounts = jest.fn();
    function CountingPortal() {
      useEffect(() => mounts(), []);
      return <p>ok</p>;
    }
    const { loader } = fakeLoader(async () => ({ default: CountingPortal }));
    await renderInShell(<Page />, { path: '/dashboard', loader });
    await screen.findByText('ok');
    await clickAndSettle(screen.getByRole('link', { name: 'Contratos' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/contracts');
    expect(screen.getByText('ok')).toBeVisible();
    expect(mounts).toHaveBeenCalledTimes(1);
  });
});
