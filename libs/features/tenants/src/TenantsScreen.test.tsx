/** @jest-environment jsdom */
import { Route, Routes, useLocation } from 'react-router-dom';
import type { ContractListItem, TenantRow } from '@arrendia/api-contract';
import { answer, failsOnce, fakeResponse, renderAt, routedFetch } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TenantsScreen } from './TenantsScreen';

const row: TenantRow = {
  tenant: { id: 7, firstName: 'Lucía', lastName: 'Pardo', email: 'lucia@example.com', telefono: '+34 600 111 222' },
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
    expect(screen.getByText('1 inquilinos')).toBeVisible();
  });

  it('says when the tenants could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ 'GET /api/tenants?page=1&pageSize=20': failsOnce(fakeResponse(200, [row], { 'X-Total-Count': '1' })) });
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

  it('searches on the server', async () => {
    const fetchMock = routedFetch({
      'GET /api/tenants?page=1&pageSize=20': () => fakeResponse(200, [row], { 'X-Total-Count': '1' }),
      'GET /api/tenants?page=1&pageSize=20&q=zz': () => fakeResponse(200, [], { 'X-Total-Count': '0' }),
    });
    global.fetch = fetchMock;
    renderAt(<TenantsScreen user={null} />);
    await screen.findByRole('rowheader', { name: 'Lucía Pardo' });
    await userEvent.type(screen.getByLabelText('Buscar'), 'zz');
    expect(await screen.findByText('Ningún inquilino coincide con la búsqueda')).toBeVisible();
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
