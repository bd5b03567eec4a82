/** @jest-environment jsdom */
import type { RentalTypes } from '@arrendia/api-contract';
import { formatEuros, formatPercent } from '@arrendia/locale-es';
import { failsOnce, renderAt, routedFetch } from '@arrendia/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { configureAxe } from 'jest-axe';
import { ApartmentsManagementScreen, RoomsManagementScreen } from './RentalTypesScreen';

const rooms: RentalTypes = {
  kind: 'rooms',
  totals: { buildings: 1, units: 12, occupied: 9, occupancyRate: 75 },
  buildings: [
    {
      propertyId: 3,
      propertyName: 'Piso compartido Lavapiés',
      city: 'Madrid',
      units: 3,
      occupied: 1,
      occupancyRate: 33.3,
      rooms: [
        { unitId: 10, name: 'Habitación exterior', status: 'Alquilado', occupied: true, tenantName: 'Jorge Santos', rent: '480.00' },
        { unitId: 11, name: 'Habitación interior', status: 'Reservado', occupied: false, tenantName: null, rent: '420.00' },
        { unitId: 12, name: 'Habitación pequeña', status: 'Disponible', occupied: false, tenantName: null, rent: null },
      ],
    },
  ],
  plans: [
    { name: 'Starter', price: 29, limit: 10, highlight: null, fits: false },
    { name: 'Professional', price: 49, limit: 50, highlight: 'Más popular', fits: true },
    { name: 'Enterprise', price: 89, limit: null, highlight: null, fits: true },
  ],
  currentPlan: 'Professional',
};

describe('RoomsManagementScreen', () => {
  it('shows the totals, each room with its state and tenant, and the plans against the real count', async () => {
    global.fetch = routedFetch({ 'GET /api/admin/rental-types?kind=rooms': () => rooms });
    renderAt(<RoomsManagementScreen user={null} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Gestión de Habitaciones' })).toBeVisible();
    const flat = await screen.findByRole('article', { name: 'Piso compartido Lavapiés' });
    expect(screen.getByRole('group', { name: 'Habitaciones' })).toHaveTextContent('12');
    expect(screen.getByRole('group', { name: 'Ocupadas' })).toHaveTextContent('9');
    expect(screen.getByRole('group', { name: 'Ocupación' })).toHaveTextContent('75,0 %');

    const bar = within(flat).getByRole('progressbar', { name: 'Ocupación de Piso compartido Lavapiés' });
    expect(bar).toHaveAttribute('aria-valuenow', '33.3');
    expect(bar).toHaveAttribute('aria-valuetext', `1 de 3 · ${formatPercent(33.3)}`);
    const row = (name: string) => within(within(flat).getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(row('Habitación exterior')).toEqual(['Alquilado', 'Jorge Santos', formatEuros('480.00')]);
    expect(row('Habitación interior')).toEqual(['Reservado', 'Sin inquilino', formatEuros('420.00')]);
    expect(row('Habitación pequeña')).toEqual(['Disponible', 'Sin inquilino', '—']);

    const starter = within(screen.getByRole('article', { name: 'Starter' }));
    expect(starter.getByText('Supera el límite')).toBeVisible();
    expect(starter.getByRole('progressbar', { name: 'Uso del plan Starter' })).toHaveAttribute('aria-valuetext', '12 de 10 habitaciones');
    const professional = within(screen.getByRole('article', { name: 'Professional' }));
    expect(professional.getByText('Se ajusta a la cartera')).toBeVisible();
    expect(professional.getByText('Más popular')).toBeVisible();
    expect(professional.getByText('49 €/mes')).toBeVisible();
    expect(professional.getByRole('progressbar', { name: 'Uso del plan Professional' })).toHaveAttribute('aria-valuenow', '12');
    expect(professional.getByText('12 de 50 habitaciones')).toBeVisible();
    expect(within(screen.getByRole('article', { name: 'Enterprise' })).getByText('12 habitaciones · sin límite')).toBeVisible();
    expect(screen.queryAllByText('Se ajusta a la cartera')).toHaveLength(1);

    const results = await configureAxe({ rules: { region: { enabled: false } } })(document.body);
    expect(results.violations).toEqual([]);
  });

  it('says when the portfolio could not be loaded, and «Reintentar» loads it', async () => {
    global.fetch = routedFetch({ 'GET /api/admin/rental-types?kind=rooms': failsOnce(rooms) });
    renderAt(<RoomsManagementScreen user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la cartera');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Piso compartido Lavapiés' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Habitaciones' })).toHaveTextContent('12');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ApartmentsManagementScreen', () => {
  it('lists the buildings in a table with an occupancy bar each, and says so when there are none', async () => {
    const apartments: RentalTypes = {
      ...rooms,
      kind: 'apartments',
      totals: { buildings: 1, units: 4, occupied: 2, occupancyRate: 50 },
      buildings: [{ propertyId: 5, propertyName: 'Bloque Ruzafa', city: 'Valencia', units: 4, occupied: 2, occupancyRate: 50 }],
      plans: [
        { name: 'Basic', price: 39, limit: 5, highlight: null, fits: true },
        { name: 'Professional', price: 69, limit: 20, highlight: 'Recomendado', fits: true },
        { name: 'Enterprise', price: 119, limit: null, highlight: null, fits: true },
      ],
      currentPlan: 'Basic',
    };
    global.fetch = routedFetch({ 'GET /api/admin/rental-types?kind=apartments': () => apartments });
    const { unmount } = renderAt(<ApartmentsManagementScreen user={null} />);
    const ruzafa = (await screen.findByRole('rowheader', { name: 'Bloque Ruzafa' })).closest('tr')!;
    expect(within(ruzafa).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Valencia', '4', '2', `2 de 4 · ${formatPercent(50)}`]);
    expect(within(ruzafa).getByRole('progressbar', { name: 'Ocupación de Bloque Ruzafa' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(screen.getByRole('article', { name: 'Professional' })).getByText('4 de 20 apartamentos')).toBeVisible();
    expect(within(screen.getByRole('article', { name: 'Basic' })).getByText('Se ajusta a la cartera')).toBeVisible();
    unmount();

    global.fetch = routedFetch({ 'GET /api/admin/rental-types?kind=apartments': () => ({ ...apartments, buildings: [], totals: { buildings: 0, units: 0, occupied: 0, occupancyRate: 0 } }) });
    renderAt(<ApartmentsManagementScreen user={null} />);
    expect(await screen.findByText('Todavía no hay apartamentos en la plataforma')).toBeVisible();
  });
});
