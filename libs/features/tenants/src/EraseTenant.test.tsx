/** @jest-environment jsdom */
import type { TenantRow } from '@arrendia/api-contract';
import { answer, fakeResponse, findToast, renderAt, routedFetch, userWithRole } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TenantsScreen } from './TenantsScreen';

const LIST = 'GET /api/tenants?page=1&pageSize=20';

const former: TenantRow = {
  tenant: { id: 7, firstName: 'Lucía', lastName: 'Pardo', email: 'lucia@example.com', telefono: '600111222', erased: false },
  contract: { id: 11, contractCode: 'CTR-11', status: 'Finalizado', rentAmount: '1100.00', startDate: '2024-01-01' },
  unit: { id: 3, unitName: 'Ático' },
  property: { id: 2, propertyName: 'Edificio Huertas' },
  status: 'Inactivo',
};
const current: TenantRow = { ...former, tenant: { ...former.tenant, id: 8, firstName: 'Marta', email: 'marta@example.com' }, contract: { ...former.contract, id: 12, contractCode: 'CTR-12', status: 'Activo' }, status: 'Activo' };
const erased: TenantRow = {
  ...former,
  tenant: { id: 9, firstName: 'Persona', lastName: 'eliminada', email: 'eliminado-9@arrendia.invalid', telefono: null, erased: true },
  contract: { ...former.contract, id: 13, contractCode: 'CTR-13' },
};

const list = (rows: TenantRow[]) => () => fakeResponse(200, rows, { 'X-Total-Count': String(rows.length) });
const eraseButtons = () => screen.queryAllByRole('button', { name: /^Eliminar datos personales de / }).map((b) => b.getAttribute('aria-label'));

afterEach(() => act(() => resetToasts()));

describe("TenantsScreen: 'Eliminar datos personales' (issue 35)", () => {
  it('is offered on a former tenant only, to those who answer for the contract', async () => {
    global.fetch = routedFetch({ [LIST]: list([current, former, erased]) });
    const { unmount } = renderAt(<TenantsScreen user={userWithRole('admin_agencia')} />);
    await screen.findByRole('rowheader', { name: 'Lucía Pardo' });
    expect(eraseButtons()).toEqual(['Eliminar datos personales de Lucía Pardo']);
    unmount();
    for (const role of ['agente', 'propietario_delegado']) {
      const view = renderAt(<TenantsScreen user={userWithRole(role)} />);
      await screen.findByRole('rowheader', { name: 'Lucía Pardo' });
      expect(eraseButtons()).toEqual([]);
      view.unmount();
    }
  });

  it('asks first, erases, says so and reads the list again', async () => {
    let erasedNow = false;
    const erase = jest.fn(() => {
      erasedNow = true;
      return { userId: 7, erasedAt: '2026-12-07T18:00:00.000Z' };
    });
    global.fetch = routedFetch({
      [LIST]: () => list([erasedNow ? { ...former, tenant: { ...erased.tenant, id: 7 } } : former])(),
      'POST /api/tenants/7/erasure': erase,
    });
    renderAt(<TenantsScreen user={userWithRole('propietario_individual')} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar datos personales de Lucía Pardo' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar los datos personales de Lucía Pardo?' });
    expect(dialog).toHaveTextContent('El contrato, los cobros y los documentos se conservan a nombre de «Persona eliminada» durante los plazos legales.');
    expect(erase).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar datos personales' }));
    expect(await findToast('Datos personales eliminados')).toHaveTextContent('El contrato CTR-11 queda a nombre de «Persona eliminada»');
    expect(erase).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('rowheader', { name: 'Persona eliminada' })).toBeVisible();
    expect(eraseButtons()).toEqual([]);
  });

  it("shows the API's refusal (another contract in force) and keeps the row", async () => {
    const message = 'Esta persona tiene un contrato en vigor: sus datos se podrán eliminar cuando hayan terminado todos sus contratos.';
    global.fetch = routedFetch({ [LIST]: list([former]), 'POST /api/tenants/7/erasure': () => answer(409, { error: 'contract_in_force', message }) });
    renderAt(<TenantsScreen user={userWithRole('super_admin')} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar datos personales de Lucía Pardo' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar datos personales' }));
    expect(await findToast('Error')).toHaveTextContent(message);
    expect(screen.getByRole('rowheader', { name: 'Lucía Pardo' })).toBeVisible();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const erase = jest.fn();
    global.fetch = routedFetch({ [LIST]: list([former]), 'POST /api/tenants/7/erasure': erase });
    renderAt(<TenantsScreen user={userWithRole('propietario_individual')} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar datos personales de Lucía Pardo' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(erase).not.toHaveBeenCalled();
  });
});
