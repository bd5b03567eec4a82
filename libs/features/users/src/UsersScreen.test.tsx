/** @jest-environment jsdom */
import { AGENCY_REQUIRED, LAST_SUPER_ADMIN, type RoleSummary, type UserRow, type UsersStats } from '@arrendia/api-contract';
import { ACTION_ACCESS, APP_ROUTES, ROLE_LABELS, ROLE_NAMES, ROUTE_ACCESS } from '@arrendia/permissions';
import { answer, failsOnce, fakeResponse, renderAt, routedFetch, userWithRole } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { UsersScreen } from './UsersScreen';

const row = (id: number, overrides: Partial<UserRow> = {}): UserRow => ({
  id,
  email: `usuario${id}@example.com`,
  firstName: 'Ana',
  lastName: `García ${id}`,
  telefono: null,
  role: { roleName: 'inquilino', label: 'Inquilino' },
  agency: null,
  isActive: true,
  twoFactorEnabled: false,
  lastLogin: null,
  createdAt: '2026-11-01T09:00:00Z',
  ...overrides,
});
const ana = row(7, { lastLogin: '2026-07-01T22:30:00Z' });
const jorge = row(8, { firstName: 'Jorge', lastName: 'Admin', role: { roleName: 'super_admin', label: 'Super Administrador' } });
const stats: UsersStats = { total: 1247, active: 1198, newThisMonth: 15, admins: 5 };
const roles: RoleSummary[] = ROLE_NAMES.map((roleName, i) => ({ roleName, label: ROLE_LABELS[roleName], description: `Descripción ${i}`, userCount: i * 10 }));
const page = (rows: UserRow[]) => () => fakeResponse(200, rows, { 'X-Total-Count': String(rows.length) });

const routes = (extra = {}) => ({
  'GET /api/users/stats': () => stats,
  'GET /api/users/roles': () => roles,
  'GET /api/users/agencies': () => [{ id: 3, name: 'Inmobiliaria Sol' }],
  'GET /api/users?page=1&pageSize=20': page([ana, jorge]),
  ...extra,
});
const calls = (mock: jest.Mock) => mock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
const admin = { ...userWithRole('super_admin'), id: 1 };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

afterEach(() => act(() => resetToasts()));

