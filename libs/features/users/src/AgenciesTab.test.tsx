/** @jest-environment jsdom */
import { AGENCY_CIF_TAKEN, type AgencyRow, type UsersStats } from '@arrendia/api-contract';
import { answer, failsOnce, fakeResponse, renderAt, routedFetch, userWithRole } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { UsersScreen } from './UsersScreen';

const agency = (id: number, overrides: Partial<AgencyRow> = {}): AgencyRow => ({
  id,
  nombreAgencia: `Inmobiliaria ${id}`,
  cifAgencia: 'B12345674',
  direccionFiscal: 'Calle Mayor 1, Madrid',
  telefonoAgencia: '910123456',
  emailAgencia: `agencia${id}@example.com`,
  webAgencia: null,
  commissionRate: '8.00',
  isActive: true,
  managers: 1,
  agents: 3,
  createdAt: '2026-11-01T09:00:00Z',
  ...overrides,
});
const sol = agency(3, { nombreAgencia: 'Inmobiliaria Sol' });
const luna = agency(4, { nombreAgencia: 'Agencia Luna', cifAgencia: 'A58818501', isActive: false, managers: 0, agents: 0, emailAgencia: null });
const stats: UsersStats = { total: 10, active: 9, newThisMonth: 1, admins: 2 };
const page = (rows: AgencyRow[]) => () => fakeResponse(200, rows, { 'X-Total-Count': String(rows.length) });

const routes = (extra = {}) => ({
  'GET /api/users/stats': () => stats,
  'GET /api/users?page=1&pageSize=20': () => fakeResponse(200, [], { 'X-Total-Count': '0' }),
  'GET /api/agencies?page=1&pageSize=20': page([luna, sol]),
  ...extra,
});
const calls = (mock: jest.Mock) => mock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
const admin = { ...userWithRole('super_admin'), id: 1 };
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}
const openTab = () => fireEvent.mouseDown(screen.getByRole('tab', { name: 'Agencias' }), { button: 0 });

afterEach(() => act(() => resetToasts()));

