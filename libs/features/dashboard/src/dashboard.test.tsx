/** @jest-environment jsdom */
import type { ActivityItem, DashboardTrends, PropertyListItem, Task, UnitOption } from '@arrendia/api-contract';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { DashboardMetricCards, trendCaptions } from './DashboardMetricCards';
import { PropertiesCard } from './PropertiesCard';
import { RecentActivityCard } from './RecentActivityCard';
import { failsOnce, fakeResponse, pending, renderAt, serve } from '@arrendia/testing';
import { UpcomingTasksCard } from './UpcomingTasksCard';

const trends: DashboardTrends = {
  monthlyIncome: '2695.00',
  previousMonthIncome: '2450.00',
  incomeChangePercent: 10,
  propertiesAddedThisMonth: 1,
  rentedUnits: 3,
  totalUnits: 4,
  incidentsReportedThisMonth: 2,
  urgentOpenIncidents: 0,
};

const property = (id: number): PropertyListItem => ({
  id,
  ownerUserId: 1,
  managerAgencyId: null,
  propertyName: `Piso ${id}`,
  addressStreet: 'Calle Mayor',
  addressNumber: String(id),
  addressDetails: null,
  city: 'Madrid',
  province: 'Madrid',
  postalCode: '28013',
  country: 'España',
  refCatastral: null,
  totalAreaM2: '90.00',
  buildYear: null,
  notes: null,
  isArchived: id === 2,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  unitCount: 1,
  rentedUnits: 1,
  monthlyRent: '900.00',
});

const unit = (id: number, propertyId: number, currentStatus: UnitOption['currentStatus'], baseRentPrice: string | null): UnitOption => ({
  id,
  unitName: `Puerta ${id}`,
  currentStatus,
  baseRentPrice,
  typeName: 'vivienda',
  propertyId,
  propertyName: `Piso ${propertyId}`,
  hasActiveContract: currentStatus === 'Alquilado',
});

const at = (ui: ReactElement) => renderAt(ui, '/dashboard');

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('DashboardMetricCards', () => {
  it('shows skeletons while loading', () => {
    pending();
    const { container } = at(<DashboardMetricCards user={null} />);
    for (const name of ['Propiedades Activas', 'Ingresos Mensuales', 'Tasa de Ocupación', 'Incidencias Abiertas']) {
      expect(screen.getByRole('group', { name })).toHaveAttribute('aria-busy', 'true');
    }
    expect(container.querySelectorAll('[data-skeleton]').length).toBe(8);
  });

  it('formats the four metrics and writes real trend captions', async () => {
    serve({
      'GET /api/dashboard/metrics': () => fakeResponse(200, { activeProperties: 5, monthlyIncome: '2695.00', occupancyRate: 75, openIncidents: 2 }),
      'GET /api/dashboard/trends': () => fakeResponse(200, trends),
    });
    at(<DashboardMetricCards user={null} />);
    const value = async (name: string) => within(await screen.findByRole('group', { name })).findByRole('definition');
    expect((await value('Propiedades Activas')).textContent).toBe('5');
    expect((await value('Ingresos Mensuales')).textContent).toBe('2.695,00\u00a0€');
    expect((await value('Tasa de Ocupación')).textContent).toBe('75,0\u00a0%');
    expect((await value('Incidencias Abiertas')).textContent).toBe('2');
    // Each caption under its own metric.
    await screen.findByText('+10,0 % respecto al mes anterior (2.450,00 €)');
    expect(screen.getByRole('group', { name: 'Ingresos Mensuales' })).toHaveTextContent('+10,0 % respecto al mes anterior (2.450,00 €)');
    expect(screen.getByRole('group', { name: 'Tasa de Ocupación' })).toHaveTextContent('3 de 4 unidades alquiladas');
    expect(screen.getByRole('group', { name: 'Propiedades Activas' })).toHaveTextContent('+1 este mes');
    expect(screen.getByRole('group', { name: 'Incidencias Abiertas' })).toHaveTextContent('2 reportadas este mes');
    expect(screen.getByRole('group', { name: 'Ingresos Mensuales' })).toHaveAttribute('aria-busy', 'false');
  });
});

describe('trendCaptions', () => {
  it('says when there was no income last month, a fall, and urgent incidents', () => {
    const c = trendCaptions({ ...trends, incomeChangePercent: null, propertiesAddedThisMonth: 0, urgentOpenIncidents: 1 });
    expect(c.income).toEqual({ text: 'Sin ingresos el mes anterior', tone: 'neutral' });
    expect(c.properties.text).toBe('Sin altas este mes');
    expect(c.incidents).toEqual({ text: '1 urgente · 2 este mes', tone: 'down' });
    expect(trendCaptions({ ...trends, incomeChangePercent: -12.5 }).income.tone).toBe('down');
    expect(trendCaptions({ ...trends, incomeChangePercent: -12.5 }).income.text.startsWith('-12,5 %')).toBe(true);
  });
});