describe('UsersScreen', () => {
  it('shows the server figures, the four tabs and each user with role, status and last access', async () => {
    global.fetch = routedFetch(routes());
    renderAt(<UsersScreen user={admin} />);
    expect(screen.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Total Usuarios' })).toHaveTextContent('1.247'));
    expect(screen.getByRole('group', { name: 'Usuarios Activos' })).toHaveTextContent('1.198');
    expect(screen.getByRole('group', { name: 'Nuevos este Mes' })).toHaveTextContent('15');
    expect(screen.getByRole('group', { name: 'Administradores' })).toHaveTextContent('5');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Todos los Usuarios', 'Gestión de Roles', 'Permisos', 'Agencias']);
    expect(screen.getByRole('tab', { name: 'Todos los Usuarios' })).toHaveAttribute('aria-selected', 'true');

    const anaRow = (await screen.findByRole('rowheader', { name: 'Ana García 7' })).closest('tr')!;
    expect(anaRow).toHaveTextContent('usuario7@example.com');
    expect(anaRow).toHaveTextContent('Inquilino');
    expect(anaRow).toHaveTextContent('Activo');
    // Madrid time, summer: 22:30 UTC is 00:30 the next day.
    expect(anaRow).toHaveTextContent('02/07/2026 00:30');
    expect(screen.getByRole('rowheader', { name: 'Jorge Admin' }).closest('tr')).toHaveTextContent('Nunca');
    expect(screen.getByLabelText('Buscar usuarios')).toHaveAttribute('placeholder', 'Buscar por nombre, email o rol…');
  });

  it('says when the users could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch(routes({ 'GET /api/users?page=1&pageSize=20': failsOnce(fakeResponse(200, [ana, jorge], { 'X-Total-Count': '2' })) }));
    renderAt(<UsersScreen user={admin} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los usuarios');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('rowheader', { name: 'Ana García 7' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the user to edit could not be loaded, and «Reintentar» loads them', async () => {
    const detail = { ...ana, telefono: '600111222', nifCif: null, ibanBancaria: null, lastPasswordChange: null };
    global.fetch = routedFetch(routes({ 'GET /api/users/7': failsOnce(detail) }));
    renderAt(<UsersScreen user={admin} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar a Ana García 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuario' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudo cargar el usuario');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByLabelText('Teléfono (opcional)')).toHaveValue('600111222');
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Ana');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("edits a user: the schema's output goes to its PATCH, and the dialog closes", async () => {
    const detail = { ...ana, telefono: '600111222', nifCif: null, ibanBancaria: null, lastPasswordChange: null };
    const patch = jest.fn((_body: unknown) => answer(200, { ...detail, firstName: 'Anabel' }));
    global.fetch = routedFetch(routes({ 'GET /api/users/7': () => detail, 'PATCH /api/users/7': (init?: RequestInit) => patch(JSON.parse(String(init?.body))) }));
    renderAt(<UsersScreen user={admin} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar a Ana García 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuario' });
    const name = await within(dialog).findByLabelText('Nombre');
    await userEvent.clear(name);
    await userEvent.type(name, '  Anabel ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Usuario guardado')).toBeVisible();
    // An inquilino has no agency: none is sent; the empty optional fields are cleared.
    expect(patch).toHaveBeenCalledWith({ firstName: 'Anabel', lastName: 'García 7', telefono: '600111222', nifCif: null, ibanBancaria: null });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Usuario' })).toBeNull());
  });

  it('asks for the agency of a new agent before calling, then sends the role with it', async () => {
    const patch = jest.fn((_body: unknown) => answer(200, { ...ana, role: { roleName: 'agente', label: 'Agente Inmobiliario' }, agency: { id: 3, name: 'Inmobiliaria Sol' }, nifCif: null, ibanBancaria: null, lastPasswordChange: null }));
    global.fetch = routedFetch(routes({ 'PATCH /api/users/7/role': (init?: RequestInit) => patch(JSON.parse(String(init?.body))) }));
    renderAt(<UsersScreen user={admin} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar rol de Ana García 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar rol' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Rol' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Agente Inmobiliario' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar rol' }));
    expect(await within(dialog).findByText(AGENCY_REQUIRED)).toBeVisible();
    expect(patch).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Agencia' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inmobiliaria Sol' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar rol' }));
    expect(await screen.findByText('Rol cambiado')).toBeVisible();
    expect(patch).toHaveBeenCalledWith({ roleName: 'agente', agencyId: 3 });
  });

  it('searches on the server: what is typed goes as q', async () => {
    const fetch = routedFetch(routes({ 'GET /api/users?q=agente&page=1&pageSize=20': page([]) }));
    global.fetch = fetch;
    renderAt(<UsersScreen user={admin} />);
    await screen.findByRole('rowheader', { name: 'Ana García 7' });
    await userEvent.type(screen.getByLabelText('Buscar usuarios'), 'agente');
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
    // Debounced: one request for the word, none per letter.
    expect(calls(fetch).filter((c) => c.startsWith('GET /api/users?'))).toEqual(['GET /api/users?page=1&pageSize=20', 'GET /api/users?q=agente&page=1&pageSize=20']);
  });

  it('reads role, status, order and page from the URL, sorts by a column header, and writes every move back to the URL', async () => {
    const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => row(from + i));
    const paged = (rows: UserRow[], total: number) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });
    const fetch = routedFetch(
      routes({
        'GET /api/users?role=inquilino&status=activo&sort=-lastLogin&page=2&pageSize=20': paged(many(21, 3), 23),
        'GET /api/users?role=inquilino&status=activo&sort=email&page=1&pageSize=20': paged(many(41, 20), 23),
        'GET /api/users?role=inquilino&sort=email&page=1&pageSize=20': paged(many(61, 20), 90),
      }),
    );
    global.fetch = fetch;
    renderAt(
      <>
        <UsersScreen user={admin} />
        <Where />
      </>,
      '/users?role=inquilino&status=activo&sort=-lastLogin&page=2',
    );
    expect(await screen.findByRole('rowheader', { name: 'Ana García 21' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Páginas de usuarios' })).toHaveTextContent('Mostrando 21–23 de 23');
    expect(screen.getByRole('combobox', { name: 'Rol' })).toHaveTextContent('Inquilino');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Activo');
    expect(screen.getByRole('columnheader', { name: /Último acceso/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(within(screen.getByRole('columnheader', { name: /Email/ })).getByRole('button'));
    expect(await screen.findByRole('rowheader', { name: 'Ana García 41' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/users?role=inquilino&status=activo&sort=email');
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Todos' }));
    expect(await screen.findByText('Mostrando 1–20 de 90')).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/users?role=inquilino&sort=email');
  });

  it('opens Crear Usuario from ?nuevo=1 and refuses a bad IBAN in Spanish without calling the API', async () => {
    const fetch = routedFetch(routes());
    global.fetch = fetch;
    renderAt(<UsersScreen user={admin} />, '/users?nuevo=1');
    const dialog = await screen.findByRole('dialog', { name: 'Crear Usuario' });
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Marta');
    await userEvent.type(within(dialog).getByLabelText('Apellidos'), 'Vidal');
    await userEvent.type(within(dialog).getByLabelText('Correo electrónico'), 'marta@example.com');
    await userEvent.type(within(dialog).getByLabelText('IBAN (opcional)'), 'ES00 1234 5678 9012 3456 7890');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Usuario' }));
    expect(await within(dialog).findByText('El IBAN no es válido')).toBeVisible();
    expect(within(dialog).getByLabelText('IBAN (opcional)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Elige un rol')).toBeVisible();
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('creates a user without a password and shows the one-time link to copy', async () => {
    const post = jest.fn((_body: unknown) =>
      answer(201, { ...row(9, { firstName: 'Marta', lastName: 'Vidal' }), nifCif: null, ibanBancaria: null, lastPasswordChange: null, setupLink: { link: '/restablecer/tok', expiresAt: '2026-12-02T10:00:00Z' } }),
    );
    global.fetch = routedFetch(routes({ 'POST /api/users': (init?: RequestInit) => post(JSON.parse(String(init?.body))) }));
    renderAt(<UsersScreen user={admin} />);
    await userEvent.click(screen.getByRole('button', { name: 'Crear Usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear Usuario' });
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Marta');
    await userEvent.type(within(dialog).getByLabelText('Apellidos'), 'Vidal');
    await userEvent.type(within(dialog).getByLabelText('Correo electrónico'), 'marta@example.com');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Rol' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inquilino' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Usuario' }));
    expect(await within(dialog).findByLabelText('Enlace para elegir la contraseña')).toHaveValue('http://localhost/restablecer/tok');
    expect(within(dialog).getByText(/caduca el 02\/12\/2026 11:00/)).toBeVisible();
    // What is sent is the schema's output: the empty password (and the agency an inquilino has not) left out.
    expect(post).toHaveBeenCalledWith({ email: 'marta@example.com', firstName: 'Marta', lastName: 'Vidal', roleName: 'inquilino', telefono: null, nifCif: null, ibanBancaria: null });
  });

  it('shows the server refusal when deactivating the last active super admin', async () => {
    const fetch = routedFetch(routes({ 'POST /api/users/8/deactivate': () => answer(409, { error: 'last_super_admin', message: LAST_SUPER_ADMIN }) }));
    global.fetch = fetch;
    renderAt(<UsersScreen user={admin} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Desactivar a Jorge Admin' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Desactivar a Jorge Admin?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText(LAST_SUPER_ADMIN)).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/users/8/deactivate');
  });

  it("hides deactivation and role change on the admin's own row", async () => {
    global.fetch = routedFetch(routes());
    renderAt(<UsersScreen user={{ ...admin, id: 8 }} />);
    await screen.findByRole('rowheader', { name: 'Jorge Admin' });
    expect(screen.queryByRole('button', { name: 'Desactivar a Jorge Admin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cambiar rol de Jorge Admin' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Desactivar a Ana García 7' })).toBeVisible();
  });

  it('turns off the two-factor authentication of a user who has it on, after a confirmation, and reads the list again', async () => {
    const locked = row(9, { firstName: 'Lola', lastName: 'Bloqueada', twoFactorEnabled: true });
    let served = [ana, locked];
    const fetch = routedFetch(
      routes({
        'GET /api/users?page=1&pageSize=20': () => fakeResponse(200, served, { 'X-Total-Count': '2' }),
        'POST /api/users/9/two-factor/reset': () => {
          served = [ana, { ...locked, twoFactorEnabled: false }];
          return { ...locked, twoFactorEnabled: false };
        },
      }),
    );
    global.fetch = fetch;
    renderAt(<UsersScreen user={admin} />);
    await screen.findByRole('rowheader', { name: 'Lola Bloqueada' });
    // Only the user with it on has the action.
    expect(screen.queryByRole('button', { name: 'Quitar verificación en dos pasos de Ana García 7' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar verificación en dos pasos de Lola Bloqueada' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Desactivar la verificación en dos pasos de Lola Bloqueada?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Verificación en dos pasos desactivada')).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/users/9/two-factor/reset');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Quitar verificación en dos pasos de Lola Bloqueada' })).toBeNull());
  });

  it('shows a reset link as a full address with its expiry', async () => {
    global.fetch = routedFetch(routes({ 'POST /api/users/7/password-reset': () => answer(201, { link: '/restablecer/abc', expiresAt: '2026-12-02T10:00:00Z' }) }));
    renderAt(<UsersScreen user={admin} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Restablecer contraseña de Ana García 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restablecer contraseña' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));
    expect(await within(dialog).findByLabelText('Enlace para restablecer la contraseña')).toHaveValue('http://localhost/restablecer/abc');
    expect(within(dialog).getByText(/caduca el 02\/12\/2026 11:00/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Copiar enlace' })).toBeVisible();
  });

  it('lists the six roles with description and number of users', async () => {
    global.fetch = routedFetch(routes());
    renderAt(<UsersScreen user={admin} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Gestión de Roles' }), { button: 0 });
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(ROLE_NAMES.map((r) => `${ROLE_LABELS[r]}${r}`));
    expect(within(table).getByRole('rowheader', { name: /Agente Inmobiliario/ }).closest('tr')).toHaveTextContent('Descripción 330');
  });

  it('says when the roles could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch(routes({ 'GET /api/users/roles': failsOnce(roles) }));
    renderAt(<UsersScreen user={admin} />);
    await screen.findByRole('rowheader', { name: 'Ana García 7' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Gestión de Roles' }), { button: 0 });
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los roles');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(ROLE_NAMES.length);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('draws the permission matrices from ROUTE_ACCESS and ACTION_ACCESS, one cell per route or action and role', async () => {
    global.fetch = routedFetch(routes());
    renderAt(<UsersScreen user={admin} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Permisos' }), { button: 0 });
    const screens = await screen.findByRole('table', { name: 'Pantallas' });
    const headers = within(screens).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Pantalla', ...ROLE_NAMES.map((r) => ROLE_LABELS[r])]);
    const rows = within(screens).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(APP_ROUTES.length);
    APP_ROUTES.forEach((route, i) => {
      const cells = within(rows[i]).getAllByRole('cell').map((c) => c.textContent);
      expect([route, cells]).toEqual([route, ROLE_NAMES.map((role) => (ROUTE_ACCESS[route].includes(role) ? 'Sí' : 'No'))]);
      expect(within(rows[i]).getByRole('rowheader')).toHaveTextContent(route);
    });
    expect(within(screens).getByRole('rowheader', { name: 'Usuarios (/users)' }).closest('tr')).toHaveTextContent('SíNoNoNoNoNo');

    const actions = screen.getByRole('table', { name: 'Acciones' });
    const actionRows = within(actions).getAllByRole('row').slice(1);
    expect(actionRows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(Object.keys(ACTION_ACCESS));
    const manage = within(actions).getByRole('rowheader', { name: 'users:manage' }).closest('tr')!;
    expect(within(manage).getAllByRole('cell').map((c) => c.textContent)).toEqual(ROLE_NAMES.map((role) => ((ACTION_ACCESS['users:manage'] as readonly string[]).includes(role) ? 'Sí' : 'No')));
  });
});
