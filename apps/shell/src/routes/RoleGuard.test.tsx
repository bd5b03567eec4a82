/** @jest-environment jsdom */
import { makeUser, renderInShell, fakeLoader } from '../test-utils';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RoleGuard } from './RoleGuard';
import { SignedInContent } from './SignedInContent';

function Guarded({ roleName }: { roleName: string | null }) {
  return (
    <Routes>
      <Route path="/dashboard" element={<p>Panel</p>} />
      <Route
        path="*"
        element={
          <RoleGuard roleName={roleName}>
            <p>Contenido protegido</p>
          </RoleGuard>
        }
      />
    </Routes>
  );
}

describe('RoleGuard', () => {
  it('renders the route for a role that may open it', async () => {
    await renderInShell(<Guarded roleName="inquilino" />, { path: '/contracts' });
    expect(screen.getByText('Contenido protegido')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/contracts');
  });

  it('renders nothing and redirects to /dashboard when the role may not', async () => {
    await renderInShell(<Guarded roleName="inquilino" />, { path: '/properties' });
    expect(screen.queryByText('Contenido protegido')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(screen.getByText('Panel')).toBeVisible();
  });

  it('accepts role aliases', async () => {
    await renderInShell(<Guarded roleName="owner" />, { path: '/finances' });
    expect(screen.getByText('Contenido protegido')).toBeVisible();
  });

  it('lets the delegated owner open the routes of its menu (decisions.md)', async () => {
    await renderInShell(<Guarded roleName="propietario_delegado" />, { path: '/reports' });
    expect(screen.getByText('Contenido protegido')).toBeVisible();
  });
});

describe('SignedInContent', () => {
  const portal = () => <p data-remote="portal">portal</p>;

  it("loads the role's remote on / and on guarded routes", async () => {
    const { loader, runtime } = fakeLoader(async () => ({ default: portal }));
    await renderInShell(<SignedInContent user={makeUser({}, 'admin_agencia')} />, { path: '/', loader });
    expect(screen.getByText('portal')).toBeVisible();
    expect(runtime.load).toHaveBeenCalledWith('agency_portal/App');
  });

  it('redirects a denied route to /dashboard without loading anything for it', async () => {
    const renderedAt: string[] = [];
    function Portal() {
      renderedAt.push(useLocation().pathname);
      return <p>portal</p>;
    }
    const { loader, runtime } = fakeLoader(async () => ({ default: Portal }));
    await renderInShell(<SignedInContent user={makeUser({}, 'inquilino')} />, { path: '/users', loader });
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(await screen.findByText('portal')).toBeVisible();
    expect(renderedAt).not.toContain('/users');
    expect(runtime.load.mock.calls).toEqual([['tenant_portal/App']]);
  });

  it('shows 404 for an unknown signed-in path', async () => {
    const { loader, runtime } = fakeLoader(async () => ({ default: portal }));
    await renderInShell(<SignedInContent user={makeUser()} />, { path: '/alquiler', loader });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    expect(runtime.load).not.toHaveBeenCalled();
  });

  it('gives a user with no role no access: a notice and no remote', async () => {
    const { loader, runtime } = fakeLoader(async () => ({ default: portal }));
    await renderInShell(<SignedInContent user={makeUser({}, null)} />, { path: '/dashboard', loader });
    expect(screen.getByRole('heading', { name: 'Tu cuenta no tiene acceso todavía' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(runtime.load).not.toHaveBeenCalled();
  });

  it('treats an unknown role like no role, without a redirect loop', async () => {
    const { loader, runtime } = fakeLoader(async () => ({ default: portal }));
    await renderInShell(<SignedInContent user={makeUser({}, 'root')} />, { path: '/properties', loader });
    expect(screen.getByRole('heading', { name: 'Tu cuenta no tiene acceso todavía' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/properties');
    expect(runtime.load).not.toHaveBeenCalled();
  });
});
