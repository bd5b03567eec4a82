/** @jest-environment jsdom */
import type { AgentPerformance, AgentProperty, Lead, Visit } from '@arrendia/api-contract';
import { answer, failsOnce, fakeResponse, renderAt, routedFetch, userWithRole } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { AgentDashboard } from './AgentDashboard';

const lead = (id: number, overrides: Partial<Lead> = {}): Lead => ({
  id, name: 'Clara Benítez', email: 'clara@example.com', phone: '+34 611 222 333', message: '¿Se puede visitar el jueves?', status: 'Nuevo', priority: 'Media', notes: null,
  createdAt: '2026-11-24T09:15:00Z', updatedAt: '2026-11-24T09:15:00Z', listing: { id: 3, title: 'Piso luminoso en Chamberí' },
  unit: { id: 30, unitName: 'Piso 2ºB' }, property: { id: 4, propertyName: 'Edificio Santa Engracia' }, assignedAgent: { id: 9, firstName: 'Carmen', lastName: 'Romero' }, ...overrides,
});
const visit: Visit = {
  id: 5, leadId: 1, contactName: 'Clara Benítez', contactPhone: null, contactEmail: null, startsAt: '2026-11-26T16:00:00Z', endsAt: '2026-11-26T16:45:00Z',
  status: 'Programada', visitType: 'Primera visita', notes: null, unit: { id: 30, unitName: 'Piso 2ºB' }, property: { id: 4, propertyName: 'Edificio Santa Engracia', address: 'Calle de Santa Engracia 12, Madrid' },
  agent: { id: 9, firstName: 'Carmen', lastName: 'Romero' },
};
const performance: AgentPerformance = { month: '2026-11', leads: 4, visits: 2, signedContracts: 1, commissions: '1750.00', commissionRate: '8.00', monthlyTarget: '3500.00', progress: 50 };
const properties: AgentProperty[] = [
  { id: 4, propertyName: 'Edificio Santa Engracia', address: 'Calle de Santa Engracia 12, Madrid', unitTypes: ['vivienda', 'habitacion'], monthlyRent: '1450.50', status: 'En visita', units: 4, rentedUnits: 3, openLeads: 2 },
];

const LEADS = 'GET /api/leads?mine=true&page=1&pageSize=20';
const VISITS = 'GET /api/visits?mine=true&status=Programada&page=1&pageSize=20';

const routes = (extra = {}) => ({
  [LEADS]: () => [lead(1), lead(2, { name: 'Marco Rossi', status: 'Cerrado' })],
  [VISITS]: () => [visit],
  'GET /api/agents/me/performance': () => performance,
  'GET /api/agents/me/properties': () => properties,
  ...extra,
});

afterEach(() => act(() => resetToasts()));

