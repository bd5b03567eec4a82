/** @jest-environment jsdom */
import type { AuditLogEntry } from '@arrendia/api-contract';
import { failsOnce, fakeResponse, renderAt, routedFetch } from '@arrendia/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { AuditLogScreen } from './AuditLogScreen';

const entry = (id: number, overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  action: 'update',
  tableName: 'main_properties',
  recordId: '12',
  changedAt: '2026-07-01T22:30:05.000Z',
  user: { id: 3, name: 'Olga Martín', email: 'olga@demo.arrendia.es' },
  oldValues: { propertyName: 'Ático', city: 'Madrid', notes: null },
  newValues: { propertyName: 'Ático reformado', city: 'Madrid', notes: 'Cocina nueva' },
  ...overrides,
});
const facets = { tableNames: ['contracts', 'main_properties'], actions: ['create', 'login', 'update'] };
const page = (rows: AuditLogEntry[], total = rows.length) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.search}</p>;
}
const at = (path: string) =>
  renderAt(
    <Routes>
      <Route
        path="/audit-log"
        element={
          <>
            <AuditLogScreen user={null} />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    path,
  );

describe('AuditLogScreen', () => {
  it('lists the page with its date to the second, user, Spanish action, table and record', async () => {
    global.fetch = routedFetch({
      'GET /api/admin/audit-log/facets': () => facets,
      'GET /api/admin/audit-log?page=1&pageSize=20': page([entry(2), entry(1, { user: null, action: 'create', recordId: null, oldValues: null })], 45),
    });
    at('/audit-log');

    expect(screen.getByRole('heading', { level: 1, name: 'Registro de Auditoría' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['02/07/2026 00:30:05', 'Olga Martínolga@demo.arrendia.es', 'Modificación', 'main_properties', '12', 'Ver cambios']);
    expect(second).toHaveTextContent('Sistema');
    expect(second).toHaveTextContent('Creación');
    const pages = screen.getByRole('navigation', { name: 'Páginas de registros' });
    expect(pages).toHaveTextContent('Mostrando 1–20 de 45');
    expect(pages).toHaveTextContent('Página 1 de 3');
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/admin/audit-log.csv');
  });

  it('says when the log could not be loaded, and «Reintentar» loads it', async () => {
    global.fetch = routedFetch({
      'GET /api/admin/audit-log/facets': () => facets,
      'GET /api/admin/audit-log?page=1&pageSize=20': failsOnce(fakeResponse(200, [entry(2)], { 'X-Total-Count': '1' })),
    });
    at('/audit-log');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el registro de auditoría');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
    expect(within(table).getByText('Olga Martín')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('expands a row to the before and after of each changed key', async () => {
    global.fetch = routedFetch({ 'GET /api/admin/audit-log/facets': () => facets, 'GET /api/admin/audit-log?page=1&pageSize=20': page([entry(2)]) });
    at('/audit-log');

    const toggle = await screen.findByRole('button', { name: 'Ver cambios de main_properties 12 (02/07/2026 00:30:05)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Ocultar cambios');
    const changes = screen.getByRole('table', { name: 'Cambios de main_properties 12 (02/07/2026 00:30:05)' });
    expect(toggle).toHaveAttribute('aria-controls', changes.closest('tr')!.id);
    const rows = within(changes).getAllByRole('row').slice(1).map((r) => Array.from(r.children, (c) => c.textContent));
    // city did not change: it is not listed.
    expect(rows).toEqual([
      ['propertyName', 'Ático', 'Ático reformado'],
      ['notes', 'Sin valor', 'Cocina nueva'],
    ]);
    await userEvent.click(toggle);
    expect(screen.queryByRole('table', { name: /^Cambios de/ })).toBeNull();
  });

  it('sends each filter to the server, keeps them in the URL and in the CSV link', async () => {
    const fetch = routedFetch({
      'GET /api/admin/audit-log/facets': () => facets,
      'GET /api/admin/audit-log?tableName=main_properties&page=2&pageSize=20': page([entry(2)], 30),
      'GET /api/admin/audit-log?tableName=main_properties&page=1&pageSize=20': page([entry(2)], 30),
      'GET /api/admin/audit-log?user=olga&tableName=main_properties&page=1&pageSize=20': page([entry(2)]),
      'GET /api/admin/audit-log?user=olga&tableName=main_properties&action=create&page=1&pageSize=20': page([entry(2)]),
      'GET /api/admin/audit-log?user=olga&tableName=main_properties&action=create&from=2026-03-01&page=1&pageSize=20': page([entry(2)]),
      'GET /api/admin/audit-log?user=olga&tableName=main_properties&action=create&from=2026-03-01&to=2026-03-31&page=1&pageSize=20': page([entry(7, { recordId: '77' })]),
    });
    global.fetch = fetch;
    at('/audit-log?tableName=main_properties&page=2');
    const asked = (query: string) => waitFor(() => expect(fetch).toHaveBeenCalledWith(`/api/admin/audit-log?${query}&page=1&pageSize=20`, expect.anything()));

    expect(await screen.findByRole('combobox', { name: 'Tabla' })).toHaveTextContent('main_properties');
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/admin/audit-log?tableName=main_properties&page=2&pageSize=20', expect.anything()));

    await userEvent.type(screen.getByLabelText('Usuario'), 'olga');
    await asked('user=olga&tableName=main_properties');
    // Typing asks once, after it stops, not once per key.
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('user=o&') || String(url).includes('user=ol&'))).toEqual([]);

    await userEvent.click(screen.getByRole('combobox', { name: 'Acción' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Creación' }));
    await asked('user=olga&tableName=main_properties&action=create');

    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-03-01' } });
    await asked('user=olga&tableName=main_properties&action=create&from=2026-03-01');
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03-31' } });
    await asked('user=olga&tableName=main_properties&action=create&from=2026-03-01&to=2026-03-31');

    expect(await screen.findByRole('button', { name: /Ver cambios de main_properties 77/ })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('?tableName=main_properties&user=olga&action=create&from=2026-03-01&to=2026-03-31');
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/api/admin/audit-log.csv?user=olga&tableName=main_properties&action=create&from=2026-03-01&to=2026-03-31',
    );
  });

  it('sorts by date from its header (oldest first, then newest, then the list\'s own order), keeping the filters and the CSV link', async () => {
    const fetch = routedFetch({
      'GET /api/admin/audit-log/facets': () => facets,
      'GET /api/admin/audit-log?action=create&page=1&pageSize=20': page([entry(2)]),
      'GET /api/admin/audit-log?action=create&sort=changedAt&page=1&pageSize=20': page([entry(1, { recordId: '11' })]),
      'GET /api/admin/audit-log?action=create&sort=-changedAt&page=1&pageSize=20': page([entry(3, { recordId: '33' })]),
    });
    global.fetch = fetch;
    at('/audit-log?action=create');
    const date = () => screen.getByRole('columnheader', { name: /Fecha/ });
    await screen.findByRole('button', { name: /Ver cambios de main_properties 12/ });
    expect(date()).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(within(date()).getByRole('button'));
    expect(await screen.findByRole('button', { name: /Ver cambios de main_properties 11/ })).toBeVisible();
    expect(date()).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByTestId('location')).toHaveTextContent('?action=create&sort=changedAt');
    await userEvent.click(within(date()).getByRole('button'));
    expect(await screen.findByRole('button', { name: /Ver cambios de main_properties 33/ })).toBeVisible();
    expect(date()).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(date()).getByRole('button'));
    expect(await screen.findByRole('button', { name: /Ver cambios de main_properties 12/ })).toBeVisible();
    expect(screen.getByTestId('location').textContent).toBe('?action=create');
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/admin/audit-log.csv?action=create');
  });

  it('says when the filters match nothing and «Quitar filtros» shows the whole log', async () => {
    global.fetch = routedFetch({
      'GET /api/admin/audit-log/facets': () => facets,
      'GET /api/admin/audit-log?user=nadie&page=1&pageSize=20': page([]),
      'GET /api/admin/audit-log?page=1&pageSize=20': page([entry(2)]),
    });
    at('/audit-log?user=nadie');
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(await screen.findByRole('button', { name: /Ver cambios de main_properties 12/ })).toBeVisible();
    expect(screen.getByLabelText('Usuario')).toHaveValue('');
    expect(screen.getByTestId('location').textContent).toBe('');
  });

  it('refuses a date range that ends before it starts, without asking the server', async () => {
    const fetch = routedFetch({ 'GET /api/admin/audit-log/facets': () => facets });
    global.fetch = fetch;
    at('/audit-log?from=2026-03-02&to=2026-03-01');

    expect(await screen.findByText('La fecha final no puede ser anterior a la inicial')).toBeVisible();
    expect(screen.getByLabelText('Hasta')).toHaveAccessibleDescription('La fecha final no puede ser anterior a la inicial');
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/admin/audit-log/facets']);
  });
});
