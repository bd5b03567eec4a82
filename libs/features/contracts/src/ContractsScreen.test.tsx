/** @jest-environment jsdom */
import type { ContractDetail, ContractListItem, PropertyListItem, UnitOption } from '@arrendia/api-contract';
import { resetToasts } from '@arrendia/ui';
import { fireEvent, screen, within } from '@testing-library/react';
import { depositWarning, generateContractCode } from './ContractFormDialog';
import { ContractsScreen } from './ContractsScreen';
import { MyContractsScreen } from './MyContractsScreen';
import { failsOnce, fakeResponse, pending, renderAt, serve } from '@arrendia/testing';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';

const item = (id: number, status: 'Activo' | 'Pendiente' | 'Finalizado' = 'Activo', over: Partial<ContractListItem['contract']> = {}): ContractListItem => ({
  contract: {
    id,
    rentableUnitId: 10 + id,
    contractCode: `ARR-2026-000${id}`,
    startDate: '2026-03-01',
    endDate: '2027-02-28',
    rentAmount: '1234.50',
    paymentDay: 5,
    depositAmount: '1234.50',
    depositStatus: 'Recibida',
    status,
    renewalNoticeDays: 30,
    terminationReason: status === 'Finalizado' ? 'Fin del plazo' : null,
    notes: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...over,
  },
  unit: { id: 10 + id, unitName: 'Bajo A' },
  property: { id: 1, propertyName: 'Casa Norte' },
});

const unit = (over: Partial<UnitOption> = {}): UnitOption => ({
  id: 5,
  unitName: 'Vivienda completa',
  currentStatus: 'Disponible',
  baseRentPrice: null,
  typeName: 'vivienda',
  propertyId: 1,
  propertyName: 'Casa Norte',
  hasActiveContract: false,
  ...over,
});

/** A property of the 'Propiedad' filter's choices. */
const property: PropertyListItem = {
  id: 1,
  ownerUserId: 1,
  managerAgencyId: null,
  propertyName: 'Casa Norte',
  addressStreet: 'Calle Mayor',
  addressNumber: '1',
  addressDetails: null,
  city: 'Madrid',
  province: 'Madrid',
  postalCode: '28013',
  country: 'España',
  refCatastral: null,
  totalAreaM2: null,
  buildYear: null,
  notes: null,
  isArchived: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  unitCount: 1,
  rentedUnits: 0,
  monthlyRent: '0.00',
};

const LIST = 'GET /api/contracts?page=1&pageSize=20';
/** The 'Propiedad' filter's choices. */
const PROPERTY_OPTIONS = 'GET /api/properties?pageSize=100&sort=propertyName';
const screenAt = (path = '/contracts') => renderAt(<ContractsScreen user={null} />, path, '/contracts/*');

