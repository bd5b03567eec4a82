/** @jest-environment jsdom */
import type { DashboardMetrics, Delegation } from '@arrendia/api-contract';
import { formatEuros, formatPercent } from '@arrendia/locale-es';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, failsOnce, fakeResponse, findToast, renderAt, routedFetch } from '@arrendia/testing';
import { DelegateSummaryTiles, PrincipalsPanel } from './DelegateDashboard';
import { OwnerDelegationsPanel } from './OwnerDelegationsPanel';

const person = (id: number, firstName: string, lastName: string) => ({ id, firstName, lastName, email: `${firstName.toLowerCase()}@example.es` });
const delegation = (owner: ReturnType<typeof person>, overrides: Partial<Delegation> = {}): Delegation => ({
  owner,
  delegate: person(50, 'Diego', 'Delgado'),
  properties: 3,
  units: 8,
  occupancyRate: 87.5,
  monthlyIncome: '4200.00',
  lastReportAt: null,
  reportStatus: 'Pendiente informe',
  createdAt: '2026-10-01T09:00:00Z',
  ...overrides,
});
const metrics: DashboardMetrics = { activeProperties: 7, monthlyIncome: '6150.50', occupancyRate: 81.3, openIncidents: 2 };

afterEach(() => act(() => resetToasts()));

describe('DelegateSummaryTiles', () => {
  it('counts every principal (the server total, not the page) and shows the figures of their portfolios', async () => {
    global.fetch = routedFetch({
      'GET /api/delegations?page=1&pageSize=20': () => fakeResponse(200, [delegation(person(1, 'Olga', 'Martín'))], { 'X-Total-Count': '23' }),
      'GET /api/dashboard/metrics': () => metrics,
    });
    renderAt(<DelegateSummaryTiles />);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Propietarios' })).toHaveTextContent('23'));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Propiedades Gestionadas' })).toHaveTextContent('7'));
    expect(screen.getByRole('group', { name: 'Ingresos del Mes' })).toHaveTextContent('6.150,50 €');
    expect(screen.getByRole('group', { name: 'Ocupación Media' })).toHaveTextContent('81,3 %');
  });

  it('says when the figures of the portfolios could not be loaded, and «Reintentar» loads both reads', async () => {
    global.fetch = routedFetch({
      'GET /api/delegations?page=1&pageSize=20': failsOnce(fakeResponse(200, [delegation(person(1, 'Olga', 'Martín'))], { 'X-Total-Count': '23' })),
      'GET /api/dashboard/metrics': failsOnce(metrics),
    });
    renderAt(<DelegateSummaryTiles />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las cifras de tus carteras');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Propiedades Gestionadas' })).toHaveTextContent('7'));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Propietarios' })).toHaveTextContent('23'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PrincipalsPanel', () => {
  it('shows the 5 loading placeholders of a list (spec §9) while the owners load', () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined));
    renderAt(<PrincipalsPanel reportAction={() => null} />);
    expect(screen.getByLabelText('Cargando propietarios').querySelectorAll('[data-skeleton]')).toHaveLength(5);
  });

  it('says when the owners could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({
      'GET /api/delegations?page=1&pageSize=20': failsOnce(fakeResponse(200, [delegation(person(1, 'Olga', 'Martín'))], { 'X-Total-Count': '1' })),
    });
    renderAt(<PrincipalsPanel reportAction={() => null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los propietarios');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('rowheader', { name: /Olga Martín/ })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("lists each principal with its figures, 'Ver cartera' to its properties and the portal's report action", async () => {
    global.fetch = routedFetch({
      'GET /api/delegations?page=1&pageSize=20': () =>
        fakeResponse(
          200,
          [
            delegation(person(1, 'Olga', 'Martín'), { lastReportAt: '2026-11-03T10:00:00Z', reportStatus: 'Al día' }),
            delegation(person(2, 'Pablo', 'Sanz'), { properties: 0, units: 0, occupancyRate: 0, monthlyIncome: '0.00' }),
          ],
          { 'X-Total-Count': '2' },
        ),
    });
    const reportAction = jest.fn((owner: { id: number; name: string }) => <button type="button">Generar reporte de {owner.name}</button>);
    renderAt(<PrincipalsPanel reportAction={reportAction} />);
    const olga = (await screen.findByRole('rowheader', { name: /Olga Martín/ })).closest('tr')!;
    expect(within(olga).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)).toEqual(['3', `${formatPercent(87.5)}8 unidades`, formatEuros('4200.00'), '03/11/2026', 'Al día']);
    // Spec §4: 'Al día' in the normal style, any other status destructive.
    expect(within(olga).getByText('Al día')).toHaveAttribute('data-tone', 'green');
    const pablo = screen.getByRole('rowheader', { name: /Pablo Sanz/ }).closest('tr')!;
    expect(within(pablo).getAllByRole('cell').slice(3, 5).map((c) => c.textContent)).toEqual(['Sin reportes', 'Pendiente informe']);
    expect(within(pablo).getByText('Pendiente informe')).toHaveAttribute('data-tone', 'red');
    expect(within(olga).getByRole('link', { name: 'Ver cartera de Olga Martín' })).toHaveAttribute('href', '/properties?ownerId=1');
    expect(within(olga).getByRole('button', { name: 'Generar reporte de Olga Martín' })).toBeVisible();
    expect(reportAction).toHaveBeenCalledWith({ id: 2, name: 'Pablo Sanz' });
    expect(screen.queryByRole('navigation', { name: 'Páginas de propietarios' })).not.toBeInTheDocument();
  });

  it('says so when nobody has delegated yet', async () => {
    global.fetch = routedFetch({ 'GET /api/delegations?page=1&pageSize=20': () => fakeResponse(200, [], { 'X-Total-Count': '0' }) });
    renderAt(<PrincipalsPanel reportAction={() => null} />);
    expect(await screen.findByText(/Todavía ningún propietario te ha delegado su cartera/)).toBeVisible();
  });
});

