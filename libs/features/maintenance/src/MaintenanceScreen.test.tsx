/** @jest-environment jsdom */
import type { MaintenancePlan, MaintenanceStats, MaintenanceTask, Provider } from '@arrendia/api-contract';
import { answer, failsOnce, fakeResponse, renderAt, routedFetch } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureAxe } from 'jest-axe';
import { useLocation } from 'react-router-dom';
import { MaintenanceScreen } from './MaintenanceScreen';

const task = (id: number, overrides: Partial<MaintenanceTask> = {}): MaintenanceTask => ({
  id, title: `Tarea ${id}`, taskType: 'Correctivo', status: 'Programado', scheduledDate: '2026-12-01', cost: null, notes: null, startedAt: null, completedAt: null,
  property: { id: 1, propertyName: 'Edificio Huertas' }, unit: { id: 2, unitName: 'Bajo A' }, incidentId: null, planId: null, provider: null, ...overrides,
});
const stats: MaintenanceStats = { pending: 2, doneThisMonth: 5, costThisMonth: '1234.50', averageResponseDays: 2.5 };
const plan: MaintenancePlan = { id: 3, title: 'Revisión de la caldera', description: null, intervalMonths: 12, nextDate: '2027-01-15', estimatedCost: '90.00', isActive: true, property: { id: 1, propertyName: 'Edificio Huertas' }, unit: null, provider: null };
const provider: Provider = { id: 4, name: 'Fontanería Gil SL', trade: 'Fontanería', nifCif: 'B84021971', telefono: '+34 914 556 210', email: null, ibanBancaria: null, isActive: true };

const routes = (extra = {}) => ({
  'GET /api/maintenance/stats': () => stats,
  'GET /api/maintenance/tasks?page=1&pageSize=20': () => [task(1), task(2, { status: 'En progreso' }), task(3, { status: 'Completado', cost: '95.00' })],
  'GET /api/maintenance/plans?page=1&pageSize=20': () => [plan],
  'GET /api/providers?page=1&pageSize=20': () => [provider],
  'GET /api/providers?pageSize=100': () => [provider],
  'GET /api/providers?active=true&pageSize=100': () => [provider],
  'GET /api/properties?archived=false&pageSize=100': () => [{ id: 1, propertyName: 'Edificio Huertas' }],
  ...extra,
});

afterEach(() => act(() => resetToasts()));

