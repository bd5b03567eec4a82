/** @jest-environment jsdom */
import type { CurrentUser, PaymentDetails, RentCharge, TenantHome } from '@arrendia/api-contract';
import { answer, failsOnce, fakeResponse, findToast, renderAt, routedFetch } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { RentChargesPanel } from './RentChargesPanel';
import { TenantHomePanels } from './TenantHomePanels';

const person = (roleName: string): CurrentUser => ({
  id: 1, email: 'x@example.es', firstName: 'Pablo', lastName: 'García', telefono: null, nifCif: null, direccionFiscal: null, ibanBancaria: null, profileImageUrl: null, agencyId: null,
  role: { roleId: 1, roleName },
  emailVerified: true,
});
const charge = (over: Partial<RentCharge> = {}): RentCharge => ({
  id: 4, contractId: 2, contractCode: 'CTR-2', propertyName: 'Edificio Prado', unitName: '2ºB', period: '2026-11', dueDate: '2026-11-05', amount: '990.00',
  reference: 'ARR-2-202611', status: 'Pendiente', state: 'Vencido', markedAt: null, confirmedAt: null, tenantName: 'Pablo García', ...over,
});
const home: TenantHome = {
  contract: { id: 2, contractCode: 'CTR-2', status: 'Activo', startDate: '2026-01-01', endDate: '2026-12-31', rentAmount: '990.00', depositAmount: '990.00', paymentDay: 5, renewalNoticeDays: 30, propertyName: 'Edificio Prado', address: 'Calle del Prado 4, Madrid', unitName: '2ºB' },
  nextCharge: charge(),
  lastPayment: charge({ id: 3, period: '2026-10', dueDate: '2026-10-05', reference: 'ARR-2-202610', status: 'Pagado', state: 'Al día', confirmedAt: '2026-10-07T09:30:00.000Z' }),
  state: 'Vencido',
  unpaidTotal: '990.00',
  emergencyContact: { kind: 'agencia', name: 'Fincas Prado', phone: '+34 910 000 000', email: null },
  reminders: [{ kind: 'rent', text: 'Renta de 990,00 €: vence el 05/11/2026', date: '2026-11-05' }],
};
const details: PaymentDetails = { chargeId: 4, amount: '990.00', reference: 'ARR-2-202611', dueDate: '2026-11-05', ibanMasked: '•••• •••• •••• •••• •••• 1332', beneficiary: 'Olga Martín' };

afterEach(() => act(() => resetToasts()));

