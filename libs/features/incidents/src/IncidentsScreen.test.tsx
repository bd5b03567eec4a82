/** @jest-environment jsdom */
import type { IncidentListItem, IncidentStatus } from '@arrendia/api-contract';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureAxe } from 'jest-axe';
import { Route, Routes, useLocation } from 'react-router-dom';
import { IncidentsScreen } from './IncidentsScreen';
import { nextStatuses, shortId } from './statusMoves';
import { answer, failsOnce, fakeResponse, findToast, renderAt, routedFetch, userWithRole } from '@arrendia/testing';

const item = (id: number, status: IncidentStatus, overrides: Partial<IncidentListItem['incident']> = {}): IncidentListItem => ({
  incident: {
    id, rentableUnitId: 3, contractId: null, reportedByUserId: 1, assignedToUserId: null, title: `Incidencia ${id}`, description: 'Gotea el grifo',
    status, priority: 'Urgente', incidentCategory: 'Fontanería', costEstimate: '1234.50', finalCost: null, resolutionNotes: null, closedAt: null,
    createdAt: '2026-03-05T09:07:00Z', updatedAt: '2026-03-05T09:07:00Z', ...overrides,
  },
  unit: { id: 3, unitName: 'Ático A' },
  property: { id: 7, propertyName: 'Edificio Olivo' },
  reporter: { firstName: 'Tomás', lastName: 'Ruiz' },
});

const owner = userWithRole('propietario_individual');
const screenAt = (path = '/incidents', user = owner) =>
  renderAt(
    <Routes>
      <Route path="incidents/*" element={<IncidentsScreen user={user} />} />
    </Routes>,
    path,
  );

afterEach(() => {
  jest.restoreAllMocks();
  act(() => resetToasts());
});

describe('statusMoves', () => {
  it('follows decisions.md: Abierta → En Progreso → Resuelta → Cerrada, Resuelta → Abierta, nothing from Cerrada', () => {
    expect(nextStatuses('Abierta')).toEqual(['En Progreso']);
    expect(nextStatuses('En Progreso')).toEqual(['Resuelta']);
    expect(nextStatuses('Resuelta')).toEqual(['Cerrada', 'Abierta']);
    expect(nextStatuses('Cerrada')).toEqual([]);
  });

  it('shortens the id to its first 8 characters as text', () => {
    expect(shortId(123456789012)).toBe('12345678');
    expect(shortId(42)).toBe('42');
  });
});