describe('AgentDashboard', () => {
  it("opens on Clientes Potenciales with the agent's leads; closed ones cannot be moved", async () => {
    global.fetch = routedFetch(routes());
    renderAt(<AgentDashboard user={userWithRole('agente')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard del Agente' })).toBeVisible();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Clientes Potenciales', 'Visitas Programadas', 'Mis Propiedades', 'Rendimiento']);
    expect(screen.getByRole('tab', { name: 'Clientes Potenciales' })).toHaveAttribute('aria-selected', 'true');
    const clara = await screen.findByRole('article', { name: 'Clara Benítez' });
    expect(clara).toHaveTextContent('Piso luminoso en Chamberí (Edificio Santa Engracia · Piso 2ºB)');
    expect(clara).toHaveTextContent('Nuevo');
    expect(within(clara).getByRole('button', { name: 'Programar Visita con Clara Benítez' })).toBeVisible();
    const marco = screen.getByRole('article', { name: 'Marco Rossi' });
    expect(within(marco).queryByRole('button')).toBeNull();
  });

  it("shows each lead's priority ('Alta' destructive) and saves the one the agent picks", async () => {
    const patch = jest.fn((_body: unknown) => answer(200, lead(1, { priority: 'Alta' })));
    global.fetch = routedFetch(routes({
      [LEADS]: () => [lead(1), lead(2, { name: 'Marco Rossi', status: 'Contactado', priority: 'Alta' })],
      'PATCH /api/leads/1': (init?: RequestInit) => patch(JSON.parse(String(init?.body))),
    }));
    renderAt(<AgentDashboard user={userWithRole('agente')} />);
    const clara = await screen.findByRole('article', { name: 'Clara Benítez' });
    // The badge (the select beside it shows the same word).
    const badge = (article: HTMLElement, text: string) => within(article).getAllByText(text).find((e) => e.hasAttribute('data-tone'));
    expect(badge(clara, 'Media')).toHaveAttribute('data-tone', 'grey');
    expect(badge(screen.getByRole('article', { name: 'Marco Rossi' }), 'Alta')).toHaveAttribute('data-tone', 'red');

    const save = within(clara).getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();
    await userEvent.click(within(clara).getByRole('combobox', { name: 'Prioridad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Alta' }));
    await userEvent.click(save);
    expect(await screen.findByText('Cliente actualizado')).toBeVisible();
    expect(patch).toHaveBeenCalledWith({ priority: 'Alta', notes: '' });
  });

  it('says when the leads could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch(routes({ [LEADS]: failsOnce([lead(1)]) }));
    renderAt(<AgentDashboard user={userWithRole('agente')} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los clientes potenciales');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Clara Benítez' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the visits could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch(routes({ [VISITS]: failsOnce([visit]) }));
    renderAt(<AgentDashboard user={userWithRole('agente')} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Visitas Programadas' }), { button: 0 });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las visitas');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: /Clara Benítez/ })).toHaveTextContent('Calle de Santa Engracia 12, Madrid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the properties could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch(routes({ 'GET /api/agents/me/properties': failsOnce(properties) }));
    renderAt(<AgentDashboard user={userWithRole('agente')} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Mis Propiedades' }), { button: 0 });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar tus propiedades');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const mine = await screen.findByRole('article', { name: 'Edificio Santa Engracia' });
    expect(mine).toHaveTextContent('3 de 4');
    // The spec's sample: type, price and status.
    expect(mine).toHaveTextContent('Vivienda completa, Habitación');
    expect(mine).toHaveTextContent('1.450,50 €/mes');
    expect(within(mine).getByText('En visita')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the performance could not be loaded, and «Reintentar» loads it', async () => {
    global.fetch = routedFetch(routes({ 'GET /api/agents/me/performance': failsOnce(performance) }));
    renderAt(<AgentDashboard user={userWithRole('agente')} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Rendimiento' }), { button: 0 });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar tu rendimiento');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByLabelText('Cifras del mes')).toHaveTextContent('1.750,00 €');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('books a visit for a lead: its unit goes with it, and the date and time become one instant', async () => {
    const post = jest.fn((_body: unknown) => answer(201, visit));
    global.fetch = routedFetch(routes({ 'POST /api/visits': (init?: RequestInit) => post(JSON.parse(String(init?.body))) }));
    renderAt(<AgentDashboard user={userWithRole('agente')} />);
    const clara = await screen.findByRole('article', { name: 'Clara Benítez' });
    await userEvent.click(within(clara).getByRole('button', { name: 'Programar Visita con Clara Benítez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Programar Visita' });
    fireEvent.change(within(dialog).getByLabelText('Fecha'), { target: { value: '2026-11-26' } });
    fireEvent.change(within(dialog).getByLabelText('Hora'), { target: { value: '17:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Programar Visita' }));
    expect(await screen.findByText('Visita con Clara Benítez programada')).toBeVisible();
    expect(post).toHaveBeenCalledWith(expect.objectContaining({ leadId: 1, rentableUnitId: 30, durationMinutes: 45, startsAt: new Date('2026-11-26T17:00').toISOString() }));
  });

  it("shows the API's overlap refusal in Spanish and keeps the form open", async () => {
    global.fetch = routedFetch(routes({ 'POST /api/visits': () => answer(409, { error: 'conflict', message: 'Ya hay una visita de este agente en ese horario', fields: { startsAt: 'Ya hay una visita de este agente en ese horario' } }) }));
    renderAt(<AgentDashboard user={userWithRole('agente')} />);
    await userEvent.click(within(await screen.findByRole('article', { name: 'Clara Benítez' })).getByRole('button', { name: /Programar Visita con/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Programar Visita' });
    fireEvent.change(within(dialog).getByLabelText('Fecha'), { target: { value: '2026-11-26' } });
    fireEvent.change(within(dialog).getByLabelText('Hora'), { target: { value: '17:30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Programar Visita' }));
    expect(await within(dialog).findByText('Ya hay una visita de este agente en ese horario')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Programar Visita' })).toBeVisible();
  });

  it('lists visits, properties and the month against the target on their tabs', async () => {
    global.fetch = routedFetch(routes());
    renderAt(<AgentDashboard user={userWithRole('agente')} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Visitas Programadas' }), { button: 0 });
    const booked = await screen.findByRole('article', { name: /Clara Benítez/ });
    expect(booked).toHaveTextContent('Calle de Santa Engracia 12, Madrid');
    expect(within(booked).getByText('Primera visita')).toHaveAttribute('data-tone', 'blue');
    expect(within(booked).getByRole('button', { name: 'Marcar como realizada' })).toBeVisible();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Mis Propiedades' }), { button: 0 });
    const mine = await screen.findByRole('article', { name: 'Edificio Santa Engracia' });
    expect(mine).toHaveTextContent('3 de 4');
    // The spec's sample: type, price and status.
    expect(mine).toHaveTextContent('Vivienda completa, Habitación');
    expect(mine).toHaveTextContent('1.450,50 €/mes');
    expect(within(mine).getByText('En visita')).toBeVisible();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Rendimiento' }), { button: 0 });
    const figures = await screen.findByLabelText('Cifras del mes');
    expect(figures).toHaveTextContent('1.750,00 €');
    expect(figures).toHaveTextContent('3.500,00 €');
    expect(screen.getByRole('progressbar', { name: 'Objetivo mensual alcanzado' })).toHaveAttribute('aria-valuenow', '50');
  });
});

describe('AgentDashboard: its lists in the URL (issue 33)', () => {
  const paged = (rows: unknown[], total: number) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });
  function Where() {
    const location = useLocation();
    return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
  }
  const where = () => screen.getByTestId('where').textContent;

  it('opens the tab, page, filters and order the URL names, each list under its own keys, and writes every move back', async () => {
    global.fetch = routedFetch(
      routes({
        'GET /api/visits?mine=true&status=Programada&from=2026-11-01&sort=-startsAt&page=2&pageSize=20': paged([visit], 21),
        'GET /api/visits?mine=true&status=Programada&from=2026-11-01&to=2026-11-30&sort=-startsAt&page=1&pageSize=20': paged([], 0),
        'GET /api/leads?mine=true&q=clara&page=1&pageSize=20': paged([lead(1)], 1),
      }),
    );
    renderAt(
      <>
        <AgentDashboard user={userWithRole('agente')} />
        <Where />
      </>,
      '/dashboard?tab=visits&visitas.from=2026-11-01&visitas.sort=-startsAt&visitas.page=2',
    );
    expect(screen.getByRole('tab', { name: 'Visitas Programadas' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: /Clara Benítez/ })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Páginas de visitas' })).toHaveTextContent('Mostrando 21–21 de 21');
    expect(screen.getByLabelText('Desde')).toHaveValue('2026-11-01');
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveTextContent('Más lejanas primero');

    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-30' } });
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
    expect(where()).toBe('/dashboard?tab=visits&visitas.from=2026-11-01&visitas.sort=-startsAt&visitas.to=2026-11-30');

    // The leads tab keeps its own state: the visits' keys stay for when the agent comes back.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Clientes Potenciales' }), { button: 0 });
    await screen.findByRole('article', { name: 'Marco Rossi' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar por nombre o email' }), 'clara');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Marco Rossi' })).toBeNull());
    expect(where()).toBe('/dashboard?tab=leads&visitas.from=2026-11-01&visitas.sort=-startsAt&visitas.to=2026-11-30&clientes.q=clara');
  });
});
