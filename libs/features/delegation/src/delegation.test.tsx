/** @jest-environment jsdom */
import { CONSENT_REQUEST_NOT_PENDING, type ConsentRequest, type DashboardMetrics, type Delegation } from '@arrendia/api-contract';
import { formatEuros, formatPercent } from '@arrendia/locale-es';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, failsOnce, fakeResponse, findToast, renderAt, routedFetch } from '@arrendia/testing';
import { ConsentRequestsCard } from './ConsentRequestsCard';
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
const request = (id: number, overrides: Partial<ConsentRequest> = {}): ConsentRequest => ({
  id,
  kind: 'delegation',
  status: 'Pendiente',
  owner: { id: 1, firstName: 'Olga', lastName: 'Martín' },
  email: 'diego@example.es',
  agency: null,
  property: null,
  createdAt: '2026-11-20T10:00:00Z',
  respondedAt: null,
  ...overrides,
});
const management = (id: number, overrides: Partial<ConsentRequest> = {}): ConsentRequest =>
  request(id, {
    kind: 'agency_management',
    owner: { id: 2, firstName: 'Pablo', lastName: 'Sanz' },
    email: null,
    agency: { id: 4, nombreAgencia: 'Inmobiliaria Sol' },
    property: { id: 30, propertyName: 'Ático Lavapiés', city: 'Madrid' },
    ...overrides,
  });
const INCOMING = 'GET /api/consent-requests?direction=incoming&page=1&pageSize=100';
const OUTGOING = 'GET /api/consent-requests?direction=outgoing&kind=delegation&status=Pendiente&page=1&pageSize=100';
const DELEGATIONS = 'GET /api/delegations?page=1&pageSize=20';
const metrics: DashboardMetrics = { activeProperties: 7, monthlyIncome: '6150.50', occupancyRate: 81.3, openIncidents: 2 };

afterEach(() => act(() => resetToasts()));

