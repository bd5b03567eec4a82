/** @jest-environment jsdom */
import { Route, Routes, useLocation } from 'react-router-dom';
import type { ContractListItem, TenantRow } from '@arrendia/api-contract';
import { answer, failsOnce, fakeResponse, findToast, renderAt, routedFetch } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TenantsScreen } from './TenantsScreen';

const row: TenantRow = {
  tenant: { id: 7, firstName: 'Lucía', lastName: 'Pardo', email: 'lucia@example.com', telefono: '+34 600 111 222', erased: false },
  contract: { id: 11, contractCode: 'CTR-11', status: 'Activo', rentAmount: '1100.00', startDate: '2026-01-01' },
  unit: { id: 3, unitName: 'Ático' },
  property: { id: 2, propertyName: 'Edificio Huertas' },
  status: 'Activo',
};
const contract = { contract: { id: 12, contractCode: 'CTR-12', status: 'Pendiente' }, unit: { id: 4, unitName: 'Bajo' }, property: { id: 2, propertyName: 'Edificio Huertas' } } as unknown as ContractListItem;

afterEach(() => act(() => resetToasts()));

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

describe('TenantsScreen', () => {
  it('lists each tenant with contact, home, status, rent and start, and links to the contract', async () => {
    global.fetch = routedFetch({ 'GET /api/tenants?page=1&pageSize=20': () => fakeResponse(200, [row], { 'X-Total-Count': '1' }) });
    renderAt(<TenantsScreen user={null} />);
    const lucia = (await screen.findByRole('rowheader', { name: 'Lucía Pardo' })).closest('tr')!;
    expect(lucia).toHaveTextContent('lucia@example.com · +34 600 111 222');
    expect(lucia).toHaveTextContent('Edificio Huertas · Ático');
    expect(lucia).toHaveTextContent('1.100,00 €');
    expect(lucia).toHaveTextContent('01/01/2026');
    // The status is written once, in its contract's colour.
    expect(within(lucia).getAllByText('Activo')).toHaveLength(1);
    expect(within(lucia).getByRole('link', { name: 'Ver Contrato de Lucía Pardo' })).toHaveAttribute('href', '/contracts/11');
    expect(screen.getByRole('navigation', { name: 'Páginas de inquilinos' })).toHaveTextContent('Mostrando 1–1 de 1');
  });

  it('says when the tenants could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({
      'GET /api/tenants?page=1&pageSize=20': failsOnce(fakeResponse(200, [row], { 'X-Total-Count': '1' })),
      'GET /api/tenant-invitations?page=1&pageSize=10': () => fakeResponse(200, [], { 'X-Total-Count': '0' }),
    });
    renderAt(<TenantsScreen user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los inquilinos');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('rowheader', { name: 'Lucía Pardo' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("'Mensaje' opens the conversation with that tenant (reusing the one they have) in /messages", async () => {
    const posted: unknown[] = [];
    global.fetch = routedFetch({
      'GET /api/tenants?page=1&pageSize=20': () => fakeResponse(200, [row], { 'X-Total-Count': '1' }),
      'POST /api/conversations': (init?: RequestInit) => {
        posted.push(JSON.parse(String(init?.body)));
        return answer(200, { conversation: { id: 44, title: 'Contrato CTR-1' }, lastMessage: null, unreadCount: 0 });
      },
    });
    renderAt(
      <Routes>
        <Route path="/tenants" element={<TenantsScreen user={null} />} />
        <Route path="/messages" element={<LocationProbe />} />
      </Routes>,
      '/tenants',
    );
    const lucia = (await screen.findByRole('rowheader', { name: 'Lucía Pardo' })).closest('tr')!;
    await userEvent.click(within(lucia).getByRole('button', { name: /Mensaje/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/messages?conversation=44');
    expect(posted).toEqual([{ title: `Contrato ${row.contract.contractCode}`, participantUserIds: [row.tenant.id], reuseExisting: true }]);
  });

  it('searches on the server once the typing stops; no match offers «Quitar filtros»', async () => {
    const fetchMock = routedFetch({
      'GET /api/tenants?page=1&pageSize=20': () => fakeResponse(200, [row], { 'X-Total-Count': '1' }),
      'GET /api/tenants?q=zz&page=1&pageSize=20': () => fakeResponse(200, [], { 'X-Total-Count': '0' }),
    });
    global.fetch = fetchMock;
    renderAt(<TenantsScreen user={null} />);
    await screen.findByRole('rowheader', { name: 'Lucía Pardo' });
    await userEvent.type(screen.getByLabelText('Buscar'), 'zz');
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('q='))).toEqual(['/api/tenants?q=zz&page=1&pageSize=20']);
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(await screen.findByRole('rowheader', { name: 'Lucía Pardo' })).toBeVisible();
    expect(screen.getByLabelText('Buscar')).toHaveValue('');
  });

  it('reads page, status and order from the URL, sorts by a column header, and writes every move back to the URL', async () => {
    const others = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ ...row, tenant: { ...row.tenant, id: from + i, firstName: `Inquilino ${from + i}`, lastName: null } }));
    const paged = (rows: TenantRow[], total: number) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });
    global.fetch = routedFetch({
      'GET /api/tenants?status=Inactivo&sort=rentAmount&page=2&pageSize=20': paged(others(21, 5), 25),
      'GET /api/tenants?status=Inactivo&sort=-rentAmount&page=1&pageSize=20': paged(others(101, 20), 25),
      'GET /api/tenants?status=Inactivo&page=1&pageSize=20': paged(others(201, 20), 25),
      'GET /api/tenants?status=Inactivo&sort=name&page=1&pageSize=20': paged(others(301, 20), 25),
    });
    renderAt(
      <Routes>
        <Route
          path="/tenants"
          element={
            <>
              <TenantsScreen user={null} />
              <LocationProbe />
            </>
          }
        />
      </Routes>,
      '/tenants?status=Inactivo&sort=rentAmount&page=2',
    );
    expect(await screen.findByRole('rowheader', { name: 'Inquilino 21' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Páginas de inquilinos' })).toHaveTextContent('Mostrando 21–25 de 25');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Inactivo');
    const rent = screen.getByRole('columnheader', { name: /Renta mensual/ });
    expect(rent).toHaveAttribute('aria-sort', 'ascending');

    // The same header again: descending, from the first page; a third time: the list's own order.
    await userEvent.click(within(rent).getByRole('button'));
    expect(await screen.findByRole('rowheader', { name: 'Inquilino 101' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/tenants?status=Inactivo&sort=-rentAmount');
    expect(screen.getByRole('columnheader', { name: /Renta mensual/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Renta mensual/ })).getByRole('button'));
    expect(await screen.findByRole('rowheader', { name: 'Inquilino 201' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/tenants\?status=Inactivo$/);
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Inquilino/ })).getByRole('button'));
    expect(await screen.findByRole('rowheader', { name: 'Inquilino 301' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: /Inquilino/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Renta mensual/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('creates an invitation and shows the one-time link to copy', async () => {
    const post = jest.fn((_body: unknown) => answer(201, { id: 5, email: 'nueva@example.com', contractId: 12, expiresAt: '2026-12-02T10:00:00Z', link: '/invitacion/abcdefghijklmnopqrstuvwxyz' }));
    global.fetch = routedFetch({
      'GET /api/tenants?page=1&pageSize=20': () => fakeResponse(200, [row], { 'X-Total-Count': '1' }),
      'GET /api/contracts?pageSize=100': () => [contract],
      'POST /api/tenant-invitations': (init?: RequestInit) => post(JSON.parse(String(init?.body))),
    });
    renderAt(<TenantsScreen user={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Invitar Inquilino' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitar Inquilino' });
    await userEvent.type(within(dialog).getByLabelText('Correo electrónico'), 'Nueva@Example.com');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Contrato' }));
    await userEvent.click(await screen.findByRole('option', { name: 'CTR-12 · Edificio Huertas · Bajo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear invitación' }));
    expect(await within(dialog).findByLabelText('Enlace de invitación (un solo uso, 7 días)')).toHaveValue('http://localhost/invitacion/abcdefghijklmnopqrstuvwxyz');
    expect(post).toHaveBeenCalledWith({ email: 'nueva@example.com', contractId: 12 });
  });
});

describe('Invitaciones pendientes (issue 34)', () => {
  const pending = (id: number, overrides: Record<string, unknown> = {}) => ({
    id, email: `invitada${id}@example.com`, contractId: 7, contractCode: 'CTR-7', propertyName: 'Edificio Sol', unitName: '2ºB', expiresAt: '2026-12-11T10:00:00Z', createdAt: '2026-12-04T10:00:00Z', expired: false, ...overrides,
  });

  it("lists the pending invitations; 'Reenviar' sends a new link and 'Revocar' asks first, then ends it", async () => {
    const resend = jest.fn(() => ({ id: 1, email: 'invitada1@example.com', contractId: 7, expiresAt: '2026-12-11T10:00:00Z', link: '/invitacion/nuevo' }));
    const revoke = jest.fn(() => fakeResponse(204));
    global.fetch = routedFetch({
      'GET /api/tenants?page=1&pageSize=20': () => fakeResponse(200, [], { 'X-Total-Count': '0' }),
      'GET /api/tenant-invitations?page=1&pageSize=10': () => fakeResponse(200, [pending(1), pending(2, { expired: true })], { 'X-Total-Count': '2' }),
      'POST /api/tenant-invitations/1/resend': resend,
      'DELETE /api/tenant-invitations/2': revoke,
    });
    renderAt(<TenantsScreen user={null} />);
    const card = await screen.findByRole('region', { name: 'Invitaciones pendientes' });
    const [, first, second] = await within(card).findAllByRole('row');
    expect(first).toHaveTextContent('invitada1@example.com');
    expect(first).toHaveTextContent('CTR-7Edificio Sol · 2ºB');
    expect(second).toHaveTextContent('Caducada');

    await userEvent.click(within(card).getByRole('button', { name: 'Reenviar la invitación a invitada1@example.com' }));
    expect(await findToast('Invitación reenviada')).toHaveTextContent('Hemos enviado un enlace nuevo a invitada1@example.com');
    expect(resend).toHaveBeenCalledTimes(1);

    await userEvent.click(within(card).getByRole('button', { name: 'Revocar la invitación a invitada2@example.com' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Revocar la invitación?' });
    expect(revoke).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    expect(await findToast('Invitación anulada')).toBeVisible();
    expect(revoke).toHaveBeenCalledTimes(1);
  });

  it('shows no card when nothing is pending', async () => {
    global.fetch = routedFetch({
      'GET /api/tenants?page=1&pageSize=20': () => fakeResponse(200, [], { 'X-Total-Count': '0' }),
      'GET /api/tenant-invitations?page=1&pageSize=10': () => fakeResponse(200, [], { 'X-Total-Count': '0' }),
    });
    const fetchMock = global.fetch as jest.Mock;
    renderAt(<TenantsScreen user={null} />);
    expect(await screen.findByText('Todavía no tienes inquilinos')).toBeVisible();
    // Only once the invitations have been read and drawn does the absent card mean anything.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/tenant-invitations?page=1&pageSize=10', expect.anything()));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Invitaciones pendientes' })).toBeNull();
  });
});
