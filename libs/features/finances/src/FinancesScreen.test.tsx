/** @jest-environment jsdom */
import { TRANSACTION_MESSAGES } from '@arrendia/api-contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureAxe } from 'jest-axe';
import { FinancesScreen } from './FinancesScreen';
import { answer, failsOnce, fakeResponse, findToast, renderAt, routedFetch, userWithRole, type Routes } from '@arrendia/testing';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';

const tx = (id: number, type: 'Ingreso' | 'Gasto', amount: string, transactionDate: string, categoryName: string, description: string | null) => ({
  transaction: { id, rentableUnitId: null, mainPropertyId: 1, categoryId: 1, contractId: null, type, amount, transactionDate, description, paymentMethod: null, status: 'Completado' },
  category: { id: 1, categoryName, isExpense: type === 'Gasto' },
});

const property = {
  id: 7, ownerUserId: 1, managerAgencyId: null, propertyName: 'Piso Chamberí', addressStreet: 'Calle Mayor', addressNumber: '1', addressDetails: null,
  city: 'Madrid', province: 'Madrid', postalCode: '28004', country: 'España', refCatastral: null, totalAreaM2: null, buildYear: null, notes: null,
  isArchived: false, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', unitCount: 0, rentedUnits: 0, monthlyRent: '0.00',
};

function baseRoutes(summary = { month: '2026-11', income: '1234.5', expenses: '310.45', net: '924.05' }): Routes {
  return {
    'GET /api/finances/summary': () => summary,
    'GET /api/transactions?page=1&pageSize=10': () => [tx(1, 'Ingreso', '950.00', '2026-11-03', 'Alquiler', 'Renta de noviembre'), tx(2, 'Gasto', '310.45', '2026-11-02', 'IBI', null)],
    'GET /api/transaction-categories': () => [
      { id: 1, categoryName: 'Alquiler', isExpense: false },
      { id: 8, categoryName: 'IBI', isExpense: true },
    ],
    'GET /api/properties?pageSize=100': () => [property],
    'GET /api/properties/7': () => ({ ...property, units: [], contracts: [], incidents: [], recentTransactions: [] }),
  };
}

afterEach(() => jest.restoreAllMocks());

