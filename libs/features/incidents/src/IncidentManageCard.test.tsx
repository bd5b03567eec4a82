/** @jest-environment jsdom */
import type { CurrentUser, IncidentDetail, IncidentHistoryEntry, MaintenanceTask } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { answer, findToast, renderAt, routedFetch, userWithRole, type Routes as FakeRoutes } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureAxe } from 'jest-axe';
import { Route, Routes } from 'react-router-dom';
import { historyText } from './IncidentDetailView';
import { IncidentsScreen } from './IncidentsScreen';

/** Handling an incident from its page (issue 33, point 2): the 'Gestionar' card and its dialogs. */

const detail = (overrides: Partial<IncidentDetail> = {}, incident: Partial<IncidentDetail['incident']> = {}): IncidentDetail => ({
  incident: {
    id: 5, rentableUnitId: 3, contractId: 2, reportedByUserId: 9, assignedToUserId: null, title: 'Fuga en la cocina', description: 'Gotea bajo el fregadero',
    status: 'En Progreso', priority: 'Media', incidentCategory: 'Fontanería', costEstimate: null, finalCost: null, resolutionNotes: null, closedAt: null,
    createdAt: '2026-03-05T09:07:00Z', updatedAt: '2026-03-05T09:07:00Z', ...incident,
  },
  unit: { id: 3, unitName: 'Ático A' },
  property: { id: 7, propertyName: 'Edificio Olivo' },
  reporter: { firstName: 'Tomás', lastName: 'Ruiz' },
  assignee: null,
  assignedProvider: null,
  expense: null,
  history: [],
  ...overrides,
});

const task = (id: number, title: string, incidentId: number | null, status: MaintenanceTask['status'] = 'Programado'): MaintenanceTask => ({
  id, title, taskType: 'Correctivo', status, scheduledDate: '2026-03-10', cost: null, notes: null, startedAt: null, completedAt: null,
  property: { id: 7, propertyName: 'Edificio Olivo' }, unit: null, incidentId, planId: null, provider: incidentId === 5 ? { id: 8, name: 'Fontanería Gil' } : null,
});

const ASSIGNEES = {
  staff: [
    { id: 1, firstName: 'Olga', lastName: 'Martín', roleName: 'propietario_individual' },
    { id: 4, firstName: 'Íñigo', lastName: 'Pérez', roleName: 'agente' },
  ],
  providers: [{ id: 8, name: 'Fontanería Gil', trade: 'Fontanería' }],
};

/** The finances screen's figures, mounted beside the incident: whether a change refreshes them. */
function FinancesProbe() {
  const summary = useQuery<{ n: number }>({ queryKey: ['/api/finances/summary'] });
  return <output aria-label="Resumen financiero">{summary.data?.n ?? ''}</output>;
}

/**
 * The incident page at /incidents/5 with `user`, the API answering from `routes` over the detail's
 * defaults; every PATCH and POST body is kept in `sent`, and the detail answers `current()`.
 */
function open(user: CurrentUser, routes: FakeRoutes = {}, current: () => IncidentDetail = () => detail()) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  let financeReads = 0;
  const keep = (method: string, url: string, reply: unknown) => (init?: RequestInit) => {
    sent.push({ method, url, body: JSON.parse(String(init?.body)) });
    return reply;
  };
  global.fetch = routedFetch({
    'GET /api/incidents/5': () => current(),
    'GET /api/incidents/5/photos': () => [],
    'GET /api/incidents/5/comments': () => [],
    'GET /api/incidents/5/assignees': () => ASSIGNEES,
    'GET /api/maintenance/tasks?incidentId=5&pageSize=100': () => [task(30, 'Cambiar el sifón', 5)],
    'GET /api/maintenance/tasks?propertyId=7&pageSize=100': () => [task(30, 'Cambiar el sifón', 5), task(31, 'Revisar bajantes', null), task(32, 'Pintar portal', 12)],
    'GET /api/providers?active=true&pageSize=100': () => [{ id: 8, name: 'Fontanería Gil', trade: 'Fontanería', nifCif: '12345678Z', telefono: null, email: null, ibanBancaria: null, isActive: true }],
    'GET /api/finances/summary': () => ({ n: ++financeReads }),
    'PATCH /api/incidents/5': keep('PATCH', '/api/incidents/5', detail()),
    'POST /api/maintenance/tasks': keep('POST', '/api/maintenance/tasks', answer(201, task(33, 'Fuga en la cocina', 5))),
    ...routes,
  });
  renderAt(
    <>
      <Routes>
        <Route path="incidents/*" element={<IncidentsScreen user={user} />} />
      </Routes>
      <FinancesProbe />
    </>,
    '/incidents/5',
  );
  return { sent, financeReads: () => financeReads };
}

