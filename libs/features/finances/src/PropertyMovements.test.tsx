/** @jest-environment jsdom */
import type { TransactionListItem } from '@arrendia/api-contract';
import { fakeResponse, renderAt, routedFetch, userWithRole } from '@arrendia/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { PropertyMovements } from './PropertyMovements';

const tx = (id: number, type: 'Ingreso' | 'Gasto', description: string): TransactionListItem => ({
  transaction: { id, rentableUnitId: null, mainPropertyId: 4, categoryId: 8, contractId: null, type, amount: '120.00', transactionDate: '2026-11-02', description, paymentMethod: null, status: 'Completado' },
  category: { id: 8, categoryName: 'Reparaciones', isExpense: type === 'Gasto' },
});
const paged = (rows: TransactionListItem[], total: number) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

describe('PropertyMovements (a property detail\'s movements, issue 33)', () => {
  it("lists only the property's movements, paged, with their actions; its page, filters and order live in the URL under 'movimientos.'", async () => {
    const fetch = routedFetch({
      'GET /api/transactions?propertyId=4&type=Gasto&page=2&pageSize=10': paged([tx(11, 'Gasto', 'Fontanero')], 11),
      'GET /api/transactions?propertyId=4&type=Gasto&sort=-amount&page=1&pageSize=10': paged([tx(12, 'Gasto', 'Caldera nueva')], 11),
    });
    global.fetch = fetch;
    renderAt(
      <>
        <PropertyMovements user={userWithRole('propietario_individual')} propertyId={4} />
        <Where />
      </>,
      '/properties/4?docs.page=3&movimientos.type=Gasto&movimientos.page=2',
    );
    const list = await screen.findByRole('list', { name: 'Movimientos de la propiedad' });
    expect(within(list).getByText('Fontanero')).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Editar el movimiento Fontanero del 02/11/2026' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Páginas de movimientos' })).toHaveTextContent('Mostrando 11–11 de 11');
    expect(screen.getByRole('combobox', { name: 'Tipo de movimiento' })).toHaveTextContent('Gasto');

    await userEvent.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Importe (mayor primero)' }));
    expect(await screen.findByText('Caldera nueva')).toBeVisible();
    // The page's other lists keep their keys.
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/properties\/4\?docs\.page=3&movimientos\.type=Gasto&movimientos\.sort=-amount$/);
  });
});