describe('IncidentsScreen list', () => {
  it('shows 5 skeletons while loading', () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined));
    screenAt();
    expect(screen.getAllByTestId('incident-skeleton')).toHaveLength(5);
  });

  it('shows each incident with its status and priority badges in the spec colours, facts and shortened id', async () => {
    global.fetch = routedFetch({ 'GET /api/incidents?page=1&pageSize=20': () => [item(123456789, 'Abierta')] });
    screenAt();
    const card = await screen.findByRole('article', { name: 'Incidencia 123456789' });
    expect(within(card).getByText('Abierta')).toHaveAttribute('data-tone', 'red');
    expect(within(card).getByText('Urgente')).toHaveAttribute('data-tone', 'red');
    expect(within(card).getByRole('img', { name: 'Estado: Abierta' })).toBeVisible();
    expect(card.textContent).toContain('Ático A · Edificio Olivo');
    expect(card.textContent).toContain('Gotea el grifo');
    expect(card.textContent).toContain('05/03/2026 10:07');
    expect(card.textContent).toContain('Tomás Ruiz');
    expect(within(card).getByText('Fontanería')).toBeVisible();
    expect(card.textContent).toContain('1.234,50\u00a0€');
    expect(card.textContent).toContain('#12345678');
    expect(card.textContent).not.toContain('#123456789');
  });

  it.each([
    ['En Progreso', 'yellow'],
    ['Resuelta', 'green'],
    ['Cerrada', 'grey'],
  ] as const)('draws %s in %s', async (status, tone) => {
    global.fetch = routedFetch({ 'GET /api/incidents?page=1&pageSize=20': () => [item(1, status, { priority: 'Baja' })] });
    screenAt();
    const card = await screen.findByRole('article', { name: 'Incidencia 1' });
    expect(within(card).getByText(status)).toHaveAttribute('data-tone', tone);
    expect(within(card).getByText('Baja')).toHaveAttribute('data-tone', 'green');
  });

  it('offers only the allowed next states and hides Actualizar Estado when Cerrada', async () => {
    global.fetch = routedFetch({ 'GET /api/incidents?page=1&pageSize=20': () => [item(1, 'Resuelta'), item(2, 'Cerrada')] });
    screenAt();
    const resolved = await screen.findByRole('article', { name: 'Incidencia 1' });
    const closed = screen.getByRole('article', { name: 'Incidencia 2' });
    expect(within(closed).queryByRole('button', { name: 'Actualizar Estado' })).toBeNull();
    await userEvent.click(within(resolved).getByRole('button', { name: 'Actualizar Estado' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Pasar a Cerrada', 'Reabrir (Abierta)']);
  });

  it('sends the move with PATCH and refreshes the list', async () => {
    let status: IncidentStatus = 'Abierta';
    const fetchMock = routedFetch({
      'GET /api/incidents?page=1&pageSize=20': () => [item(1, status)],
      'PATCH /api/incidents/1': (init) => {
        status = JSON.parse(String(init?.body)).status;
        return { ...item(1, status), assignee: null, history: [] };
      },
    });
    global.fetch = fetchMock;
    screenAt();
    const card = await screen.findByRole('article', { name: 'Incidencia 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Actualizar Estado' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pasar a En Progreso' }));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Incidencia 1' })).getByText('En Progreso')).toHaveAttribute('data-tone', 'yellow'));
    expect(within(screen.getByRole('article', { name: 'Incidencia 1' })).queryByText('Abierta')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/incidents/1', expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ status: 'En Progreso' }) }));
    expect(await findToast('Estado actualizado')).toHaveTextContent('La incidencia está ahora En Progreso');
  });

  it('hides Actualizar Estado from a role that may not manage incidents (tenant)', async () => {
    global.fetch = routedFetch({ 'GET /api/incidents?page=1&pageSize=20': () => [item(1, 'Abierta')] });
    screenAt('/incidents', userWithRole('inquilino'));
    const card = await screen.findByRole('article', { name: 'Incidencia 1' });
    expect(within(card).queryByRole('button', { name: 'Actualizar Estado' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Nueva Incidencia' })).toBeVisible();
  });

  it('says when the incidents could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ 'GET /api/incidents?page=1&pageSize=20': failsOnce([item(1, 'Abierta')]) });
    screenAt();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las incidencias');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Incidencia 1' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty state', async () => {
    global.fetch = routedFetch({ 'GET /api/incidents?page=1&pageSize=20': () => [] });
    screenAt();
    expect(await screen.findByText('No hay incidencias')).toBeVisible();
  });
});

describe('new incident dialog', () => {
  it('shows Spanish field errors and sends nothing when incomplete', async () => {
    const fetchMock = routedFetch({ 'GET /api/incidents?page=1&pageSize=20': () => [], 'GET /api/properties?archived=false&pageSize=100': () => [] });
    global.fetch = fetchMock;
    screenAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva Incidencia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar Nueva Incidencia' });
    expect(within(dialog).getByRole('combobox', { name: 'Prioridad' })).toHaveTextContent('Media');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reportar Incidencia' }));
    await within(dialog).findByText('Elige una propiedad');
    // Each message is read with its own field.
    expect(within(dialog).getByRole('combobox', { name: 'Propiedad' })).toHaveAccessibleDescription('Elige una propiedad');
    expect(within(dialog).getByRole('combobox', { name: 'Unidad' })).toHaveAccessibleDescription('Elige la unidad afectada');
    expect(within(dialog).getByRole('combobox', { name: 'Categoría' })).toHaveAccessibleDescription('Elige una categoría');
    expect(within(dialog).getByLabelText('Título')).toHaveAccessibleDescription('El título es obligatorio');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("reports the incident, shows 'Reportando...' then 'Incidencia reportada', and refreshes the list and metrics", async () => {
    let release: (r: Response) => void = () => undefined;
    const fetchMock = routedFetch({
      'GET /api/incidents?page=1&pageSize=20': () => [],
      'GET /api/properties?archived=false&pageSize=100': () => [{ id: 7, propertyName: 'Edificio Olivo' }],
      'GET /api/properties/7': () => ({ id: 7, units: [{ id: 3, unitName: 'Ático A' }] }),
      'POST /api/incidents': () => new Promise<Response>((r) => (release = r)),
    });
    global.fetch = fetchMock;
    const { client } = screenAt();
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva Incidencia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar Nueva Incidencia' });
    const choose = async (label: string, option: string) => {
      await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
    };
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/properties?archived=false&pageSize=100', expect.anything()));
    await choose('Propiedad', 'Edificio Olivo');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/properties/7', expect.anything()));
    await choose('Unidad', 'Ático A');
    await choose('Categoría', 'Electricidad');
    await userEvent.type(within(dialog).getByLabelText('Título'), 'Salta el diferencial');
    await userEvent.type(within(dialog).getByLabelText('Descripción'), 'Cada vez que se enciende el horno.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reportar Incidencia' }));
    expect(await within(dialog).findByRole('button', { name: 'Reportando...' })).toBeDisabled();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1].body))).toEqual({ rentableUnitId: 3, incidentCategory: 'Electricidad', title: 'Salta el diferencial', description: 'Cada vez que se enciende el horno.', priority: 'Media' });
    await act(async () => release(answer(201, item(9, 'Abierta'))));
    expect(await findToast('Incidencia reportada')).toHaveTextContent('La incidencia ha sido reportada exitosamente');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/incidents'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/dashboard/metrics'] });
  });

  it("shows 'Error' / 'No se pudo reportar la incidencia' when the server refuses", async () => {
    global.fetch = routedFetch({
      'GET /api/incidents?page=1&pageSize=20': () => [],
      'GET /api/properties?archived=false&pageSize=100': () => [{ id: 7, propertyName: 'Edificio Olivo' }],
      'GET /api/properties/7': () => ({ id: 7, units: [{ id: 3, unitName: 'Ático A' }] }),
      'POST /api/incidents': () => answer(404, { error: 'not_found', message: 'No se ha encontrado la unidad' }),
    });
    screenAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva Incidencia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar Nueva Incidencia' });
    for (const [label, option] of [['Propiedad', 'Edificio Olivo'], ['Unidad', 'Ático A'], ['Categoría', 'Otros']]) {
      await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
    }
    await userEvent.type(within(dialog).getByLabelText('Título'), 'Ruido');
    await userEvent.type(within(dialog).getByLabelText('Descripción'), 'Ruido en la caldera');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reportar Incidencia' }));
    expect(await findToast('Error')).toHaveTextContent('No se pudo reportar la incidencia');
    expect(screen.getByRole('dialog', { name: 'Reportar Nueva Incidencia' })).toBeVisible();
  });
});

