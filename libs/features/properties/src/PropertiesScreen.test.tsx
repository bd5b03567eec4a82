/** @jest-environment jsdom */
import { OWNER_INVITATION_MESSAGES, PROPERTY_AGENCY_MESSAGES, UNIT_MESSAGES, type ConsentRequest, type PropertyDetail, type PropertyListItem, type PropertyUnit } from '@arrendia/api-contract';
import { resetToasts } from '@arrendia/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PropertiesScreen } from './PropertiesScreen';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { failsOnce, fakeResponse, findToast, pending, renderAt, serve, userWithRole, type FakeRoutes } from '@arrendia/testing';

const property = (id: number, over: Partial<PropertyListItem> = {}): PropertyListItem => ({
  id,
  ownerUserId: 1,
  managerAgencyId: null,
  propertyName: `Piso ${id}`,
  addressStreet: 'Calle de Fuencarral',
  addressNumber: String(id),
  addressDetails: null,
  city: 'Madrid',
  province: 'Madrid',
  postalCode: '28004',
  country: 'España',
  refCatastral: null,
  totalAreaM2: '85.50',
  buildYear: null,
  notes: null,
  isArchived: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  unitCount: 1,
  rentedUnits: 0,
  monthlyRent: '0.00',
  ...over,
});

const LIST = 'GET /api/properties?page=1&pageSize=20';
const screenAt = (path = '/properties') => renderAt(<PropertiesScreen user={null} />, path, '/properties/*');

const UNITS_PAGE = 'GET /api/properties/4/units?page=1&pageSize=20';

/**
 * 'Unidades' of a detail reads its own paged list (issue 33): this answers it with the units of the
 * detail route's answer, in the API's own order (the active ones first, each group as added).
 */
function withUnitsPage(routes: FakeRoutes): FakeRoutes {
  const detail = routes['GET /api/properties/4'];
  if (!detail || routes[UNITS_PAGE]) return routes;
  return {
    ...routes,
    [UNITS_PAGE]: async () => {
      const { units } = (await (await detail()).json()) as PropertyDetail;
      const ordered = [...units].sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.id - b.id);
      return fakeResponse(200, ordered, { 'X-Total-Count': String(units.length) });
    },
  };
}

/** `serve` for a detail: its units' list answered from the detail (withUnitsPage). */
const serveDetail = (routes: FakeRoutes) => serve(withUnitsPage(routes));

