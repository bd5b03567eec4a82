/** @jest-environment jsdom */
import type { ListingDetail, PublicListingsPage } from '@arrendia/api-contract';
import { failsOnce } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe, toHaveNoViolations } from 'jest-axe';
import { readFilters, writeFilters } from './catalog/filters';
import { MESSAGE_SENT_ALERT } from './property/ContactForm';
import { answer, renderSite } from './test-utils';

expect.extend(toHaveNoViolations);

const fetchMock = jest.fn();
beforeAll(() => {
  (globalThis as Record<string, unknown>).__ARRENDIA_BUILD_ID__ = 'test-build';
});
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  window.alert = jest.fn();
});
afterEach(() => act(() => resetToasts()));

const LISTING: ListingDetail = {
  id: 7,
  type: 'Apartamento',
  title: 'Piso luminoso en Chamberí',
  address: 'Calle de Santa Engracia, 58',
  city: 'Madrid',
  district: 'Chamberí',
  price: '1350.00',
  deposit: '1350.00',
  size: 88,
  bedrooms: 2,
  bathrooms: 1,
  floor: -1,
  hasElevator: true,
  furnished: false,
  pets: false,
  images: ['/api/placeholder/800/600', '/api/placeholder/800/601'],
  description: 'Exterior y con ascensor.',
  amenities: ['Ascensor', 'Balcón'],
  availableFrom: '2026-12-01',
  contactName: 'Javier Martín',
  contactPhone: '+34 623 456 789',
  contactEmail: 'owner@demo.arrendia.es',
  agency: null,
  posted: '2026-11-18T10:00:00.000Z',
  fullDescription: 'Piso exterior de 88 m² en una finca clásica.',
  nearbyPlaces: ['Metro Iglesia (L1) · 2 min'],
  views: 10,
  saved: 2,
  rating: 4.7,
  reviews: 18,
};

const page = (items: ListingDetail[], total = items.length, averagePrice = 1350): PublicListingsPage => ({ items, total, averagePrice, page: 1, pageSize: 12 });

describe('catalogue filters in the URL', () => {
  it('reads known values and ignores unknown ones', () => {
    expect(readFilters(new URLSearchParams('q=ático&type=Garaje&district=Marte&price=mas-2000&page=2'))).toEqual({
      q: 'ático',
      type: 'Garaje',
      district: null,
      price: 'mas-2000',
      page: 2,
    });
  });

  it('writes only what is set', () => {
    expect(writeFilters({ q: ' ', type: null, district: 'Centro', price: null, page: 1 }).toString()).toBe('district=Centro');
  });
});

describe('/alquiler', () => {
  it('asks the API with the URL filters and shows the summary tiles and the cards', async () => {
    fetchMock.mockResolvedValue(answer(200, page([LISTING], 1, 1350)));
    const { container } = await renderSite('/alquiler?type=Apartamento&district=Chamberí');
    expect(await screen.findByRole('link', { name: LISTING.title })).toBeVisible();
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://x');
    expect(url.pathname).toBe('/api/public/listings');
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'Apartamento', district: 'Chamberí', pageSize: '12' });
    const tiles = within(screen.getByRole('region', { name: 'Resumen de la búsqueda' })).getAllByRole('listitem');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      '1Propiedades encontradas',
      '1.350,00\u00a0€Precio medio',
      '3 nuevas esta semanaNovedades',
      '24hTiempo medio de respuesta',
    ]);
    expect(document.title).toMatch(/alquiler/i);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the empty state texts when nothing matches', async () => {
    fetchMock.mockResolvedValue(answer(200, page([], 0, 0)));
    await renderSite('/alquiler?q=nada');
    expect(await screen.findByText('No se encontraron propiedades')).toBeVisible();
    expect(screen.getByText('Prueba ajustando tus filtros de búsqueda')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('nada');
  });

  it('says when the catalogue could not be loaded, and «Reintentar» loads it', async () => {
    const route = failsOnce(answer(200, page([LISTING], 1, 1350)));
    fetchMock.mockImplementation(async () => route());
    await renderSite('/alquiler');
    const results = screen.getByRole('region', { name: 'Resultados' });
    expect(await within(results).findByRole('alert')).toHaveTextContent('No se pudo cargar el catálogo');
    await userEvent.click(within(results).getByRole('button', { name: 'Reintentar' }));
    expect(await within(results).findByRole('link', { name: LISTING.title })).toBeVisible();
    expect(within(results).queryByRole('alert')).toBeNull();
  });
});

