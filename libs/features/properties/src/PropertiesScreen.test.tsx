/** @jest-environment jsdom */
import type { PropertyDetail, PropertyListItem } from '@arrendia/api-contract';
import { resetToasts } from '@arrendia/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PropertiesScreen } from './PropertiesScreen';
import userEvent from '@testing-library/user-event';
import { failsOnce, fakeResponse, findToast, pending, renderAt, serve, userWithRole } from '@arrendia/testing';

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

const LIST = 'GET /api/properties?pageSize=100';
const screenAt = (path = '/properties') => renderAt(<PropertiesScreen user={null} />, path, '/properties/*');

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
    const fetch = serve({ [`${LIST}&ownerId=12`]: () => fakeResponse(200, []) });
    screenAt('/properties?ownerId=12');
    expect(await screen.findByRole('heading', { name: 'Este propietario no tiene propiedades' })).toBeVisible();
    const note = screen.getByRole('region', { name: 'Filtro de cartera' });
    expect(note).toHaveTextContent('Cartera de un propietario');
    expect(within(note).getByRole('link', { name: 'Ver todas las propiedades' })).toHaveAttribute('href', '/properties');
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/properties?pageSize=100&ownerId=12']);
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
      },
    ],
    contracts: [],
    incidents: [],
    recentTransactions: [],
  };

  it('shows the facts and each unit with its status and rent; Archivar sends isArchived', async () => {
    const fetch = serve({
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
    ]);
    const unitRows = within(screen.getByRole('region', { name: 'Unidades' })).getAllByRole('listitem');
    expect(unitRows).toHaveLength(1);
    expect(unitRows[0]).toHaveTextContent('Bajo A Alquilado 950,00 €/mes');
    expect(within(screen.getByRole('region', { name: 'Contrato activo' })).getByText('No hay ningún contrato activo.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Archivar' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ isArchived: true });
  });

  it("'Editar' opens the form prefilled, sends only the changed fields and shows the saved property", async () => {
    let saved = false;
    const fetch = serve({
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
    const fetch = serve({ 'GET /api/properties/4': () => fakeResponse(200, detail) });
    screenAt('/properties/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Propiedad' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Indica al menos un cambio')).toBeVisible();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it("says 'Propiedad no encontrada' for an unknown id", async () => {
    serve({ 'GET /api/properties/77': () => fakeResponse(404, { error: 'not_found', message: 'No se ha encontrado la propiedad' }) });
    screenAt('/properties/77');
    expect(await screen.findByRole('heading', { name: 'Propiedad no encontrada' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('says when the property could not be loaded, and «Reintentar» loads it', async () => {
    serve({ 'GET /api/properties/4': failsOnce(fakeResponse(200, detail)) });
    screenAt('/properties/4');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la propiedad');
    expect(screen.getByRole('heading', { level: 1, name: 'Propiedad' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver a Propiedades' })).toHaveAttribute('href', '/properties');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Piso 4' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
