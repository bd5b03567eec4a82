/** @jest-environment jsdom */
import type { Report } from '@arrendia/api-contract';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureAxe } from 'jest-axe';
import { currentMonthPeriod } from './period';
import { PrincipalReportDialog } from './ReportCard';
import { ReportHistory, ReportsScreen } from './ReportsScreen';
import { answer, failsOnce, findToast, renderAt, routedFetch } from '@arrendia/testing';

const report = (id: number, overrides: Partial<Report> = {}): Report => ({
  id, reportType: 'financial', periodFrom: '2026-03-01', periodTo: '2026-03-31', fileName: `reporte-financiero_2026-03-01_2026-03-31.pdf`,
  fileSizeKb: 3, createdAt: '2026-04-02T08:30:00Z', owner: null, propertyName: null, ...overrides,
});

afterEach(() => {
  jest.restoreAllMocks();
  act(() => resetToasts());
});

describe('currentMonthPeriod', () => {
  it('runs from the first to the last day of the Madrid month', () => {
    expect(currentMonthPeriod(new Date('2026-02-10T12:00:00Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    // 23:30 UTC on 31 December is already January in Madrid.
    expect(currentMonthPeriod(new Date('2026-12-31T23:30:00Z'))).toEqual({ from: '2027-01-01', to: '2027-01-31' });
  });
});

describe('ReportsScreen', () => {
  it('shows the three report cards, each with a period (this month by default) and Generar PDF', () => {
    global.fetch = routedFetch({});
    renderAt(<ReportsScreen user={null} />);
    const { from, to } = currentMonthPeriod();
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Reporte Financiero',
      'Reporte de Ocupación',
      'Reporte de Inquilinos',
    ]);
    for (const card of screen.getAllByRole('article')) {
      expect(within(card).getByLabelText('Desde')).toHaveValue(from);
      expect(within(card).getByLabelText('Hasta')).toHaveValue(to);
      expect(within(card).getByRole('button', { name: 'Generar PDF' })).toBeEnabled();
    }
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Generar Reportes', 'Programados', 'Historial']);
  });

  it('generates a PDF for the chosen period and offers its download', async () => {
    const fetchMock = routedFetch({ 'POST /api/reports': () => answer(201, report(7, { reportType: 'occupancy', fileName: 'reporte-ocupacion_2026-01-01_2026-03-31.pdf' })) });
    global.fetch = fetchMock;
    const { client } = renderAt(<ReportsScreen user={null} />);
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    const card = screen.getByRole('article', { name: 'Reporte de Ocupación' });
    fireEvent.change(within(card).getByLabelText('Desde'), { target: { value: '2026-01-01' } });
    fireEvent.change(within(card).getByLabelText('Hasta'), { target: { value: '2026-03-31' } });
    await userEvent.click(within(card).getByRole('button', { name: 'Generar PDF' }));
    expect(await findToast('Reporte generado')).toHaveTextContent('Reporte de Ocupación listo para descargar');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1].body))).toEqual({ reportType: 'occupancy', from: '2026-01-01', to: '2026-03-31' });
    expect(within(card).getByRole('link', { name: 'Descargar reporte-ocupacion_2026-01-01_2026-03-31.pdf' })).toHaveAttribute('href', '/api/reports/7/download');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/reports'] });
    // Not a principal's report: the delegations' report status stays as it was.
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['/api/delegations'] });
  });

  it("PrincipalReportDialog generates the chosen report of one principal (ownerUserId) and shows the server's refusal", async () => {
    let refuse = false;
    const fetchMock = routedFetch({
      'POST /api/reports': () =>
        refuse
          ? answer(400, { error: 'validation_error', message: 'No se pudo generar el reporte', fields: { ownerUserId: 'No gestionas la cartera de este propietario' } })
          : answer(201, report(9, { reportType: 'tenants', fileName: 'reporte-inquilinos.pdf', owner: { id: 4, firstName: 'Olga', lastName: 'Martín' } })),
    });
    global.fetch = fetchMock;
    const { client } = renderAt(<PrincipalReportDialog owner={{ id: 4, name: 'Olga Martín' }} trigger={<button type="button">Generar reporte</button>} />);
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    await userEvent.click(screen.getByRole('button', { name: 'Generar reporte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generar reporte de Olga Martín' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Tipo de reporte' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reporte de Inquilinos' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generar PDF' }));
    expect(await findToast('Reporte generado')).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1].body))).toMatchObject({ reportType: 'tenants', ownerUserId: 4 });
    expect(within(dialog).getByRole('link', { name: 'Descargar reporte-inquilinos.pdf' })).toHaveAttribute('href', '/api/reports/9/download');
    // The principals' list refreshes: this owner is now 'Al día'.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/delegations'] });

    act(() => resetToasts());
    refuse = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generar PDF' }));
    expect(await findToast('Error')).toHaveTextContent('No gestionas la cartera de este propietario');
  });

  it('refuses a period that ends before it starts without calling the API', async () => {
    const fetchMock = routedFetch({});
    global.fetch = fetchMock;
    renderAt(<ReportsScreen user={null} />);
    const card = screen.getByRole('article', { name: 'Reporte Financiero' });
    fireEvent.change(within(card).getByLabelText('Desde'), { target: { value: '2026-05-01' } });
    fireEvent.change(within(card).getByLabelText('Hasta'), { target: { value: '2026-04-30' } });
    await userEvent.click(within(card).getByRole('button', { name: 'Generar PDF' }));
    await within(card).findByText('La fecha final no puede ser anterior a la inicial');
    expect(within(card).getByLabelText('Hasta')).toHaveAccessibleDescription('La fecha final no puede ser anterior a la inicial');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Historial lists the generated reports with date, type, period and download', async () => {
    global.fetch = routedFetch({ 'GET /api/reports': () => [report(2, { reportType: 'tenants', fileName: 'reporte-inquilinos.pdf' }), report(1)] });
    renderAt(<ReportsScreen user={null} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Historial' }));
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 3).map((c) => c.textContent))).toEqual([
      ['02/04/2026 10:30', 'Reporte de Inquilinos', '01/03/2026 - 31/03/2026'],
      ['02/04/2026 10:30', 'Reporte Financiero', '01/03/2026 - 31/03/2026'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Descargar reporte-inquilinos.pdf' })).toHaveAttribute('href', '/api/reports/2/download');
    expect(within(rows[1]!).getByRole('link', { name: /^Descargar / })).toHaveAttribute('href', '/api/reports/1/download');
    expect(screen.queryByRole('columnheader', { name: 'Propietario' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Propiedad' })).not.toBeInTheDocument();
  });

  it('opens the tab a link asks for (?tab=historial: where a scheduled report\'s notice leads)', async () => {
    global.fetch = routedFetch({ 'GET /api/reports': () => [report(1)] });
    renderAt(<ReportsScreen user={null} />, '/reports?tab=historial');
    expect(screen.getByRole('tab', { name: 'Historial' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: /^Descargar / })).toHaveAttribute('href', '/api/reports/1/download');
  });

  it('Historial names the property of a scheduled report of one property', async () => {
    global.fetch = routedFetch({ 'GET /api/reports': () => [report(4, { propertyName: 'Edificio Olivo' }), report(1)] });
    renderAt(<ReportHistory />);
    expect(await screen.findByRole('columnheader', { name: 'Propiedad' })).toBeVisible();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['Edificio Olivo', 'Toda la cartera']);
  });

  it('Historial names the principal of each report when any report is about one', async () => {
    global.fetch = routedFetch({ 'GET /api/reports': () => [report(3, { owner: { id: 4, firstName: 'Olga', lastName: 'Martín' } }), report(1)] });
    renderAt(<ReportHistory />);
    expect(await screen.findByRole('columnheader', { name: 'Propietario' })).toBeVisible();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['Olga Martín', 'Toda la cartera']);
  });

  it('says when the history could not be loaded, and «Reintentar» loads it', async () => {
    global.fetch = routedFetch({ 'GET /api/reports': failsOnce([report(1)]) });
    renderAt(<ReportsScreen user={null} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Historial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el historial');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Descargar reporte-financiero_2026-03-01_2026-03-31.pdf' })).toHaveAttribute('href', '/api/reports/1/download');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Historial says when there are no reports', async () => {
    global.fetch = routedFetch({ 'GET /api/reports': () => [] });
    renderAt(<ReportsScreen user={null} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Historial' }));
    expect(await screen.findByText('Todavía no has generado ningún reporte')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('ReportsScreen accessibility', () => {
  it('has no axe violations', async () => {
    global.fetch = routedFetch({});
    renderAt(<ReportsScreen user={null} />);
    const results = await configureAxe({ rules: { region: { enabled: false } } })(document.body);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