describe("UsersScreen's Agencias tab", () => {
  it('lists each agency with CIF, contact, team, commission and status, and pages on the server', async () => {
    global.fetch = routedFetch(routes());
    renderAt(<UsersScreen user={admin} />);
    openTab();
    const table = await screen.findByRole('table', { name: 'Agencias' });
    const solRow = within(table).getByRole('rowheader', { name: 'Inmobiliaria Sol' }).closest('tr')!;
    expect(solRow).toHaveTextContent('B12345674');
    expect(solRow).toHaveTextContent('agencia3@example.com');
    expect(solRow).toHaveTextContent('1 gestor · 3 agentes');
    expect(solRow).toHaveTextContent('8,00 %');
    expect(solRow).toHaveTextContent('Activa');
    expect(within(solRow).getByRole('button', { name: 'Desactivar Inmobiliaria Sol' })).toBeVisible();
    const lunaRow = within(table).getByRole('rowheader', { name: 'Agencia Luna' }).closest('tr')!;
    expect(lunaRow).toHaveTextContent('Inactiva');
    expect(within(lunaRow).getByRole('button', { name: 'Activar Agencia Luna' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Páginas de agencias' })).toHaveTextContent('Mostrando 1–2 de 2');
    expect(screen.getByLabelText('Buscar agencias')).toHaveAttribute('placeholder', 'Buscar por nombre, CIF o email…');
  });

  it('says when the agencies could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch(routes({ 'GET /api/agencies?page=1&pageSize=20': failsOnce(fakeResponse(200, [sol], { 'X-Total-Count': '1' })) }));
    renderAt(<UsersScreen user={admin} />);
    openTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las agencias');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('rowheader', { name: 'Inmobiliaria Sol' })).toBeVisible();
  });

  it('searches on the server: what is typed goes as q', async () => {
    const fetch = routedFetch(routes({ 'GET /api/agencies?q=luna&page=1&pageSize=20': page([]) }));
    global.fetch = fetch;
    renderAt(<UsersScreen user={admin} />);
    openTab();
    await screen.findByRole('rowheader', { name: 'Agencia Luna' });
    await userEvent.type(screen.getByLabelText('Buscar agencias'), 'luna');
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
    expect(calls(fetch).filter((c) => c.startsWith('GET /api/agencies?'))).toEqual(['GET /api/agencies?page=1&pageSize=20', 'GET /api/agencies?q=luna&page=1&pageSize=20']);
  });

  it("opens on the tab and the list state the URL names ('?tab=agencies', its keys under 'agencias.'), and writes each move back", async () => {
    const paged = (rows: AgencyRow[], total: number) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });
    const fetch = routedFetch(
      routes({
        'GET /api/agencies?status=activa&sort=-commissionRate&page=2&pageSize=20': paged([agency(21)], 21),
        'GET /api/agencies?status=activa&sort=nombreAgencia&page=1&pageSize=20': paged([agency(31)], 21),
      }),
    );
    global.fetch = fetch;
    renderAt(
      <>
        <UsersScreen user={admin} />
        <Where />
      </>,
      '/users?tab=agencies&agencias.status=activa&agencias.sort=-commissionRate&agencias.page=2',
    );
    expect(await screen.findByRole('rowheader', { name: 'Inmobiliaria 21' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Agencias' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('navigation', { name: 'Páginas de agencias' })).toHaveTextContent('Mostrando 21–21 de 21');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Activa');
    expect(screen.getByRole('columnheader', { name: /Comisión/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(within(screen.getByRole('columnheader', { name: /Agencia/ })).getByRole('button'));
    expect(await screen.findByRole('rowheader', { name: 'Inmobiliaria 31' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/users?tab=agencies&agencias.status=activa&agencias.sort=nombreAgencia');
    // The users list is not read while its tab is closed.
    expect(calls(fetch).filter((c) => c.startsWith('GET /api/users?'))).toEqual([]);
  });

  it('refuses a bad CIF and a commission of 150 in Spanish without calling the API', async () => {
    const fetch = routedFetch(routes());
    global.fetch = fetch;
    renderAt(<UsersScreen user={admin} />);
    openTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva agencia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva agencia' });
    expect(within(dialog).getByLabelText('Comisión (%)')).toHaveValue(8);
    await userEvent.type(within(dialog).getByLabelText('Nombre de la agencia'), 'Casas Norte');
    await userEvent.type(within(dialog).getByLabelText('CIF'), 'A28015864');
    await userEvent.clear(within(dialog).getByLabelText('Comisión (%)'));
    await userEvent.type(within(dialog).getByLabelText('Comisión (%)'), '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear agencia' }));
    expect(await within(dialog).findByText('El CIF no es válido')).toBeVisible();
    expect(within(dialog).getByText('La comisión debe estar entre 0 y 100 %')).toBeVisible();
    expect(within(dialog).getByText('La dirección fiscal es obligatoria')).toBeVisible();
    expect(within(dialog).getByText('Indica el correo electrónico de la agencia')).toBeVisible();
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it("creates an agency: the schema's output goes to its POST, a taken CIF is shown on its field", async () => {
    let taken = true;
    const post = jest.fn((_body: unknown) => {
      if (taken) {
        taken = false;
        return answer(409, { error: 'conflict', message: AGENCY_CIF_TAKEN, fields: { cifAgencia: AGENCY_CIF_TAKEN } });
      }
      return answer(201, agency(9, { nombreAgencia: 'Casas Norte' }));
    });
    global.fetch = routedFetch(routes({ 'POST /api/agencies': (init?: RequestInit) => post(JSON.parse(String(init?.body))) }));
    renderAt(<UsersScreen user={admin} />);
    openTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva agencia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva agencia' });
    await userEvent.type(within(dialog).getByLabelText('Nombre de la agencia'), '  Casas Norte ');
    await userEvent.type(within(dialog).getByLabelText('CIF'), 'b-1234567-4');
    await userEvent.type(within(dialog).getByLabelText('Dirección fiscal'), 'Calle Norte 2, Bilbao');
    await userEvent.type(within(dialog).getByLabelText('Correo electrónico'), 'Norte@Example.com');
    await userEvent.type(within(dialog).getByLabelText('Teléfono (opcional)'), '944 123 456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear agencia' }));
    expect(await within(dialog).findByText(AGENCY_CIF_TAKEN)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear agencia' }));
    expect(await screen.findByText('Agencia creada')).toBeVisible();
    expect(post).toHaveBeenLastCalledWith({
      nombreAgencia: 'Casas Norte',
      cifAgencia: 'B12345674',
      direccionFiscal: 'Calle Norte 2, Bilbao',
      emailAgencia: 'norte@example.com',
      telefonoAgencia: '944123456',
      commissionRate: 8,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva agencia' })).toBeNull());
  });

  it('edits an agency: only what changed goes to its PATCH', async () => {
    const patch = jest.fn((_body: unknown) => answer(200, { ...luna, nombreAgencia: 'Agencia Luna Nueva', commissionRate: '6.50' }));
    global.fetch = routedFetch(routes({ 'PATCH /api/agencies/4': (init?: RequestInit) => patch(JSON.parse(String(init?.body))) }));
    renderAt(<UsersScreen user={admin} />);
    openTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Agencia Luna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar agencia' });
    // Luna has no email: it is not asked for while it is left empty.
    expect(within(dialog).getByLabelText('Correo electrónico')).toHaveValue('');
    const name = within(dialog).getByLabelText('Nombre de la agencia');
    await userEvent.clear(name);
    await userEvent.type(name, 'Agencia Luna Nueva');
    await userEvent.clear(within(dialog).getByLabelText('Comisión (%)'));
    await userEvent.type(within(dialog).getByLabelText('Comisión (%)'), '6.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Agencia guardada')).toBeVisible();
    expect(patch).toHaveBeenCalledWith({ nombreAgencia: 'Agencia Luna Nueva', commissionRate: 6.5 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar agencia' })).toBeNull());
  });

  it('deactivates an agency after a confirmation that says its users lose access, and reads the list again', async () => {
    let served = [luna, sol];
    const patch = jest.fn((_body: unknown) => {
      served = [luna, { ...sol, isActive: false }];
      return answer(200, { ...sol, isActive: false });
    });
    const fetch = routedFetch(
      routes({
        'GET /api/agencies?page=1&pageSize=20': () => fakeResponse(200, served, { 'X-Total-Count': '2' }),
        'PATCH /api/agencies/3': (init?: RequestInit) => patch(JSON.parse(String(init?.body))),
      }),
    );
    global.fetch = fetch;
    renderAt(<UsersScreen user={admin} />);
    openTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Desactivar Inmobiliaria Sol' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Desactivar Inmobiliaria Sol?' });
    expect(confirm).toHaveTextContent('sus sesiones abiertas se cerrarán');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Agencia desactivada')).toBeVisible();
    expect(patch).toHaveBeenCalledWith({ isActive: false });
    expect(await screen.findByRole('button', { name: 'Activar Inmobiliaria Sol' })).toBeVisible();
  });

  it("invites an active agency's manager: role and agency fixed, no password, and the one-time link to send", async () => {
    let served = [luna, sol];
    const post = jest.fn((_body: unknown) => {
      served = [luna, { ...sol, managers: 2 }];
      return answer(201, {
        id: 12,
        email: 'marta@example.com',
        firstName: 'Marta',
        lastName: 'Vidal',
        telefono: null,
        role: { roleName: 'admin_agencia', label: 'Administrador de Agencia' },
        agency: { id: 3, name: 'Inmobiliaria Sol' },
        isActive: true,
        twoFactorEnabled: false,
        lastLogin: null,
        createdAt: '2026-12-01T10:00:00Z',
        nifCif: null,
        ibanBancaria: null,
        lastPasswordChange: null,
        setupLink: { link: '/restablecer/tok', expiresAt: '2026-12-02T10:00:00Z' },
      });
    });
    const fetch = routedFetch(
      routes({
        'GET /api/agencies?page=1&pageSize=20': () => fakeResponse(200, served, { 'X-Total-Count': '2' }),
        'POST /api/users': (init?: RequestInit) => post(JSON.parse(String(init?.body))),
      }),
    );
    global.fetch = fetch;
    renderAt(<UsersScreen user={admin} />);
    openTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Invitar gerente de Inmobiliaria Sol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitar gerente' });
    expect(dialog).toHaveAccessibleDescription(/Gerente de Inmobiliaria Sol/);
    expect(within(dialog).getByLabelText('Rol')).toHaveValue('Administrador de Agencia');
    expect(within(dialog).getByLabelText('Rol')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Agencia')).toHaveValue('Inmobiliaria Sol');
    expect(within(dialog).getByLabelText('Agencia')).toHaveAttribute('readonly');
    expect(within(dialog).queryByLabelText(/Contraseña/)).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Marta');
    await userEvent.type(within(dialog).getByLabelText('Apellidos'), 'Vidal');
    await userEvent.type(within(dialog).getByLabelText('Correo electrónico'), 'Marta@Example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invitar gerente' }));
    expect(await within(dialog).findByLabelText('Enlace para elegir la contraseña')).toHaveValue('http://localhost/restablecer/tok');
    expect(screen.getByText('Gerente invitado')).toBeVisible();
    expect(screen.getByText('Envía a Marta Vidal el enlace para que elija su contraseña')).toBeVisible();
    // The schema's output: the preset role and agency, the empty optional fields cleared, no password.
    expect(post).toHaveBeenCalledWith({ roleName: 'admin_agencia', agencyId: 3, email: 'marta@example.com', firstName: 'Marta', lastName: 'Vidal', telefono: null, nifCif: null, ibanBancaria: null });
    expect(post.mock.calls[0][0]).not.toHaveProperty('password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invitar gerente' })).toBeNull());
    // The agency's team count is read again.
    const solRow = screen.getByRole('rowheader', { name: 'Inmobiliaria Sol' }).closest('tr')!;
    await waitFor(() => expect(solRow).toHaveTextContent('2 gestores · 3 agentes'));
  });

  it('offers no «Invitar gerente» for an inactive agency', async () => {
    global.fetch = routedFetch(routes());
    renderAt(<UsersScreen user={admin} />);
    openTab();
    const lunaRow = (await screen.findByRole('rowheader', { name: 'Agencia Luna' })).closest('tr')!;
    expect(within(lunaRow).queryByRole('button', { name: /Invitar gerente/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Invitar gerente de / }).map((b) => b.getAttribute('aria-label'))).toEqual(['Invitar gerente de Inmobiliaria Sol']);
  });
});