describe('/property/:id', () => {
  it('shows gallery, facts, economics and contact, and sets Open Graph tags', async () => {
    fetchMock.mockResolvedValue(answer(200, LISTING));
    const { container } = await renderSite('/property/7');
    expect(await screen.findByRole('heading', { level: 1, name: LISTING.title })).toBeVisible();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/public/listings/7');
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact('Planta')).toHaveTextContent('Sótano -1');
    expect(fact('Superficie')).toHaveTextContent('88 m²');
    expect(fact('Ascensor')).toHaveTextContent('Sí');
    expect(fact('Mascotas')).toHaveTextContent('No admitidas');
    expect(fact('Fianza')).toHaveTextContent('1.350,00 €');
    expect(fact('Total pago inicial')).toHaveTextContent('2.700,00 €');
    const contact = within(screen.getByRole('complementary', { name: 'Precio y contacto' }));
    expect(contact.getByText('Javier Martín')).toBeVisible();
    expect(contact.getByRole('link', { name: '+34 623 456 789' })).toHaveAttribute('href', 'tel:+34623456789');
    expect(contact.getByRole('link', { name: 'owner@demo.arrendia.es' })).toHaveAttribute('href', 'mailto:owner@demo.arrendia.es');
    expect(contact.getByText('Tiempo medio de respuesta: 2-4 horas')).toBeVisible();
    expect(screen.getByRole('img', { name: /foto 1 de 2/ })).toHaveAttribute('src', '/api/placeholder/800/600');
    const second = screen.getByRole('button', { name: 'Ver foto 2' });
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Ver foto 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: /foto 2 de 2/ })).toHaveAttribute('src', '/api/placeholder/800/601');
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(LISTING.title);
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(/\/api\/placeholder\/800\/600$/);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('sends the message as a lead, alerts, closes and clears the form', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, LISTING)).mockResolvedValueOnce(answer(201, { id: 1, createdAt: '2026-11-21T10:00:00.000Z' }));
    await renderSite('/property/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar mensaje' }));
    const form = screen.getByRole('form', { name: 'Enviar mensaje al anunciante' });
    await userEvent.type(within(form).getByLabelText('Nombre'), 'Ana');
    await userEvent.type(within(form).getByLabelText('Correo electrónico'), 'ana@example.com');
    await userEvent.type(within(form).getByLabelText('Mensaje'), '¿Puedo visitarlo?');
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(MESSAGE_SENT_ALERT));
    expect(fetchMock.mock.calls[1][0]).toBe('/api/public/leads');
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ listingId: 7, name: 'Ana', email: 'ana@example.com', phone: '', message: '¿Puedo visitarlo?' });
    expect(screen.queryByRole('form', { name: 'Enviar mensaje al anunciante' })).toBeNull();
  });

  it('refuses an empty form on the client, naming the fields, and sends nothing', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, LISTING));
    await renderSite('/property/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar mensaje' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const form = within(screen.getByRole('form', { name: 'Enviar mensaje al anunciante' }));
    expect(form.getByLabelText('Nombre')).toHaveAccessibleDescription('El nombre es obligatorio');
    expect(form.getByLabelText('Mensaje')).toHaveAccessibleDescription('El mensaje es obligatorio');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('says Propiedad no encontrada with a link back for an unknown id', async () => {
    fetchMock.mockResolvedValue(answer(404, { error: 'not_found', message: 'La propiedad que buscas no está disponible' }));
    await renderSite('/property/999');
    expect(await screen.findByRole('heading', { name: 'Propiedad no encontrada' })).toBeVisible();
    expect(screen.getByText('La propiedad que buscas no está disponible')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver al catálogo' })).toHaveAttribute('href', '/alquiler');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('says when the property could not be loaded, and «Reintentar» loads it', async () => {
    const route = failsOnce(answer(200, LISTING));
    fetchMock.mockImplementation(async () => route());
    await renderSite('/property/7');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la propiedad');
    expect(screen.getByRole('heading', { level: 1, name: 'Propiedad en alquiler' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver al catálogo' })).toHaveAttribute('href', '/alquiler');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: LISTING.title })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('marketing pages', () => {
  it('/rental-types compares the three solutions and links to each', async () => {
    await renderSite('/rental-types');
    await screen.findByRole('article', { name: 'Habitaciones' });
    const solutions = [
      ['Habitaciones', '5-50 unidades', 'Desde 29 €/mes', '/rooms-management'],
      ['Apartamentos', '1-20 unidades', 'Desde 39 €/mes', '/apartments-management'],
      ['Propiedades', 'Unidades ilimitadas', 'Desde 89 €/mes', '/properties-management'],
    ];
    for (const [name, units, price, href] of solutions) {
      const card = within(screen.getByRole('article', { name }));
      expect(card.getByText(units)).toBeVisible();
      expect(card.getByText(price)).toBeVisible();
      expect(card.getByRole('link', { name: `Ver gestión de ${name.toLowerCase()}` })).toHaveAttribute('href', href);
    }
  });

  it.each([
    ['/rooms-management', [['Starter', '29 €'], ['Professional', '49 €'], ['Enterprise', '89 €']], 'Más popular', 'Hasta 50 habitaciones'],
    ['/apartments-management', [['Basic', '39 €'], ['Professional', '69 €'], ['Enterprise', '119 €']], 'Recomendado', 'Hasta 20 apartamentos'],
  ])('%s shows its three plans and the free trial', async (path, plans, highlight, limit) => {
    const { container } = await renderSite(path);
    await screen.findByRole('article', { name: 'Starter' }).catch(() => screen.findByRole('article', { name: 'Basic' }));
    for (const [name, price] of plans) {
      const card = screen.getByRole('article', { name });
      expect(within(card).getByText(new RegExp(`^${price}`))).toBeVisible();
      // Only the middle plan is highlighted.
      if (name === 'Professional') expect(within(card).getByText(highlight)).toBeVisible();
      else expect(within(card).queryByText(highlight)).toBeNull();
    }
    expect(within(screen.getByRole('article', { name: 'Professional' })).getByText(limit)).toBeVisible();
    expect(screen.getAllByText(/30 días/).length).toBeGreaterThan(0);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('/properties-management, linked from /rental-types, offers unlimited units from 89 € with the free trial', async () => {
    const { container } = await renderSite('/properties-management');
    const card = await screen.findByRole('article', { name: 'Propiedades' });
    expect(within(card).getByText(/^89 €/)).toBeVisible();
    expect(within(card).getByText('Unidades ilimitadas')).toBeVisible();
    expect(screen.getAllByText(/30 días/).length).toBeGreaterThan(0);
    expect(await axe(container)).toHaveNoViolations();
  });
});