describe('incident detail', () => {
  it('shows the incident with its history and the allowed moves', async () => {
    global.fetch = routedFetch({
      'GET /api/incidents/5': () => ({
        ...item(5, 'En Progreso'),
        assignee: null,
        history: [
          { id: 1, action: 'create', changedAt: '2026-03-05T09:07:00Z', user: { id: 1, firstName: 'Olga', lastName: 'Martín' }, oldStatus: null, newStatus: 'Abierta', changedFields: [] },
          { id: 2, action: 'update', changedAt: '2026-03-06T10:00:00Z', user: { id: 1, firstName: 'Olga', lastName: 'Martín' }, oldStatus: 'Abierta', newStatus: 'En Progreso', changedFields: ['status'] },
        ],
      }),
    });
    screenAt('/incidents/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Incidencia 5' })).toBeVisible();
    const history = screen.getByRole('region', { name: 'Historial' });
    const lines = within(history).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['05/03/2026 10:07 · Olga Martín · Incidencia reportada', '06/03/2026 11:00 · Olga Martín · Estado: Abierta → En Progreso']);
    expect(screen.getByRole('link', { name: 'Volver a incidencias' })).toHaveAttribute('href', '/incidents');
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar Estado' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Pasar a Resuelta']);
  });

  it('says when the incident could not be loaded, and «Reintentar» loads it', async () => {
    global.fetch = routedFetch({
      'GET /api/incidents/5': failsOnce({ ...item(5, 'Abierta'), assignee: null, history: [] }),
      'GET /api/incidents/5/photos': () => [],
      'GET /api/incidents/5/comments': () => [],
    });
    screenAt('/incidents/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la incidencia');
    expect(screen.getByRole('heading', { level: 1, name: 'Incidencia' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Incidencia 5' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the incident is not found', async () => {
    global.fetch = routedFetch({});
    screenAt('/incidents/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Incidencia no encontrada' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });
});

describe('IncidentsScreen paging, filters and order (issue 33: the state in the URL)', () => {
  const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => item(from + i, 'Abierta'));
  const paged = (rows: IncidentListItem[], total: number) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });
  const where = () => screen.getByTestId('where').textContent;

  it('reads page, filters and order from the URL, says which rows it shows, and every move writes the URL back', async () => {
    const fetchMock = routedFetch({
      'GET /api/incidents?priority=Urgente&sort=createdAt&page=2&pageSize=20': paged(many(21, 20), 137),
      'GET /api/incidents?priority=Urgente&sort=createdAt&page=3&pageSize=20': paged(many(41, 20), 137),
      'GET /api/incidents?sort=createdAt&page=1&pageSize=20': paged(many(1, 20), 300),
      'GET /api/properties?archived=false&pageSize=100': () => [],
    });
    global.fetch = fetchMock;
    renderAt(
      <Routes>
        <Route path="incidents/*" element={<><IncidentsScreen user={owner} /><Where /></>} />
      </Routes>,
      '/incidents?priority=Urgente&sort=createdAt&page=2',
    );
    expect(await screen.findByRole('article', { name: 'Incidencia 21' })).toBeVisible();
    const pages = screen.getByRole('navigation', { name: 'Páginas de incidencias' });
    expect(pages).toHaveTextContent('Mostrando 21–40 de 137');
    expect(pages).toHaveTextContent('Página 2 de 7');
    expect(screen.getByRole('combobox', { name: 'Prioridad' })).toHaveTextContent('Urgente');
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveTextContent('Más antiguas primero');

    await userEvent.click(within(pages).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('article', { name: 'Incidencia 41' })).toBeVisible();
    expect(where()).toBe('/incidents?priority=Urgente&sort=createdAt&page=3');

    // A filter change goes back to the first page.
    await userEvent.click(screen.getByRole('combobox', { name: 'Prioridad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Todas' }));
    expect(await screen.findByText('Mostrando 1–20 de 300')).toBeVisible();
    expect(where()).toBe('/incidents?sort=createdAt');
  });

  it('says when the filters match nothing, and «Quitar filtros» lists everything again', async () => {
    global.fetch = routedFetch({
      'GET /api/incidents?status=Cerrada&q=caldera&page=1&pageSize=20': paged([], 0),
      'GET /api/incidents?page=1&pageSize=20': paged(many(1, 2), 2),
      'GET /api/properties?archived=false&pageSize=100': () => [],
    });
    renderAt(
      <Routes>
        <Route path="incidents/*" element={<><IncidentsScreen user={owner} /><Where /></>} />
      </Routes>,
      '/incidents?status=Cerrada&q=caldera',
    );
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Buscar incidencias' })).toHaveValue('caldera');
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(await screen.findByText('Mostrando 1–2 de 2')).toBeVisible();
    expect(where()).toBe('/incidents');
    expect(screen.getByRole('searchbox', { name: 'Buscar incidencias' })).toHaveValue('');
  });

  it("says in Spanish why the server refused the filters (dates out of order), not just that the list failed", async () => {
    global.fetch = routedFetch({
      'GET /api/incidents?from=2026-04-02&to=2026-04-01&page=1&pageSize=20': () =>
        answer(400, { error: 'validation_error', message: 'La fecha final no puede ser anterior a la inicial', fields: { to: 'La fecha final no puede ser anterior a la inicial' } }),
      'GET /api/properties?archived=false&pageSize=100': () => [],
    });
    screenAt('/incidents?from=2026-04-02&to=2026-04-01');
    expect(await screen.findByText('La fecha final no puede ser anterior a la inicial')).toBeVisible();
  });

  it('searches once the typing stops', async () => {
    const fetchMock = routedFetch({
      'GET /api/incidents?page=1&pageSize=20': paged(many(1, 2), 2),
      'GET /api/incidents?q=gotera&page=1&pageSize=20': paged(many(9, 1), 1),
      'GET /api/properties?archived=false&pageSize=100': () => [],
    });
    global.fetch = fetchMock;
    screenAt();
    await screen.findByRole('article', { name: 'Incidencia 1' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar incidencias' }), 'gotera');
    expect(await screen.findByRole('article', { name: 'Incidencia 9' })).toBeVisible();
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('q='));
    expect(asked).toEqual(['/api/incidents?q=gotera&page=1&pageSize=20']);
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

describe('IncidentsScreen accessibility', () => {
  it('has no axe violations on the list and with the new-incident dialog open', async () => {
    global.fetch = routedFetch({ 'GET /api/incidents?page=1&pageSize=20': () => [item(1, 'Abierta'), item(2, 'Cerrada')], 'GET /api/properties?archived=false&pageSize=100': () => [] });
    screenAt();
    await screen.findByRole('article', { name: 'Incidencia 1' });
    const axe = configureAxe({ rules: { region: { enabled: false } } });
    const violations = async () => (await axe(document.body)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await violations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Nueva Incidencia' }));
    await screen.findByRole('dialog', { name: 'Reportar Nueva Incidencia' });
    await act(() => Promise.resolve());
    expect(await violations()).toEqual([]);
  });
});
