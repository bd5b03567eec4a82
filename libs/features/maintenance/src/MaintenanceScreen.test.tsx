/** @jest-environment jsdom */
import type { MaintenancePlan, MaintenanceStats, MaintenanceTask, Provider } from '@arrendia/api-contract';
import { answer, failsOnce, renderAt, routedFetch } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  'GET /api/maintenance/tasks?pageSize=100': () => [task(1), task(2, { status: 'En progreso' }), task(3, { status: 'Completado', cost: '95.00' })],
  'GET /api/maintenance/plans?pageSize=100': () => [plan],
  'GET /api/providers?pageSize=100': () => [provider],
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
    global.fetch = routedFetch(routes({ 'GET /api/maintenance/tasks?pageSize=100': failsOnce([task(1)]) }));
    renderAt(<MaintenanceScreen user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las tareas');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Tarea 1' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the preventive plans could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch(routes({ 'GET /api/maintenance/plans?pageSize=100': failsOnce([plan]) }));
    renderAt(<MaintenanceScreen user={null} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Preventivo' }), { button: 0 });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los planes');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Revisión de la caldera' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the providers could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch(routes({ 'GET /api/providers?pageSize=100': failsOnce([provider]) }));
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