const owner = userWithRole('propietario_individual');

/** Opens a 'Gestionar' action and answers its dialog. */
async function action(name: string, dialogName = name) {
  const card = await screen.findByRole('region', { name: 'Gestionar' });
  await userEvent.click(within(card).getByRole('button', { name }));
  return screen.findByRole('dialog', { name: dialogName });
}

/** Radix Select: open with the keyboard, pick with a click. */
async function pick(dialog: HTMLElement, label: string, option: string) {
  fireEvent.keyDown(within(dialog).getByRole('combobox', { name: label }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  jest.restoreAllMocks();
  act(() => resetToasts());
});

describe("the incident's 'Gestionar' card", () => {
  it("'Asignar a' offers the property's staff and providers, sends the one chosen, and 'Sin asignar' clears it", async () => {
    const { sent } = open(owner, {}, () => detail({ assignee: { id: 4, firstName: 'Íñigo', lastName: 'Pérez' } }, { assignedToUserId: 4 }));
    let dialog = await action('Asignar', 'Asignar incidencia');
    expect(within(dialog).getByRole('combobox', { name: 'Asignar a' })).toHaveTextContent('Íñigo Pérez · Agente Inmobiliario');
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Asignar a' }), { key: 'Enter' });
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Sin asignar',
      'Olga Martín · Propietario Individual',
      'Íñigo Pérez · Agente Inmobiliario',
      'Fontanería Gil · Proveedor (Fontanería)',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Fontanería Gil · Proveedor (Fontanería)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    expect(await findToast('Incidencia asignada')).toHaveTextContent('Fuga en la cocina');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await action('Asignar', 'Asignar incidencia');
    await pick(dialog, 'Asignar a', 'Sin asignar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => s.body)).toEqual([{ assignedProviderId: 8 }, { assignedToUserId: null, assignedProviderId: null }]);
  });

  it("shows a provider as the assignee, says the API's refusal under the field, and keeps the dialog open", async () => {
    open(
      owner,
      { 'PATCH /api/incidents/5': () => answer(400, { error: 'validation_error', message: 'Elige un proveedor activo del propietario o de la agencia de esta propiedad', fields: { assignedProviderId: 'Elige un proveedor activo del propietario o de la agencia de esta propiedad' } }) },
      () => detail({ assignedProvider: { id: 8, name: 'Fontanería Gil', trade: 'Fontanería' } }),
    );
    expect(await screen.findByText('Fontanería Gil (proveedor)')).toBeVisible();
    const dialog = await action('Asignar', 'Asignar incidencia');
    await pick(dialog, 'Asignar a', 'Íñigo Pérez · Agente Inmobiliario');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    expect(await findToast('Error')).toHaveTextContent('Elige un proveedor activo');
    expect(within(dialog).getByRole('combobox', { name: 'Asignar a' })).toHaveAccessibleDescription('Elige un proveedor activo del propietario o de la agencia de esta propiedad');
    expect(screen.getByRole('dialog', { name: 'Asignar incidencia' })).toBeVisible();
  });

  it("'Cambiar prioridad' sends the new priority, and the history says what changed in Spanish", async () => {
    let changed = false;
    const history: IncidentHistoryEntry[] = [
      { id: 2, action: 'update', changedAt: '2026-03-06T10:00:00Z', user: { id: 1, firstName: 'Olga', lastName: 'Martín' }, oldStatus: null, newStatus: null, changedFields: ['priority'], task: null },
    ];
    const { sent } = open(owner, {}, () => (changed ? detail({ history }, { priority: 'Urgente' }) : detail()));
    const dialog = await action('Cambiar prioridad');
    await pick(dialog, 'Prioridad', 'Urgente');
    changed = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await findToast('Prioridad actualizada')).toBeVisible();
    expect(sent.map((s) => s.body)).toEqual([{ priority: 'Urgente' }]);
    const lines = await within(screen.getByRole('region', { name: 'Historial' })).findAllByRole('listitem');
    expect(lines.map((li) => li.textContent)).toEqual(['06/03/2026 11:00 · Olga Martín · Cambios: prioridad']);
  });

  it("'Registrar coste final' sends the cost and, asked to, 'Registrar como gasto de la propiedad'; the finances refresh", async () => {
    const { sent, financeReads } = open(owner);
    await waitFor(() => expect(financeReads()).toBe(1));
    const dialog = await action('Registrar coste final', 'Coste final');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Indica el coste final')).toBeVisible();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Coste final' }), { target: { value: '120.5' } });
    const expense = within(dialog).getByRole('switch', { name: 'Registrar como gasto de la propiedad' });
    await userEvent.click(expense);
    expect(expense).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await findToast('Coste final registrado')).toBeVisible();
    expect(sent.map((s) => s.body)).toEqual([{ finalCost: 120.5, recordAsExpense: true }]);
    await waitFor(() => expect(financeReads()).toBe(2));
  });

  it('once the cost is an expense, says so and offers no second one', async () => {
    const recorded = () => detail({ expense: { id: 70, amount: '120.50', transactionDate: '2026-03-07' } }, { finalCost: '120.50' });
    open(owner, {}, recorded);
    const card = await screen.findByRole('region', { name: 'Gestionar' });
    expect(card).toHaveTextContent('Gasto de la propiedad: 120,50 €, registrado el 07/03/2026');
    const dialog = await action('Registrar coste final', 'Coste final');
    expect(within(dialog).getByRole('spinbutton', { name: 'Coste final' })).toHaveValue(120.5);
    expect(within(dialog).queryByRole('switch')).toBeNull();
    expect(dialog).toHaveTextContent('un nuevo coste corrige ese gasto');
  });

  it('an agent, who does not write the property’s money, records the cost without the expense switch', async () => {
    open(userWithRole('agente'));
    const dialog = await action('Registrar coste final', 'Coste final');
    expect(within(dialog).getByRole('spinbutton', { name: 'Coste final' })).toBeVisible();
    expect(within(dialog).queryByRole('switch')).toBeNull();
  });

  it('an agent is not offered the cost once it is the property’s expense', async () => {
    open(userWithRole('agente'), {}, () => detail({ expense: { id: 70, amount: '120.50', transactionDate: '2026-03-07' } }, { finalCost: '120.50' }));
    const card = await screen.findByRole('region', { name: 'Gestionar' });
    expect(within(card).getByRole('button', { name: 'Asignar' })).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Registrar coste final' })).toBeNull();
  });

  it("'Notas de resolución' asks for the notes and sends them", async () => {
    const { sent } = open(owner);
    const dialog = await action('Notas de resolución');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Escribe las notas de resolución')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notas de resolución' }), 'Cambiada la junta del grifo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await findToast('Notas de resolución guardadas')).toBeVisible();
    expect(sent.map((s) => s.body)).toEqual([{ resolutionNotes: 'Cambiada la junta del grifo' }]);
  });

  it("lists the incident's tasks, and 'Vincular tarea de mantenimiento' offers the property's tasks that answer no incident", async () => {
    const { sent } = open(owner);
    const tasks = await screen.findByRole('list', { name: 'Tareas de mantenimiento de la incidencia' });
    expect(within(tasks).getByRole('listitem')).toHaveTextContent('Cambiar el sifón · 10/03/2026 · Fontanería GilProgramado');
    const dialog = await action('Vincular tarea de mantenimiento');
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Tarea de mantenimiento' }), { key: 'Enter' });
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Revisar bajantes · 10/03/2026 · Programado']);
    fireEvent.click(screen.getByRole('option', { name: 'Revisar bajantes · 10/03/2026 · Programado' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vincular' }));
    expect(await findToast('Tarea de mantenimiento vinculada')).toBeVisible();
    expect(sent.map((s) => s.body)).toEqual([{ maintenanceTaskId: 31 }]);
  });

  it("'Crear tarea de mantenimiento' posts a corrective task on the incident's unit, for the incident, with its provider by default", async () => {
    const { sent } = open(owner, {}, () => detail({ assignedProvider: { id: 8, name: 'Fontanería Gil', trade: 'Fontanería' } }));
    const dialog = await action('Crear tarea de mantenimiento');
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Fuga en la cocina');
    expect(within(dialog).getByLabelText('Fecha programada')).toHaveValue(todayIso());
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Proveedor (opcional)' })).toHaveTextContent('Fontanería Gil · Fontanería'));
    fireEvent.change(within(dialog).getByLabelText('Fecha programada'), { target: { value: '2026-03-12' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear tarea' }));
    expect(await findToast('Tarea de mantenimiento creada')).toHaveTextContent('Fuga en la cocina');
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/maintenance/tasks',
        body: { title: 'Fuga en la cocina', mainPropertyId: 7, rentableUnitId: 3, incidentId: 5, taskType: 'Correctivo', scheduledDate: '2026-03-12', providerId: 8 },
      },
    ]);
  });

  it('a delegate handles the incident but not its maintenance', async () => {
    open(userWithRole('propietario_delegado'));
    const card = await screen.findByRole('region', { name: 'Gestionar' });
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Asignar', 'Cambiar prioridad', 'Registrar coste final', 'Notas de resolución']);
    expect(global.fetch).not.toHaveBeenCalledWith('/api/maintenance/tasks?incidentId=5&pageSize=100', expect.anything());
  });

  it('shows a tenant no Gestionar', async () => {
    open(userWithRole('inquilino'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fuga en la cocina' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Gestionar' })).toBeNull();
  });

  it('has no axe violations with the card and the cost dialog open', async () => {
    open(owner);
    await screen.findByRole('list', { name: 'Tareas de mantenimiento de la incidencia' });
    const axe = configureAxe({ rules: { region: { enabled: false } } });
    const violations = async () => (await axe(document.body)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await violations()).toEqual([]);
    await action('Registrar coste final', 'Coste final');
    await act(() => Promise.resolve());
    expect(await violations()).toEqual([]);
  });
});