describe('OwnerDelegationsPanel', () => {
  it('says when the delegations could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({
      'GET /api/delegations?page=1&pageSize=20': failsOnce(fakeResponse(200, [delegation(person(1, 'Olga', 'Martín'))], { 'X-Total-Count': '1' })),
    });
    renderAt(<OwnerDelegationsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar tus delegaciones');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const list = await screen.findByRole('list', { name: 'Personas con tu cartera delegada' });
    expect(within(list).getByText('Diego Delgado')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('delegates to an email, shows the server’s refusal on the field, and revokes after asking', async () => {
    const user = userEvent.setup();
    let rows: Delegation[] = [];
    const calls: string[] = [];
    global.fetch = routedFetch({
      'GET /api/delegations?page=1&pageSize=20': () => fakeResponse(200, rows, { 'X-Total-Count': String(rows.length) }),
      'POST /api/delegations': (init) => {
        const { delegateEmail } = JSON.parse(String(init?.body));
        calls.push(`POST ${delegateEmail}`);
        if (delegateEmail === 'agente@example.es') return answer(400, { error: 'validation_error', message: 'Datos no válidos', fields: { delegateEmail: 'No hay ningún propietario delegado activo con ese correo electrónico' } });
        rows = [delegation(person(1, 'Olga', 'Martín'))];
        return answer(201, rows[0]);
      },
      'DELETE /api/delegations/50': () => {
        calls.push('DELETE 50');
        rows = [];
        return answer(204);
      },
    });
    renderAt(<OwnerDelegationsPanel />);
    expect(await screen.findByText('No has delegado tu cartera en nadie.')).toBeVisible();
    const email = screen.getByLabelText('Correo electrónico del propietario delegado');

    await user.click(screen.getByRole('button', { name: 'Delegar cartera' }));
    expect(await screen.findByText('Indica el correo electrónico')).toBeVisible();
    expect(calls).toEqual([]);

    await user.type(email, 'agente@example.es');
    await user.click(screen.getByRole('button', { name: 'Delegar cartera' }));
    expect(await screen.findByText('No hay ningún propietario delegado activo con ese correo electrónico')).toBeVisible();

    await user.clear(email);
    await user.type(email, 'Diego@Example.es');
    await user.click(screen.getByRole('button', { name: 'Delegar cartera' }));
    expect(await findToast('Cartera delegada')).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Personas con tu cartera delegada' });
    expect(within(list).getByText('Diego Delgado')).toBeVisible();
    expect(email).toHaveValue('');

    await user.click(within(list).getByRole('button', { name: 'Revocar la delegación de Diego Delgado' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Revocar la delegación?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    expect(await findToast('Delegación revocada')).toBeVisible();
    expect(await screen.findByText('No has delegado tu cartera en nadie.')).toBeVisible();
    expect(calls).toEqual(['POST agente@example.es', 'POST diego@example.es', 'DELETE 50']);
  });
});
