/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AnalyticsScreen } from './AnalyticsScreen';
import { FinancialAnalysisCard } from './FinancialAnalysisCard';
import { FinancialSummaryCard } from './FinancialSummaryCard';
import { MonthlyEvolutionCard } from './MonthlyEvolutionCard';
import { analysisFrom, addMonths, currentMonth } from './lib/months';
import { failsOnce, renderAt, routedFetch, type Routes } from '@arrendia/testing';

const month = (m: string, income: string, expenses: string, net: string) => ({ month: m, income, expenses, net });
const last = (n: number) => Array.from({ length: n }, (_, i) => addMonths(currentMonth(), i - n + 1));

const routes: Routes = {
  'GET /api/finances/monthly?months=12': () => last(12).map((m, i) => (i === 11 ? month(m, '1234.50', '200.00', '1034.50') : month(m, '0.00', '0.00', '0.00'))),
  'GET /api/finances/monthly?months=7': () => last(7).map((m, i) => (i === 0 ? month(m, '1000.00', '250.25', '749.75') : month(m, '0.00', '10.00', '-10.00'))),
  [`GET /api/finances/by-property?from=${analysisFrom()}`]: () => [
    { propertyId: 1, propertyName: 'Ático', address: 'Calle Mayor 1, Madrid', income: '5000.00', expenses: '1000.00', profit: '4000.00' },
    { propertyId: 2, propertyName: 'Bajo', address: 'Calle Luna 2, Madrid', income: '0.00', expenses: '80.00', profit: '-80.00' },
  ],
  'GET /api/finances/summary': () => ({ month: currentMonth(), income: '1234.50', expenses: '200.00', net: '1034.50' }),
  'GET /api/finances/expenses-by-category': () => [
    { categoryName: 'IBI', total: '150.00' },
    { categoryName: 'Comunidad', total: '50.00' },
  ],
  'GET /api/analytics/occupancy': () => ({
    properties: [{ propertyId: 1, propertyName: 'Ático', units: 4, rented: 3, rate: 75 }],
    overall: { units: 4, rented: 3, rate: 75 },
    monthly: last(12).map((m) => ({ month: m, units: 4, rented: 3, rate: 75 })),
  }),
};

beforeEach(() => {
  global.fetch = routedFetch(routes);
});

describe('MonthlyEvolutionCard', () => {
  it('exports the 12 months as a CSV named after the current month', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe(`evolucion-mensual-${currentMonth()}.csv`);
    });
    renderAt(<MonthlyEvolutionCard user={null} />);
    const region = await screen.findByRole('region', { name: 'Evolución Mensual' });
    // The chart's figures, for assistive technology.
    await waitFor(() => expect(within(region).getAllByRole('row')).toHaveLength(13));
    fireEvent.click(within(region).getByRole('button', { name: 'Exportar' }));
    expect(click).toHaveBeenCalled();
    const read = <T,>(how: 'readAsText' | 'readAsArrayBuffer') =>
      new Promise<T>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as T);
        reader[how](created[0]!);
      });
    // The UTF-8 BOM, then the header (readAsText drops the BOM it decodes).
    expect([...new Uint8Array(await read<ArrayBuffer>('readAsArrayBuffer')).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await read<string>('readAsText');
    expect(text.split('\r\n')[0]).toBe('month;income;expenses;net');
    expect(text).toContain(`${currentMonth()};1234,50;200,00;1034,50`);
  });

  it('says when the monthly evolution could not be loaded, and «Reintentar» loads it', async () => {
    global.fetch = routedFetch({ ...routes, 'GET /api/finances/monthly?months=12': failsOnce(routes['GET /api/finances/monthly?months=12']!()) });
    renderAt(<MonthlyEvolutionCard user={null} />);
    const region = await screen.findByRole('region', { name: 'Evolución Mensual' });
    expect(await within(region).findByRole('alert')).toHaveTextContent('No se pudo cargar la evolución mensual');
    fireEvent.click(within(region).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(within(region).getAllByRole('row')).toHaveLength(13));
    expect(within(region).queryByRole('alert')).toBeNull();
  });
});