describe('historyText', () => {
  const entry = (changes: Partial<IncidentHistoryEntry>): IncidentHistoryEntry => ({
    id: 1, action: 'update', changedAt: '2026-03-06T10:00:00Z', user: { id: 1, firstName: 'Olga', lastName: 'Martín' }, oldStatus: null, newStatus: null, changedFields: [], task: null, ...changes,
  });

  it('names what changed in Spanish, the two assignees as one, and the task created for the incident', () => {
    expect(historyText(entry({ changedFields: ['assignedToUserId', 'assignedProviderId'] }))).toBe('06/03/2026 11:00 · Olga Martín · Cambios: asignación');
    expect(historyText(entry({ changedFields: ['finalCost', 'expenseTransactionId'] }))).toBe('06/03/2026 11:00 · Olga Martín · Cambios: coste final, registrado como gasto de la propiedad');
    expect(historyText(entry({ changedFields: ['resolutionNotes', 'maintenanceTaskId'] }))).toBe('06/03/2026 11:00 · Olga Martín · Cambios: notas de resolución, tarea de mantenimiento vinculada');
    expect(historyText(entry({ oldStatus: 'Resuelta', newStatus: 'Cerrada', changedFields: ['status', 'closedAt'] }))).toBe('06/03/2026 11:00 · Olga Martín · Estado: Resuelta → Cerrada');
    expect(historyText(entry({ action: 'create', task: { id: 33, title: 'Cambiar el sifón' } }))).toBe('06/03/2026 11:00 · Olga Martín · Tarea de mantenimiento creada: «Cambiar el sifón»');
  });
});