beforeEach(() => {
  resetToasts();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('ContractsScreen list', () => {
  it('shows 5 placeholders while loading', () => {
    pending();
    screenAt();
    expect(within(screen.getByRole('list', { name: 'Cargando contratos' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('shows the empty state', async () => {
    serve({ [PROPERTY_OPTIONS]: () => fakeResponse(200, []), [LIST]: () => fakeResponse(200, []) });
    screenAt();
    expect(await screen.findByRole('heading', { name: 'No hay contratos' })).toBeVisible();
  });

  it("draws the spec's card: code, unit and property, dd/MM/yyyy dates, '€/mes', 'Pago día N de cada mes'", async () => {
    serve({ [PROPERTY_OPTIONS]: () => fakeResponse(200, []), [LIST]: () => fakeResponse(200, [item(1)]) });
    screenAt();
    const card = await screen.findByRole('article', { name: 'ARR-2026-0001' });
    expect(within(card).getByText('Bajo A · Casa Norte')).toBeVisible();
    expect(within(card).getByText('01/03/2026')).toBeVisible();
    expect(within(card).getByText('28/02/2027')).toBeVisible();
    expect(within(card).getByText('1.234,50 €/mes')).toBeVisible();
    expect(within(card).getByText('Pago día 5 de cada mes')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Ver Detalles del contrato ARR-2026-0001' })).toHaveAttribute('href', '/contracts/1');
  });

  it.each([
    ['Activo', 'green'],
    ['Pendiente', 'yellow'],
    ['Finalizado', 'grey'],
  ] as const)('paints %s %s', async (status, tone) => {
    serve({ [PROPERTY_OPTIONS]: () => fakeResponse(200, []), [LIST]: () => fakeResponse(200, [item(1, status)]) });
    screenAt();
    const card = await screen.findByRole('article', { name: 'ARR-2026-0001' });
    expect(within(card).getByText(status)).toHaveAttribute('data-tone', tone);
  });

  it('shows a contract with no end date as such', async () => {
    serve({ [PROPERTY_OPTIONS]: () => fakeResponse(200, []), [LIST]: () => fakeResponse(200, [item(2, 'Activo', { endDate: null })]) });
    screenAt();
    const card = await screen.findByRole('article', { name: 'ARR-2026-0002' });
    expect(within(card).getByText('Sin fecha de fin')).toBeVisible();
    expect(within(card).getByText('01/03/2026')).toBeVisible();
  });

  it('says when the contracts could not be loaded, and «Reintentar» loads them', async () => {
    serve({ [PROPERTY_OPTIONS]: () => fakeResponse(200, []), [LIST]: failsOnce(fakeResponse(200, [item(1)])) });
    screenAt();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los contratos');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'ARR-2026-0001' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ContractsScreen paging, filters and order (issue 33: the state in the URL)', () => {
  const paged = (rows: ContractListItem[], total: number) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });
  const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => item(from + i));
  const listAt = (path: string) =>
    renderAt(
      <>
        <ContractsScreen user={null} />
        <Where />
      </>,
      path,
      '/contracts/*',
    );

  it('reads page, filters and order from the URL, offers the properties to filter by, and every move writes the URL back', async () => {
    const fetch = serve({
      [PROPERTY_OPTIONS]: () => fakeResponse(200, [{ id: 1, propertyName: 'Casa Norte' }, { id: 2, propertyName: 'Casa Sur' }].map((p) => ({ ...property, ...p }))),
      'GET /api/contracts?q=garcia&status=Activo&from=2026-01-01&sort=-rentAmount&page=2&pageSize=20': paged(many(21, 20), 41),
      'GET /api/contracts?q=garcia&status=Activo&from=2026-01-01&sort=-rentAmount&page=3&pageSize=20': paged(many(41, 1), 41),
      'GET /api/contracts?q=garcia&status=Activo&propertyId=2&from=2026-01-01&sort=-rentAmount&page=1&pageSize=20': paged(many(7, 1), 1),
      'GET /api/contracts?q=garcia&status=Activo&propertyId=2&from=2026-01-01&page=1&pageSize=20': paged(many(8, 1), 1),
    });
    listAt('/contracts?q=garcia&status=Activo&from=2026-01-01&sort=-rentAmount&page=2');
    expect(await screen.findByRole('article', { name: 'ARR-2026-00021' })).toBeVisible();
    const pages = screen.getByRole('navigation', { name: 'Páginas de contratos' });
    expect(pages).toHaveTextContent('Mostrando 21–40 de 41');
    expect(screen.getByRole('searchbox', { name: 'Buscar contratos' })).toHaveValue('garcia');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Activo');
    expect(screen.getByLabelText('Inicio desde')).toHaveValue('2026-01-01');
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveTextContent('Renta más alta primero');

    await userEvent.click(within(pages).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('article', { name: 'ARR-2026-00041' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/contracts?q=garcia&status=Activo&from=2026-01-01&sort=-rentAmount&page=3');

    await userEvent.click(screen.getByRole('combobox', { name: 'Propiedad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Casa Sur' }));
    expect(await screen.findByRole('article', { name: 'ARR-2026-0007' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/contracts?q=garcia&status=Activo&from=2026-01-01&sort=-rentAmount&propertyId=2');
    await userEvent.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Predeterminado' }));
    expect(await screen.findByRole('article', { name: 'ARR-2026-0008' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/contracts?q=garcia&status=Activo&from=2026-01-01&propertyId=2');
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('says when the filters match nothing, and «Quitar filtros» lists every contract again', async () => {
    serve({
      [PROPERTY_OPTIONS]: () => fakeResponse(200, []),
      'GET /api/contracts?status=Pendiente&to=2025-12-31&page=1&pageSize=20': paged([], 0),
      [LIST]: paged([item(1)], 1),
    });
    listAt('/contracts?status=Pendiente&to=2025-12-31');
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(await screen.findByRole('article', { name: 'ARR-2026-0001' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/contracts$/);
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

describe('ContractsScreen create form', () => {
  it('starts with the spec defaults and refuses a form without unit, start date or rent', async () => {
    const fetch = serve({ [PROPERTY_OPTIONS]: () => fakeResponse(200, []), [LIST]: () => fakeResponse(200, []), 'GET /api/units?available=true&pageSize=100': () => fakeResponse(200, [unit()]) });
    screenAt('/contracts?nuevo=1');
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Contrato' });
    expect((within(dialog).getByLabelText('Código del contrato') as HTMLInputElement).value).toMatch(/^ARR-\d{13}$/);
    expect(within(dialog).getByLabelText('Día de pago')).toHaveValue(1);
    expect(within(dialog).getByLabelText('Preaviso de renovación (días)')).toHaveValue(30);
    expect(within(dialog).getByLabelText('Fianza (€)')).toHaveValue('0');
    fireEvent.change(within(dialog).getByLabelText('Día de pago'), { target: { value: '32' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear Contrato' }));
    await within(dialog).findByText('Elige la unidad del contrato');
    // Each message is read with its own field.
    expect(within(dialog).getByRole('combobox', { name: 'Unidad' })).toHaveAccessibleDescription('Elige la unidad del contrato');
    expect(within(dialog).getByLabelText('Fecha de inicio')).toHaveAccessibleDescription('La fecha es obligatoria');
    expect(within(dialog).getByLabelText('Renta mensual (€)')).toHaveAccessibleDescription('La renta es obligatoria');
    expect(within(dialog).getByLabelText('Día de pago')).toHaveAccessibleDescription('El día de pago debe estar entre 1 y 31');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });
});

describe('depositWarning (LAU)', () => {
  const plain = (text: string | null) => text?.replace(/\u00a0/g, ' ') ?? null;

  it('wants one month for a dwelling and two for other uses', () => {
    expect(depositWarning(unit(), '950', '950')).toBeNull();
    expect(plain(depositWarning(unit(), '950', '0'))).toBe('La fianza legal (LAU) para una vivienda es una mensualidad: 950,00 €. La fianza indicada es 0,00 €.');
    expect(depositWarning(unit({ typeName: 'habitacion' }), '400,50', '400.50')).toBeNull();
    expect(plain(depositWarning(unit({ typeName: 'local' }), '1000', '1000'))).toBe('La fianza legal (LAU) para este uso es dos mensualidades: 2.000,00 €. La fianza indicada es 1.000,00 €.');
    expect(depositWarning(unit({ typeName: 'garaje' }), '100', '200')).toBeNull();
  });

  it('says nothing until a unit and a rent are given', () => {
    expect(depositWarning(undefined, '950', '0')).toBeNull();
    expect(depositWarning(unit(), '', '0')).toBeNull();
  });
});

it('generates the contract code as a prefix and the time in ms', () => {
  expect(generateContractCode(1767225600000)).toBe('ARR-1767225600000');
});

/** A contract without an update clause (issue 36), and its rent history: the initial rent only. */
const NO_CLAUSE: ContractDetail['rentUpdate'] = { mechanism: 'none', value: null, floorPercent: null, monthsBefore: null, leaseUse: 'vivienda', signedOn: '2026-03-01', nextUpdateOn: null, upcoming: null };
const HISTORY = 'GET /api/contracts/3/rent-history';
const initialRent = () => fakeResponse(200, [{ rentAmount: '1234.50', validFrom: '2026-03-01', reason: 'Renta inicial del contrato', rentUpdateId: null }]);

/** Contract 3 as GET /api/contracts/3 answers it, with one document. */
const base = item(3);
const detail: ContractDetail = {
  ...base,
  unit: { ...base.unit, currentStatus: 'Alquilado' },
  property: { ...base.property, addressStreet: 'Calle de Toledo', addressNumber: '41', city: 'Madrid' },
  tenants: [],
  transactions: [],
  documents: [{ id: 77, fileName: 'contrato-firmado.pdf', fileType: 'application/pdf', fileSizeKb: 120, createdAt: '2026-03-01T09:00:00.000Z' }],
  rentUpdate: NO_CLAUSE,
};

describe('ContractsScreen detail', () => {

  it('lists the documents with a link that downloads each one', async () => {
    serve({ 'GET /api/contracts/3': () => fakeResponse(200, detail), [HISTORY]: initialRent });
    screenAt('/contracts/3');
    const link = await screen.findByRole('link', { name: 'Descargar contrato-firmado.pdf' });
    expect(link.getAttribute('href')).toBe('/api/documents/77/download');
    expect(link.getAttribute('download')).toBe('contrato-firmado.pdf');
  });

  it('says when the contract could not be loaded, and «Reintentar» loads it', async () => {
    serve({ 'GET /api/contracts/3': failsOnce(fakeResponse(200, detail)), [HISTORY]: initialRent });
    screenAt('/contracts/3');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el contrato');
    expect(screen.getByRole('heading', { level: 1, name: 'Contrato' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver a Contratos' })).toHaveAttribute('href', '/contracts');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Contrato ARR-2026-0003' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Contrato no encontrado' for a contract that does not exist, with nothing to retry", async () => {
    serve({ 'GET /api/contracts/3': () => fakeResponse(404, { error: 'not_found', message: 'Contrato no encontrado' }), [HISTORY]: initialRent });
    screenAt('/contracts/3');
    expect(await screen.findByRole('heading', { name: 'Contrato no encontrado' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });
});

describe('MyContractsScreen (the tenant)', () => {

  it('says when the contract could not be loaded, and «Reintentar» loads it', async () => {
    serve({ 'GET /api/contracts?pageSize=100': failsOnce(fakeResponse(200, [base])), 'GET /api/contracts/3': () => fakeResponse(200, detail), [HISTORY]: initialRent });
    renderAt(<MyContractsScreen user={null} />, '/contracts');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar tu contrato');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Casa Norte · Bajo A' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the documents could not be loaded, and «Reintentar» loads them', async () => {
    serve({ 'GET /api/contracts?pageSize=100': () => fakeResponse(200, [base]), 'GET /api/contracts/3': failsOnce(fakeResponse(200, detail)), [HISTORY]: initialRent });
    renderAt(<MyContractsScreen user={null} />, '/contracts');
    const card = await screen.findByRole('article', { name: 'Casa Norte · Bajo A' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('No se pudieron cargar los documentos');
    fireEvent.click(within(card).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card).findByRole('link', { name: 'Descargar contrato-firmado.pdf' })).toBeVisible();
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it("shows every term of the tenant's contract, its documents and 'Descargar contrato (PDF)', with no staff action", async () => {
    const base = item(3, 'Activo', { notes: 'Se permiten mascotas pequeñas.' });
    const detail: ContractDetail = {
      ...base,
      unit: { ...base.unit, currentStatus: 'Alquilado' },
      property: { ...base.property, addressStreet: 'Calle de Toledo', addressNumber: '41', city: 'Madrid' },
      tenants: [{ id: 9, firstName: 'Pablo', lastName: 'García', email: 'pablo@example.es', telefono: null, isPrimaryTenant: true }],
      transactions: [],
      documents: [{ id: 77, fileName: 'contrato-firmado.pdf', fileType: 'application/pdf', fileSizeKb: 120, createdAt: '2026-03-01T09:00:00.000Z' }],
      rentUpdate: NO_CLAUSE,
    };
    serve({ 'GET /api/contracts?pageSize=100': () => fakeResponse(200, [base]), 'GET /api/contracts/3': () => fakeResponse(200, detail), [HISTORY]: initialRent });
    renderAt(<MyContractsScreen user={null} />, '/contracts');
    const card = await screen.findByRole('article', { name: 'Casa Norte · Bajo A' });
    expect(card).toHaveTextContent('ARR-2026-0003');
    expect(card).toHaveTextContent('01/03/2026');
    expect(card).toHaveTextContent('28/02/2027');
    expect(card).toHaveTextContent(/1234,50.€\/mes|1\.234,50.€\/mes/);
    expect(card).toHaveTextContent('Pago día 5 de cada mes');
    expect(card).toHaveTextContent('Se permiten mascotas pequeñas.');
    expect(await within(card).findByText('Pablo García')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Descargar contrato-firmado.pdf' })).toHaveAttribute('href', '/api/documents/77/download');
    expect(within(card).getByRole('link', { name: 'Descargar contrato (PDF)' })).toHaveAttribute('href', '/api/contracts/3/pdf');
    expect(screen.queryByRole('button', { name: /Editar|Nuevo Contrato/ })).not.toBeInTheDocument();
  });
});
