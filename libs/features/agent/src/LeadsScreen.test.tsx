/** @jest-environment jsdom */
import type { Lead, Person } from '@arrendia/api-contract';
import { answer, failsOnce, fakeResponse, findToast, renderAt, routedFetch, userWithRole, type Routes } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { LeadsScreen } from './LeadsScreen';

const lead = (id: number, overrides: Partial<Lead> = {}): Lead => ({
  id, name: 'Clara Benítez', email: 'clara@example.com', phone: '+34 611 222 333', message: '¿Se puede visitar el jueves?', status: 'Nuevo', priority: 'Media', notes: null,
  createdAt: '2026-11-24T09:15:00Z', updatedAt: '2026-11-24T09:15:00Z', listing: { id: 3, title: 'Piso luminoso en Chamberí' },
  unit: { id: 30, unitName: 'Piso 2ºB' }, property: { id: 4, propertyName: 'Edificio Santa Engracia' }, assignedAgent: { id: 9, firstName: 'Carmen', lastName: 'Romero' }, ...overrides,
});
const agents: Person[] = [
  { id: 9, firstName: 'Carmen', lastName: 'Romero' },
  { id: 10, firstName: 'Luis', lastName: 'Gómez' },
];

const FIRST_PAGE = 'GET /api/leads?page=1&pageSize=20';
/** One page of GET /api/leads with the server's total. */
const page = (rows: Lead[], total = rows.length) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });
const urls = (fetch: jest.Mock) => fetch.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`);

/**
 * Installs a fetch answering `routes`, with lead 1 stored as `stored` (GET /api/leads/1 reads it,
 * PATCH /api/leads/1 changes it); returns the fetch and the bodies the PATCH received.
 */
function serveLeads(routes: Routes, stored: Lead = lead(1)) {
  const patched: unknown[] = [];
  const fetch = routedFetch({
    'GET /api/leads/1': () => stored,
    'PATCH /api/leads/1': (init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Partial<Lead> & { assignedAgentUserId?: number };
      patched.push(body);
      const { assignedAgentUserId, ...rest } = body;
      stored = { ...stored, ...rest, ...(assignedAgentUserId ? { assignedAgent: agents.find((a) => a.id === assignedAgentUserId)! } : {}) };
      return stored;
    },
    ...routes,
  });
  global.fetch = fetch;
  return { fetch, patched };
}

const screenAt = (path: string, role = 'propietario_individual') => renderAt(<LeadsScreen user={userWithRole(role)} />, path, '/leads/*');

afterEach(() => act(() => resetToasts()));

describe('LeadsScreen list', () => {
  it('lists the leads of the first page as cards, and sends the search and the status as query parameters', async () => {
    const { fetch } = serveLeads({
      [FIRST_PAGE]: page([lead(1), lead(2, { name: 'Marco Rossi', status: 'Contactado', priority: 'Alta', assignedAgent: null })]),
      'GET /api/leads?q=clara&page=1&pageSize=20': page([lead(1)]),
      'GET /api/leads?q=clara&status=Contactado&page=1&pageSize=20': page([]),
    });
    screenAt('/leads');
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes Potenciales' })).toBeVisible();
    const clara = await screen.findByRole('article', { name: 'Clara Benítez' });
    expect(clara).toHaveTextContent('Edificio Santa Engracia · Piso 2ºB');
    expect(clara).toHaveTextContent('clara@example.com · +34 611 222 333');
    expect(clara).toHaveTextContent('Carmen Romero');
    expect(within(clara).getByText('Nuevo')).toHaveAttribute('data-tone');
    expect(within(clara).getByRole('link', { name: 'Ver Clara Benítez' })).toHaveAttribute('href', '/leads/1');
    const marco = screen.getByRole('article', { name: 'Marco Rossi' });
    expect(marco).toHaveTextContent('Sin agente');
    expect(within(marco).getByText('Alta')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByRole('navigation', { name: 'Páginas de clientes potenciales' })).toHaveTextContent('Mostrando 1–2 de 2');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar por nombre o email' }), 'clara');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Marco Rossi' })).toBeNull());
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los estados', 'Nuevo', 'Contactado', 'Visita programada', 'Cerrado', 'Descartado']);
    await userEvent.click(screen.getByRole('option', { name: 'Contactado' }));
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
    expect(urls(fetch)).toEqual([FIRST_PAGE, 'GET /api/leads?q=clara&page=1&pageSize=20', 'GET /api/leads?q=clara&status=Contactado&page=1&pageSize=20']);
  });

  it('pages on the server: «Siguiente» asks for page 2', async () => {
    const { fetch } = serveLeads({
      [FIRST_PAGE]: page([lead(1)], 45),
      'GET /api/leads?page=2&pageSize=20': page([lead(21, { name: 'Elena Vidal' })], 45),
    });
    screenAt('/leads');
    await screen.findByRole('article', { name: 'Clara Benítez' });
    const pages = screen.getByRole('navigation', { name: 'Páginas de clientes potenciales' });
    expect(pages).toHaveTextContent('Página 1 de 3');
    await userEvent.click(within(pages).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('article', { name: 'Elena Vidal' })).toBeVisible();
    expect(pages).toHaveTextContent('Página 2 de 3');
    expect(urls(fetch)).toEqual([FIRST_PAGE, 'GET /api/leads?page=2&pageSize=20']);
  });

  it('says when the list could not be loaded, and «Reintentar» loads it', async () => {
    serveLeads({ [FIRST_PAGE]: failsOnce(fakeResponse(200, [lead(1)], { 'X-Total-Count': '1' })) });
    screenAt('/leads');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los clientes potenciales');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Clara Benítez' })).toBeVisible();
  });
});

describe('LeadsScreen: the state in the URL (issue 33)', () => {
  it('reads page, filters and order from the URL and writes every move back', async () => {
    serveLeads({
      'GET /api/leads?status=Contactado&sort=name&page=2&pageSize=20': page([lead(21, { name: 'Elena Vidal' })], 21),
      'GET /api/leads?status=Contactado&sort=-name&page=1&pageSize=20': page([lead(22, { name: 'Zoe Marín' })], 21),
      'GET /api/leads?page=1&pageSize=20': page([lead(1)], 1),
    });
    renderAt(
      <>
        <LeadsScreen user={userWithRole('propietario_individual')} />
        <Where />
      </>,
      '/leads?status=Contactado&sort=name&page=2',
      '/leads/*',
    );
    expect(await screen.findByRole('article', { name: 'Elena Vidal' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Páginas de clientes potenciales' })).toHaveTextContent('Mostrando 21–21 de 21');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Contactado');
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveTextContent('Nombre (A–Z)');

    // A new order goes back to the first page.
    await userEvent.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nombre (Z–A)' }));
    expect(await screen.findByRole('article', { name: 'Zoe Marín' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/leads?status=Contactado&sort=-name');

    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Todos los estados' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Predeterminado' }));
    expect(await screen.findByRole('article', { name: 'Clara Benítez' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/leads$/);
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

describe('LeadsScreen detail', () => {
  it("opens a lead from «Ver»: its facts and message, and the moves its status allows", async () => {
    serveLeads({ [FIRST_PAGE]: page([lead(1)]) });
    screenAt('/leads');
    await userEvent.click(await screen.findByRole('link', { name: 'Ver Clara Benítez' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Clara Benítez' })).toBeVisible();
    const facts = screen.getByRole('region', { name: 'Datos' });
    expect(facts).toHaveTextContent('Piso luminoso en Chamberí (Edificio Santa Engracia · Piso 2ºB)');
    expect(facts).toHaveTextContent('¿Se puede visitar el jueves?');
    expect(facts).toHaveTextContent('Carmen Romero');
    const moves = screen.getByRole('group', { name: 'Cambiar estado' });
    expect(within(moves).getAllByRole('button').map((b) => b.textContent)).toEqual(['Pasar a Contactado', 'Pasar a Visita programada', 'Pasar a Descartado']);
    expect(screen.getByRole('link', { name: '← Volver a Clientes Potenciales' })).toHaveAttribute('href', '/leads');
  });

  it('moves the status along the pipeline (PATCH {status}) and says so', async () => {
    const { patched } = serveLeads({});
    screenAt('/leads/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Pasar a Contactado' }));
    expect(await findToast('Cliente potencial actualizado')).toHaveTextContent('Clara Benítez: Contactado');
    expect(patched).toEqual([{ status: 'Contactado' }]);
  });

  it('offers no move for a closed lead', async () => {
    serveLeads({}, lead(1, { status: 'Cerrado' }));
    screenAt('/leads/1');
    expect(await screen.findByText('Este cliente potencial está cerrado: su estado ya no cambia.')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Cambiar estado' })).toBeNull();
  });

  it('saves the notes (PATCH {notes}) and the priority (PATCH {priority})', async () => {
    const { patched } = serveLeads({});
    screenAt('/leads/1');
    const save = await screen.findByRole('button', { name: 'Guardar notas' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Notas' }), 'Llamar el lunes');
    await userEvent.click(save);
    expect(await findToast('Cliente potencial actualizado')).toBeVisible();
    await userEvent.click(screen.getByRole('combobox', { name: 'Prioridad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Alta' }));
    await waitFor(() => expect(patched).toEqual([{ notes: 'Llamar el lunes' }, { priority: 'Alta' }]));
  });

  it("shows the API's refusal of a move in a toast", async () => {
    serveLeads({
      'PATCH /api/leads/1': () => answer(409, { error: 'invalid_transition', message: 'No se puede pasar un cliente potencial de Nuevo a Descartado' }),
    });
    screenAt('/leads/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Pasar a Descartado' }));
    expect(await findToast('Error')).toHaveTextContent('No se puede pasar un cliente potencial de Nuevo a Descartado');
  });

  it("says 'Cliente potencial no encontrado' for a lead the API does not give, with a way back", async () => {
    serveLeads({ 'GET /api/leads/99': () => answer(404, { error: 'not_found', message: 'Cliente potencial no encontrado' }) });
    screenAt('/leads/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cliente potencial no encontrado' })).toBeVisible();
    expect(screen.getByRole('link', { name: '← Volver a Clientes Potenciales' })).toHaveAttribute('href', '/leads');
  });

  it("lets the agency's manager give the lead to another of the agency's agents (PATCH {assignedAgentUserId})", async () => {
    const { patched } = serveLeads({ 'GET /api/properties/4/agents': () => agents });
    screenAt('/leads/1', 'admin_agencia');
    const select = await screen.findByRole('combobox', { name: 'Agente asignado' });
    await waitFor(() => expect(select).toHaveTextContent('Carmen Romero'));
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Luis Gómez' }));
    expect(await findToast('Cliente potencial actualizado')).toBeVisible();
    expect(patched).toEqual([{ assignedAgentUserId: 10 }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Agente asignado' })).toHaveTextContent('Luis Gómez'));
  });

  it("shows the API's refusal of a reassignment", async () => {
    serveLeads({
      'GET /api/properties/4/agents': () => agents,
      'PATCH /api/leads/1': () => answer(400, { error: 'validation_error', message: 'Revisa los campos marcados', fields: { assignedAgentUserId: 'Elige un agente activo de la agencia que gestiona la propiedad' } }),
    });
    screenAt('/leads/1', 'super_admin');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Agente asignado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Luis Gómez' }));
    expect(await findToast('Error')).toHaveTextContent('Elige un agente activo de la agencia que gestiona la propiedad');
  });

  it('shows the owner its agent by name, with no select and no request for the agents', async () => {
    const { fetch } = serveLeads({});
    screenAt('/leads/1', 'propietario_individual');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clara Benítez' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Datos' })).toHaveTextContent('Carmen Romero');
    expect(screen.queryByRole('combobox', { name: 'Agente asignado' })).toBeNull();
    expect(urls(fetch)).toEqual(['GET /api/leads/1']);
  });
});
