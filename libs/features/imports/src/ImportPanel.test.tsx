/** @jest-environment jsdom */
import { IMPORT_MESSAGES, type Import, type ImportRow, type ImportSheet } from '@arrendia/api-contract';
import { answer, makeUser, renderAt, routedFetch, type Routes } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureAxe } from 'jest-axe';
import { useLocation } from 'react-router-dom';
import { ImportPanel } from './ImportPanel';

afterEach(() => {
  jest.restoreAllMocks();
  act(() => resetToasts());
});

const owner = makeUser();
const RECENT = 'GET /api/imports?page=1&pageSize=10';

const PROPERTY_HEADERS = ['Nombre', 'Calle', 'Ciudad', 'Provincia', 'CP'];

function row(id: number, overrides: Partial<ImportRow> = {}): ImportRow {
  return {
    id,
    sheet: 'inmuebles',
    entity: 'properties',
    rowNumber: id + 1,
    status: 'valid',
    values: { propertyName: `Piso ${id}`, addressStreet: 'Calle Mayor', city: 'Madrid', province: 'Madrid', postalCode: '28013' },
    errors: [],
    existingId: null,
    ...overrides,
  };
}

function sheet(overrides: Partial<ImportSheet> = {}): ImportSheet {
  return {
    name: 'inmuebles',
    entity: 'properties',
    headers: PROPERTY_HEADERS,
    mapping: ['propertyName', 'addressStreet', 'city', 'province', null],
    counts: { total: 3, valid: 1, existing: 1, invalid: 1 },
    ...overrides,
  };
}

/** The preview of a CSV of three properties: one to create, one the account has, one with an error. */
function preview(overrides: Partial<Import> = {}): Import {
  return {
    id: 7,
    status: 'preview',
    fileName: 'inmuebles.csv',
    fileType: 'csv',
    account: { userId: 1, agencyId: null },
    sheets: [sheet()],
    counts: { total: 3, valid: 1, existing: 1, invalid: 1 },
    notices: ['La columna «CP» no se ha reconocido: no se importará'],
    rows: [
      row(1),
      row(2, { status: 'existing', existingId: 40, values: { propertyName: 'Ático Centro', city: 'Madrid' } }),
      row(3, {
        status: 'invalid',
        values: { propertyName: 'Bajo Sur', postalCode: '2801' },
        errors: [{ field: 'postalCode', column: 'CP', message: 'CP: El código postal debe tener 5 cifras' }],
      }),
    ],
    progress: { written: 0, toWrite: 1 },
    report: null,
    finishedAt: null,
    createdAt: '2026-04-02T08:30:00Z',
    updatedAt: '2026-04-02T08:30:00Z',
    ...overrides,
  };
}

/** Shows the router's query string, to check what the panel keeps in the URL. */
function Search() {
  return <output aria-label="URL">{useLocation().search}</output>;
}

function draw(routes: Routes, path = '/settings?tab=importar', user = owner) {
  const fetchMock = routedFetch({ [RECENT]: () => [], ...routes });
  global.fetch = fetchMock;
  const rendered = renderAt(
    <>
      <ImportPanel user={user} />
      <Search />
    </>,
    path,
  );
  return { fetchMock, ...rendered };
}

const call = (fetchMock: jest.Mock, method: string, url: string) => fetchMock.mock.calls.find(([u, init]) => String(u) === url && (init?.method ?? 'GET') === method);

