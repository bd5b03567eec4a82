/** @jest-environment jsdom */
import { LISTING_MESSAGES, type ListingPhoto, type ManagedListing, type PropertyDetail, type PropertyUnit } from '@arrendia/api-contract';
import { fakeResponse, findToast, renderAt, serve, type FakeRoutes } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PropertiesScreen } from './PropertiesScreen';

const DETAIL = 'GET /api/properties/4';
const LISTING = 'GET /api/listings/7';

const unit = (id: number, over: Partial<PropertyUnit> = {}): PropertyUnit => ({
  id,
  mainPropertyId: 4,
  unitTypeId: 2,
  unitName: `Habitación ${id}`,
  description: 'Habitación exterior con escritorio.',
  areaM2: '12.00',
  currentStatus: 'Disponible',
  baseRentPrice: '450.00',
  amenities: ['Escritorio', 'Armario empotrado'],
  isActive: true,
  unitType: { id: 2, typeName: 'habitacion' },
  details: null,
  activeContract: null,
  listing: null,
  ...over,
});

const detail = (units: PropertyUnit[], over: Partial<PropertyDetail> = {}): PropertyDetail => ({
  id: 4,
  ownerUserId: 1,
  managerAgencyId: null,
  propertyName: 'Piso 4',
  addressStreet: 'Calle de Fuencarral',
  addressNumber: '4',
  addressDetails: null,
  city: 'Madrid',
  province: 'Madrid',
  postalCode: '28004',
  country: 'España',
  refCatastral: null,
  totalAreaM2: null,
  buildYear: null,
  notes: null,
  isArchived: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  assignedAgent: null,
  managerAgency: null,
  pendingAgencyRequest: null,
  units,
  contracts: [],
  incidents: [],
  recentTransactions: [],
  ...over,
});

const photo = (id: number, position: number): ListingPhoto => ({ id, position, url: `/api/public/listing-photos/${id}/1280`, width: 1280, height: 960 });

const listing = (over: Partial<ManagedListing> = {}): ManagedListing => ({
  id: 7,
  rentableUnitId: 41,
  isPublished: true,
  listingType: 'Habitación',
  title: 'Habitación exterior en Malasaña',
  address: 'Calle de Fuencarral, 4',
  city: 'Madrid',
  district: 'Malasaña',
  description: 'Habitación exterior con escritorio.',
  price: '450.00',
  deposit: '450.00',
  availableFrom: null,
  amenities: ['Escritorio'],
  nearbyPlaces: [],
  showAgency: false,
  contactName: 'Olga Martín',
  contactPhone: '600123123',
  contactEmail: 'owner@demo.arrendia.es',
  views: 0,
  publishedAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  photos: [],
  ...over,
});

const calls = (fetch: jest.Mock, method: string, url?: string) =>
  (fetch.mock.calls as [string, RequestInit | undefined][]).filter(([u, init]) => (init?.method ?? 'GET') === method && (url === undefined || u === url));
const bodyOf = (fetch: jest.Mock, method: string, url?: string) => calls(fetch, method, url).map(([, init]) => JSON.parse(String(init!.body)));
const detailAt = () => renderAt(<PropertiesScreen user={null} />, '/properties/4', '/properties/*');
const rowOf = async (name: string) => {
  await screen.findByRole('heading', { level: 1, name: 'Piso 4' });
  const rows = await within(screen.getByRole('region', { name: 'Unidades' })).findAllByRole('listitem');
  return rows.find((row) => row.textContent?.startsWith(name))!;
};

/** 'Unidades' reads its own paged list (issue 33): answered with the units of the detail route's answer. */
const serveDetail = (routes: FakeRoutes) =>
  serve({
    ...routes,
    'GET /api/properties/4/units?page=1&pageSize=20': async () => fakeResponse(200, ((await (await routes[DETAIL]!()).json()) as PropertyDetail).units),
  });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => resetToasts());
});