describe('DelegateSummaryTiles', () => {
  it('counts every principal (the server total, not the page) and shows the figures of their portfolios', async () => {
    global.fetch = routedFetch({
      [DELEGATIONS]: () => fakeResponse(200, [delegation(person(1, 'Olga', 'Martín'))], { 'X-Total-Count': '23' }),
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
      [DELEGATIONS]: failsOnce(fakeResponse(200, [delegation(person(1, 'Olga', 'Martín'))], { 'X-Total-Count': '23' })),
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
      [DELEGATIONS]: failsOnce(fakeResponse(200, [delegation(person(1, 'Olga', 'Martín'))], { 'X-Total-Count': '1' })),
    });
    renderAt(<PrincipalsPanel reportAction={() => null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los propietarios');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('rowheader', { name: /Olga Martín/ })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("lists each principal with its figures, 'Ver cartera' to its properties and the portal's report action", async () => {
    global.fetch = routedFetch({
      [DELEGATIONS]: () =>
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
    // One page: the pager says what it shows and offers no other page.
    const pages = screen.getByRole('navigation', { name: 'Páginas de propietarios' });
    expect(pages).toHaveTextContent('Mostrando 1–2 de 2');
    expect(within(pages).queryByRole('button', { name: 'Siguiente' })).toBeNull();
  });

  it('says so when nobody has delegated yet', async () => {
    global.fetch = routedFetch({ [DELEGATIONS]: () => fakeResponse(200, [], { 'X-Total-Count': '0' }) });
    renderAt(<PrincipalsPanel reportAction={() => null} />);
    expect(await screen.findByText(/Todavía ningún propietario te ha delegado su cartera/)).toBeVisible();
  });
});

describe('OwnerDelegationsPanel', () => {
  it('says when the delegations could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({
      [DELEGATIONS]: failsOnce(fakeResponse(200, [delegation(person(1, 'Olga', 'Martín'))], { 'X-Total-Count': '1' })),
      [OUTGOING]: () => [],
    });
    renderAt(<OwnerDelegationsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar tus delegaciones');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const list = await screen.findByRole('list', { name: 'Personas con tu cartera delegada' });
    expect(within(list).getByText('Diego Delgado')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a request to an email (nothing delegated yet), shows the server’s refusal on the field, and withdraws a pending one', async () => {
    const user = userEvent.setup();
    // The owner's history; the server answers only its pending delegation requests (the panel asks kind and status).
    let outgoing: ConsentRequest[] = [request(3, { email: 'ana@example.es', status: 'Rechazada' }), management(4)];
    const pendingOnly = () => outgoing.filter((r) => r.kind === 'delegation' && r.status === 'Pendiente');
    const calls: string[] = [];
    global.fetch = routedFetch({
      [DELEGATIONS]: () => fakeResponse(200, [], { 'X-Total-Count': '0' }),
      [OUTGOING]: pendingOnly,
      'POST /api/delegations': (init) => {
        const { delegateEmail } = JSON.parse(String(init?.body));
        calls.push(`POST ${delegateEmail}`);
        if (delegateEmail === 'yo@example.es') return answer(400, { error: 'validation_error', message: 'Revisa los campos marcados', fields: { delegateEmail: 'No puedes delegar tu cartera en ti mismo' } });
        outgoing = [request(9, { email: delegateEmail }), ...outgoing];
        return answer(201, outgoing[0]);
      },
      'DELETE /api/consent-requests/9': () => {
        calls.push('DELETE 9');
        outgoing = [{ ...outgoing[0], status: 'Cancelada' }, ...outgoing.slice(1)];
        return answer(200, outgoing[0]);
      },
    });
    renderAt(<OwnerDelegationsPanel />);
    expect(await screen.findByText('No has delegado tu cartera en nadie.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Solicitudes de delegación pendientes' })).toBeNull();
    const email = screen.getByLabelText('Correo electrónico del propietario delegado');

    await user.click(screen.getByRole('button', { name: 'Delegar cartera' }));
    expect(await screen.findByText('Indica el correo electrónico')).toBeVisible();
    expect(calls).toEqual([]);

    await user.type(email, 'yo@example.es');
    await user.click(screen.getByRole('button', { name: 'Delegar cartera' }));
    expect(await screen.findByText('No puedes delegar tu cartera en ti mismo')).toBeVisible();

    await user.clear(email);
    await user.type(email, 'Diego@Example.es');
    await user.click(screen.getByRole('button', { name: 'Delegar cartera' }));
    expect(await findToast('Solicitud enviada')).toHaveTextContent('diego@example.es gestionará tu cartera cuando acepte la solicitud');
    expect(email).toHaveValue('');
    const pending = await screen.findByRole('list', { name: 'Solicitudes de delegación pendientes' });
    expect(within(pending).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['diego@example.es · Pendiente de aceptación · enviada el 20/11/2026Cancelar']);
    // Sent is not delegated: nobody holds the portfolio until the delegate accepts.
    expect(screen.getByText('No has delegado tu cartera en nadie.')).toBeVisible();

    await user.click(within(pending).getByRole('button', { name: 'Cancelar la solicitud a diego@example.es' }));
    expect(await findToast('Solicitud cancelada')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Solicitudes de delegación pendientes' })).toBeNull());
    expect(calls).toEqual(['POST yo@example.es', 'POST diego@example.es', 'DELETE 9']);
  });

  it('revokes a delegation after asking', async () => {
    const user = userEvent.setup();
    let rows = [delegation(person(1, 'Olga', 'Martín'))];
    const revoked = jest.fn();
    global.fetch = routedFetch({
      [DELEGATIONS]: () => fakeResponse(200, rows, { 'X-Total-Count': String(rows.length) }),
      [OUTGOING]: () => [],
      'DELETE /api/delegations/50': () => {
        revoked();
        rows = [];
        return answer(204);
      },
    });
    renderAt(<OwnerDelegationsPanel />);
    const list = await screen.findByRole('list', { name: 'Personas con tu cartera delegada' });
    await user.click(within(list).getByRole('button', { name: 'Revocar la delegación de Diego Delgado' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Revocar la delegación?' });
    expect(revoked).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    expect(await findToast('Delegación revocada')).toBeVisible();
    expect(await screen.findByText('No has delegado tu cartera en nadie.')).toBeVisible();
    expect(revoked).toHaveBeenCalledTimes(1);
  });
});

describe('ConsentRequestsCard', () => {
  it('lists each request to answer, in the words of the one who answers it, with its date and buttons naming it', async () => {
    global.fetch = routedFetch({ [INCOMING]: () => [request(7), management(8, { createdAt: '2026-11-21T09:00:00Z' })] });
    renderAt(<ConsentRequestsCard />);
    const card = await screen.findByRole('region', { name: 'Solicitudes pendientes' });
    const [olga, pablo] = within(card).getAllByRole('listitem');
    expect(olga).toHaveTextContent('Olga Martín te pide que gestiones su cartera');
    expect(olga).toHaveTextContent('Gestión de cartera · recibida el 20/11/2026');
    expect(within(olga).getByRole('button', { name: 'Aceptar la solicitud de Olga Martín' })).toHaveTextContent('Aceptar');
    expect(within(olga).getByRole('button', { name: 'Rechazar la solicitud de Olga Martín' })).toHaveTextContent('Rechazar');
    expect(pablo).toHaveTextContent('Pablo Sanz pide a tu agencia que gestione Ático Lavapiés (Madrid)');
    expect(pablo).toHaveTextContent('Gestión de propiedad · recibida el 21/11/2026');
    expect(within(pablo).getByRole('button', { name: 'Aceptar la solicitud de Pablo Sanz para Ático Lavapiés' })).toBeVisible();
  });

  it('accepts at once, says so, and refreshes the requests and the principals they grant', async () => {
    const user = userEvent.setup();
    let incoming = [request(7)];
    let principals: Delegation[] = [];
    const accepted = jest.fn();
    global.fetch = routedFetch({
      [INCOMING]: () => incoming,
      [DELEGATIONS]: () => fakeResponse(200, principals, { 'X-Total-Count': String(principals.length) }),
      'POST /api/consent-requests/7/accept': () => {
        accepted();
        incoming = [];
        principals = [delegation(person(1, 'Olga', 'Martín'))];
        return { ...request(7), status: 'Aceptada', respondedAt: '2026-11-22T10:00:00Z' };
      },
    });
    renderAt(
      <>
        <ConsentRequestsCard />
        <PrincipalsPanel reportAction={() => null} />
      </>,
    );
    expect(await screen.findByText(/Todavía ningún propietario te ha delegado su cartera/)).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Aceptar la solicitud de Olga Martín' }));
    expect(await findToast('Solicitud aceptada')).toHaveTextContent('Olga Martín te pide que gestiones su cartera');
    expect(accepted).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('rowheader', { name: /Olga Martín/ })).toBeVisible();
    // The last request answered: the card leaves the dashboard.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Solicitudes pendientes' })).toBeNull());
  });

  it('rejects only after asking', async () => {
    const user = userEvent.setup();
    let incoming = [request(7), management(8)];
    const declined = jest.fn();
    global.fetch = routedFetch({
      [INCOMING]: () => incoming,
      'POST /api/consent-requests/8/decline': () => {
        declined();
        incoming = [request(7)];
        return { ...management(8), status: 'Rechazada' };
      },
    });
    renderAt(<ConsentRequestsCard />);
    const name = 'Rechazar la solicitud de Pablo Sanz para Ático Lavapiés';
    await user.click(await screen.findByRole('button', { name }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Rechazar la solicitud?' });
    expect(dialog).toHaveTextContent('Tu agencia no gestionará Ático Lavapiés. Avisaremos a Pablo Sanz de que la has rechazado.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(declined).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name }));
    dialog = await screen.findByRole('alertdialog', { name: '¿Rechazar la solicitud?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await findToast('Solicitud rechazada')).toBeVisible();
    expect(declined).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name })).toBeNull());
    expect(screen.getByRole('button', { name: 'Aceptar la solicitud de Olga Martín' })).toBeVisible();
  });

  it('shows the server’s message when the request was answered elsewhere, and drops it from the list', async () => {
    const user = userEvent.setup();
    let incoming = [request(7)];
    global.fetch = routedFetch({
      [INCOMING]: () => incoming,
      'POST /api/consent-requests/7/accept': () => {
        incoming = [];
        return answer(409, { error: 'conflict', message: CONSENT_REQUEST_NOT_PENDING });
      },
    });
    renderAt(<ConsentRequestsCard />);
    await user.click(await screen.findByRole('button', { name: 'Aceptar la solicitud de Olga Martín' }));
    expect(await findToast('Error')).toHaveTextContent(CONSENT_REQUEST_NOT_PENDING);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Solicitudes pendientes' })).toBeNull());
  });

  it('renders nothing when there is nothing to answer', async () => {
    const fetchMock = routedFetch({ [INCOMING]: () => [] });
    global.fetch = fetchMock;
    const { client } = renderAt(<ConsentRequestsCard />);
    await waitFor(() => expect(client.getQueryState(['/api/consent-requests', 'incoming', null, null])?.status).toBe('success'));
    expect(fetchMock).toHaveBeenCalledWith('/api/consent-requests?direction=incoming&page=1&pageSize=100', expect.anything());
    expect(screen.queryByRole('region', { name: 'Solicitudes pendientes' })).toBeNull();
    expect(screen.queryByText('Solicitudes pendientes')).toBeNull();
  });

  it('says when the requests could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ [INCOMING]: failsOnce([request(7)]) });
    renderAt(<ConsentRequestsCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar tus solicitudes pendientes');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Aceptar la solicitud de Olga Martín' })).toBeVisible();
  });
});
