/** @jest-environment jsdom */
import type { ReportSchedule } from '@arrendia/api-contract';
import { resetToasts } from '@arrendia/ui';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureAxe } from 'jest-axe';
import { Route, Routes, useLocation } from 'react-router-dom';
import { answer, fakeResponse, findToast, renderAt, routedFetch } from '@arrendia/testing';
import { ReportsScreen } from './ReportsScreen';
import { periodLabel } from './ScheduledReports';

const schedule = (id: number, overrides: Partial<ReportSchedule> = {}): ReportSchedule => ({
  id,
  reportType: 'financial',
  frequency: 'mensual',
  property: null,
  createdAt: '2026-03-10T09:00:00Z',
  lastPeriodGenerated: '2026-03-01',
  nextRunDate: '2026-05-01',
  isDefault: true,
  ...overrides,
});
const quarterly = schedule(2, { reportType: 'occupancy', frequency: 'trimestral', property: { id: 5, propertyName: 'Edificio Olivo' }, lastPeriodGenerated: null, nextRunDate: '2026-07-01', isDefault: false });
const FIRST_PAGE = 'GET /api/report-schedules?page=1&pageSize=20';
const PROPERTIES = 'GET /api/properties?archived=false&pageSize=100';
const paged = (rows: ReportSchedule[], total = rows.length) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}
const where = () => screen.getByTestId('where').textContent;