describe('FinancialSummaryCard', () => {
  it('says when the financial summary could not be loaded, and «Reintentar» loads both reads', async () => {
    global.fetch = routedFetch({
      ...routes,
      'GET /api/finances/summary': failsOnce(routes['GET /api/finances/summary']!()),
      'GET /api/finances/expenses-by-category': failsOnce(routes['GET /api/finances/expenses-by-category']!()),
    });
    renderAt(<FinancialSummaryCard user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el resumen financiero');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect((await screen.findByLabelText('Resumen financiero del mes')).textContent).toContain('IBI150,00\u00a0€');
    expect(screen.getByTestId('summary-net').textContent).toBe('1.034,50\u00a0€');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows real expenses by category and the net', async () => {
    renderAt(<FinancialSummaryCard user={null} />);
    const list = await screen.findByLabelText('Resumen financiero del mes');
    expect(list.textContent).toContain('IBI150,00\u00a0€');
    expect(list.textContent).toContain('Comunidad50,00\u00a0€');
    expect(screen.getByTestId('summary-net').textContent).toBe('1.034,50\u00a0€');
  });
});

describe('FinancialAnalysisCard', () => {
  it('says when the financial analysis could not be loaded, and «Reintentar» loads it', async () => {
    global.fetch = routedFetch({ ...routes, 'GET /api/finances/monthly?months=7': failsOnce(routes['GET /api/finances/monthly?months=7']!()) });
    renderAt(<FinancialAnalysisCard user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el análisis financiero');
    await screen.findAllByTestId('property-roi');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Ingresos Totales' }).textContent).toContain('1.000,00\u00a0€'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the profitability by property could not be loaded, and «Reintentar» loads it', async () => {
    const byProperty = `GET /api/finances/by-property?from=${analysisFrom()}`;
    global.fetch = routedFetch({ ...routes, [byProperty]: failsOnce(routes[byProperty]!()) });
    renderAt(<FinancialAnalysisCard user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la rentabilidad por propiedad');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByTestId('property-roi')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('totals the window and applies the ROI, bar and profit rules per property', async () => {
    renderAt(<FinancialAnalysisCard user={null} />);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Ingresos Totales' }).textContent).toContain('1.000,00\u00a0€'));
    expect(screen.getByRole('group', { name: 'Gastos Totales' }).textContent).toContain('310,25\u00a0€');
    expect(screen.getByRole('group', { name: 'Beneficio Neto' }).textContent).toContain('689,75\u00a0€');
    expect(within(screen.getByRole('list', { name: 'Últimos 6 meses' })).getAllByRole('listitem')).toHaveLength(7);

    const [atico, bajo] = await screen.findAllByTestId('property-roi');
    expect(atico!.textContent).toContain('ROI 80,0 %');
    expect(within(atico!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(atico!.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('orange');
    expect(bajo!.textContent).toContain('ROI 0,0 %');
    expect(within(bajo!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');
    expect(bajo!.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('red');
  });
});

describe('AnalyticsScreen', () => {
  it('opens on Resumen and switches to Financiero and Ocupación', async () => {
    renderAt(<AnalyticsScreen user={null} />);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Tasa de Ocupación' }).textContent).toContain('75,0 %'));
    expect(screen.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Financiero' }), { button: 0 });
    const financial = await screen.findByRole('tabpanel', { name: 'Financiero' });
    expect(within(financial).getByRole('heading', { name: 'Ingresos frente a gastos' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Financiero' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('group', { name: 'Tasa de Ocupación' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Ocupación' }), { button: 0 });
    await waitFor(() => expect(screen.getByRole('group', { name: 'Unidades alquiladas' }).textContent).toContain('3 de 4'));
  });

  it('says when a tab’s data could not be loaded, and «Reintentar» loads it: Resumen, then Financiero', async () => {
    global.fetch = routedFetch({ ...routes, 'GET /api/analytics/occupancy': failsOnce(routes['GET /api/analytics/occupancy']!()) });
    renderAt(<AnalyticsScreen user={null} />);
    const summary = await screen.findByRole('tabpanel', { name: 'Resumen' });
    expect(await within(summary).findByRole('alert')).toHaveTextContent('No se pudieron cargar los datos');
    fireEvent.click(within(summary).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Tasa de Ocupación' }).textContent).toContain('75,0 %'));
    expect(within(summary).queryByRole('alert')).toBeNull();

    global.fetch = routedFetch({ ...routes, 'GET /api/finances/expenses-by-category': failsOnce(routes['GET /api/finances/expenses-by-category']!()) });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Financiero' }), { button: 0 });
    const financial = await screen.findByRole('tabpanel', { name: 'Financiero' });
    expect(await within(financial).findByRole('alert')).toHaveTextContent('No se pudieron cargar los datos');
    expect(within(financial).getByRole('heading', { name: 'Gastos por categoría (este mes)' })).toBeVisible();
    fireEvent.click(within(financial).getByRole('button', { name: 'Reintentar' }));
    expect(await within(financial).findByRole('rowheader', { name: 'IBI' })).toBeInTheDocument();
    expect(within(financial).queryByRole('alert')).toBeNull();
  });
});
