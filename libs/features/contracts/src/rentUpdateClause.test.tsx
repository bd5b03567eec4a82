/** @jest-environment jsdom */
import type { ContractDetail, ContractListItem, RentHistoryEntry, RentUpdateClause, UnitOption } from '@arrendia/api-contract';
import { fakeResponse, renderAt, serve } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContractEditDialog } from './ContractEditDialog';
import { ContractFormDialog } from './ContractFormDialog';
import { ContractsScreen } from './ContractsScreen';
import { MyContractsScreen } from './MyContractsScreen';

/** Issue 36: the rent update clause in the contract forms, the detail and the tenant's 'Mi Contrato'. */

const item: ContractListItem = {
  contract: {
    id: 3,
    rentableUnitId: 5,
    contractCode: 'ARR-2026-0003',
    startDate: '2026-03-01',
    endDate: '2031-02-28',
    rentAmount: '1000.00',
    paymentDay: 5,
    depositAmount: '1000.00',
    depositStatus: 'Recibida',
    status: 'Activo',
    renewalNoticeDays: 30,
    terminationReason: null,
    notes: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
  },
  unit: { id: 5, unitName: 'Bajo A' },
  property: { id: 1, propertyName: 'Casa Norte' },
};

const unit = (over: Partial<UnitOption> = {}): UnitOption => ({
  id: 5,
  unitName: 'Bajo A',
  currentStatus: 'Disponible',
  baseRentPrice: '1000.00',
  typeName: 'vivienda',
  propertyId: 1,
  propertyName: 'Casa Norte',
  hasActiveContract: false,
  ...over,
});

const clause = (over: Partial<RentUpdateClause> = {}): RentUpdateClause => ({
  mechanism: 'none',
  value: null,
  floorPercent: null,
  monthsBefore: null,
  leaseUse: 'vivienda',
  signedOn: '2026-02-20',
  nextUpdateOn: null,
  upcoming: null,
  ...over,
});

const detailWith = (rentUpdate: RentUpdateClause): ContractDetail => ({
  ...item,
  unit: { ...item.unit, currentStatus: 'Alquilado' },
  property: { ...item.property, addressStreet: 'Calle de Toledo', addressNumber: '41', city: 'Madrid' },
  tenants: [],
  transactions: [],
  documents: [],
  rentUpdate,
});

const HISTORY: RentHistoryEntry[] = [
  { rentAmount: '1000.00', validFrom: '2026-03-01', reason: 'Renta inicial del contrato', rentUpdateId: null },
  { rentAmount: '1029.00', validFrom: '2027-03-01', reason: 'Actualización anual (IPC de diciembre de 2026)', rentUpdateId: 8 },
];

const UNITS = 'GET /api/units?available=true&pageSize=100';