async function openScheduled() {
  const rendered = renderAt(<ReportsScreen user={null} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Programados' }));
  return rendered;
}
const cellsOf = (row: HTMLElement) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((c) => c.textContent);

afterEach(() => {
  jest.restoreAllMocks();
  act(() => resetToasts());
});

describe('periodLabel', () => {
  it('names a month, or a quarter by its order', () => {
    expect(periodLabel('mensual', '2026-03-01')).toBe('marzo de 2026');
    expect(periodLabel('trimestral', '2026-01-01')).toBe('primer trimestre de 2026');
    expect(periodLabel('trimestral', '2026-10-01')).toBe('cuarto trimestre de 2026');
  });
});

describe('Programados', () => {
  it('lists the schedules with type, frequency, property, last period, next run and creation date, and marks the default one', async () => {
    global.fetch = routedFetch({ [FIRST_PAGE]: paged([schedule(1), quarterly]) });
    await openScheduled();
    const panel = screen.getByRole('tabpanel', { name: 'Programados' });
    const rows = (await within(panel).findAllByRole('row')).slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ['Reporte FinancieroReportes mensuales (Configuración)', 'Mensual', 'Toda la cartera', 'marzo de 2026', '01/05/2026', '10/03/2026', 'Eliminar'],
      ['Reporte de Ocupación', 'Trimestral', 'Edificio Olivo', '—', '01/07/2026', '10/03/2026', 'Eliminar'],
    ]);
    expect(within(panel).getByRole('navigation', { name: 'Páginas de reportes programados' })).toHaveTextContent('Mostrando 1–2 de 2');
  });

  it('says when there are none', async () => {
    global.fetch = routedFetch({ [FIRST_PAGE]: paged([]) });
    await openScheduled();
    expect(await screen.findByText(/No tienes reportes programados/)).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("'Programar reporte' sends the chosen type, frequency and property, or null for the whole portfolio, and refreshes the list (and the settings for the default one)", async () => {
    const posted: unknown[] = [];
    const fetchMock = routedFetch({
      [FIRST_PAGE]: paged([]),
      [PROPERTIES]: () => [{ id: 5, propertyName: 'Edificio Olivo' }],
      'POST /api/report-schedules': (init) => {
        const body = JSON.parse(String(init?.body)) as { propertyId: number | null };
        posted.push(body);
        return answer(201, body.propertyId === null ? schedule(1, { lastPeriodGenerated: null }) : quarterly);
      },
    });
    global.fetch = fetchMock;
    const { client } = await openScheduled();
    const invalidate = jest.spyOn(client, 'invalidateQueries');

    await userEvent.click(await screen.findByRole('button', { name: 'Programar reporte' }));
    let dialog = await screen.findByRole('dialog', { name: 'Programar reporte' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Tipo de reporte' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reporte de Ocupación' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Frecuencia' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Trimestral' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Propiedad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Edificio Olivo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Programar reporte' }));
    expect(await findToast('Reporte programado')).toHaveTextContent('Reporte de Ocupación trimestral de Edificio Olivo: el primero se generará el 01/07/2026');
    expect(posted).toEqual([{ reportType: 'occupancy', frequency: 'trimestral', propertyId: 5 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/report-schedules'] });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['/api/settings'] });

    // The defaults: the monthly financial report of the whole portfolio, the 'Reportes mensuales' one.
    await userEvent.click(screen.getByRole('button', { name: 'Programar reporte' }));
    dialog = await screen.findByRole('dialog', { name: 'Programar reporte' });
    expect(within(dialog).getByRole('combobox', { name: 'Propiedad' })).toHaveTextContent('Toda la cartera');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Programar reporte' }));
    await screen.findByText(/Reporte Financiero mensual de toda la cartera/);
    expect(posted[1]).toEqual({ reportType: 'financial', frequency: 'mensual', propertyId: null });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/settings'] });
  });

  it("shows the server's refusal of the property under the field and keeps the dialog open", async () => {
    global.fetch = routedFetch({
      [FIRST_PAGE]: paged([]),
      [PROPERTIES]: () => [{ id: 5, propertyName: 'Edificio Olivo' }],
      'POST /api/report-schedules': () => answer(400, { error: 'validation_error', message: 'No se pudo programar el reporte', fields: { propertyId: 'Elige una propiedad de tu cartera' } }),
    });
    await openScheduled();
    await userEvent.click(await screen.findByRole('button', { name: 'Programar reporte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Programar reporte' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Propiedad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Edificio Olivo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Programar reporte' }));
    expect(await within(dialog).findByText('Elige una propiedad de tu cartera')).toBeVisible();
    expect(within(dialog).getByRole('combobox', { name: 'Propiedad' })).toHaveAccessibleDescription('Elige una propiedad de tu cartera');
    expect(screen.getByRole('dialog', { name: 'Programar reporte' })).toBeVisible();
  });

  it('deletes a schedule only once confirmed, saying the default one also turns off «Reportes mensuales»', async () => {
    const deleted: string[] = [];
    global.fetch = routedFetch({
      [FIRST_PAGE]: paged([schedule(1), quarterly]),
      'DELETE /api/report-schedules/1': () => {
        deleted.push('1');
        return answer(204);
      },
    });
    const { client } = await openScheduled();
    const invalidate = jest.spyOn(client, 'invalidateQueries');

    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Reporte Financiero mensual de toda la cartera' }));
    let confirm = await screen.findByRole('alertdialog', { name: '¿Eliminar el reporte programado?' });
    expect(confirm).toHaveTextContent('También se desactivará «Reportes mensuales» en Configuración.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(deleted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Reporte Financiero mensual de toda la cartera' }));
    confirm = await screen.findByRole('alertdialog', { name: '¿Eliminar el reporte programado?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await findToast('Reporte programado eliminado')).toHaveTextContent('Reporte Financiero mensual de toda la cartera ya no se generará');
    expect(deleted).toEqual(['1']);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/report-schedules'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/settings'] });
  });

  it('reads its page and order from the URL (opening the tab), and sorting writes them back', async () => {
    const fetchMock = routedFetch({
      'GET /api/report-schedules?sort=-createdAt&page=2&pageSize=20': paged([quarterly], 21),
      [FIRST_PAGE]: paged([schedule(1), quarterly], 2),
      'GET /api/report-schedules?sort=createdAt&page=1&pageSize=20': paged([schedule(1), quarterly], 2),
    });
    global.fetch = fetchMock;
    renderAt(
      <Routes>
        <Route
          path="reports"
          element={
            <>
              <ReportsScreen user={null} />
              <Where />
            </>
          }
        />
      </Routes>,
      '/reports?programados.sort=-createdAt&programados.page=2',
    );
    expect(screen.getByRole('tab', { name: 'Programados' })).toHaveAttribute('aria-selected', 'true');
    const pages = await screen.findByRole('navigation', { name: 'Páginas de reportes programados' });
    expect(pages).toHaveTextContent('Mostrando 21–21 de 21');
    const created = screen.getByRole('columnheader', { name: /Creado/ });
    expect(created).toHaveAttribute('aria-sort', 'descending');

    // Descending → the list's own order, from the first page.
    await userEvent.click(within(created).getByRole('button'));
    expect(await screen.findByText('Mostrando 1–2 de 2')).toBeVisible();
    expect(where()).toBe('/reports');
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Creado/ })).getByRole('button'));
    expect(where()).toBe('/reports?programados.sort=createdAt');
    expect(fetchMock).toHaveBeenCalledWith('/api/report-schedules?sort=createdAt&page=1&pageSize=20', expect.anything());
  });
});

describe('Programados accessibility', () => {
  it('has no axe violations, with its table and with the dialog open', async () => {
    global.fetch = routedFetch({ [FIRST_PAGE]: paged([schedule(1), quarterly]), [PROPERTIES]: () => [{ id: 5, propertyName: 'Edificio Olivo' }] });
    await openScheduled();
    await screen.findAllByRole('row');
    const axe = configureAxe({ rules: { region: { enabled: false } } });
    const problems = async () => (await axe(document.body)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await problems()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Programar reporte' }));
    await screen.findByRole('dialog', { name: 'Programar reporte' });
    expect(await problems()).toEqual([]);
  });
});