describe('PropertiesCard', () => {
  it("lists the first 3 with each unit's real status and rent, and 'Ver N propiedades más'", async () => {
    serve({
      'GET /api/properties?pageSize=3': () => fakeResponse(200, [property(1), property(2), property(3)], { 'X-Total-Count': '5' }),
      // Each row asks for its own property's units.
      'GET /api/units?propertyId=1&pageSize=100': () => fakeResponse(200, [unit(11, 1, 'Alquilado', '1100.00'), unit(12, 1, 'Disponible', '800.00')]),
      'GET /api/units?propertyId=2&pageSize=100': () => fakeResponse(200, []),
      'GET /api/units?propertyId=3&pageSize=100': () => fakeResponse(200, [unit(31, 3, 'Reservado', null)]),
    });
    at(<PropertiesCard user={null} />);
    const link = await screen.findByRole('link', { name: 'Piso 1' });
    expect(link).toHaveAttribute('href', '/properties/1');
    const rows = [1, 2, 3].map((id) => screen.getByRole('link', { name: `Piso ${id}` }).closest('li')!);
    expect(rows[0]).toHaveTextContent('Activa');
    expect(rows[1]).toHaveTextContent('Archivada');
    expect(rows[2]).toHaveTextContent('Activa');
    expect(rows[0]).toHaveTextContent('Calle Mayor 1, Madrid · 90 m²');
    const units = within(await screen.findByRole('list', { name: 'Unidades de Piso 1' })).getAllByRole('listitem');
    expect(units).toHaveLength(2);
    expect(units[0]).toHaveTextContent(/^Puerta 11 ?Alquilado 1\.100,00 €\/mes$/);
    expect(units[1]).toHaveTextContent(/^Puerta 12 ?Disponible 800,00 €\/mes$/);
    const reserved = within(screen.getByRole('list', { name: 'Unidades de Piso 3' })).getByRole('listitem');
    expect(reserved).toHaveTextContent(/^Puerta 31 ?Reservado$/);
    expect(within(rows[1]).getByText('Sin unidades')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver 2 propiedades más' })).toHaveAttribute('href', '/properties');
  });

  it("has no 'más' link with 3 or fewer, and the empty state with Añadir Propiedad", async () => {
    serve({ 'GET /api/properties?pageSize=3': () => fakeResponse(200, [], { 'X-Total-Count': '0' }) });
    at(<PropertiesCard user={null} />);
    expect(await screen.findByText('No tienes propiedades')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Añadir Propiedad' })).toHaveAttribute('href', '/properties');
    expect(screen.queryByText(/propiedades más/)).toBeNull();
  });

  it('says when the properties could not be loaded, and «Reintentar» loads them', async () => {
    serve({
      'GET /api/properties?pageSize=3': failsOnce(fakeResponse(200, [property(1)], { 'X-Total-Count': '1' })),
      'GET /api/units?propertyId=1&pageSize=100': () => fakeResponse(200, [unit(11, 1, 'Alquilado', '1100.00')]),
    });
    at(<PropertiesCard user={null} />);
    const card = screen.getByRole('region', { name: 'Mis Propiedades' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('No se pudieron cargar las propiedades');
    fireEvent.click(within(card).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card).findByRole('link', { name: 'Piso 1' })).toHaveAttribute('href', '/properties/1');
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});

describe('RecentActivityCard', () => {
  it("says 'Sin actividad reciente' when there is none", async () => {
    serve({ 'GET /api/activity?limit=10': () => fakeResponse(200, []) });
    at(<RecentActivityCard user={null} />);
    expect(await screen.findByText('Sin actividad reciente')).toBeVisible();
  });

  it('lists the audit lines with their date, linking to the record', async () => {
    const items: ActivityItem[] = [
      { id: 2, type: 'contract_signed', description: 'Contrato ARR-2026-0003 creado', changedAt: '2026-07-01T22:30:00.000Z', link: '/contracts/3', actorName: 'Marta Gil' },
      { id: 1, type: null, description: 'Propiedad Piso 1 eliminada', changedAt: '2026-06-30T08:00:00.000Z', link: null, actorName: null },
    ];
    serve({ 'GET /api/activity?limit=10': () => fakeResponse(200, items) });
    at(<RecentActivityCard user={null} />);
    const signed = await screen.findByRole('link', { name: 'Contrato ARR-2026-0003 creado' });
    expect(signed).toHaveAttribute('href', '/contracts/3');
    const lines = screen.getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContainElement(signed);
    expect(lines[0]).toHaveTextContent(/02\/07\/2026 00:30 · Marta Gil$/);
    // A line without a record to open is plain text, and without an actor has only the date.
    expect(within(lines[1]).queryByRole('link')).toBeNull();
    expect(lines[1]).toHaveTextContent(/^Propiedad Piso 1 eliminada ?30\/06\/2026 10:00$/);
  });

  it("with detailsButtons gives each line with a record a 'Detalles' button to it (the delegated owner's activity tab)", async () => {
    const items: ActivityItem[] = [
      { id: 2, type: 'contract_signed', description: 'Contrato ARR-2026-0003 creado', changedAt: '2026-07-01T22:30:00.000Z', link: '/contracts/3', actorName: 'Marta Gil' },
      { id: 1, type: null, description: 'Propiedad Piso 1 eliminada', changedAt: '2026-06-30T08:00:00.000Z', link: null, actorName: null },
    ];
    serve({ 'GET /api/activity?limit=10': () => fakeResponse(200, items) });
    at(<RecentActivityCard user={null} detailsButtons />);
    const details = await screen.findByRole('link', { name: 'Detalles: Contrato ARR-2026-0003 creado' });
    expect(details).toHaveAttribute('href', '/contracts/3');
    expect(details).toHaveTextContent('Detalles');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('says when the activity could not be loaded, and «Reintentar» loads it', async () => {
    const items: ActivityItem[] = [{ id: 2, type: 'contract_signed', description: 'Contrato ARR-2026-0003 creado', changedAt: '2026-07-01T22:30:00.000Z', link: '/contracts/3', actorName: 'Marta Gil' }];
    serve({ 'GET /api/activity?limit=10': failsOnce(fakeResponse(200, items)) });
    at(<RecentActivityCard user={null} />);
    const card = screen.getByRole('region', { name: 'Actividad Reciente' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('No se pudo cargar la actividad');
    fireEvent.click(within(card).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card).findByRole('link', { name: 'Contrato ARR-2026-0003 creado' })).toHaveAttribute('href', '/contracts/3');
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});

describe('UpcomingTasksCard', () => {
  it('lists tasks with their kind, date and priority', async () => {
    const tasks: Task[] = [
      { id: 'incident-4', kind: 'incident', date: '2026-11-02', title: 'Incidencia abierta: Persiana', description: 'Bajo A · Casa', link: '/incidents/4', priority: 'Urgente' },
      { id: 'contract_end-3', kind: 'contract_end', date: '2026-12-31', title: 'Fin del contrato ARR-3', description: 'Bajo B · Casa', link: '/contracts/3', priority: null },
    ];
    serve({ 'GET /api/tasks': () => fakeResponse(200, tasks) });
    at(<UpcomingTasksCard user={null} />);
    expect(await screen.findByRole('link', { name: 'Fin del contrato ARR-3' })).toHaveAttribute('href', '/contracts/3');
    const [incident, contractEnd] = within(screen.getByRole('region', { name: 'Próximas Tareas' })).getAllByRole('listitem');
    expect(within(incident).getByRole('link')).toHaveAttribute('href', '/incidents/4');
    expect(within(incident).getByText('Incidencia')).toBeVisible();
    expect(within(incident).getByText('02/11/2026')).toBeVisible();
    expect(within(incident).getByText('Urgente')).toHaveAttribute('data-tone', 'red');
    expect(within(contractEnd).getByText('Fin de contrato')).toBeVisible();
    expect(within(contractEnd).getByText('31/12/2026')).toBeVisible();
    expect(within(contractEnd).queryByText('Urgente')).toBeNull();
  });

  it('says when there are none', async () => {
    serve({ 'GET /api/tasks': () => fakeResponse(200, []) });
    at(<UpcomingTasksCard user={null} />);
    expect(await screen.findByText('No hay tareas pendientes')).toBeVisible();
  });

  it('says when the tasks could not be loaded, and «Reintentar» loads them', async () => {
    const tasks: Task[] = [{ id: 'contract_end-3', kind: 'contract_end', date: '2026-12-31', title: 'Fin del contrato ARR-3', description: 'Bajo B · Casa', link: '/contracts/3', priority: null }];
    serve({ 'GET /api/tasks': failsOnce(fakeResponse(200, tasks)) });
    at(<UpcomingTasksCard user={null} />);
    const card = screen.getByRole('region', { name: 'Próximas Tareas' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('No se pudieron cargar las tareas');
    fireEvent.click(within(card).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card).findByRole('link', { name: 'Fin del contrato ARR-3' })).toHaveAttribute('href', '/contracts/3');
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});