beforeEach(() => {
  resetToasts();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('PropertiesScreen list', () => {
  it('shows 6 placeholders while loading', () => {
    pending();
    screenAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Propiedades' })).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Cargando propiedades' })).getAllByRole('listitem')).toHaveLength(6);
  });

  it('shows the empty state with an add-first-property button', async () => {
    serve({ [LIST]: () => fakeResponse(200, []) });
    screenAt();
    expect(await screen.findByRole('heading', { name: 'No tienes propiedades' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir tu primera propiedad' }));
    expect(await screen.findByRole('dialog', { name: 'Nueva Propiedad' })).toBeVisible();
  });

  it('says when the list could not be loaded, and «Reintentar» loads it', async () => {
    serve({ [LIST]: failsOnce(fakeResponse(200, [property(1)])) });
    screenAt();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las propiedades');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Piso 1' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("narrows the list to one owner with ?ownerId ('Ver cartera'), says whose it is and links back to all", async () => {
    const fetch = serve({ 'GET /api/properties?ownerId=12&page=1&pageSize=20': () => fakeResponse(200, []) });
    screenAt('/properties?ownerId=12');
    expect(await screen.findByRole('heading', { name: 'Este propietario no tiene propiedades' })).toBeVisible();
    const note = screen.getByRole('region', { name: 'Filtro de cartera' });
    expect(note).toHaveTextContent('Cartera de un propietario');
    expect(within(note).getByRole('link', { name: 'Ver todas las propiedades' })).toHaveAttribute('href', '/properties');
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/properties?ownerId=12&page=1&pageSize=20']);
  });

  it('ignores an ownerId that is not an id', async () => {
    serve({ [LIST]: () => fakeResponse(200, []) });
    screenAt('/properties?ownerId=abc');
    expect(await screen.findByRole('heading', { name: 'No tienes propiedades' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Filtro de cartera' })).not.toBeInTheDocument();
  });

  it('draws a card per property: name, Activa/Archivada, street number and city, area, Ver Detalles', async () => {
    serve({ [LIST]: () => fakeResponse(200, [property(1), property(2, { isArchived: true, totalAreaM2: null, addressNumber: null, city: 'Sevilla' })]) });
    screenAt();
    const first = await screen.findByRole('article', { name: 'Piso 1' });
    const cards = within(screen.getByRole('list', { name: 'Propiedades' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Piso 1', 'Piso 2']);
    expect(within(first).getByText('Activa')).toBeVisible();
    expect(within(first).queryByText('Archivada')).toBeNull();
    expect(within(first).getByText('Calle de Fuencarral 1, Madrid')).toBeVisible();
    expect(within(first).getByText('85,5 m²')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Ver Detalles de Piso 1' })).toHaveAttribute('href', '/properties/1');
    const second = cards[1];
    expect(within(second).getByText('Archivada')).toBeVisible();
    expect(within(second).queryByText('Activa')).toBeNull();
    expect(within(second).getByText('Calle de Fuencarral, Sevilla')).toBeVisible();
    expect(within(second).queryByText(/m²/)).toBeNull();
    expect(within(second).getByRole('link', { name: 'Ver Detalles de Piso 2' })).toHaveAttribute('href', '/properties/2');
  });
});

describe('PropertiesScreen paging, filters and order (issue 33: the state in the URL)', () => {
  const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => property(from + i));
  const paged = (rows: PropertyListItem[], total: number) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });
  const listAt = (path: string) =>
    renderAt(
      <>
        <PropertiesScreen user={null} />
        <Where />
      </>,
      path,
      '/properties/*',
    );

  it('reads page, filters and order from the URL, says which rows it shows, and every move writes the URL back', async () => {
    const fetch = serve({
      'GET /api/properties?city=Madrid&archived=false&sort=propertyName&page=2&pageSize=20': paged(many(21, 20), 45),
      'GET /api/properties?city=Madrid&archived=false&sort=propertyName&page=3&pageSize=20': paged(many(41, 5), 45),
      'GET /api/properties?city=Madrid&sort=propertyName&page=1&pageSize=20': paged(many(1, 20), 60),
      'GET /api/properties?city=Madrid&sort=-propertyName&page=1&pageSize=20': paged(many(61, 20), 60),
    });
    listAt('/properties?city=Madrid&archived=false&sort=propertyName&page=2');
    expect(await screen.findByRole('article', { name: 'Piso 21' })).toBeVisible();
    const pages = screen.getByRole('navigation', { name: 'Páginas de propiedades' });
    expect(pages).toHaveTextContent('Mostrando 21–40 de 45');
    expect(screen.getByRole('searchbox', { name: 'Ciudad' })).toHaveValue('Madrid');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Activas');
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveTextContent('Nombre (A–Z)');

    await userEvent.click(within(pages).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('article', { name: 'Piso 41' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/properties?city=Madrid&archived=false&sort=propertyName&page=3');

    // A filter or an order change goes back to the first page.
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Todas' }));
    expect(await screen.findByText('Mostrando 1–20 de 60')).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/properties?city=Madrid&sort=propertyName');
    await userEvent.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nombre (Z–A)' }));
    expect(await screen.findByRole('article', { name: 'Piso 61' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/properties?city=Madrid&sort=-propertyName');
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/properties?page=1&pageSize=20');
  });

  it('says when the filters match nothing, and «Quitar filtros» lists everything again, keeping the owner of «Ver cartera»', async () => {
    serve({
      'GET /api/properties?ownerId=12&q=chamberi&page=1&pageSize=20': paged([], 0),
      'GET /api/properties?ownerId=12&page=1&pageSize=20': paged([property(3)], 1),
    });
    listAt('/properties?ownerId=12&q=chamberi');
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Buscar propiedades' })).toHaveValue('chamberi');
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(await screen.findByRole('article', { name: 'Piso 3' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/properties?ownerId=12');
    expect(screen.getByRole('region', { name: 'Filtro de cartera' })).toBeVisible();
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

describe('PropertiesScreen create dialog', () => {
  it('refuses an empty form with the Spanish messages and sends nothing', async () => {
    const fetch = serve({ [LIST]: () => fakeResponse(200, []) });
    screenAt('/properties?nueva=1');
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Propiedad' });
    expect((within(dialog).getByLabelText('País') as HTMLInputElement).value).toBe('España');
    fireEvent.change(within(dialog).getByLabelText('Código postal'), { target: { value: '99999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear Propiedad' }));
    await within(dialog).findByText('El nombre de la propiedad es obligatorio');
    // Each message is read with its own field.
    expect(within(dialog).getByLabelText('Nombre de la propiedad')).toHaveAccessibleDescription('El nombre de la propiedad es obligatorio');
    expect(within(dialog).getByLabelText('Calle')).toHaveAccessibleDescription('La calle es obligatoria');
    expect(within(dialog).getByLabelText('Ciudad')).toHaveAccessibleDescription('La ciudad es obligatoria');
    expect(within(dialog).getByLabelText('Provincia')).toHaveAccessibleDescription('La provincia es obligatoria');
    expect(within(dialog).getByLabelText('Código postal')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Nombre de la propiedad')).toBeInvalid();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  function fill(dialog: HTMLElement) {
    const type = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('Nombre de la propiedad', 'Ático de Lavapiés');
    type('Calle', 'Calle del Ave María');
    type('Número', '12');
    type('Ciudad', 'Madrid');
    type('Provincia', 'Madrid');
    type('Código postal', '28012');
    type('Superficie total (m²)', '72,5');
  }

  it("sends the form, shows 'Guardando...' while pending, the spec's toast, and refreshes the list", async () => {
    let answer: (r: Response) => void = () => undefined;
    let lists = 0;
    const fetch = serve({
      [LIST]: () => fakeResponse(200, lists++ === 0 ? [] : [property(9, { propertyName: 'Ático de Lavapiés' })]),
      'POST /api/properties': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/dashboard/metrics': () => fakeResponse(200, {}),
    });
    screenAt('/properties?nueva=1');
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Propiedad' });
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear Propiedad' }));
    const saving = await within(dialog).findByRole('button', { name: 'Guardando...' });
    expect(saving).toBeDisabled();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ propertyName: 'Ático de Lavapiés', unitType: 'vivienda', postalCode: '28012', country: 'España', totalAreaM2: 72.5 });
    answer(fakeResponse(201, property(9, { propertyName: 'Ático de Lavapiés' })));
    expect(await findToast('Propiedad creada')).toHaveTextContent('La propiedad ha sido creada exitosamente');
    expect(await screen.findByRole('article', { name: 'Ático de Lavapiés' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Nueva Propiedad' })).toBeNull();
  });

  it("shows the server's field message under its field and the 'Error' toast", async () => {
    serve({
      [LIST]: () => fakeResponse(200, []),
      'POST /api/properties': () =>
        fakeResponse(409, { error: 'conflict', message: 'Ya existe', fields: { refCatastral: 'Ya existe una propiedad con esa referencia catastral' } }),
    });
    screenAt('/properties?nueva=1');
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Propiedad' });
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear Propiedad' }));
    await within(dialog).findByText('Ya existe una propiedad con esa referencia catastral');
    expect(within(dialog).getByLabelText('Referencia catastral (opcional)')).toHaveAccessibleDescription('Ya existe una propiedad con esa referencia catastral');
    expect(await findToast('Error')).toHaveTextContent('No se pudo crear la propiedad');
  });
});

describe("PropertiesScreen create dialog: the owner ('Propietario')", () => {
  const OWNERS = 'GET /api/properties/owners';
  const ana = { id: 31, firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com' };

  function fillRequired(dialog: HTMLElement) {
    const type = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type('Nombre de la propiedad', 'Ático de Lavapiés');
    type('Calle', 'Calle del Ave María');
    type('Ciudad', 'Madrid');
    type('Provincia', 'Madrid');
    type('Código postal', '28012');
  }

  it.each(['admin_agencia', 'agente', 'propietario_delegado'])('asks %s for an owner among those the API offers, shows the API refusal under it, then sends the one chosen', async (role) => {
    const posts: unknown[] = [];
    serve({
      [LIST]: () => fakeResponse(200, []),
      [OWNERS]: () => fakeResponse(200, [ana]),
      'POST /api/properties': (init?: RequestInit) => {
        const body = JSON.parse(String(init!.body));
        posts.push(body);
        return body.ownerUserId === undefined
          ? fakeResponse(400, { error: 'validation_error', message: 'Revisa los campos marcados', fields: { ownerUserId: 'Indica el propietario de la propiedad' } })
          : fakeResponse(201, property(9, { ownerUserId: 31 }));
      },
    });
    renderAt(<PropertiesScreen user={userWithRole(role)} />, '/properties?nueva=1', '/properties/*');
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Propiedad' });
    const owner = within(dialog).getByRole('combobox', { name: 'Propietario' });
    fillRequired(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear Propiedad' }));
    await waitFor(() => expect(owner).toHaveAccessibleDescription('Indica el propietario de la propiedad'));
    expect(posts[0]).not.toHaveProperty('ownerUserId');

    await userEvent.click(owner);
    await userEvent.click(await screen.findByRole('option', { name: 'Ana Ruiz (ana@example.com)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear Propiedad' }));
    expect(await findToast('Propiedad creada')).toBeVisible();
    expect(posts[1]).toMatchObject({ ownerUserId: 31, propertyName: 'Ático de Lavapiés' });
  });

  it('does not ask an owner, nor read the owners', async () => {
    const fetch = serve({ [LIST]: () => fakeResponse(200, []) });
    renderAt(<PropertiesScreen user={userWithRole('propietario_individual')} />, '/properties?nueva=1', '/properties/*');
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Propiedad' });
    expect(within(dialog).queryByRole('combobox', { name: 'Propietario' })).toBeNull();
    expect(within(dialog).getByRole('combobox', { name: 'Tipo de unidad' })).toBeVisible();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/properties/owners');
  });
});

describe("PropertiesScreen create dialog: 'Invitar a un propietario nuevo' (issue 32)", () => {
  const OWNERS = 'GET /api/properties/owners';
  const INVITE = 'POST /api/owner-invitations';
  const INVITE_BUTTON = 'Invitar a un propietario nuevo';
  const created = { id: 5, email: 'olivia@example.com', firstName: 'Olivia', lastName: 'Propietaria', agencyName: 'Inmobiliaria Sol', expiresAt: '2026-12-02T10:00:00Z', link: '/invitacion-propietario/abcdefghijklmnopqrstuvwx' };

  async function openCreate(role: string, owners: unknown[] = []) {
    const fetch = serve({
      [LIST]: () => fakeResponse(200, []),
      [OWNERS]: () => fakeResponse(200, owners),
      [INVITE]: (init?: RequestInit) =>
        JSON.parse(String(init!.body)).email === 'ana@example.com'
          ? fakeResponse(409, { error: 'conflict', message: OWNER_INVITATION_MESSAGES.alreadyClient, fields: { email: OWNER_INVITATION_MESSAGES.alreadyClient } })
          : fakeResponse(201, created),
    });
    renderAt(<PropertiesScreen user={userWithRole(role)} />, '/properties?nueva=1', '/properties/*');
    return { fetch, dialog: await screen.findByRole('dialog', { name: 'Nueva Propiedad' }) };
  }

  const invitePosts = (fetch: jest.Mock) => fetch.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === INVITE).map(([, init]) => JSON.parse(String(init.body)));

  it.each(['admin_agencia', 'agente'])('offers %s the button under the owner select', async (role) => {
    const { dialog } = await openCreate(role, [{ id: 31, firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com' }]);
    expect(within(dialog).getByRole('combobox', { name: 'Propietario' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: INVITE_BUTTON })).toBeVisible();
  });

  it.each(['propietario_individual', 'propietario_delegado'])('does not offer %s to invite owners', async (role) => {
    const { dialog } = await openCreate(role);
    expect(within(dialog).queryByRole('button', { name: INVITE_BUTTON })).toBeNull();
  });

  it('points an agency with no owners yet to the button', async () => {
    const { dialog } = await openCreate('admin_agencia');
    const owner = within(dialog).getByRole('combobox', { name: 'Propietario' });
    await waitFor(() => expect(owner).toHaveAccessibleDescription(/Tu agencia aún no tiene propietarios: usa «Invitar a un propietario nuevo»/));
  });

  it('reads the owners again each time the dialog opens: an invited owner is there once it accepts', async () => {
    const { fetch, dialog } = await openCreate('admin_agencia');
    const ownerReads = () => fetch.mock.calls.filter(([url]) => String(url) === '/api/properties/owners').length;
    await waitFor(() => expect(ownerReads()).toBe(1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva Propiedad' })).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Añadir Propiedad' }));
    await screen.findByRole('dialog', { name: 'Nueva Propiedad' });
    await waitFor(() => expect(ownerReads()).toBe(2));
  });

  it('sends the invitation and shows the full link to copy, over the property dialog, which stays open', async () => {
    const { fetch, dialog } = await openCreate('admin_agencia');
    fireEvent.change(within(dialog).getByLabelText('Nombre de la propiedad'), { target: { value: 'Ático de Lavapiés' } });
    await userEvent.click(within(dialog).getByRole('button', { name: INVITE_BUTTON }));
    const invite = await screen.findByRole('dialog', { name: 'Invitar propietario' });
    await userEvent.type(within(invite).getByLabelText('Correo electrónico'), 'Olivia@Example.com');
    await userEvent.type(within(invite).getByLabelText('Nombre'), 'Olivia');
    await userEvent.type(within(invite).getByLabelText('Apellidos'), 'Propietaria');
    await userEvent.click(within(invite).getByRole('button', { name: 'Crear invitación' }));

    expect(await within(invite).findByLabelText('Enlace de invitación')).toHaveValue('http://localhost/invitacion-propietario/abcdefghijklmnopqrstuvwx');
    expect(within(invite).getByLabelText('Enlace de invitación')).toHaveAttribute('readonly');
    expect(invitePosts(fetch)).toEqual([{ email: 'olivia@example.com', firstName: 'Olivia', lastName: 'Propietaria' }]);
    expect(invite).toHaveTextContent('Envía este enlace a Olivia. Cuando acepte, podrás elegirle como propietario.');
    expect(invite).toHaveTextContent('caduca el 02/12/2026');
    expect(await findToast('Invitación creada')).toBeVisible();

    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(invite).getByRole('button', { name: 'Copiar enlace' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/invitacion-propietario/abcdefghijklmnopqrstuvwx');
    expect(await findToast('Enlace copiado')).toBeVisible();

    // Closing the invitation leaves the property form as it was.
    await userEvent.click(within(invite).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invitar propietario' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Nueva Propiedad' })).toBeVisible();
    expect(screen.getByLabelText('Nombre de la propiedad')).toHaveValue('Ático de Lavapiés');
    expect(fetch.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url) === '/api/properties')).toHaveLength(0);
  });

  it("shows the API's 409 under 'Correo electrónico' and no link", async () => {
    const { dialog } = await openCreate('agente');
    await userEvent.click(within(dialog).getByRole('button', { name: INVITE_BUTTON }));
    const invite = await screen.findByRole('dialog', { name: 'Invitar propietario' });
    await userEvent.type(within(invite).getByLabelText('Correo electrónico'), 'ana@example.com');
    await userEvent.type(within(invite).getByLabelText('Nombre'), 'Ana');
    await userEvent.type(within(invite).getByLabelText('Apellidos'), 'Ruiz');
    await userEvent.click(within(invite).getByRole('button', { name: 'Crear invitación' }));
    await waitFor(() => expect(within(invite).getByLabelText('Correo electrónico')).toHaveAccessibleDescription(OWNER_INVITATION_MESSAGES.alreadyClient));
    expect(within(invite).queryByLabelText('Enlace de invitación')).toBeNull();
    // The property dialog is still there, underneath (hidden from assistive technology while the invitation is open).
    expect(screen.getByRole('form', { name: 'Nueva Propiedad', hidden: true })).toBeInTheDocument();
  });

  it('refuses an empty invitation with the Spanish messages and sends nothing', async () => {
    const { fetch, dialog } = await openCreate('admin_agencia');
    await userEvent.click(within(dialog).getByRole('button', { name: INVITE_BUTTON }));
    const invite = await screen.findByRole('dialog', { name: 'Invitar propietario' });
    await userEvent.click(within(invite).getByRole('button', { name: 'Crear invitación' }));
    expect(await within(invite).findByText('Indica el correo electrónico')).toBeVisible();
    expect(within(invite).getByLabelText('Nombre')).toHaveAccessibleDescription('El nombre es obligatorio');
    expect(within(invite).getByLabelText('Apellidos')).toHaveAccessibleDescription('Los apellidos son obligatorios');
    expect(invitePosts(fetch)).toHaveLength(0);
  });
});

describe('PropertiesScreen delete', () => {
  it('asks for confirmation, then deletes and says so', async () => {
    const fetch = serve({
      [LIST]: () => fakeResponse(200, [property(1)]),
      'DELETE /api/properties/1': () => fakeResponse(204),
      'GET /api/dashboard/metrics': () => fakeResponse(200, {}),
    });
    screenAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar Piso 1' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Estás seguro de que quieres eliminar esta propiedad?' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await findToast('Propiedad eliminada')).toHaveTextContent('La propiedad ha sido eliminada exitosamente');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it("shows the server's 409 reason with 'No se pudo eliminar la propiedad'", async () => {
    serve({
      [LIST]: () => fakeResponse(200, [property(1)]),
      'DELETE /api/properties/1': () => fakeResponse(409, { error: 'conflict', message: 'No se puede eliminar una propiedad con un contrato activo' }),
    });
    screenAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar Piso 1' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await findToast('Error')).toHaveTextContent('No se pudo eliminar la propiedad. No se puede eliminar una propiedad con un contrato activo');
  });
});

describe('PropertiesScreen detail (/properties/:id)', () => {
  const detail: PropertyDetail = {
    ...property(4),
    assignedAgent: null,
    managerAgency: null,
    pendingAgencyRequest: null,
    units: [
      {
        id: 40,
        mainPropertyId: 4,
        unitTypeId: 1,
        unitName: 'Bajo A',
        description: null,
        areaM2: null,
        currentStatus: 'Alquilado',
        baseRentPrice: '950.00',
        amenities: null,
        isActive: true,
        unitType: { id: 1, typeName: 'vivienda' },
        details: null,
        activeContract: null,
        listing: null,
      },
    ],
    contracts: [],
    incidents: [],
    recentTransactions: [],
  };

  it('shows the facts and each unit with its status and rent; Archivar sends isArchived', async () => {
    const fetch = serveDetail({
      'GET /api/properties/4': () => fakeResponse(200, detail),
      'PATCH /api/properties/4': () => fakeResponse(200, { ...property(4, { isArchived: true }) }),
    });
    screenAt('/properties/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Piso 4' })).toBeVisible();
    const facts = within(screen.getByRole('region', { name: 'Datos' }));
    expect(facts.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)).toEqual([
      'Dirección: Calle de Fuencarral 4',
      'Ciudad: 28004 Madrid (Madrid), España',
      'Superficie: 85,5 m²',
      'Año de construcción: —',
      'Referencia catastral: —',
      'Agencia gestora: Sin agencia',
      'Agente asignado: Sin agente asignado',
    ]);
    const unitRows = await within(screen.getByRole('region', { name: 'Unidades' })).findAllByRole('listitem');
    expect(unitRows).toHaveLength(1);
    expect(unitRows[0]).toHaveTextContent(/^Bajo A · Vivienda completa\s*Alquilado\s*950,00 €\/mes/);
    expect(within(screen.getByRole('region', { name: 'Contrato activo' })).getByText('No hay ningún contrato activo.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Archivar' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ isArchived: true });
  });

  it("ends each movement with what the portal composes ('Editar' and 'Eliminar', issue 33)", async () => {
    const movement = {
      transaction: { id: 90, rentableUnitId: 40, mainPropertyId: 4, categoryId: 8, contractId: null, type: 'Gasto' as const, amount: '120.00', transactionDate: '2026-11-02', description: 'Fontanero', paymentMethod: null, status: 'Completado' as const },
      category: { id: 8, categoryName: 'Reparaciones', isExpense: true },
    };
    serveDetail({ 'GET /api/properties/4': () => fakeResponse(200, { ...detail, recentTransactions: [movement] }) });
    renderAt(<PropertiesScreen user={null} transactionActions={(item) => <button type="button">{`Acciones de ${item.transaction.description}`}</button>} />, '/properties/4', '/properties/*');
    const movements = within(await screen.findByRole('region', { name: 'Movimientos' }));
    const [row] = movements.getAllByRole('listitem');
    expect(row).toHaveTextContent('Fontanero · 02/11/2026');
    expect(row).toHaveTextContent('-120,00 €');
    expect(within(row!).getByRole('button', { name: 'Acciones de Fontanero' })).toBeVisible();
  });

  it("'Editar' opens the form prefilled, sends only the changed fields and shows the saved property", async () => {
    let saved = false;
    const fetch = serveDetail({
      'GET /api/properties/4': () => fakeResponse(200, saved ? { ...detail, propertyName: 'Piso reformado', buildYear: null } : { ...detail, buildYear: 1990 }),
      'PATCH /api/properties/4': () => {
        saved = true;
        return fakeResponse(200, property(4, { propertyName: 'Piso reformado' }));
      },
    });
    screenAt('/properties/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Propiedad' });
    expect(within(dialog).getByLabelText('Nombre de la propiedad')).toHaveValue('Piso 4');
    expect(within(dialog).getByLabelText('Calle')).toHaveValue('Calle de Fuencarral');
    expect(within(dialog).getByLabelText('Código postal')).toHaveValue('28004');
    expect(within(dialog).getByLabelText('Superficie total (m²)')).toHaveValue('85.5');
    expect(within(dialog).getByLabelText('Año de construcción')).toHaveValue('1990');
    expect(within(dialog).queryByText('Tipo de unidad')).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Nombre de la propiedad'), { target: { value: 'Piso reformado' } });
    fireEvent.change(within(dialog).getByLabelText('Año de construcción'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await findToast('Propiedad actualizada')).toBeVisible();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ propertyName: 'Piso reformado', buildYear: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Piso reformado' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Editar Propiedad' })).toBeNull();
  });

  it("'Editar' with nothing changed says 'Indica al menos un cambio' and sends nothing", async () => {
    const fetch = serveDetail({ 'GET /api/properties/4': () => fakeResponse(200, detail) });
    screenAt('/properties/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Propiedad' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Indica al menos un cambio')).toBeVisible();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it("says 'Propiedad no encontrada' for an unknown id", async () => {
    serveDetail({ 'GET /api/properties/77': () => fakeResponse(404, { error: 'not_found', message: 'No se ha encontrado la propiedad' }) });
    screenAt('/properties/77');
    expect(await screen.findByRole('heading', { name: 'Propiedad no encontrada' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('says when the property could not be loaded, and «Reintentar» loads it', async () => {
    serveDetail({ 'GET /api/properties/4': failsOnce(fakeResponse(200, detail)) });
    screenAt('/properties/4');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la propiedad');
    expect(screen.getByRole('heading', { level: 1, name: 'Propiedad' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver a Propiedades' })).toHaveAttribute('href', '/properties');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Piso 4' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PropertiesScreen detail: units', () => {
  const DETAIL = 'GET /api/properties/4';
  const unit = (id: number, over: Partial<PropertyUnit> = {}): PropertyUnit => ({
    id,
    mainPropertyId: 4,
    unitTypeId: 1,
    unitName: `Unidad ${id}`,
    description: null,
    areaM2: null,
    currentStatus: 'Disponible',
    baseRentPrice: null,
    amenities: null,
    isActive: true,
    unitType: { id: 1, typeName: 'vivienda' },
    details: null,
    activeContract: null,
    listing: null,
    ...over,
  });
  const withUnits = (units: PropertyUnit[], over: Partial<PropertyDetail> = {}): PropertyDetail => ({
    ...property(4),
    assignedAgent: null,
    managerAgency: null,
    pendingAgencyRequest: null,
    units,
    contracts: [],
    incidents: [],
    recentTransactions: [],
    ...over,
  });
  const bodyOf = (fetch: jest.Mock, method: string) => {
    const call = fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === method);
    return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
  };
  const unitsRegion = () => within(screen.getByRole('region', { name: 'Unidades' }));
  const unitsRegionFound = async (unitName: string) => within(await screen.findByRole('region', { name: 'Unidades' })).findByText(unitName, { exact: false, selector: 'span' });
  const choose = async (combobox: HTMLElement, option: string) => {
    await userEvent.click(combobox);
    await userEvent.click(await screen.findByRole('option', { name: option }));
  };

  it('lists each unit with type, area, rent, status and occupancy (a link to its active contract, else Libre), archived ones last with their badge', async () => {
    serveDetail({
      [DETAIL]: () =>
        fakeResponse(
          200,
          withUnits([
            unit(41, { unitName: 'Trastero 1', isActive: false, unitType: { id: 4, typeName: 'trastero' }, areaM2: '6.00' }),
            unit(42, { unitName: 'Habitación 1', unitType: { id: 2, typeName: 'habitacion' }, areaM2: '12.50', baseRentPrice: '450.00', currentStatus: 'Alquilado', activeContract: { id: 7, contractCode: 'CTR-2026-007' } }),
            unit(43, { unitName: 'Habitación 2', unitType: { id: 2, typeName: 'habitacion' }, currentStatus: 'Reservado' }),
          ]),
        ),
    });
    screenAt('/properties/4');
    await screen.findByRole('heading', { level: 1, name: 'Piso 4' });
    const rows = await unitsRegion().findAllByRole('listitem');
    expect(rows.map((row) => row.firstElementChild?.firstElementChild?.textContent)).toEqual(['Habitación 1 · Habitación · 12,5 m²', 'Habitación 2 · Habitación', 'Trastero 1 · Trastero · 6 m²']);

    expect(rows[0]).toHaveTextContent('Alquilado');
    expect(rows[0]).toHaveTextContent('450,00 €/mes');
    expect(within(rows[0]).getByRole('link', { name: 'Contrato CTR-2026-007' })).toHaveAttribute('href', '/contracts/7');
    expect(within(rows[0]).queryByText('Libre')).toBeNull();
    expect(within(rows[0]).queryByText('Archivada')).toBeNull();
    expect(within(rows[0]).getByRole('button', { name: 'Archivar Habitación 1' })).toBeVisible();

    expect(within(rows[1]).getByText('Reservado')).toBeVisible();
    expect(within(rows[1]).getByText('Sin renta')).toBeVisible();
    expect(within(rows[1]).getByText('Libre')).toBeVisible();
    expect(within(rows[1]).queryByRole('link')).toBeNull();

    expect(within(rows[2]).getByText('Archivada')).toBeVisible();
    expect(within(rows[2]).getByRole('button', { name: 'Restaurar Trastero 1' })).toBeVisible();
    expect(within(rows[2]).getByRole('button', { name: 'Editar Trastero 1' })).toBeVisible();
    expect(unitsRegion().getByRole('button', { name: 'Añadir unidad' })).toBeVisible();
  });

  it("pages, filters and sorts the units on the server, the state in the URL under 'unidades.' (issue 33)", async () => {
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, withUnits([unit(41)])),
      'GET /api/properties/4/units?status=Reservado&page=2&pageSize=20': () => fakeResponse(200, [unit(61, { currentStatus: 'Reservado' })], { 'X-Total-Count': '21' }),
      'GET /api/properties/4/units?page=1&pageSize=20': () => fakeResponse(200, [unit(41)], { 'X-Total-Count': '1' }),
      'GET /api/properties/4/units?sort=-baseRentPrice&page=1&pageSize=20': () => fakeResponse(200, [unit(44, { baseRentPrice: '900.00' }), unit(41)], { 'X-Total-Count': '2' }),
    });
    renderAt(
      <>
        <PropertiesScreen user={null} />
        <Where />
      </>,
      '/properties/4?unidades.status=Reservado&unidades.page=2',
      '/properties/*',
    );
    expect(await unitsRegionFound('Unidad 61')).toBeVisible();
    expect(unitsRegion().getByRole('navigation', { name: 'Páginas de unidades' })).toHaveTextContent('Mostrando 21–21 de 21');
    expect(unitsRegion().getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Reservado');

    await choose(unitsRegion().getByRole('combobox', { name: 'Estado' }), 'Todos');
    expect(await unitsRegionFound('Unidad 41')).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/properties\/4$/);
    await choose(unitsRegion().getByRole('combobox', { name: 'Ordenar por' }), 'Renta más alta primero');
    expect(await unitsRegionFound('Unidad 44')).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/properties/4?unidades.sort=-baseRentPrice');
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/units'))).toEqual([
      '/api/properties/4/units?status=Reservado&page=2&pageSize=20',
      '/api/properties/4/units?page=1&pageSize=20',
      '/api/properties/4/units?sort=-baseRentPrice&page=1&pageSize=20',
    ]);
  });

  it("hides 'Añadir unidad' on an archived property", async () => {
    serveDetail({ [DETAIL]: () => fakeResponse(200, withUnits([unit(41)], { isArchived: true })) });
    screenAt('/properties/4');
    await screen.findByRole('heading', { level: 1, name: 'Piso 4' });
    expect(await unitsRegion().findByRole('button', { name: 'Editar Unidad 41' })).toBeVisible();
    expect(unitsRegion().queryByRole('button', { name: 'Añadir unidad' })).toBeNull();
  });

  it("'Añadir unidad' sends the typed fields (a habitación's details, the extras as a list), says so and shows the new unit", async () => {
    const added = unit(45, { unitName: 'Habitación 3', unitType: { id: 2, typeName: 'habitacion' } });
    let saved = false;
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, withUnits(saved ? [unit(41), added] : [unit(41)])),
      'POST /api/properties/4/units': () => {
        saved = true;
        return fakeResponse(201, added);
      },
      'GET /api/dashboard/metrics': () => fakeResponse(200, {}),
    });
    screenAt('/properties/4');
    await screen.findByRole('heading', { level: 1, name: 'Piso 4' });
    fireEvent.click(unitsRegion().getByRole('button', { name: 'Añadir unidad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir unidad' });
    const type = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

    await choose(within(dialog).getByRole('combobox', { name: 'Tipo de unidad' }), 'Habitación');
    type('Nombre de la unidad', ' Habitación 3 ');
    type('Superficie (m²)', '12,5');
    type('Renta base (€/mes)', '450,50');
    type('Extras (opcional)', 'Escritorio, , Armario empotrado ');
    const vivienda = within(dialog).getByRole('group', { name: 'Vivienda' });
    type('Dormitorios', '1');
    type('Baños', '1');
    type('Planta', '-1');
    type('Calefacción', 'Gas natural');
    await choose(within(vivienda).getByRole('combobox', { name: 'Calificación energética' }), 'C');
    await choose(within(vivienda).getByRole('combobox', { name: 'Orientación' }), 'Sur');
    fireEvent.click(within(vivienda).getByRole('switch', { name: 'Amueblado' }));
    fireEvent.click(within(vivienda).getByRole('switch', { name: 'Admite mascotas' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir unidad' }));

    expect(await findToast('Unidad añadida')).toHaveTextContent('Habitación 3');
    expect(bodyOf(fetch, 'POST')).toEqual({
      unitType: 'habitacion',
      unitName: 'Habitación 3',
      areaM2: 12.5,
      baseRentPrice: 450.5,
      currentStatus: 'Disponible',
      amenities: ['Escritorio', 'Armario empotrado'],
      details: {
        numBedrooms: 1,
        numBathrooms: 1,
        floorLevel: -1,
        heatingType: 'Gas natural',
        energyCertificateRating: 'C',
        orientation: 'Sur',
        isFurnished: true,
        hasTerrace: false,
        hasElevator: false,
        hasAirConditioning: false,
        allowsPets: true,
      },
    });
    expect(await unitsRegion().findByRole('button', { name: 'Editar Habitación 3' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Añadir unidad' })).toBeNull();
  });

  it('sends no details for a type without them, and shows the server messages under the field and the Vivienda fieldset', async () => {
    const posts: Record<string, unknown>[] = [];
    serveDetail({
      [DETAIL]: () => fakeResponse(200, withUnits([])),
      'POST /api/properties/4/units': (init) => {
        posts.push(JSON.parse(String(init!.body)));
        return posts.length === 1
          ? fakeResponse(409, { error: 'conflict', message: UNIT_MESSAGES.duplicateName, fields: { unitName: UNIT_MESSAGES.duplicateName } })
          : fakeResponse(400, { error: 'validation_error', message: 'Revisa los campos marcados', fields: { details: UNIT_MESSAGES.detailsNotResidential } });
      },
    });
    screenAt('/properties/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Añadir unidad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir unidad' });
    await choose(within(dialog).getByRole('combobox', { name: 'Tipo de unidad' }), 'Plaza de garaje');
    expect(within(dialog).queryByRole('group', { name: 'Vivienda' })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Nombre de la unidad'), { target: { value: 'Plaza 1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir unidad' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Nombre de la unidad')).toHaveAccessibleDescription(UNIT_MESSAGES.duplicateName));
    expect(posts[0]).toEqual({ unitType: 'garaje', unitName: 'Plaza 1', currentStatus: 'Disponible' });
    expect(await findToast('Error')).toHaveTextContent(UNIT_MESSAGES.duplicateName);

    await choose(within(dialog).getByRole('combobox', { name: 'Tipo de unidad' }), 'Habitación');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir unidad' }));
    await waitFor(() => expect(within(dialog).getByRole('group', { name: 'Vivienda' })).toHaveAccessibleDescription(UNIT_MESSAGES.detailsNotResidential));
  });

  it('checks each Vivienda field before sending: the message goes under its own field', async () => {
    const fetch = serveDetail({ [DETAIL]: () => fakeResponse(200, withUnits([])) });
    screenAt('/properties/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Añadir unidad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir unidad' });
    fireEvent.change(within(dialog).getByLabelText('Nombre de la unidad'), { target: { value: 'Ático' } });
    fireEvent.change(within(dialog).getByLabelText('Dormitorios'), { target: { value: '99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir unidad' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Dormitorios')).toHaveAccessibleDescription('Indica un número de dormitorios entre 0 y 50'));
    expect(within(dialog).getByRole('group', { name: 'Vivienda' })).not.toHaveAccessibleDescription();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("'Editar' starts from the unit and sends only the changed fields, the details under details; a rented unit's status is not offered", async () => {
    const flat = unit(40, {
      unitName: 'Bajo A',
      areaM2: '70.00',
      baseRentPrice: '950.00',
      currentStatus: 'Alquilado',
      amenities: ['Trastero'],
      activeContract: { id: 7, contractCode: 'CTR-2026-007' },
      details: { numBedrooms: 2, numBathrooms: 1, floorLevel: 0, isFurnished: false, hasTerrace: false, hasElevator: true, hasAirConditioning: false, heatingType: 'Gas natural', energyCertificateRating: 'D', allowsPets: false, orientation: 'Norte' },
    });
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, withUnits([flat])),
      'PATCH /api/units/40': () => fakeResponse(200, { ...flat, unitName: 'Bajo A reformado' }),
      'GET /api/dashboard/metrics': () => fakeResponse(200, {}),
    });
    screenAt('/properties/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Bajo A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar unidad' });
    expect(within(dialog).getByLabelText('Nombre de la unidad')).toHaveValue('Bajo A');
    expect(within(dialog).getByLabelText('Superficie (m²)')).toHaveValue('70');
    expect(within(dialog).getByLabelText('Renta base (€/mes)')).toHaveValue('950');
    expect(within(dialog).getByLabelText('Extras (opcional)')).toHaveValue('Trastero');
    expect(within(dialog).getByLabelText('Dormitorios')).toHaveValue('2');
    expect(within(dialog).getByRole('switch', { name: 'Ascensor' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Orientación' })).toHaveTextContent('Norte');
    expect(within(dialog).queryByRole('combobox', { name: 'Estado' })).toBeNull();
    expect(within(dialog).getByText('Alquilado (contrato activo)')).toBeVisible();

    fireEvent.change(within(dialog).getByLabelText('Nombre de la unidad'), { target: { value: 'Bajo A reformado' } });
    fireEvent.change(within(dialog).getByLabelText('Superficie (m²)'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Extras (opcional)'), { target: { value: ' Trastero ' } });
    fireEvent.change(within(dialog).getByLabelText('Dormitorios'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Terraza' }));
    await choose(within(dialog).getByRole('combobox', { name: 'Orientación' }), 'Sin indicar');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    expect(await findToast('Unidad actualizada')).toHaveTextContent('Bajo A reformado');
    expect(bodyOf(fetch, 'PATCH')).toEqual({ unitName: 'Bajo A reformado', areaM2: null, details: { numBedrooms: 3, hasTerrace: true, orientation: null } });
    await waitFor(() => expect(fetch.mock.calls.filter(([url, init]) => String(url) === '/api/properties/4' && !init?.method)).toHaveLength(2));
  });

  it("'Editar' with Dormitorios emptied says so under the field and sends nothing (the API could not clear it)", async () => {
    const flat = unit(41, { unitName: 'Ático', details: { numBedrooms: 2, numBathrooms: 1, floorLevel: null, isFurnished: false, hasTerrace: false, hasElevator: false, hasAirConditioning: false, heatingType: null, energyCertificateRating: null, allowsPets: false, orientation: null } });
    const fetch = serveDetail({ [DETAIL]: () => fakeResponse(200, withUnits([flat])) });
    screenAt('/properties/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Ático' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar unidad' });
    fireEvent.change(within(dialog).getByLabelText('Dormitorios'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Indica un número de dormitorios entre 0 y 50')).toBeVisible();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it("'Archivar' sends isActive false; the API's 409 for a unit with an active contract is said in a destructive toast", async () => {
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, withUnits([unit(42, { unitName: 'Habitación 1', currentStatus: 'Alquilado', activeContract: { id: 7, contractCode: 'CTR-2026-007' } })])),
      'PATCH /api/units/42': () => fakeResponse(409, { error: 'conflict', message: UNIT_MESSAGES.archiveWithContract, fields: { isActive: UNIT_MESSAGES.archiveWithContract } }),
    });
    screenAt('/properties/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Archivar Habitación 1' }));
    const toast = await findToast('Error');
    expect(toast).toHaveTextContent(UNIT_MESSAGES.archiveWithContract);
    expect(bodyOf(fetch, 'PATCH')).toEqual({ isActive: false });
    expect(screen.getByRole('button', { name: 'Archivar Habitación 1' })).toBeEnabled();
  });

  it("'Restaurar' sends isActive true and refreshes the list", async () => {
    let restored = false;
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, withUnits([unit(41, { unitName: 'Trastero 1', isActive: restored })])),
      'PATCH /api/units/41': () => {
        restored = true;
        return fakeResponse(200, unit(41, { unitName: 'Trastero 1' }));
      },
      'GET /api/dashboard/metrics': () => fakeResponse(200, {}),
    });
    screenAt('/properties/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Restaurar Trastero 1' }));
    expect(await findToast('Unidad restaurada')).toHaveTextContent('Trastero 1');
    expect(bodyOf(fetch, 'PATCH')).toEqual({ isActive: true });
    expect(await screen.findByRole('button', { name: 'Archivar Trastero 1' })).toBeVisible();
    expect(screen.queryByText('Archivada')).toBeNull();
  });
});

describe('PropertiesScreen detail: the assigned agent', () => {
  const DETAIL = 'GET /api/properties/4';
  const AGENTS = 'GET /api/properties/4/agents';
  const ana = { id: 31, firstName: 'Ana', lastName: 'Ruiz' };
  const luis = { id: 32, firstName: 'Luis', lastName: 'Gil' };
  const managed = (assignedAgent: PropertyDetail['assignedAgent']): PropertyDetail => ({
    ...property(4, { managerAgencyId: 3 }),
    assignedAgent,
    managerAgency: { id: 3, nombreAgencia: 'Inmobiliaria Sol' },
    pendingAgencyRequest: null,
    units: [],
    contracts: [],
    incidents: [],
    recentTransactions: [],
  });
  const detailAt = (role: string) => renderAt(<PropertiesScreen user={userWithRole(role)} />, '/properties/4', '/properties/*');

  it("lets admin_agencia choose among the agency's agents: PUT {agentUserId}, then 'Agente asignado'", async () => {
    let assigned: PropertyDetail['assignedAgent'] = luis;
    const puts: unknown[] = [];
    serveDetail({
      [DETAIL]: () => fakeResponse(200, managed(assigned)),
      [AGENTS]: () => fakeResponse(200, [luis, ana]),
      'PUT /api/properties/4/agent': (init) => {
        const body = JSON.parse(String(init!.body));
        puts.push(body);
        assigned = body.agentUserId === null ? null : ana;
        return fakeResponse(200, { assignedAgent: assigned });
      },
    });
    detailAt('admin_agencia');
    const select = await screen.findByRole('combobox', { name: 'Agente asignado' });
    expect(select).toHaveTextContent('Luis Gil');

    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Ana Ruiz' }));
    expect(await findToast('Agente asignado')).toHaveTextContent('Ana Ruiz');
    expect(puts).toEqual([{ agentUserId: 31 }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Agente asignado' })).toHaveTextContent('Ana Ruiz'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Agente asignado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sin agente' }));
    expect(await findToast('Agente retirado')).toBeVisible();
    expect(puts).toEqual([{ agentUserId: 31 }, { agentUserId: null }]);
  });

  it("says the API's refusal in a destructive toast", async () => {
    serveDetail({
      [DETAIL]: () => fakeResponse(200, managed(null)),
      [AGENTS]: () => fakeResponse(200, [ana]),
      'PUT /api/properties/4/agent': () => fakeResponse(400, { error: 'validation_error', message: 'Elige un agente activo de la agencia que gestiona la propiedad', fields: { agentUserId: 'Elige un agente activo de la agencia que gestiona la propiedad' } }),
    });
    detailAt('admin_agencia');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Agente asignado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ana Ruiz' }));
    expect(await findToast('Error')).toHaveTextContent('Elige un agente activo de la agencia que gestiona la propiedad');
  });

  it('only shows the agent to propietario_individual, without reading the agents', async () => {
    const fetch = serveDetail({ [DETAIL]: () => fakeResponse(200, managed(ana)) });
    detailAt('propietario_individual');
    await screen.findByRole('heading', { level: 1, name: 'Piso 4' });
    const facts = within(screen.getByRole('region', { name: 'Datos' }));
    expect(facts.getByText('Agente asignado').nextElementSibling).toHaveTextContent('Ana Ruiz');
    expect(screen.queryByRole('combobox', { name: 'Agente asignado' })).toBeNull();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/properties/4/agents');
  });

  it("gives an agent the unit and property actions only on a property in its charge (the API's rule)", async () => {
    const room: PropertyUnit = {
      id: 9,
      mainPropertyId: 4,
      unitTypeId: 2,
      unitName: 'Habitación 1',
      description: null,
      areaM2: null,
      currentStatus: 'Disponible',
      baseRentPrice: null,
      amenities: null,
      isActive: true,
      unitType: { id: 2, typeName: 'habitacion' },
      details: null,
      activeContract: null,
      listing: null,
    };
    const withUnit = (assignedAgent: PropertyDetail['assignedAgent']) => ({ ...managed(assignedAgent), units: [room] });
    serveDetail({ [DETAIL]: () => fakeResponse(200, withUnit(ana)) });
    const other = renderAt(<PropertiesScreen user={userWithRole('agente')} />, '/properties/4', '/properties/*');
    await screen.findByRole('heading', { level: 1, name: 'Piso 4' });
    expect(await screen.findByText('Habitación 1')).toBeVisible();
    for (const name of ['Añadir unidad', 'Editar Habitación 1', 'Archivar Habitación 1', 'Editar', 'Archivar']) expect(screen.queryByRole('button', { name })).toBeNull();
    other.unmount();

    serveDetail({ [DETAIL]: () => fakeResponse(200, withUnit({ id: 1, firstName: 'Olga', lastName: 'Martín' })) });
    renderAt(<PropertiesScreen user={userWithRole('agente')} />, '/properties/4', '/properties/*');
    expect(await screen.findByRole('button', { name: 'Añadir unidad' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Editar Habitación 1' })).toBeVisible();
  });

  it('offers no select to admin_agencia on a property no agency manages', async () => {
    serveDetail({ [DETAIL]: () => fakeResponse(200, { ...managed(null), managerAgencyId: null, managerAgency: null }) });
    detailAt('admin_agencia');
    await screen.findByRole('heading', { level: 1, name: 'Piso 4' });
    expect(screen.getByText('Sin agente asignado')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Agente asignado' })).toBeNull();
  });
});

describe('PropertiesScreen detail: the managing agency', () => {
  const DETAIL = 'GET /api/properties/4';
  const DIRECTORY = 'GET /api/agencies/directory';
  const sol = { id: 3, nombreAgencia: 'Inmobiliaria Sol' };
  const luna = { id: 8, nombreAgencia: 'Agencia Luna' };
  const entry = (agency: typeof sol, direccionFiscal: string) => ({ ...agency, direccionFiscal, telefonoAgencia: null, emailAgencia: null });
  const at = (over: Partial<PropertyDetail> = {}): PropertyDetail => ({
    ...property(4),
    assignedAgent: null,
    managerAgency: null,
    pendingAgencyRequest: null,
    units: [],
    contracts: [],
    incidents: [],
    recentTransactions: [],
    ...over,
  });
  const managedBySol = () => at({ managerAgencyId: sol.id, managerAgency: sol });
  const pendingFor = (agency: typeof sol) => at({ pendingAgencyRequest: { id: 55, agency } });
  const request = (status: ConsentRequest['status'], agency = luna): ConsentRequest => ({
    id: 55,
    kind: 'agency_management',
    status,
    owner: { id: 1, firstName: 'Olga', lastName: 'Martín' },
    email: null,
    agency,
    property: { id: 4, propertyName: 'Piso 4', city: 'Madrid' },
    createdAt: '2026-01-01T10:00:00.000Z',
    respondedAt: null,
  });
  const detailAs = (role: string) => renderAt(<PropertiesScreen user={userWithRole(role)} />, '/properties/4', '/properties/*');
  /** What the 'Agencia gestora' line reads, once the property shows. */
  const agencyLine = async () => {
    await screen.findByRole('heading', { level: 1, name: 'Piso 4' });
    return within(screen.getByRole('region', { name: 'Datos' })).getByText('Agencia gestora').nextElementSibling as HTMLElement;
  };
  const callsOf = (fetch: jest.Mock, method: string) => fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === method) as [string, RequestInit][];

  it("reads the managing agency, 'Sin agencia', or the request still waiting for the agency", async () => {
    for (const [detail, text] of [
      [managedBySol(), 'Inmobiliaria Sol'],
      [at(), 'Sin agencia'],
      [pendingFor(luna), 'Sin agenciaSolicitud enviada a Agencia Luna: pendiente de aceptar'],
    ] as const) {
      serveDetail({ [DETAIL]: () => fakeResponse(200, detail) });
      const view = renderAt(<PropertiesScreen user={null} />, '/properties/4', '/properties/*');
      expect(await agencyLine()).toHaveTextContent(new RegExp(`^${text}$`));
      view.unmount();
    }
  });

  it('lets an owner search the directory and ask an agency: PUT {managerAgencyId}, then the request shows as pending', async () => {
    let asked = false;
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, asked ? pendingFor(luna) : at()),
      [DIRECTORY]: () => fakeResponse(200, [entry(sol, 'Calle Mayor 1, Madrid'), entry(luna, 'Calle Luna 3, Sevilla')]),
      [`${DIRECTORY}?q=Luna`]: () => fakeResponse(200, [entry(luna, 'Calle Luna 3, Sevilla')]),
      'PUT /api/properties/4/agency': () => {
        asked = true;
        return fakeResponse(200, { managerAgencyId: null, pendingRequest: request('Pendiente') });
      },
    });
    detailAs('propietario_individual');
    fireEvent.click(within(await agencyLine()).getByRole('button', { name: 'Elegir agencia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elegir agencia gestora' });
    const select = within(dialog).getByRole('combobox', { name: 'Agencia' });

    // Nothing chosen: said under the select, nothing sent (null would take the property back).
    await waitFor(() => expect(select).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));
    await waitFor(() => expect(select).toHaveAccessibleDescription('Elige una agencia'));
    expect(callsOf(fetch, 'PUT')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Buscar agencia'), { target: { value: 'Luna' } });
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/agencies/directory?q=Luna'));
    await userEvent.click(select);
    const option = await screen.findByRole('option', { name: 'Agencia Luna · Calle Luna 3, Sevilla' });
    expect(screen.queryByRole('option', { name: /Inmobiliaria Sol/ })).toBeNull();
    await userEvent.click(option);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));

    expect(await findToast('Solicitud enviada')).toHaveTextContent('Agencia Luna debe aceptar gestionar la propiedad');
    const [[url, init]] = callsOf(fetch, 'PUT');
    expect(url).toBe('/api/properties/4/agency');
    expect(JSON.parse(String(init.body))).toEqual({ managerAgencyId: 8 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Elegir agencia gestora' })).toBeNull());
    const line = await agencyLine();
    await waitFor(() => expect(line).toHaveTextContent('Solicitud enviada a Agencia Luna: pendiente de aceptar'));
    expect(within(line).getByRole('button', { name: 'Retirar solicitud' })).toBeVisible();
    expect(within(line).queryByRole('button', { name: 'Elegir agencia' })).toBeNull();
  });

  it("says 'Agencia asignada' when the answer binds the agency at once (the super admin)", async () => {
    serveDetail({
      [DETAIL]: () => fakeResponse(200, at()),
      [DIRECTORY]: () => fakeResponse(200, [entry(luna, 'Calle Luna 3, Sevilla')]),
      'PUT /api/properties/4/agency': () => fakeResponse(200, { managerAgencyId: 8, pendingRequest: null }),
    });
    detailAs('super_admin');
    fireEvent.click(within(await agencyLine()).getByRole('button', { name: 'Elegir agencia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elegir agencia gestora' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Agencia' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Agencia Luna · Calle Luna 3, Sevilla' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await findToast('Agencia asignada')).toHaveTextContent('Agencia Luna gestiona ahora Piso 4');
  });

  it("shows the API's 409 under the select and in a destructive toast, keeps the dialog open and re-reads the property", async () => {
    const pendingAlready = 'Ya hay una solicitud pendiente para esta propiedad';
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, at()),
      [DIRECTORY]: () => fakeResponse(200, [entry(luna, 'Calle Luna 3, Sevilla')]),
      'PUT /api/properties/4/agency': () => fakeResponse(409, { error: 'conflict', message: pendingAlready, fields: { managerAgencyId: pendingAlready } }),
    });
    detailAs('propietario_delegado');
    fireEvent.click(within(await agencyLine()).getByRole('button', { name: 'Elegir agencia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elegir agencia gestora' });
    const select = within(dialog).getByRole('combobox', { name: 'Agencia' });
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Agencia Luna · Calle Luna 3, Sevilla' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));

    expect(await findToast('Error')).toHaveTextContent(pendingAlready);
    await waitFor(() => expect(select).toHaveAccessibleDescription(pendingAlready));
    expect(screen.getByRole('dialog', { name: 'Elegir agencia gestora' })).toBeVisible();
    await waitFor(() => expect(fetch.mock.calls.filter(([url, init]) => String(url) === '/api/properties/4' && !init?.method)).toHaveLength(2));
  });

  it("says another agency's 409 (no field) in the toast", async () => {
    serveDetail({
      [DETAIL]: () => fakeResponse(200, at()),
      [DIRECTORY]: () => fakeResponse(200, [entry(luna, 'Calle Luna 3, Sevilla')]),
      'PUT /api/properties/4/agency': () => fakeResponse(409, { error: 'conflict', message: PROPERTY_AGENCY_MESSAGES.otherAgency }),
    });
    detailAs('propietario_individual');
    fireEvent.click(within(await agencyLine()).getByRole('button', { name: 'Elegir agencia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elegir agencia gestora' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Agencia' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Agencia Luna · Calle Luna 3, Sevilla' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await findToast('Error')).toHaveTextContent(PROPERTY_AGENCY_MESSAGES.otherAgency);
  });

  it("'Retirar solicitud' withdraws the pending request (DELETE /api/consent-requests/:id) and the line goes back to 'Sin agencia'", async () => {
    let withdrawn = false;
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, withdrawn ? at() : pendingFor(luna)),
      'DELETE /api/consent-requests/55': () => {
        withdrawn = true;
        return fakeResponse(200, request('Cancelada'));
      },
    });
    detailAs('propietario_individual');
    fireEvent.click(within(await agencyLine()).getByRole('button', { name: 'Retirar solicitud' }));
    expect(await findToast('Solicitud retirada')).toHaveTextContent('Agencia Luna ya no podrá aceptarla');
    expect(callsOf(fetch, 'DELETE').map(([url]) => url)).toEqual(['/api/consent-requests/55']);
    const line = await agencyLine();
    await waitFor(() => expect(line).toHaveTextContent(/^Sin agenciaElegir agencia$/));
  });

  it("'Retirar a la agencia' asks first, then sends {managerAgencyId: null} and says 'Agencia retirada'", async () => {
    let released = false;
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, released ? at() : managedBySol()),
      'PUT /api/properties/4/agency': () => {
        released = true;
        return fakeResponse(200, { managerAgencyId: null, pendingRequest: null });
      },
    });
    detailAs('propietario_individual');
    fireEvent.click(within(await agencyLine()).getByRole('button', { name: 'Retirar a la agencia' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Retirar la gestión de Piso 4 a Inmobiliaria Sol?' });
    expect(confirm).toHaveAccessibleDescription('Dejará de verla y su agente dejará de estar a cargo.');
    expect(callsOf(fetch, 'PUT')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Retirar a la agencia' }));

    expect(await findToast('Agencia retirada')).toHaveTextContent('Inmobiliaria Sol ya no gestiona Piso 4');
    const puts = callsOf(fetch, 'PUT');
    expect(puts.map(([url]) => url)).toEqual(['/api/properties/4/agency']);
    expect(JSON.parse(String(puts[0][1].body))).toEqual({ managerAgencyId: null });
    const line = await agencyLine();
    await waitFor(() => expect(line).toHaveTextContent(/^Sin agenciaElegir agencia$/));
  });

  it('shows admin_agencia the agency by name, with none of the buttons', async () => {
    for (const detail of [managedBySol(), pendingFor(luna), at()]) {
      serveDetail({ [DETAIL]: () => fakeResponse(200, detail), 'GET /api/properties/4/agents': () => fakeResponse(200, []) });
      const view = detailAs('admin_agencia');
      const line = await agencyLine();
      expect(line).toHaveTextContent(detail.managerAgency?.nombreAgencia ?? 'Sin agencia');
      expect(within(line).queryAllByRole('button')).toHaveLength(0);
      view.unmount();
    }
  });
});