describe('TenantHomePanels', () => {
  it("shows the rent, its state, the contract, who to call and reminders; 'Pagar' shows the transfer data and records 'He realizado la transferencia'", async () => {
    const posted: string[] = [];
    global.fetch = routedFetch({
      'GET /api/tenant/home': () => home,
      'GET /api/rent-charges/4/payment': () => details,
      'POST /api/rent-charges/4/transfer': () => {
        posted.push('transfer');
        return answer(200, charge({ status: 'Transferencia indicada', state: 'Vencido' }));
      },
    });
    renderAt(<TenantHomePanels user={person('inquilino')} />, '/dashboard');
    const summary = await screen.findByRole('region', { name: 'Edificio Prado · 2ºB' });
    expect(within(summary).getByText('Vencido')).toBeVisible();
    expect(within(summary).getByRole('group', { name: 'Renta mensual' })).toHaveTextContent(/990,00.€/);
    expect(screen.getByRole('region', { name: 'Contacto de Emergencia' })).toHaveTextContent('Fincas Prado');
    expect(screen.getByRole('link', { name: '+34 910 000 000' })).toHaveAttribute('href', 'tel:+34910000000');
    expect(screen.getByRole('region', { name: 'Recordatorios' })).toHaveTextContent('vence el 05/11/2026');
    // The spec's "last payment" is the one made, not the one owed (issue 33).
    const payments = screen.getByRole('region', { name: 'Estado de Pagos' });
    expect(payments).toHaveTextContent(/Último pago: 2026-10 · 990,00.€ · recibido el 07\/10\/2026/);
    expect(payments).toHaveTextContent(/Próximo recibo: 2026-11 · 990,00.€ · vence el 05\/11\/2026/);
    for (const [name, href] of [['Reportar Incidencia', '/incidents?nueva=1'], ['Ver Contrato', '/contracts'], ['Historial de Pagos', '/dashboard#historial-pagos']]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }

    await userEvent.click(within(summary).getByRole('button', { name: 'Pagar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar la renta' });
    expect(await within(dialog).findByText('•••• •••• •••• •••• •••• 1332')).toBeVisible();
    expect(within(dialog).getByText('ARR-2-202611')).toBeVisible();
    expect(within(dialog).getByText(/^990,00.€$/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'He realizado la transferencia' }));
    expect(await findToast('Transferencia indicada')).toBeVisible();
    expect(posted).toEqual(['transfer']);
  });

  it('says so when the tenant has no contract yet', async () => {
    global.fetch = routedFetch({ 'GET /api/tenant/home': () => ({ ...home, contract: null, nextCharge: null, state: 'Al día', unpaidTotal: '0.00', emergencyContact: null, reminders: [] }) });
    renderAt(<TenantHomePanels user={person('inquilino')} />, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Todavía no tienes un contrato en Arrendia' })).toBeVisible();
  });

  it('says when the rental could not be loaded, and «Reintentar» loads it', async () => {
    global.fetch = routedFetch({ 'GET /api/tenant/home': failsOnce(home) });
    renderAt(<TenantHomePanels user={person('inquilino')} />, '/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar tu alquiler');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Edificio Prado · 2ºB' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the payment details could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ 'GET /api/tenant/home': () => home, 'GET /api/rent-charges/4/payment': failsOnce(details) });
    renderAt(<TenantHomePanels user={person('inquilino')} />, '/dashboard');
    const summary = await screen.findByRole('region', { name: 'Edificio Prado · 2ºB' });
    await userEvent.click(within(summary).getByRole('button', { name: 'Pagar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar la renta' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudieron cargar los datos de pago');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByText('•••• •••• •••• •••• •••• 1332')).toBeVisible();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('RentChargesPanel', () => {
  it('lets the landlord confirm reception after asking, and shows a marked transfer as such', async () => {
    const posted: string[] = [];
    global.fetch = routedFetch({
      'GET /api/rent-charges?contractId=2&page=1&pageSize=12': () => fakeResponse(200, [charge({ status: 'Transferencia indicada' }), charge({ id: 3, period: '2026-10', status: 'Pagado', state: 'Al día' })], { 'X-Total-Count': '2' }),
      'POST /api/rent-charges/4/confirm': () => {
        posted.push('confirm');
        return answer(200, charge({ status: 'Pagado', state: 'Al día' }));
      },
    });
    renderAt(<RentChargesPanel user={person('propietario_individual')} contractId={2} />, '/contracts/2');
    const november = (await screen.findByRole('rowheader', { name: '2026-11' })).closest('tr')!;
    expect(within(november).getByText('Transferencia indicada')).toBeVisible();
    const october = screen.getByRole('rowheader', { name: '2026-10' }).closest('tr')!;
    expect(within(october).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(november).getByRole('button', { name: 'Confirmar recepción de la renta 2026-11 de CTR-2' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: '¿Confirmar la recepción del pago?' })).getByRole('button', { name: 'Confirmar' }));
    expect(await findToast('Pago confirmado')).toBeVisible();
    expect(posted).toEqual(['confirm']);
  });

  it('shows a tenant its history without confirm buttons', async () => {
    global.fetch = routedFetch({ 'GET /api/rent-charges?page=1&pageSize=12': () => fakeResponse(200, [charge()], { 'X-Total-Count': '1' }) });
    renderAt(<RentChargesPanel user={person('inquilino')} title="Historial de Pagos" />, '/dashboard');
    await waitFor(() => expect(screen.getByRole('rowheader', { name: '2026-11' })).toBeVisible());
    expect(screen.queryByRole('button', { name: /Confirmar recepción/ })).not.toBeInTheDocument();
    expect(screen.getByText('Vencido')).toBeVisible();
  });

  it('says when the charges could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ 'GET /api/rent-charges?page=1&pageSize=12': failsOnce(fakeResponse(200, [charge()], { 'X-Total-Count': '1' })) });
    renderAt(<RentChargesPanel user={person('inquilino')} title="Historial de Pagos" />, '/dashboard');
    const panel = screen.getByRole('region', { name: 'Historial de Pagos' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('No se pudieron cargar los recibos');
    await userEvent.click(within(panel).getByRole('button', { name: 'Reintentar' }));
    expect(await within(panel).findByRole('rowheader', { name: '2026-11' })).toBeVisible();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });
});

describe('RentChargesPanel paging, filters and order (issue 33: the state in the URL)', () => {
  const property = (id: number, propertyName: string) => ({
    id, ownerUserId: 1, managerAgencyId: null, propertyName, addressStreet: 'Calle del Prado', addressNumber: '4', addressDetails: null, city: 'Madrid', province: 'Madrid',
    postalCode: '28014', country: 'España', refCatastral: null, totalAreaM2: null, buildYear: null, notes: null, isArchived: false,
    createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', unitCount: 1, rentedUnits: 1, monthlyRent: '990.00',
  });
  const paged = (rows: RentCharge[], total: number) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });
  const where = () => screen.getByTestId('where').textContent;

  it("reads page, filters and order from the URL under 'recibos.', says which rows it shows, and every move writes the URL back", async () => {
    const fetchMock = routedFetch({
      'GET /api/properties?pageSize=100': () => [property(7, 'Edificio Prado'), property(8, 'Casa Olivo')],
      'GET /api/rent-charges?status=Pendiente&propertyId=7&sort=-amount&page=2&pageSize=12': paged([charge({ id: 20, period: '2026-02' })], 13),
      'GET /api/rent-charges?status=Pendiente&propertyId=7&sort=dueDate&page=1&pageSize=12': paged([charge({ id: 21, period: '2025-12' })], 13),
      'GET /api/rent-charges?status=Pendiente&propertyId=8&sort=dueDate&page=1&pageSize=12': paged([charge({ id: 22, period: '2026-03' })], 1),
      'GET /api/rent-charges?status=Pendiente&propertyId=8&from=2026-03-01&sort=dueDate&page=1&pageSize=12': paged([], 0),
      'GET /api/rent-charges?sort=dueDate&page=1&pageSize=12': paged([charge()], 1),
    });
    global.fetch = fetchMock;
    renderAt(
      <>
        <RentChargesPanel user={person('propietario_individual')} />
        <Where />
      </>,
      '/finances?tab=x&recibos.status=Pendiente&recibos.propertyId=7&recibos.sort=-amount&recibos.page=2',
    );
    expect(await screen.findByRole('rowheader', { name: '2026-02' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Páginas de recibos' })).toHaveTextContent('Mostrando 13–13 de 13');
    expect(screen.getByRole('combobox', { name: 'Estado del recibo' })).toHaveTextContent('Pendiente');
    expect(await screen.findByRole('combobox', { name: 'Propiedad' })).toHaveTextContent('Edificio Prado');
    expect(screen.getByRole('columnheader', { name: /Importe/ })).toHaveAttribute('aria-sort', 'descending');

    // Sorting by due date goes back to the first page; the page's other keys stay.
    await userEvent.click(screen.getByRole('button', { name: /Vence/ }));
    expect(await screen.findByRole('rowheader', { name: '2025-12' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: /Vence/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(where()).toBe('/finances?tab=x&recibos.status=Pendiente&recibos.propertyId=7&recibos.sort=dueDate');

    await userEvent.click(screen.getByRole('combobox', { name: 'Propiedad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Casa Olivo' }));
    expect(await screen.findByRole('rowheader', { name: '2026-03' })).toBeVisible();
    expect(where()).toBe('/finances?tab=x&recibos.status=Pendiente&recibos.propertyId=8&recibos.sort=dueDate');

    fireEvent.change(screen.getByLabelText('Vence desde'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
    expect(where()).toBe('/finances?tab=x&recibos.status=Pendiente&recibos.propertyId=8&recibos.sort=dueDate&recibos.from=2026-03-01');

    // «Quitar filtros» clears this list's filters; its order and the page's other keys stay.
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(await screen.findByRole('rowheader', { name: '2026-11' })).toBeVisible();
    expect(where()).toBe('/finances?tab=x&recibos.sort=dueDate');
  });

  it("offers a tenant no property filter (it reads no properties)", async () => {
    const fetchMock = routedFetch({ 'GET /api/rent-charges?page=1&pageSize=12': paged([charge()], 1) });
    global.fetch = fetchMock;
    renderAt(<RentChargesPanel user={person('inquilino')} title="Historial de Pagos" />, '/dashboard');
    await screen.findByRole('rowheader', { name: '2026-11' });
    expect(screen.queryByRole('combobox', { name: 'Propiedad' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/properties?pageSize=100');
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

describe("TenantHomePanels' payments before the first one", () => {
  it("says there is no payment yet instead of naming the charge owed as the last receipt", async () => {
    global.fetch = routedFetch({ 'GET /api/tenant/home': () => ({ ...home, lastPayment: null }) });
    renderAt(<TenantHomePanels user={person('inquilino')} />, '/dashboard');
    const payments = await screen.findByRole('region', { name: 'Estado de Pagos' });
    expect(payments).toHaveTextContent('Aún no hay pagos registrados');
    expect(payments).not.toHaveTextContent('Último');
  });
});