async function chooseFile(name: string, content = 'Nombre;Calle\nPiso;Mayor\n') {
  const file = new File([content], name, { type: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream' });
  await userEvent.upload(screen.getByLabelText('Archivo'), file, { applyAccept: false });
  return file;
}

async function pick(combobox: HTMLElement, option: string) {
  await userEvent.click(combobox);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('ImportPanel: upload', () => {
  it('offers the templates, sends the file with its type, and shows the preview: notices, counts, each row with its errors', async () => {
    const { fetchMock } = draw({ 'POST /api/imports': () => answer(201, preview()) });
    expect(screen.getByRole('heading', { name: 'Sube tu archivo' })).toBeVisible();
    const templates = screen.getByRole('navigation', { name: 'Plantillas' });
    expect(within(templates).getByRole('link', { name: 'Plantilla de inmuebles (CSV)' })).toHaveAttribute('href', '/api/imports/templates/properties.csv');
    expect(within(templates).getByRole('link', { name: 'Plantilla de saldos (CSV)' })).toHaveAttribute('href', '/api/imports/templates/balances.csv');
    expect(within(templates).getByRole('link', { name: 'Plantilla Excel completa' })).toHaveAttribute('href', '/api/imports/templates/plantilla.xlsx');
    expect(screen.getByLabelText('Archivo')).toHaveAttribute('accept', expect.stringContaining('.csv,.xlsx'));

    const file = await chooseFile('inmuebles.csv');
    await pick(screen.getByRole('combobox', { name: 'Tipo de datos' }), 'Inmuebles');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));

    const heading = await screen.findByRole('heading', { name: 'Revisa los datos antes de importar' });
    // The step the upload opened has the focus, and the URL names the import (a reload resumes it).
    expect(heading).toHaveFocus();
    expect(screen.getByRole('status', { name: 'URL' })).toHaveTextContent('?tab=importar&importacion=7');
    const sent = call(fetchMock, 'POST', '/api/imports')![1].body as FormData;
    expect(sent.get('file')).toBe(file);
    expect(sent.get('entity')).toBe('properties');
    expect(sent.has('forUserId')).toBe(false);

    expect(screen.getByRole('list', { name: 'Avisos del archivo' })).toHaveTextContent('La columna «CP» no se ha reconocido');
    const counts = screen.getByLabelText('Resumen de las filas');
    expect([...counts.querySelectorAll('div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent])).toEqual([
      ['Filas', '3'],
      ['Se crearán', '1'],
      ['Ya existen', '1'],
      ['Con errores', '1'],
    ]);
    const rows = within(screen.getByRole('region', { name: 'Filas del archivo y sus errores' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['2', 'Se creará', 'Nombre: Piso 1Calle: Calle MayorCiudad: MadridProvincia: MadridCódigo postal: 28013', '—'],
      ['3', 'Ya existe', 'Nombre: Ático CentroCiudad: Madrid', '—'],
      ['4', 'Con errores', 'Nombre: Bajo SurCódigo postal: 2801', 'CP: El código postal debe tener 5 cifras'],
    ]);
    expect(screen.getByRole('button', { name: 'Importar 1 fila' })).toBeEnabled();
  });

  it("shows the server's Spanish refusal of a file and stays on the upload", async () => {
    draw({ 'POST /api/imports': () => answer(400, { error: 'validation_error', message: IMPORT_MESSAGES.noRows, fields: { file: IMPORT_MESSAGES.noRows } }) });
    await chooseFile('vacio.csv', 'Nombre;Calle\n');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.noRows);
    expect(screen.getByRole('heading', { name: 'Sube tu archivo' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'URL' })).toHaveTextContent('?tab=importar');
    expect(screen.getByRole('status', { name: 'URL' })).not.toHaveTextContent('importacion');
  });

  it('shows a 413 past the size limit, and refuses an old .xls or no file without calling the API', async () => {
    const { fetchMock } = draw({ 'POST /api/imports': () => answer(413, { error: 'payload_too_large', message: IMPORT_MESSAGES.tooLarge }) });
    await userEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect(screen.getByLabelText('Archivo')).toHaveAccessibleDescription(expect.stringContaining(IMPORT_MESSAGES.noFile));
    await chooseFile('cartera.xls');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect(screen.getByLabelText('Archivo')).toHaveAccessibleDescription(expect.stringContaining(IMPORT_MESSAGES.oldExcel));
    expect(call(fetchMock, 'POST', '/api/imports')).toBeUndefined();

    await chooseFile('cartera.xlsx');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.tooLarge);
  });

  it('asks the super admin whose account it imports for, and sends it as agencyId', async () => {
    const { fetchMock } = draw(
      {
        'GET /api/users?role=propietario_individual&status=activo&pageSize=20': () => [],
        'GET /api/agencies?status=activa&pageSize=20': () => [
          { id: 12, nombreAgencia: 'Agencia Sol', cifAgencia: 'B12345678', direccionFiscal: null, telefonoAgencia: null, emailAgencia: null, webAgencia: null, commissionRate: '5.00', isActive: true, managers: 1, agents: 0, createdAt: '2026-01-01T00:00:00Z' },
        ],
        'POST /api/imports': () => answer(201, preview({ account: { userId: 30, agencyId: 12 } })),
      },
      '/settings?tab=importar',
      makeUser({}, 'super_admin'),
    );
    await chooseFile('inmuebles.csv');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect(await screen.findByText('Elige para quién importas')).toBeVisible();
    expect(call(fetchMock, 'POST', '/api/imports')).toBeUndefined();

    await pick(screen.getByRole('combobox', { name: 'Tipo de cuenta' }), 'Una agencia');
    await pick(screen.getByRole('combobox', { name: 'Agencia' }), 'Agencia Sol · B12345678');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    await screen.findByRole('heading', { name: 'Revisa los datos antes de importar' });
    const sent = call(fetchMock, 'POST', '/api/imports')![1].body as FormData;
    expect(sent.get('agencyId')).toBe('12');
    expect(sent.has('forUserId')).toBe(false);
    expect(sent.has('entity')).toBe(false);
  });
});

describe('ImportPanel: preview', () => {
  it('resumes the import the URL names, and sends the corrected column mapping (PUT) before it lets the user import', async () => {
    const remapped = preview({
      sheets: [sheet({ mapping: ['propertyName', 'addressStreet', 'city', 'province', 'postalCode'] })],
      updatedAt: '2026-04-02T08:31:00Z',
      notices: [],
    });
    const { fetchMock } = draw({ 'GET /api/imports/7': () => preview(), 'PUT /api/imports/7/mapping': () => remapped }, '/settings?tab=importar&importacion=7');
    const heading = await screen.findByRole('heading', { name: 'Revisa los datos antes de importar' });
    // Arriving at the page moves no focus.
    expect(heading).not.toHaveFocus();
    const card = screen.getByRole('region', { name: 'Hoja inmuebles' });
    expect(within(card).getByRole('combobox', { name: 'Tipo de datos' })).toHaveTextContent('Inmuebles');
    expect(within(card).getByText('Faltan columnas obligatorias: Código postal.')).toBeVisible();
    const cp = within(card).getByRole('combobox', { name: 'Campo de la columna «CP»' });
    expect(cp).toHaveTextContent('No importar');
    expect(screen.getByRole('button', { name: 'Aplicar cambios' })).toBeDisabled();

    await userEvent.click(cp);
    // A field another column fills is not offered twice.
    expect(screen.getByRole('option', { name: 'Nombre (obligatorio)' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Código postal (obligatorio)' }));
    expect(screen.getByRole('button', { name: 'Importar 1 fila' })).toBeDisabled();
    expect(screen.getByText('Aplica los cambios de columnas antes de importar.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar cambios' }));

    await waitFor(() => expect(call(fetchMock, 'PUT', '/api/imports/7/mapping')).toBeDefined());
    expect(JSON.parse(String(call(fetchMock, 'PUT', '/api/imports/7/mapping')![1].body))).toEqual({
      sheets: [{ name: 'inmuebles', entity: 'properties', mapping: ['propertyName', 'addressStreet', 'city', 'province', 'postalCode'] }],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Aplicar cambios' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Importar 1 fila' })).toBeEnabled();
    expect(screen.queryByText(/Faltan columnas obligatorias/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Avisos del archivo' })).not.toBeInTheDocument();
  });

  it('shows the server refusal of a mapping', async () => {
    draw(
      {
        'GET /api/imports/7': () => preview(),
        'PUT /api/imports/7/mapping': () => answer(400, { error: 'validation_error', message: IMPORT_MESSAGES.repeatedField, fields: { sheets: IMPORT_MESSAGES.repeatedField } }),
      },
      '/settings?tab=importar&importacion=7',
    );
    await pick(await screen.findByRole('combobox', { name: 'Campo de la columna «CP»' }), 'Notas');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar cambios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.repeatedField);
  });

  it('filters the rows by status and pages them in the browser, 50 at a time', async () => {
    const rows = Array.from({ length: 137 }, (_, i) =>
      i % 4 === 3 ? row(i + 1, { status: 'invalid', errors: [{ field: 'city', column: 'Ciudad', message: 'Ciudad: La ciudad es obligatoria' }] }) : row(i + 1),
    );
    const invalid = rows.filter((r) => r.status === 'invalid').length;
    draw({ 'GET /api/imports/7': () => preview({ rows, counts: { total: 137, valid: 137 - invalid, existing: 0, invalid } }) }, '/settings?tab=importar&importacion=7');
    const table = await screen.findByRole('region', { name: 'Filas del archivo y sus errores' });
    const pager = screen.getByRole('navigation', { name: 'Páginas de filas' });
    expect(pager).toHaveTextContent('Mostrando 1–50 de 137');
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getAllByRole('row')[50]).toHaveTextContent('Piso 50');

    await userEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    expect(pager).toHaveTextContent('Mostrando 51–100 de 137');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Piso 51');
    await userEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    expect(pager).toHaveTextContent('Mostrando 101–137 de 137');
    expect(within(table).getAllByRole('row')).toHaveLength(38);

    // A filter starts again at its first page.
    await pick(screen.getByRole('combobox', { name: 'Mostrar' }), 'Con errores');
    expect(screen.getByRole('navigation', { name: 'Páginas de filas' })).toHaveTextContent(`Mostrando 1–${invalid} de ${invalid}`);
    const shown = within(screen.getByRole('region', { name: 'Filas del archivo y sus errores' })).getAllByRole('row').slice(1);
    expect(shown).toHaveLength(invalid);
    expect(shown.every((r) => within(r).getAllByRole('cell')[1]!.textContent === 'Con errores')).toBe(true);
    expect(shown[0]).toHaveTextContent('Ciudad: La ciudad es obligatoria');

    await pick(screen.getByRole('combobox', { name: 'Mostrar' }), 'Ya existen');
    expect(screen.getByText('Ninguna fila con este estado.')).toHaveAttribute('role', 'status');
  });

  it('says a new tenant is invited by email to its contract (no account is made for it)', async () => {
    const tenant = row(1, { sheet: 'Inquilinos', entity: 'tenants', values: { firstName: 'Lola', lastName: 'Flores', email: 'lola@ejemplo.es' } });
    draw(
      {
        'GET /api/imports/7': () =>
          preview({
            sheets: [sheet({ name: 'Inquilinos', entity: 'tenants', headers: ['Nombre', 'Apellidos', 'Email'], mapping: ['firstName', 'lastName', 'email'], counts: { total: 1, valid: 1, existing: 0, invalid: 0 } })],
            rows: [tenant],
            notices: [],
            counts: { total: 1, valid: 1, existing: 0, invalid: 0 },
          }),
      },
      '/settings?tab=importar&importacion=7',
    );
    const table = await screen.findByRole('region', { name: 'Filas del archivo y sus errores' });
    expect(within(table).getByRole('row', { name: /Lola/ })).toHaveTextContent('Se le invitará por email a su contrato: no se le crea ninguna cuenta.');
  });

  it('disables Importar with no row to create', async () => {
    draw({ 'GET /api/imports/7': () => preview({ counts: { total: 3, valid: 0, existing: 2, invalid: 1 } }) }, '/settings?tab=importar&importacion=7');
    expect(await screen.findByRole('button', { name: 'Importar 0 filas' })).toBeDisabled();
    expect(screen.getByText('Ninguna fila se puede importar: todas ya existen o tienen errores.')).toBeVisible();
  });

  it('says a file whose every row is already in the account would create nothing (a second import of the same file)', async () => {
    draw({ 'GET /api/imports/7': () => preview({ counts: { total: 3, valid: 0, existing: 3, invalid: 0 } }) }, '/settings?tab=importar&importacion=7');
    expect(await screen.findByRole('button', { name: 'Importar 0 filas' })).toBeDisabled();
    expect(screen.getByText('Todas las filas ya están en tu cuenta: importar este archivo no crearía nada.')).toBeVisible();
  });
});

describe('ImportPanel: commit, progress and report', () => {
  it('confirms, starts the import, follows its progress bar and shows the report; «Importar otro archivo» starts again', async () => {
    const counts = { total: 18, valid: 18, existing: 0, invalid: 0 };
    let state: Import = preview({ counts, progress: { written: 0, toWrite: 18 }, notices: [] });
    const { fetchMock, client } = draw(
      {
        'GET /api/imports/7': () => state,
        'POST /api/imports/7/commit': () => {
          state = { ...state, status: 'importing' };
          return answer(202, state);
        },
      },
      '/settings?tab=importar&importacion=7',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Importar 18 filas' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Importar 18 filas?' });
    expect(call(fetchMock, 'POST', '/api/imports/7/commit')).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));

    const heading = await screen.findByRole('heading', { name: 'Importando inmuebles.csv' });
    await waitFor(() => expect(heading).toHaveFocus());
    const bar = screen.getByRole('progressbar', { name: 'Progreso de la importación' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '18');
    expect(screen.getByText('0 de 18 filas')).toBeVisible();

    // A batch written: the live event invalidates the imports' queries, the bar moves.
    state = { ...state, progress: { written: 10, toWrite: 18 } };
    await act(() => client.invalidateQueries({ queryKey: ['/api/imports'] }));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Progreso de la importación' })).toHaveAttribute('aria-valuenow', '10'));
    expect(screen.getByText('10 de 18 filas')).toBeVisible();

    state = {
      ...state,
      status: 'done',
      progress: { written: 18, toWrite: 18 },
      finishedAt: '2026-04-02T08:35:00Z',
      report: {
        created: { properties: 3, units: 6, tenants: 4, contracts: 4, balances: 1 },
        existing: { properties: 0, units: 0, tenants: 0, contracts: 0, balances: 0 },
        invalid: { properties: 0, units: 0, tenants: 0, contracts: 0, balances: 0 },
        stoppedBecause: null,
      },
    };
    await act(() => client.invalidateQueries({ queryKey: ['/api/imports'] }));
    const done = await screen.findByRole('heading', { name: 'Importación terminada' });
    await waitFor(() => expect(done).toHaveFocus());
    // The bar stays, full, above the report.
    expect(screen.getByRole('progressbar', { name: 'Progreso de la importación' })).toHaveAttribute('aria-valuenow', '18');
    expect(screen.getByText('18 de 18 filas')).toBeVisible();
    const report = screen.getByRole('region', { name: 'Resultado de la importación' });
    expect(within(report).getAllByRole('row').map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Tipo de datos', 'Creados', 'Ya existían', 'Con errores'],
      ['Inmuebles', '3', '0', '0'],
      ['Unidades', '6', '0', '0'],
      ['Inquilinos invitados', '4', '0', '0'],
      ['Contratos', '4', '0', '0'],
      ['Saldos', '1', '0', '0'],
    ]);
    expect(screen.getByRole('link', { name: 'Ver inmuebles' })).toHaveAttribute('href', '/properties');
    expect(screen.getByRole('link', { name: 'Ver contratos' })).toHaveAttribute('href', '/contracts');
    expect(screen.getByRole('link', { name: 'Ver inquilinos' })).toHaveAttribute('href', '/tenants');

    await userEvent.click(screen.getByRole('button', { name: 'Importar otro archivo' }));
    expect(await screen.findByRole('heading', { name: 'Sube tu archivo' })).toHaveFocus();
    expect(screen.getByRole('status', { name: 'URL' })).toHaveTextContent('?tab=importar');
    expect(screen.getByRole('status', { name: 'URL' })).not.toHaveTextContent('importacion');
  });

  it('polls a running import only while it runs, and cancels it', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let state: Import = preview({ status: 'importing', progress: { written: 5000, toWrite: 15000 } });
      const { fetchMock } = draw(
        {
          'GET /api/imports/7': () => state,
          'POST /api/imports/7/cancel': () => {
            state = { ...state, status: 'cancelled', report: { created: { properties: 5000, units: 0, tenants: 0, contracts: 0, balances: 0 }, existing: { properties: 0, units: 0, tenants: 0, contracts: 0, balances: 0 }, invalid: { properties: 0, units: 0, tenants: 0, contracts: 0, balances: 0 }, stoppedBecause: IMPORT_MESSAGES.cancelled } };
            return state;
          },
        },
        '/settings?tab=importar&importacion=7',
      );
      expect(await screen.findByText('5000 de 15.000 filas')).toBeVisible();
      const gets = () => fetchMock.mock.calls.filter(([u, init]) => String(u) === '/api/imports/7' && !init?.method).length;
      expect(gets()).toBe(1);
      state = { ...state, progress: { written: 10000, toWrite: 15000 } };
      await act(() => jest.advanceTimersByTimeAsync(5_000));
      expect(await screen.findByText('10.000 de 15.000 filas')).toBeVisible();
      expect(gets()).toBe(2);

      await userEvent.click(screen.getByRole('button', { name: 'Cancelar importación' }));
      expect(await screen.findByRole('heading', { name: 'Importación cancelada' })).toBeVisible();
      expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.cancelled);
      await act(() => jest.advanceTimersByTimeAsync(15_000));
      expect(gets()).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('ImportPanel: recent imports', () => {
  it('lists the user’s imports under the upload, and «Abrir» goes back to one', async () => {
    const { rows: _rows, sheets: _sheets, notices: _notices, ...summary } = preview({ status: 'done', fileName: 'cartera.xlsx', counts: { total: 18, valid: 0, existing: 0, invalid: 0 } });
    draw({ [RECENT]: () => [summary], 'GET /api/imports/7': () => preview() });
    const recent = await screen.findByRole('region', { name: 'Lista de importaciones' });
    expect((await within(recent).findAllByRole('row'))[1]!.textContent).toBe('02/04/2026 10:30cartera.xlsxTerminada18Abrir');
    await userEvent.click(within(recent).getByRole('button', { name: 'Abrir la importación de cartera.xlsx' }));
    expect(await screen.findByRole('heading', { name: 'Revisa los datos antes de importar' })).toHaveFocus();
    expect(screen.getByRole('status', { name: 'URL' })).toHaveTextContent('?tab=importar&importacion=7');
  });
});

describe('ImportPanel: accessibility', () => {
  it('has no axe violations in the preview', async () => {
    draw({ 'GET /api/imports/7': () => preview() }, '/settings?tab=importar&importacion=7');
    await screen.findByRole('heading', { name: 'Revisa los datos antes de importar' });
    const results = await configureAxe({ rules: { region: { enabled: false } } })(document.body);
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