describe('MaintenanceScreen', () => {
  it('shows the computed cards and Iniciar Tarea only on Programado tasks', async () => {
    global.fetch = routedFetch(routes());
    renderAt(<MaintenanceScreen user={null} />);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Tareas Pendientes' })).toHaveTextContent('Tareas Pendientes2'));
    expect(screen.getByRole('group', { name: 'Coste este Mes' })).toHaveTextContent('1.234,50 €');
    expect(screen.getByRole('group', { name: 'Tiempo de Respuesta Medio' })).toHaveTextContent('2,5 días');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Tareas', 'Preventivo', 'Proveedores']);
    const programado = await screen.findByRole('article', { name: 'Tarea 1' });
    expect(within(programado).getByRole('button', { name: 'Iniciar Tarea' })).toBeVisible();
    expect(within(screen.getByRole('article', { name: 'Tarea 2' })).queryByRole('button', { name: 'Iniciar Tarea' })).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Tarea 2' })).getByRole('button', { name: 'Completar Tarea' })).toBeVisible();
    expect(within(screen.getByRole('article', { name: 'Tarea 3' })).queryByRole('button')).toBeNull();
  });

  it('says when the tasks could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch(routes({ 'GET /api/maintenance/tasks?page=1&pageSize=20': failsOnce([task(1)]) }));
    renderAt(<MaintenanceScreen user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las tareas');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Tarea 1' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the preventive plans could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch(routes({ 'GET /api/maintenance/plans?page=1&pageSize=20': failsOnce([plan]) }));
    renderAt(<MaintenanceScreen user={null} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Preventivo' }), { button: 0 });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los planes');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Revisión de la caldera' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the providers could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch(routes({ 'GET /api/providers?page=1&pageSize=20': failsOnce([provider]) }));
    renderAt(<MaintenanceScreen user={null} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Proveedores' }), { button: 0 });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los proveedores');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Fontanería Gil SL' })).toHaveTextContent('B84021971');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("'Iniciar Tarea' sends the move and says so", async () => {
    const patch = jest.fn((_body: unknown) => answer(200, task(1, { status: 'En progreso' })));
    global.fetch = routedFetch(routes({ 'PATCH /api/maintenance/tasks/1': (init?: RequestInit) => patch(JSON.parse(String(init?.body))) }));
    renderAt(<MaintenanceScreen user={null} />);
    await userEvent.click(within(await screen.findByRole('article', { name: 'Tarea 1' })).getByRole('button', { name: 'Iniciar Tarea' }));
    expect(await screen.findByText('Tarea iniciada')).toBeVisible();
    expect(patch).toHaveBeenCalledWith({ status: 'En progreso' });
  });

  it('refuses an invalid CIF for a new provider in Spanish without calling the API', async () => {
    const post = jest.fn();
    global.fetch = routedFetch(routes({ 'POST /api/providers': post }));
    renderAt(<MaintenanceScreen user={null} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Proveedores' }), { button: 0 });
    expect(await screen.findByRole('article', { name: 'Fontanería Gil SL' })).toHaveTextContent('B84021971');
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo Proveedor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Proveedor' });
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Pinturas Sol');
    await userEvent.type(within(dialog).getByLabelText('Oficio'), 'Pintura');
    await userEvent.type(within(dialog).getByLabelText('NIF/CIF'), '12345678A');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Proveedor' }));
    expect(await within(dialog).findByText('El NIF/NIE/CIF no es válido')).toBeVisible();
    expect(post).not.toHaveBeenCalled();
  });

  it("creates a task with the schema's output (the property as a number, the default type) and closes", async () => {
    const post = jest.fn((_body: unknown) => answer(201, task(9)));
    global.fetch = routedFetch(
      routes({
        'GET /api/properties?archived=false&pageSize=100': () => [{ id: 1, propertyName: 'Edificio Huertas' }],
        'POST /api/maintenance/tasks': (init?: RequestInit) => post(JSON.parse(String(init?.body))),
      }),
    );
    renderAt(<MaintenanceScreen user={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Nueva Tarea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Tarea' });
    await userEvent.type(within(dialog).getByLabelText('Título'), ' Revisar la caldera ');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Propiedad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Edificio Huertas' }));
    fireEvent.change(within(dialog).getByLabelText('Fecha prevista'), { target: { value: '2026-12-15' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Tarea' }));
    expect(await screen.findByText('Tarea creada')).toBeVisible();
    expect(post).toHaveBeenCalledWith({ title: 'Revisar la caldera', mainPropertyId: 1, taskType: 'Correctivo', scheduledDate: '2026-12-15' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva Tarea' })).toBeNull());
  });

  it('lists the preventive plans with their interval and next date', async () => {
    global.fetch = routedFetch(routes());
    renderAt(<MaintenanceScreen user={null} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Preventivo' }), { button: 0 });
    const card = await screen.findByRole('article', { name: 'Revisión de la caldera' });
    expect(card).toHaveTextContent('12 meses');
    expect(card).toHaveTextContent('15/01/2027');
  });
});

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body));
const openTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}
const where = () => screen.getByTestId('where').textContent;

describe('cancelling a task (issue 33, point 5)', () => {
  it("asks first: 'Volver' sends nothing, confirming sends Cancelado and says so", async () => {
    const patch = jest.fn((body: unknown) => answer(200, task(1, { status: 'Cancelado', ...(body as object) })));
    global.fetch = routedFetch(routes({ 'PATCH /api/maintenance/tasks/1': (init?: RequestInit) => patch(bodyOf(init)) }));
    renderAt(<MaintenanceScreen user={null} />);
    const card = await screen.findByRole('article', { name: 'Tarea 1' });
    expect(within(screen.getByRole('article', { name: 'Tarea 2' })).getByRole('button', { name: 'Cancelar Tarea' })).toBeVisible();

    await userEvent.click(within(card).getByRole('button', { name: 'Cancelar Tarea' }));
    let question = await screen.findByRole('alertdialog', { name: '¿Cancelar la tarea «Tarea 1»?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(patch).not.toHaveBeenCalled();

    await userEvent.click(within(card).getByRole('button', { name: 'Cancelar Tarea' }));
    question = await screen.findByRole('alertdialog', { name: '¿Cancelar la tarea «Tarea 1»?' });
    expect(question).toHaveTextContent('no se podrá retomar');
    await userEvent.click(within(question).getByRole('button', { name: 'Cancelar Tarea' }));
    expect(await screen.findByText('Tarea cancelada')).toBeVisible();
    expect(patch).toHaveBeenCalledWith({ status: 'Cancelado' });
  });

  it("says the API's refusal (a task completed meanwhile) in Spanish", async () => {
    global.fetch = routedFetch(
      routes({ 'PATCH /api/maintenance/tasks/2': () => answer(409, { error: 'invalid_transition', message: 'No se puede pasar una tarea de Completado a Cancelado' }) }),
    );
    renderAt(<MaintenanceScreen user={null} />);
    await userEvent.click(within(await screen.findByRole('article', { name: 'Tarea 2' })).getByRole('button', { name: 'Cancelar Tarea' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar Tarea' }));
    expect(await screen.findByText('No se puede pasar una tarea de Completado a Cancelado')).toBeVisible();
  });
});

describe('the new task form: a unit and an incident of the property (issue 33, point 5)', () => {
  it("offers the property's units and incidents; an incident chosen places the task on its unit, and both are sent", async () => {
    const post = jest.fn((_body: unknown) => answer(201, task(9)));
    const leak = { id: 31, rentableUnitId: 2, contractId: null, reportedByUserId: null, assignedToUserId: null, title: 'Fuga en la cocina', description: 'Gotea', status: 'Abierta', priority: 'Alta', incidentCategory: 'Fontanería', costEstimate: null, finalCost: null, resolutionNotes: null, closedAt: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' };
    global.fetch = routedFetch(
      routes({
        'GET /api/properties/1': () => ({ id: 1, units: [{ id: 2, unitName: 'Bajo A' }, { id: 5, unitName: 'Primero B' }] }),
        'GET /api/incidents?propertyId=1&pageSize=100': () => [{ incident: leak, unit: { id: 2, unitName: 'Bajo A' }, property: { id: 1, propertyName: 'Edificio Huertas' }, reporter: null }],
        'POST /api/maintenance/tasks': (init?: RequestInit) => post(bodyOf(init)),
      }),
    );
    renderAt(<MaintenanceScreen user={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Nueva Tarea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Tarea' });
    expect(within(dialog).getByRole('combobox', { name: 'Unidad (opcional)' })).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Título'), 'Reparar la fuga');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Propiedad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Edificio Huertas' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Incidencia (opcional)' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fuga en la cocina · Bajo A · Abierta' }));
    expect(within(dialog).getByRole('combobox', { name: 'Unidad (opcional)' })).toHaveTextContent('Bajo A');
    fireEvent.change(within(dialog).getByLabelText('Fecha prevista'), { target: { value: '2026-12-15' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Tarea' }));
    expect(await screen.findByText('Tarea creada')).toBeVisible();
    expect(post).toHaveBeenCalledWith({ title: 'Reparar la fuga', mainPropertyId: 1, rentableUnitId: 2, incidentId: 31, taskType: 'Correctivo', scheduledDate: '2026-12-15' });
  });

  it("shows the API's field error on the incident and keeps the dialog open", async () => {
    global.fetch = routedFetch(
      routes({
        'GET /api/properties/1': () => ({ id: 1, units: [{ id: 2, unitName: 'Bajo A' }] }),
        'GET /api/incidents?propertyId=1&pageSize=100': () => [],
        'POST /api/maintenance/tasks': () => answer(400, { error: 'validation_error', message: 'Revisa los campos marcados', fields: { incidentId: 'La incidencia no es de esta propiedad' } }),
      }),
    );
    renderAt(<MaintenanceScreen user={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Nueva Tarea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Tarea' });
    await userEvent.type(within(dialog).getByLabelText('Título'), 'X');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Propiedad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Edificio Huertas' }));
    fireEvent.change(within(dialog).getByLabelText('Fecha prevista'), { target: { value: '2026-12-15' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Tarea' }));
    expect(await within(dialog).findByText('La incidencia no es de esta propiedad')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Nueva Tarea' })).toBeVisible();
  });
});

describe('providers: edit, deactivate and reactivate (issue 33, point 5)', () => {
  it('edits every field from the card, an emptied one cleared', async () => {
    const patch = jest.fn((body: unknown) => answer(200, { ...provider, ...(body as object) }));
    global.fetch = routedFetch(routes({ 'PATCH /api/providers/4': (init?: RequestInit) => patch(bodyOf(init)) }));
    renderAt(<MaintenanceScreen user={null} />);
    openTab('Proveedores');
    await userEvent.click(within(await screen.findByRole('article', { name: 'Fontanería Gil SL' })).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Proveedor' });
    expect(within(dialog).getByLabelText('NIF/CIF')).toHaveValue('B84021971');
    const phone = within(dialog).getByLabelText('Teléfono (opcional)');
    expect(phone).toHaveValue('+34 914 556 210');
    await userEvent.clear(phone);
    await userEvent.clear(within(dialog).getByLabelText('Oficio'));
    await userEvent.type(within(dialog).getByLabelText('Oficio'), 'Fontanería y gas');
    await userEvent.type(within(dialog).getByLabelText('Correo electrónico (opcional)'), 'avisos@gil.es');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Proveedor actualizado')).toBeVisible();
    expect(patch).toHaveBeenCalledWith({ name: 'Fontanería Gil SL', trade: 'Fontanería y gas', nifCif: 'B84021971', telefono: null, email: 'avisos@gil.es', ibanBancaria: null });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Proveedor' })).toBeNull());
  });

  it('refuses an invalid CIF in the edit without calling the API', async () => {
    const patch = jest.fn();
    global.fetch = routedFetch(routes({ 'PATCH /api/providers/4': patch }));
    renderAt(<MaintenanceScreen user={null} />);
    openTab('Proveedores');
    await userEvent.click(within(await screen.findByRole('article', { name: 'Fontanería Gil SL' })).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Proveedor' });
    await userEvent.clear(within(dialog).getByLabelText('NIF/CIF'));
    await userEvent.type(within(dialog).getByLabelText('NIF/CIF'), '12345678A');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByText('El NIF/NIE/CIF no es válido')).toBeVisible();
    expect(patch).not.toHaveBeenCalled();
  });

  it('deactivates after a confirmation, and an inactive provider shows so and offers Reactivar', async () => {
    let active = true;
    const patch = jest.fn((body: { isActive: boolean }) => {
      active = body.isActive;
      return answer(200, { ...provider, isActive: active });
    });
    global.fetch = routedFetch(
      routes({
        'GET /api/providers?page=1&pageSize=20': () => [{ ...provider, isActive: active }],
        'PATCH /api/providers/4': (init?: RequestInit) => patch(bodyOf(init)),
      }),
    );
    renderAt(<MaintenanceScreen user={null} />);
    openTab('Proveedores');
    const card = await screen.findByRole('article', { name: 'Fontanería Gil SL' });
    expect(within(card).queryByText('Inactivo')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Desactivar' }));
    const question = await screen.findByRole('alertdialog', { name: '¿Desactivar a Fontanería Gil SL?' });
    expect(question).toHaveTextContent('las tareas y planes que ya lo tienen lo conservan');
    await userEvent.click(within(question).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Proveedor desactivado')).toBeVisible();
    expect(patch).toHaveBeenCalledWith({ isActive: false });
    // The list is read again: the card says Inactivo and offers Reactivar.
    expect(await within(card).findByText('Inactivo')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Reactivar' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: '¿Reactivar a Fontanería Gil SL?' })).getByRole('button', { name: 'Reactivar' }));
    expect(await screen.findByText('Proveedor reactivado')).toBeVisible();
    expect(patch).toHaveBeenLastCalledWith({ isActive: true });
  });
});

describe('plans: edit, pause and resume (issue 33, point 5)', () => {
  it('edits a plan from its card, with the unit and provider as they are', async () => {
    const patch = jest.fn((body: unknown) => answer(200, { ...plan, ...(body as object) }));
    global.fetch = routedFetch(
      routes({
        'GET /api/properties/1': () => ({ id: 1, units: [{ id: 2, unitName: 'Bajo A' }] }),
        'PATCH /api/maintenance/plans/3': (init?: RequestInit) => patch(bodyOf(init)),
      }),
    );
    renderAt(<MaintenanceScreen user={null} />);
    openTab('Preventivo');
    await userEvent.click(within(await screen.findByRole('article', { name: 'Revisión de la caldera' })).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Plan' });
    expect(within(dialog).getByLabelText('Próxima fecha')).toHaveValue('2027-01-15');
    const interval = within(dialog).getByLabelText('Cada cuántos meses');
    await userEvent.clear(interval);
    await userEvent.type(interval, '6');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Unidad (opcional)' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bajo A' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Proveedor (opcional)' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fontanería Gil SL · Fontanería' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Plan actualizado')).toBeVisible();
    expect(patch).toHaveBeenCalledWith({ title: 'Revisión de la caldera', description: null, rentableUnitId: 2, providerId: 4, intervalMonths: 6, nextDate: '2027-01-15', estimatedCost: 90 });
  });

  it('pauses and resumes a plan from its card, saying what each means', async () => {
    let isActive = true;
    const patch = jest.fn((body: { isActive: boolean }) => {
      isActive = body.isActive;
      return answer(200, { ...plan, isActive });
    });
    global.fetch = routedFetch(
      routes({ 'GET /api/maintenance/plans?page=1&pageSize=20': () => [{ ...plan, isActive }], 'PATCH /api/maintenance/plans/3': (init?: RequestInit) => patch(bodyOf(init)) }),
    );
    renderAt(<MaintenanceScreen user={null} />);
    openTab('Preventivo');
    const card = await screen.findByRole('article', { name: 'Revisión de la caldera' });
    await userEvent.click(within(card).getByRole('button', { name: 'Pausar' }));
    expect(await screen.findByText('No programará más tareas hasta que lo reanudes')).toBeVisible();
    expect(patch).toHaveBeenCalledWith({ isActive: false });
    expect(await within(card).findByText('Pausado')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Reanudar' }));
    expect(await screen.findByText('Plan reanudado')).toBeVisible();
    expect(patch).toHaveBeenLastCalledWith({ isActive: true });
  });
});

describe('paging, filters and order in the URL (issue 33)', () => {
  const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => task(from + i));
  const paged = <T,>(rows: T[], total: number) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });

  it('reads the tasks list from the URL, says which rows it shows, and every move writes the URL back', async () => {
    global.fetch = routedFetch(
      routes({
        'GET /api/maintenance/tasks?status=Programado&sort=-cost&page=2&pageSize=20': paged(many(21, 20), 45),
        'GET /api/maintenance/tasks?status=Programado&sort=-cost&page=3&pageSize=20': paged(many(41, 5), 45),
        'GET /api/maintenance/tasks?status=Programado&propertyId=1&sort=-cost&page=1&pageSize=20': paged([], 0),
        'GET /api/maintenance/tasks?sort=-cost&page=1&pageSize=20': paged(many(1, 20), 60),
      }),
    );
    renderAt(
      <>
        <MaintenanceScreen user={null} />
        <Where />
      </>,
      '/maintenance?status=Programado&sort=-cost&page=2',
    );
    expect(await screen.findByRole('article', { name: 'Tarea 21' })).toBeVisible();
    const pages = screen.getByRole('navigation', { name: 'Páginas de tareas' });
    expect(pages).toHaveTextContent('Mostrando 21–40 de 45');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Programado');
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveTextContent('Coste (mayor primero)');

    await userEvent.click(within(pages).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('article', { name: 'Tarea 41' })).toBeVisible();
    expect(where()).toBe('/maintenance?status=Programado&sort=-cost&page=3');

    // A filter goes back to the first page; a filter that leaves nothing offers to clear them.
    await userEvent.click(screen.getByRole('combobox', { name: 'Propiedad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Edificio Huertas' }));
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
    expect(where()).toBe('/maintenance?status=Programado&sort=-cost&propertyId=1');
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(await screen.findByText('Mostrando 1–20 de 60')).toBeVisible();
    expect(where()).toBe('/maintenance?sort=-cost');
  });

  it('opens the providers tab from the URL with its own filters and order, under providers.', async () => {
    const fetchMock = routedFetch(
      routes({
        'GET /api/providers?active=false&page=1&pageSize=20': paged([{ ...provider, isActive: false }], 1),
        'GET /api/providers?active=false&sort=-name&page=1&pageSize=20': paged([{ ...provider, isActive: false }], 1),
      }),
    );
    global.fetch = fetchMock;
    renderAt(
      <>
        <MaintenanceScreen user={null} />
        <Where />
      </>,
      '/maintenance?tab=providers&providers.active=false',
    );
    const card = await screen.findByRole('article', { name: 'Fontanería Gil SL' });
    expect(within(card).getByText('Inactivo')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Proveedores' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Inactivos');
    await userEvent.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nombre (Z–A)' }));
    await waitFor(() => expect(where()).toBe('/maintenance?tab=providers&providers.active=false&providers.sort=-name'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/providers?active=false&sort=-name&page=1&pageSize=20');
    // The tasks tab is the default one: leaving the providers tab takes `tab` out of the URL, their state stays.
    openTab('Tareas');
    await waitFor(() => expect(where()).toBe('/maintenance?providers.active=false&providers.sort=-name'));
  });
});

describe('the plans list in the URL (issue 33)', () => {
  it("opens the Preventivo tab with its filters under plans., and a filter writes them back", async () => {
    const paused = { ...plan, isActive: false };
    global.fetch = routedFetch(
      routes({
        'GET /api/maintenance/plans?active=false&page=1&pageSize=20': () => fakeResponse(200, [paused], { 'X-Total-Count': '1' }),
        'GET /api/maintenance/plans?active=false&q=caldera&page=1&pageSize=20': () => fakeResponse(200, [paused], { 'X-Total-Count': '1' }),
      }),
    );
    renderAt(
      <>
        <MaintenanceScreen user={null} />
        <Where />
      </>,
      '/maintenance?tab=plans&plans.active=false',
    );
    expect(await within(await screen.findByRole('article', { name: 'Revisión de la caldera' })).findByText('Pausado')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Páginas de planes' })).toHaveTextContent('Mostrando 1–1 de 1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar planes' }), 'caldera');
    await waitFor(() => expect(where()).toBe('/maintenance?tab=plans&plans.active=false&plans.q=caldera'));
  });
});

describe('MaintenanceScreen accessibility', () => {
  it('has no axe violations on the tasks list, the new task form, the providers list and the edit form', async () => {
    global.fetch = routedFetch(routes());
    renderAt(<MaintenanceScreen user={null} />);
    await screen.findByRole('article', { name: 'Tarea 1' });
    const axe = configureAxe({ rules: { region: { enabled: false } } });
    const violations = async () => (await axe(document.body)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await violations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Nueva Tarea' }));
    await screen.findByRole('dialog', { name: 'Nueva Tarea' });
    await act(() => Promise.resolve());
    expect(await violations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    openTab('Proveedores');
    await userEvent.click(within(await screen.findByRole('article', { name: 'Fontanería Gil SL' })).getByRole('button', { name: 'Editar' }));
    await screen.findByRole('dialog', { name: 'Editar Proveedor' });
    await act(() => Promise.resolve());
    expect(await violations()).toEqual([]);
  });
});