beforeEach(() => {
  resetToasts();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** The body of the only call of `method` the fake fetch received. */
const sentBody = (fetch: jest.Mock, method: string) => {
  const calls = fetch.mock.calls.filter(([, init]) => init?.method === method);
  expect(calls).toHaveLength(1);
  return JSON.parse(String(calls[0][1].body));
};

async function choose(scope: HTMLElement, label: string, option: string) {
  await userEvent.click(within(scope).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** The new contract form, open, with its unit list answered; the POST answers `post`. */
async function openCreate(units: UnitOption[] = [unit()], post = () => fakeResponse(201, item)) {
  const fetch = serve({ [UNITS]: () => fakeResponse(200, units), 'POST /api/contracts': post });
  renderAt(<ContractFormDialog open onOpenChange={jest.fn()} />);
  const dialog = await screen.findByRole('dialog', { name: 'Nuevo Contrato' });
  await waitFor(() => expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/units'), expect.anything()));
  return { fetch, dialog };
}

async function fillRequired(dialog: HTMLElement, unitLabel = 'Casa Norte · Bajo A') {
  await choose(dialog, 'Unidad', unitLabel);
  fireEvent.change(within(dialog).getByLabelText('Fecha de inicio'), { target: { value: '2026-03-01' } });
  fireEvent.change(within(dialog).getByLabelText('Renta mensual (€)'), { target: { value: '1000' } });
}

describe("the new contract form's 'Actualización de la renta'", () => {
  it('starts without a clause and shows the value, index month and floor only for the kinds that have them', async () => {
    const { dialog } = await openCreate();
    const group = within(dialog).getByRole('group', { name: 'Actualización de la renta' });
    expect(within(group).getByRole('combobox', { name: 'Tipo de actualización' })).toHaveTextContent('Sin actualización');
    expect(within(group).queryByLabelText(/Porcentaje|Importe/)).toBeNull();
    expect(within(group).queryByRole('combobox', { name: 'Mes del índice' })).toBeNull();
    expect(within(group).queryByRole('switch')).toBeNull();

    await choose(group, 'Tipo de actualización', 'Porcentaje fijo');
    expect(within(group).getByLabelText('Porcentaje (%)')).toBeVisible();
    expect(within(group).queryByLabelText('Importe (€)')).toBeNull();
    expect(within(group).queryByRole('switch')).toBeNull();

    await choose(group, 'Tipo de actualización', 'Importe fijo');
    expect(within(group).getByLabelText('Importe (€)')).toBeVisible();
    expect(within(group).queryByLabelText('Porcentaje (%)')).toBeNull();

    await choose(group, 'Tipo de actualización', 'IPC general');
    expect(within(group).queryByLabelText(/Porcentaje|Importe/)).toBeNull();
    expect(within(group).getByRole('combobox', { name: 'Mes del índice' })).toHaveTextContent('Dos meses antes del aniversario (el último publicado)');
    expect(within(group).getByRole('switch', { name: 'No bajar la renta aunque el índice baje' })).not.toBeChecked();
  });

  it("sends a fixed amount with its value, the use of a 'local' unit and the signature date", async () => {
    const { fetch, dialog } = await openCreate([unit({ typeName: 'local', unitName: 'Local 1' })]);
    await fillRequired(dialog, 'Casa Norte · Local 1');
    const group = within(dialog).getByRole('group', { name: 'Actualización de la renta' });
    expect(within(group).getByRole('combobox', { name: 'Uso' })).toHaveTextContent('Uso distinto de vivienda');
    await choose(group, 'Tipo de actualización', 'Importe fijo');
    fireEvent.change(within(group).getByLabelText('Importe (€)'), { target: { value: '40,5' } });
    fireEvent.change(within(group).getByLabelText('Fecha de firma'), { target: { value: '2026-02-20' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Contrato' }));

    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    expect(sentBody(fetch, 'POST')).toMatchObject({ rentUpdateMechanism: 'fixed_amount', rentUpdateValue: 40.5, rentUpdateFloor: null, rentUpdateMonthsBefore: null, leaseUse: 'otro', signedOn: '2026-02-20' });
  });

  it('sends an IPC clause with its floor and index month, and no value', async () => {
    const { fetch, dialog } = await openCreate();
    await fillRequired(dialog);
    const group = within(dialog).getByRole('group', { name: 'Actualización de la renta' });
    await choose(group, 'Tipo de actualización', 'Porcentaje fijo');
    fireEvent.change(within(group).getByLabelText('Porcentaje (%)'), { target: { value: '3' } });
    // A value typed for another kind does not travel with an index.
    await choose(group, 'Tipo de actualización', 'IPC general');
    await choose(group, 'Mes del índice', '3 meses antes del aniversario');
    await userEvent.click(within(group).getByRole('switch', { name: 'No bajar la renta aunque el índice baje' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Contrato' }));

    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const body = sentBody(fetch, 'POST');
    expect(body).toMatchObject({ rentUpdateMechanism: 'ipc', rentUpdateValue: null, rentUpdateFloor: 0, rentUpdateMonthsBefore: 3, leaseUse: 'vivienda' });
    // Left empty, the signature date is the API's to default (the start date).
    expect(body).not.toHaveProperty('signedOn');
  });

  it('asks for the percentage of a fixed percentage before sending anything', async () => {
    const { fetch, dialog } = await openCreate();
    await fillRequired(dialog);
    const group = within(dialog).getByRole('group', { name: 'Actualización de la renta' });
    await choose(group, 'Tipo de actualización', 'Porcentaje fijo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Contrato' }));
    await waitFor(() => expect(within(group).getByLabelText('Porcentaje (%)')).toHaveAccessibleDescription(/Indica el porcentaje o el importe de la actualización/));
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's 400 under the field it names", async () => {
    const message = 'El IRAV solo sirve para actualizar alquileres de vivienda habitual';
    const { dialog } = await openCreate([unit()], () => fakeResponse(400, { error: 'validation_error', message: 'Revisa los campos marcados', fields: { rentUpdateMechanism: message } }));
    await fillRequired(dialog);
    const group = within(dialog).getByRole('group', { name: 'Actualización de la renta' });
    await choose(group, 'Tipo de actualización', 'Índice de referencia de arrendamientos de vivienda (IRAV)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Contrato' }));
    await waitFor(() => expect(within(group).getByRole('combobox', { name: 'Tipo de actualización' })).toHaveAccessibleDescription(message));
    expect(screen.getByRole('dialog', { name: 'Nuevo Contrato' })).toBeVisible();
  });
});

describe("the edit form's 'Actualización de la renta'", () => {
  const openEdit = (rentUpdate: RentUpdateClause, patch = () => fakeResponse(200, item)) => {
    const fetch = serve({ 'PATCH /api/contracts/3': patch });
    renderAt(<ContractEditDialog contract={item.contract} rentUpdate={rentUpdate} open onOpenChange={jest.fn()} />);
    return { fetch, dialog: screen.getByRole('dialog', { name: 'Editar contrato ARR-2026-0003' }) };
  };

  it('starts from the stored clause and sends only what changed: a new mechanism clears the old value', async () => {
    const { fetch, dialog } = openEdit(clause({ mechanism: 'fixed_percentage', value: '2.5' }));
    const group = within(dialog).getByRole('group', { name: 'Actualización de la renta' });
    expect(within(group).getByLabelText('Porcentaje (%)')).toHaveValue('2,5');
    expect(within(group).getByLabelText('Fecha de firma')).toHaveValue('2026-02-20');
    await choose(group, 'Tipo de actualización', 'IPC general');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch, 'PATCH')).toEqual({ rentUpdateMechanism: 'ipc', rentUpdateValue: null });
  });

  it('sends no clause field when only another term changes', async () => {
    const { fetch, dialog } = openEdit(clause({ mechanism: 'ipc', floorPercent: '0', monthsBefore: 3 }));
    fireEvent.change(within(dialog).getByLabelText('Notas'), { target: { value: 'Revisado' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch, 'PATCH')).toEqual({ notes: 'Revisado' });
  });

  it('turns the floor off and moves the index month back to the default', async () => {
    const { fetch, dialog } = openEdit(clause({ mechanism: 'ipc', floorPercent: '0', monthsBefore: 3 }));
    const group = within(dialog).getByRole('group', { name: 'Actualización de la renta' });
    const floor = within(group).getByRole('switch', { name: 'No bajar la renta aunque el índice baje' });
    expect(floor).toBeChecked();
    await userEvent.click(floor);
    await choose(group, 'Mes del índice', 'Dos meses antes del aniversario (el último publicado)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch, 'PATCH')).toEqual({ rentUpdateFloor: null, rentUpdateMonthsBefore: null });
  });

  it("shows the server's 400 on the merged clause under the field it names", async () => {
    const message = 'El IRAV solo sirve para actualizar alquileres de vivienda habitual';
    const { dialog } = openEdit(clause({ mechanism: 'irav' }), () => fakeResponse(400, { error: 'validation_error', message: 'Revisa los campos marcados', fields: { rentUpdateMechanism: message } }));
    const group = within(dialog).getByRole('group', { name: 'Actualización de la renta' });
    await choose(group, 'Uso', 'Uso distinto de vivienda');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(within(group).getByRole('combobox', { name: 'Tipo de actualización' })).toHaveAccessibleDescription(message));
  });

  it("reads the clause from the contract's detail when the list opens it", async () => {
    serve({ 'GET /api/contracts/3': () => fakeResponse(200, detailWith(clause({ mechanism: 'fixed_amount', value: '40' }))) });
    renderAt(<ContractEditDialog contract={item.contract} open onOpenChange={jest.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Editar contrato ARR-2026-0003' })).toBeVisible();
    expect(await screen.findByLabelText('Importe (€)')).toHaveValue('40');
    expect(screen.getByRole('dialog', { name: 'Editar contrato ARR-2026-0003' })).toContainElement(screen.getByLabelText('Importe (€)'));
  });
});

describe("the contract's 'Actualización de la renta' section", () => {
  const ipc = clause({ mechanism: 'ipc', floorPercent: '0', nextUpdateOn: '2027-03-01' });

  it('shows the clause in Spanish, the next update date and the rent history on the detail', async () => {
    serve({ 'GET /api/contracts/3': () => fakeResponse(200, detailWith(ipc)), 'GET /api/contracts/3/rent-history': () => fakeResponse(200, HISTORY) });
    renderAt(<ContractsScreen user={null} />, '/contracts/3', '/contracts/*');
    const section = await screen.findByRole('region', { name: 'Actualización de la renta' });
    expect(section).toHaveTextContent('IPC general');
    expect(section).toHaveTextContent('La renta no baja aunque el índice baje');
    expect(section).toHaveTextContent('El último publicado: dos meses antes del aniversario');
    expect(section).toHaveTextContent('Vivienda habitual');
    expect(section).toHaveTextContent('20/02/2026');
    expect(section).toHaveTextContent(/Próxima actualización\s*01\/03\/2027/);
    const table = await within(section).findByRole('table', { name: 'Historial de la renta' });
    const rows = within(table).getAllByRole('row').map((r) => Array.from(r.children, (cell) => cell.textContent?.replace(/\s+/g, ' ')).join(' | '));
    expect(rows).toEqual(['Desde | Renta | Motivo', '01/03/2026 | 1.000,00 €/mes | Renta inicial del contrato', '01/03/2027 | 1.029,00 €/mes | Actualización anual (IPC de diciembre de 2026)']);
  });

  it('says that a contract without a clause has no update', async () => {
    serve({ 'GET /api/contracts/3': () => fakeResponse(200, detailWith(clause())), 'GET /api/contracts/3/rent-history': () => fakeResponse(200, HISTORY.slice(0, 1)) });
    renderAt(<ContractsScreen user={null} />, '/contracts/3', '/contracts/*');
    const section = await screen.findByRole('region', { name: 'Actualización de la renta' });
    expect(section).toHaveTextContent('Sin actualización');
    expect(section).toHaveTextContent(/Próxima actualización\s*Sin actualización pactada/);
    expect(section).not.toHaveTextContent('Mes del índice');
  });

  it("shows the tenant the same section on 'Mi Contrato', with nothing to edit", async () => {
    serve({
      'GET /api/contracts?pageSize=100': () => fakeResponse(200, [item]),
      'GET /api/contracts/3': () => fakeResponse(200, detailWith(clause({ mechanism: 'fixed_percentage', value: '2.5', nextUpdateOn: '2027-03-01' }))),
      'GET /api/contracts/3/rent-history': () => fakeResponse(200, HISTORY),
    });
    renderAt(<MyContractsScreen user={null} />, '/contracts');
    const card = await screen.findByRole('article', { name: 'Casa Norte · Bajo A' });
    const section = await within(card).findByRole('region', { name: 'Actualización de la renta' });
    expect(section).toHaveTextContent(/Porcentaje fijo: 2,5.%.al año/);
    expect(section).toHaveTextContent(/Próxima actualización\s*01\/03\/2027/);
    expect(await within(section).findByRole('cell', { name: 'Actualización anual (IPC de diciembre de 2026)' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
  });

  it('says when the rent history could not be loaded', async () => {
    serve({ 'GET /api/contracts/3': () => fakeResponse(200, detailWith(ipc)), 'GET /api/contracts/3/rent-history': () => fakeResponse(500, { error: 'internal', message: 'Error' }) });
    renderAt(<ContractsScreen user={null} />, '/contracts/3', '/contracts/*');
    const section = await screen.findByRole('region', { name: 'Actualización de la renta' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('No se pudo cargar el historial de la renta');
  });
});