describe('Unidades: the advert of each unit', () => {
  it('offers Publicar anuncio on a free unit, nothing on a rented one, and the actions of a published and a withdrawn advert', async () => {
    serveDetail({
      [DETAIL]: () =>
        fakeResponse(
          200,
          detail([
            unit(41),
            unit(42, { currentStatus: 'Alquilado', activeContract: { id: 3, contractCode: 'CTR-2026-003' } }),
            unit(43, { listing: { id: 7, isPublished: true } }),
            unit(44, { listing: { id: 8, isPublished: false } }),
            unit(45, { listing: { id: 9, isPublished: false }, currentStatus: 'Alquilado', activeContract: { id: 4, contractCode: 'CTR-2026-004' } }),
          ]),
        ),
    });
    detailAt();

    const free = await rowOf('Habitación 41');
    expect(within(free).getByRole('button', { name: 'Publicar anuncio de Habitación 41' })).toBeEnabled();
    expect(within(free).queryByText('Publicado')).toBeNull();
    expect(within(free).queryByRole('button', { name: /Editar anuncio/ })).toBeNull();

    const rented = await rowOf('Habitación 42');
    expect(within(rented).queryByRole('button', { name: /anuncio/ })).toBeNull();

    const published = await rowOf('Habitación 43');
    expect(within(published).getByText('Publicado')).toBeVisible();
    expect(within(published).getByRole('link', { name: 'Ver anuncio de Habitación 43' })).toHaveAttribute('href', '/property/7');
    expect(within(published).getByRole('button', { name: 'Editar anuncio de Habitación 43' })).toBeVisible();
    expect(within(published).getByRole('button', { name: 'Retirar anuncio de Habitación 43' })).toBeVisible();
    expect(within(published).queryByRole('button', { name: /Publicar/ })).toBeNull();

    const withdrawn = await rowOf('Habitación 44');
    expect(within(withdrawn).getByText('Anuncio retirado')).toBeVisible();
    expect(within(withdrawn).queryByRole('link', { name: /Ver anuncio/ })).toBeNull();
    expect(within(withdrawn).getByRole('button', { name: 'Editar anuncio de Habitación 44' })).toBeVisible();
    expect(within(withdrawn).getByRole('button', { name: 'Publicar de nuevo el anuncio de Habitación 44' })).toBeEnabled();
    expect(within(withdrawn).queryByRole('button', { name: /Retirar/ })).toBeNull();

    const withdrawnRented = await rowOf('Habitación 45');
    const again = within(withdrawnRented).getByRole('button', { name: 'Publicar de nuevo el anuncio de Habitación 45' });
    expect(again).toBeDisabled();
    expect(again).toHaveAttribute('title', LISTING_MESSAGES.rented);
  });

  it("'Retirar anuncio' asks first, then DELETEs the advert; 'Publicar de nuevo' PATCHes {isPublished: true}", async () => {
    let published = true;
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, detail([unit(43, { listing: { id: 7, isPublished: published } })])),
      [LISTING]: () => fakeResponse(200, listing({ isPublished: published })),
      'DELETE /api/listings/7': () => {
        published = false;
        return fakeResponse(200, listing({ isPublished: false }));
      },
      'PATCH /api/listings/7': () => {
        published = true;
        return fakeResponse(200, listing());
      },
    });
    detailAt();
    fireEvent.click(within(await rowOf('Habitación 43')).getByRole('button', { name: 'Retirar anuncio de Habitación 43' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Retirar el anuncio de Habitación 43?' });
    expect(calls(fetch, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Retirar anuncio' }));
    expect(await findToast('Anuncio retirado')).toHaveTextContent('Habitación 43');
    expect(calls(fetch, 'DELETE').map(([url]) => url)).toEqual(['/api/listings/7']);

    const again = await waitFor(async () => within(await rowOf('Habitación 43')).getByRole('button', { name: 'Publicar de nuevo el anuncio de Habitación 43' }));
    fireEvent.click(again);
    expect(await findToast('Anuncio publicado')).toBeVisible();
    expect(bodyOf(fetch, 'PATCH', '/api/listings/7')).toEqual([{ isPublished: true }]);
    await waitFor(async () => expect(within(await rowOf('Habitación 43')).getByText('Publicado')).toBeVisible());
  });
});

describe("'Publicar anuncio'", () => {
  it('starts from the unit, sends the typed advert, shows the server field message under its field, then stays open for the photos', async () => {
    let created = false;
    const posts: unknown[] = [];
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, detail([unit(41, { listing: created ? { id: 7, isPublished: true } : null })])),
      [LISTING]: () => fakeResponse(200, listing()),
      'POST /api/units/41/listing': (init) => {
        posts.push(JSON.parse(String(init!.body)));
        if (posts.length === 1) return fakeResponse(400, { error: 'validation_error', message: 'Revisa los campos marcados', fields: { price: 'El precio debe ser mayor que 0' } });
        created = true;
        return fakeResponse(201, listing());
      },
    });
    detailAt();
    fireEvent.click(within(await rowOf('Habitación 41')).getByRole('button', { name: 'Publicar anuncio de Habitación 41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publicar anuncio' });
    const box = within(dialog);
    expect(box.getByRole('combobox', { name: 'Tipo de anuncio' })).toHaveTextContent('Habitación');
    expect(box.getByLabelText('Descripción')).toHaveValue('Habitación exterior con escritorio.');
    expect(box.getByLabelText('Precio mensual (€)')).toHaveValue('450');
    expect(box.getByLabelText('Fianza (€)')).toHaveAccessibleDescription(/Fianza legal: 450,00\s€ \(una mensualidad\)/);
    expect(box.getByLabelText('Características')).toHaveValue('Escritorio\nArmario empotrado');
    expect(box.getByLabelText('Nombre de contacto')).toHaveAccessibleDescription('Si lo dejas vacío, se usan los datos de tu perfil');
    // No agency manages the property: nothing to show.
    expect(box.queryByRole('switch', { name: 'Mostrar la agencia en el anuncio' })).toBeNull();

    const type = (label: string, value: string) => fireEvent.change(box.getByLabelText(label), { target: { value } });
    type('Título', ' Habitación exterior en Malasaña ');
    type('Zona', 'Malasaña');
    type('Precio mensual (€)', '450,50');
    type('Disponible desde', '2027-01-15');
    type('Características', 'Escritorio\nWifi, Calefacción\n\n');
    type('Lugares cercanos', 'Metro Tribunal (3 min)\n');
    type('Teléfono de contacto', '600 123 123');
    fireEvent.click(box.getByRole('button', { name: 'Publicar anuncio' }));

    await waitFor(() => expect(box.getByLabelText('Precio mensual (€)')).toHaveAccessibleDescription('El precio debe ser mayor que 0'));
    expect(await findToast('Error')).toHaveTextContent('Revisa los campos marcados');
    expect(posts[0]).toEqual({
      listingType: 'Habitación',
      title: 'Habitación exterior en Malasaña',
      district: 'Malasaña',
      description: 'Habitación exterior con escritorio.',
      price: 450.5,
      availableFrom: '2027-01-15',
      amenities: ['Escritorio', 'Wifi', 'Calefacción'],
      nearbyPlaces: ['Metro Tribunal (3 min)'],
      contactPhone: '600123123',
    });

    fireEvent.click(box.getByRole('button', { name: 'Publicar anuncio' }));
    expect(await findToast('Anuncio publicado')).toHaveTextContent('Habitación exterior en Malasaña');
    // The same dialog, now editing the advert, asks for photos.
    const edit = await screen.findByRole('dialog', { name: 'Editar anuncio' });
    const notice = within(edit).getByText('Anuncio publicado. Añade fotos para que destaque.');
    expect(notice).toBeVisible();
    await waitFor(() => expect(notice).toHaveFocus());
    expect(within(edit).getByRole('heading', { name: 'Fotos (0 de 20)' })).toBeVisible();
    expect(within(edit).getByLabelText('Añadir fotos')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(within(edit).getByLabelText('Título')).toHaveValue('Habitación exterior en Malasaña');
    expect(calls(fetch, 'POST')).toHaveLength(2);
    // The property's detail is read again, so that the unit shows its advert.
    await waitFor(() => expect(calls(fetch, 'GET', '/api/properties/4').length).toBeGreaterThan(1));
  });

  it("asks whether to show the managing agency, and leaves the deposit and the contact to the API when empty", async () => {
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, detail([unit(41)], { managerAgencyId: 3, managerAgency: { id: 3, nombreAgencia: 'Inmobiliaria Sol' } })),
      [LISTING]: () => fakeResponse(200, listing({ showAgency: false })),
      'POST /api/units/41/listing': () => fakeResponse(201, listing({ showAgency: false })),
    });
    detailAt();
    fireEvent.click(within(await rowOf('Habitación 41')).getByRole('button', { name: 'Publicar anuncio de Habitación 41' }));
    const box = within(await screen.findByRole('dialog', { name: 'Publicar anuncio' }));
    const agency = box.getByRole('switch', { name: 'Mostrar la agencia en el anuncio' });
    expect(agency).toBeChecked();
    fireEvent.click(agency);
    fireEvent.change(box.getByLabelText('Título'), { target: { value: 'Habitación en Chamberí' } });
    fireEvent.change(box.getByLabelText('Zona'), { target: { value: 'Chamberí' } });
    fireEvent.click(box.getByRole('button', { name: 'Publicar anuncio' }));
    expect(await findToast('Anuncio publicado')).toBeVisible();
    expect(bodyOf(fetch, 'POST')).toEqual([
      {
        listingType: 'Habitación',
        title: 'Habitación en Chamberí',
        district: 'Chamberí',
        description: 'Habitación exterior con escritorio.',
        price: 450,
        amenities: ['Escritorio', 'Armario empotrado'],
        showAgency: false,
      },
    ]);
  });

  it("'Editar anuncio' sends only what changed and says 'Anuncio actualizado'", async () => {
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, detail([unit(43, { listing: { id: 7, isPublished: true } })])),
      [LISTING]: () => fakeResponse(200, listing()),
      'PATCH /api/listings/7': () => fakeResponse(200, listing({ price: '500.00' })),
    });
    detailAt();
    fireEvent.click(within(await rowOf('Habitación 43')).getByRole('button', { name: 'Editar anuncio de Habitación 43' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar anuncio' });
    const price = await within(dialog).findByLabelText('Precio mensual (€)');
    expect(price).toHaveValue('450');
    fireEvent.change(price, { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText('Fianza (€)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await findToast('Anuncio actualizado')).toBeVisible();
    // Emptied, the deposit is the legal one of the new price.
    expect(bodyOf(fetch, 'PATCH', '/api/listings/7')).toEqual([{ price: 500, deposit: 500 }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar anuncio' })).toBeNull());
  });
});

describe('the advert photos', () => {
  const openPhotos = async () => {
    fireEvent.click(within(await rowOf('Habitación 43')).getByRole('button', { name: 'Editar anuncio de Habitación 43' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar anuncio' });
    return within(await within(dialog).findByRole('region', { name: /^Fotos \(/ }));
  };

  it("lists the photos with their sizes, the cover first; 'Hacer portada', 'Subir' and 'Bajar' send the whole new order", async () => {
    let order = [11, 12, 13];
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, detail([unit(43, { listing: { id: 7, isPublished: true } })])),
      [LISTING]: () => fakeResponse(200, listing({ photos: order.map((id, i) => photo(id, i)) })),
      'PUT /api/listings/7/photos/order': (init) => {
        order = JSON.parse(String(init!.body)).photoIds;
        return fakeResponse(200, order.map((id, i) => photo(id, i)));
      },
    });
    detailAt();
    const photos = await openPhotos();
    expect(photos.getByRole('heading', { name: 'Fotos (3 de 20)' })).toBeVisible();
    const list = photos.getByRole('list', { name: 'Fotos del anuncio' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const cover = within(items[0]!).getByRole('img', { name: 'Foto 1' });
    expect(cover).toHaveAttribute('srcset', '/api/public/listing-photos/11/320 320w, /api/public/listing-photos/11/640 640w, /api/public/listing-photos/11/1280 1280w');
    expect(cover).toHaveAttribute('sizes', '160px');
    expect(within(items[0]!).getByText('Portada')).toBeVisible();
    expect(within(items[1]!).queryByText('Portada')).toBeNull();
    expect(photos.getByRole('button', { name: 'Subir la foto 1' })).toBeDisabled();
    expect(photos.getByRole('button', { name: 'Bajar la foto 3' })).toBeDisabled();
    expect(photos.queryByRole('button', { name: 'Hacer portada con la foto 1' })).toBeNull();
    expect(photos.getByRole('button', { name: 'Eliminar la foto 2' })).toBeVisible();

    const cover3 = photos.getByRole('button', { name: 'Hacer portada con la foto 3' });
    cover3.focus();
    fireEvent.click(cover3);
    await waitFor(() => expect(bodyOf(fetch, 'PUT')).toEqual([{ photoIds: [13, 11, 12] }]));
    await waitFor(() => expect(within(within(list).getAllByRole('listitem')[0]!).getByRole('img', { name: 'Foto 1' })).toHaveAttribute('src', '/api/public/listing-photos/13/1280'));
    // The focus stays with the photo moved.
    await waitFor(() => expect(document.activeElement).toBe(photos.getByRole('button', { name: 'Bajar la foto 1' })));

    fireEvent.click(photos.getByRole('button', { name: 'Bajar la foto 1' }));
    await waitFor(() => expect(bodyOf(fetch, 'PUT')[1]).toEqual({ photoIds: [11, 13, 12] }));
    await waitFor(() => expect(photos.getByRole('img', { name: 'Foto 2' })).toHaveAttribute('src', '/api/public/listing-photos/13/1280'));
    fireEvent.click(photos.getByRole('button', { name: 'Subir la foto 3' }));
    await waitFor(() => expect(bodyOf(fetch, 'PUT')[2]).toEqual({ photoIds: [11, 12, 13] }));
  });

  it("'Eliminar' asks first, then DELETEs the photo", async () => {
    let photos = [photo(11, 0), photo(12, 1)];
    const fetch = serveDetail({
      [DETAIL]: () => fakeResponse(200, detail([unit(43, { listing: { id: 7, isPublished: true } })])),
      [LISTING]: () => fakeResponse(200, listing({ photos })),
      'DELETE /api/listings/7/photos/12': () => {
        photos = [photo(11, 0)];
        return fakeResponse(204);
      },
    });
    detailAt();
    const section = await openPhotos();
    fireEvent.click(section.getByRole('button', { name: 'Eliminar la foto 2' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: '¿Eliminar la foto 2?' })).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(section.getByRole('heading', { name: 'Fotos (1 de 20)' })).toBeVisible());
    expect(calls(fetch, 'DELETE').map(([url]) => url)).toEqual(['/api/listings/7/photos/12']);
  });

  it("'Añadir fotos' uploads each file in turn and says why one failed without stopping the others", async () => {
    const sent: { url: string; file: File }[] = [];
    let photos: ListingPhoto[] = [];
    /** A fake XMLHttpRequest answering each upload: the first file is refused, the others kept. */
    class FakeXhr {
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      withCredentials = false;
      status = 0;
      statusText = '';
      responseText = '';
      url = '';
      open(_method: string, url: string) {
        this.url = url;
      }
      send(body: FormData) {
        const file = body.get('file') as File;
        sent.push({ url: this.url, file });
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
          if (file.name === 'plano.png') {
            this.status = 400;
            this.responseText = JSON.stringify({ error: 'validation_error', message: LISTING_MESSAGES.photoType, fields: { file: LISTING_MESSAGES.photoType } });
          } else {
            const added = photo(20 + photos.length, photos.length);
            photos = [...photos, added];
            this.status = 201;
            this.responseText = JSON.stringify(added);
          }
          this.onload?.();
        }, 0);
      }
    }
    const realXhr = window.XMLHttpRequest;
    Object.assign(window, { XMLHttpRequest: FakeXhr });
    try {
      serveDetail({
        [DETAIL]: () => fakeResponse(200, detail([unit(43, { listing: { id: 7, isPublished: true } })])),
        [LISTING]: () => fakeResponse(200, listing({ photos })),
      });
      detailAt();
      const section = await openPhotos();
      const files = [new File(['a'], 'salon.jpg', { type: 'image/jpeg' }), new File(['b'], 'plano.png', { type: 'image/png' }), new File(['c'], 'cocina.webp', { type: 'image/webp' })];
      fireEvent.change(section.getByLabelText('Añadir fotos'), { target: { files } });
      await waitFor(() => expect(section.getByText('2 fotos subidas de 3; 1 no se pudo subir.')).toBeVisible());
      expect(within(section.getByRole('list', { name: 'Fotos no subidas' })).getByRole('listitem')).toHaveTextContent(`plano.png: ${LISTING_MESSAGES.photoType}`);
      expect(sent.map(({ url, file }) => `${url} ${file.name}`)).toEqual(['/api/listings/7/photos salon.jpg', '/api/listings/7/photos plano.png', '/api/listings/7/photos cocina.webp']);
      await waitFor(() => expect(section.getByRole('heading', { name: 'Fotos (2 de 20)' })).toBeVisible());
    } finally {
      Object.assign(window, { XMLHttpRequest: realXhr });
    }
  });
});