describe('FinancesScreen', () => {
  it("shows this month's income, expenses and net with 2 decimals", async () => {
    global.fetch = routedFetch(baseRoutes());
    renderAt(<FinancesScreen user={null} />);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Ingresos del Mes' }).textContent).toContain('1.234,50\u00a0€'));
    expect((screen.getByRole('group', { name: 'Gastos del Mes' })).textContent).toContain('310,45\u00a0€');
    expect((screen.getByRole('group', { name: 'Beneficio Neto' })).textContent).toContain('924,05\u00a0€');
  });

  it("says when this month's figures could not be loaded, and «Reintentar» loads them", async () => {
    global.fetch = routedFetch({ ...baseRoutes(), 'GET /api/finances/summary': failsOnce({ month: '2026-11', income: '1234.5', expenses: '310.45', net: '924.05' }) });
    renderAt(<FinancesScreen user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las cifras del mes');
    expect(screen.getByRole('group', { name: 'Ingresos del Mes' }).textContent).toContain('—');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Ingresos del Mes' }).textContent).toContain('1.234,50\u00a0€'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the recent transactions could not be loaded, and «Reintentar» loads them', async () => {
    const routes = baseRoutes();
    global.fetch = routedFetch({ ...routes, 'GET /api/transactions?page=1&pageSize=10': failsOnce(routes['GET /api/transactions?page=1&pageSize=10']!()) });
    renderAt(<FinancesScreen user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las transacciones');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists recent transactions with date, category badge and signed amount', async () => {
    global.fetch = routedFetch(baseRoutes());
    renderAt(<FinancesScreen user={null} />);
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows).toHaveLength(2);
    expect((rows[0]).textContent).toContain('Renta de noviembre');
    expect((rows[0]).textContent).toContain('03/11/2026');
    expect((rows[0]).textContent).toContain('Alquiler');
    expect((rows[0]).textContent).toContain('+950,00\u00a0€');
    expect(rows[1]!.textContent).toContain('−310,45\u00a0€');
    // No description: the category names it.
    expect((rows[1]).textContent).toContain('IBI');
  });

  it('shows the field errors of the shared schema and sends nothing', async () => {
    const fetch = routedFetch(baseRoutes());
    global.fetch = fetch;
    renderAt(<FinancesScreen user={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Registrar Transacción' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar Transacción' });
    fireEvent.change(within(dialog).getByLabelText('Importe (€)'), { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await within(dialog).findByText('Elige una propiedad');
    // Each message is read with its own field.
    expect(within(dialog).getByRole('combobox', { name: 'Propiedad' })).toHaveAccessibleDescription('Elige una propiedad');
    expect(within(dialog).getByRole('combobox', { name: 'Categoría' })).toHaveAccessibleDescription('Elige una categoría');
    expect(within(dialog).getByLabelText('Importe (€)')).toHaveAccessibleDescription('El importe no puede ser negativo');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('posts the transaction, toasts and refreshes the figures; server field errors show under the fields', async () => {
    let summaryCalls = 0;
    let posted: unknown;
    let fail = true;
    const routes = baseRoutes();
    global.fetch = routedFetch({
      ...routes,
      'GET /api/finances/summary': () => {
        summaryCalls++;
        return { month: '2026-11', income: '0.00', expenses: '0.00', net: '0.00' };
      },
      'POST /api/transactions': (init) => {
        posted = JSON.parse(String(init?.body));
        if (fail) {
          fail = false;
          return answer(400, { error: 'validation_error', message: 'Revisa los campos marcados', fields: { transactionDate: 'La fecha no existe' } });
        }
        return answer(201, tx(3, 'Gasto', '42.10', '2026-11-05', 'IBI', 'IBI 2026'));
      },
    });
    renderAt(<FinancesScreen user={null} />);
    await screen.findAllByTestId('transaction-row');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar Transacción' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar Transacción' });

    // Radix Select: open with the keyboard, pick with a click.
    const pick = async (label: string, option: string) => {
      fireEvent.keyDown(within(dialog).getByRole('combobox', { name: label }), { key: 'Enter' });
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    await waitFor(() => expect(global.fetch).toHaveBeenCalledWith('/api/properties?pageSize=100', expect.anything()));
    await pick('Propiedad', 'Piso Chamberí');
    await pick('Categoría', 'IBI');
    fireEvent.change(within(dialog).getByLabelText('Importe (€)'), { target: { value: '42,10' } });
    fireEvent.change(within(dialog).getByLabelText('Descripción'), { target: { value: 'IBI 2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));

    await within(dialog).findByText('La fecha no existe');
    expect(within(dialog).getByLabelText('Fecha')).toHaveAccessibleDescription('La fecha no existe');
    expect(await findToast('Error')).toHaveTextContent('No se pudo registrar la transacción');
    expect(posted).toMatchObject({ mainPropertyId: 7, categoryId: 8, type: 'Gasto', amount: 42.1, description: 'IBI 2026' });

    const before = summaryCalls;
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    });
    expect(await findToast('Transacción registrada')).toHaveTextContent('La transacción ha sido registrada exitosamente');
    await waitFor(() => expect(summaryCalls).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registrar Transacción' })).toBeNull());
  });
});

describe('FinancesScreen: correcting and deleting a movement (issue 33)', () => {
  const owner = userWithRole('propietario_individual');
  const EDIT_RENT = 'Editar el movimiento Renta de noviembre del 03/11/2026';
  const DELETE_RENT = 'Eliminar el movimiento Renta de noviembre del 03/11/2026';
  const bodies = (fetch: jest.Mock, method: string) => fetch.mock.calls.filter(([, init]) => init?.method === method).map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

  it('prefills the row, sends only the changed fields and the reason, toasts and refreshes the list', async () => {
    let listCalls = 0;
    const routes = baseRoutes();
    const fetch = routedFetch({
      ...routes,
      'GET /api/transactions?page=1&pageSize=10': () => {
        listCalls++;
        return routes['GET /api/transactions?page=1&pageSize=10']!();
      },
      'PATCH /api/transactions/1': () => tx(1, 'Ingreso', '975.50', '2026-11-03', 'Alquiler', 'Renta de noviembre'),
    });
    global.fetch = fetch;
    renderAt(<FinancesScreen user={owner} />);
    fireEvent.click(await screen.findByRole('button', { name: EDIT_RENT }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar movimiento' });
    // The row as it is, the amount the Spanish way; no property, unit or contract to change.
    expect(within(dialog).getByLabelText('Importe (€)')).toHaveValue('950,00');
    expect(within(dialog).getByLabelText('Fecha')).toHaveValue('2026-11-03');
    expect(within(dialog).getByLabelText('Descripción')).toHaveValue('Renta de noviembre');
    expect(within(dialog).getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Completado');
    expect(within(dialog).queryByRole('combobox', { name: 'Propiedad' })).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Importe (€)'), { target: { value: '975,50' } });
    fireEvent.change(within(dialog).getByLabelText('Motivo de la corrección'), { target: { value: 'Importe mal tecleado' } });
    const before = listCalls;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await findToast('Movimiento corregido')).toBeVisible();
    expect(bodies(fetch, 'PATCH')).toEqual([['/api/transactions/1', { amount: 975.5, reason: 'Importe mal tecleado' }]]);
    await waitFor(() => expect(listCalls).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar movimiento' })).toBeNull());
  });

  it('asks for the reason, and for a change, before sending anything', async () => {
    const fetch = routedFetch(baseRoutes());
    global.fetch = fetch;
    renderAt(<FinancesScreen user={owner} />);
    fireEvent.click(await screen.findByRole('button', { name: EDIT_RENT }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar movimiento' });

    fireEvent.change(within(dialog).getByLabelText('Descripción'), { target: { value: 'Renta de noviembre (Bizum)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await within(dialog).findByText(TRANSACTION_MESSAGES.reason);
    expect(within(dialog).getByLabelText('Motivo de la corrección')).toHaveAccessibleDescription(TRANSACTION_MESSAGES.reason);

    // A reason alone is no correction.
    fireEvent.change(within(dialog).getByLabelText('Descripción'), { target: { value: 'Renta de noviembre' } });
    fireEvent.change(within(dialog).getByLabelText('Motivo de la corrección'), { target: { value: 'Revisión' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Indica al menos un cambio');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('deletes with the reason, toasts and refreshes the list, which no longer has the row', async () => {
    let deleted = false;
    const routes = baseRoutes();
    const fetch = routedFetch({
      ...routes,
      'GET /api/transactions?page=1&pageSize=10': () => (routes['GET /api/transactions?page=1&pageSize=10']!() as unknown[]).slice(0, deleted ? 1 : 2),
      'DELETE /api/transactions/2': () => {
        deleted = true;
        return answer(204);
      },
    });
    global.fetch = fetch;
    renderAt(<FinancesScreen user={owner} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar el movimiento IBI del 02/11/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar movimiento' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar movimiento' }));
    await within(dialog).findByText(TRANSACTION_MESSAGES.reason);
    expect(bodies(fetch, 'DELETE')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Gasto duplicado' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar movimiento' }));
    expect(await findToast('Movimiento eliminado')).toBeVisible();
    expect(bodies(fetch, 'DELETE')).toEqual([['/api/transactions/2', { reason: 'Gasto duplicado' }]]);
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Eliminar movimiento' })).toBeNull();
  });

  it("says in the dialog why the income of a confirmed rent charge cannot be deleted (409)", async () => {
    global.fetch = routedFetch({ ...baseRoutes(), 'DELETE /api/transactions/1': () => answer(409, { error: 'conflict', message: TRANSACTION_MESSAGES.chargeIncome }) });
    renderAt(<FinancesScreen user={owner} />);
    fireEvent.click(await screen.findByRole('button', { name: DELETE_RENT }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar movimiento' });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Cobro duplicado' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar movimiento' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TRANSACTION_MESSAGES.chargeIncome);
    expect(screen.getByRole('dialog', { name: 'Eliminar movimiento' })).toBeVisible();
  });

  it("offers neither 'Editar' nor 'Eliminar' to whoever may not write transactions", async () => {
    global.fetch = routedFetch(baseRoutes());
    renderAt(<FinancesScreen user={userWithRole('inquilino')} />);
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Editar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).toBeNull();
  });
});

describe('FinancesScreen: the transactions list (issue 33: paged, filtered and sorted, the state in the URL)', () => {
  const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => tx(from + i, 'Gasto', '100.00', '2026-10-01', 'IBI', `Gasto ${from + i}`));
  const paged = (rows: unknown[], total: number) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });
  const where = () => screen.getByTestId('where').textContent;
  function Where() {
    const location = useLocation();
    return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
  }

  it('reads page, filters and order from the URL, says which rows it shows, and every move writes the URL back', async () => {
    const fetch = routedFetch({
      ...baseRoutes(),
      'GET /api/transactions?type=Gasto&sort=-amount&page=2&pageSize=10': paged(many(11, 10), 25),
      'GET /api/transactions?type=Gasto&sort=-amount&page=3&pageSize=10': paged(many(21, 5), 25),
      'GET /api/transactions?type=Gasto&categoryId=8&sort=-amount&page=1&pageSize=10': paged(many(31, 3), 3),
      'GET /api/transactions?q=caldera&type=Gasto&categoryId=8&sort=-amount&page=1&pageSize=10': paged([], 0),
      'GET /api/transactions?sort=-amount&page=1&pageSize=10': paged(many(41, 10), 40),
    });
    global.fetch = fetch;
    renderAt(
      <>
        <FinancesScreen user={null} />
        <Where />
      </>,
      '/finances?type=Gasto&sort=-amount&page=2',
    );
    expect(await screen.findByText('Gasto 11')).toBeVisible();
    const pages = screen.getByRole('navigation', { name: 'Páginas de transacciones' });
    expect(pages).toHaveTextContent('Mostrando 11–20 de 25');
    expect(pages).toHaveTextContent('Página 2 de 3');
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveTextContent('Gasto');
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveTextContent('Importe (mayor primero)');

    await userEvent.click(within(pages).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Gasto 21')).toBeVisible();
    expect(where()).toBe('/finances?type=Gasto&sort=-amount&page=3');

    // A filter goes back to the first page.
    await userEvent.click(screen.getByRole('combobox', { name: 'Categoría' }));
    await userEvent.click(await screen.findByRole('option', { name: 'IBI' }));
    expect(await screen.findByText('Mostrando 1–3 de 3')).toBeVisible();
    expect(where()).toBe('/finances?type=Gasto&sort=-amount&categoryId=8');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar transacciones' }), 'caldera');
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
    expect(where()).toBe('/finances?type=Gasto&sort=-amount&categoryId=8&q=caldera');
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(await screen.findByText('Mostrando 1–10 de 40')).toBeVisible();
    expect(where()).toBe('/finances?sort=-amount');
    expect(screen.getByRole('searchbox', { name: 'Buscar transacciones' })).toHaveValue('');
  });
});

describe('FinancesScreen accessibility', () => {
  it('has no axe violations with the form open', async () => {
    global.fetch = routedFetch(baseRoutes());
    renderAt(<FinancesScreen user={null} />);
    await screen.findAllByTestId('transaction-row');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar Transacción' }));
    await screen.findByRole('dialog', { name: 'Registrar Transacción' });
    await act(() => Promise.resolve());
    const results = await configureAxe({ rules: { region: { enabled: false } } })(document.body);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
