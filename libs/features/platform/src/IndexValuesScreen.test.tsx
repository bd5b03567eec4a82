/** @jest-environment jsdom */
import { RENT_UPDATE_MESSAGES, type IndexValue } from '@arrendia/api-contract';
import { answer, fakeResponse, findToast, renderAt, routedFetch, userWithRole } from '@arrendia/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IndexValuesScreen, fetchSummary, monthLabel, variationLabel } from './IndexValuesScreen';

const value = (id: number, overrides: Partial<IndexValue> = {}): IndexValue => ({
  id,
  series: 'IRAV',
  month: '2025-09',
  value: '2.22',
  publishedOn: '2025-10-15',
  source: 'INE (IRAV, Resolución de 18 de diciembre de 2024)',
  createdAt: '2025-10-15T10:00:00Z',
  ...overrides,
});

const admin = userWithRole('super_admin');
const LIST = 'GET /api/index-values?page=1&pageSize=20';
const page = (rows: IndexValue[]) => () => fakeResponse(200, rows, { 'X-Total-Count': String(rows.length) });
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('IndexValuesScreen (issue 36)', () => {
  it('lists the values with their series, month, variation, publication date and source, and filters by series', async () => {
    const fetch = routedFetch({
      [LIST]: page([value(1), value(2, { series: 'IPC', month: '2025-08', value: '3', publishedOn: '2025-09-12', source: 'INE (servicio JSON)' }), value(3, { series: 'IGC', month: '2025-07', value: '-0.77' })]),
      'GET /api/index-values?series=IRAV&page=1&pageSize=20': page([value(1)]),
    });
    global.fetch = fetch;
    renderAt(<IndexValuesScreen user={admin} />, '/index-values');
    expect(screen.getByRole('heading', { name: 'Índices de actualización' })).toBeVisible();
    const table = await screen.findByRole('table');
    const [irav, ipc, igc] = rowsOf(table);
    expect(within(irav!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['IRAV', 'septiembre de 2025', '2,22\u00a0%', '15/10/2025', 'INE (IRAV, Resolución de 18 de diciembre de 2024)']);
    expect(ipc).toHaveTextContent('agosto de 2025');
    expect(ipc).toHaveTextContent('3,0 %');
    expect(igc).toHaveTextContent('-0,77 %');
    expect(screen.getByRole('navigation', { name: 'Páginas de valores' })).toHaveTextContent('Mostrando 1–3 de 3');

    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Serie' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'IRAV' }));
    await waitFor(() => expect(rowsOf(screen.getByRole('table'))).toHaveLength(1));
    expect(fetch).toHaveBeenCalledWith('/api/index-values?series=IRAV&page=1&pageSize=20', expect.anything());
  });

  it("'Leer del INE' says how many months it added, and the list reloads", async () => {
    let listed = 0;
    global.fetch = routedFetch({
      [LIST]: () => (listed++ === 0 ? page([value(1)])() : page([value(9, { month: '2026-02', value: '2.11', source: 'INE (servicio JSON)' }), value(1)])()),
      'POST /api/index-values/fetch': () => ({ added: [value(9, { month: '2026-02', value: '2.11', source: 'INE (servicio JSON)' }), value(10, { series: 'IPC', month: '2026-02', value: '2.4' })], skipped: 11 }),
    });
    renderAt(<IndexValuesScreen user={admin} />, '/index-values');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Leer del INE' }));
    expect(await screen.findByRole('status', { name: 'Lectura del INE' })).toHaveTextContent('Se han añadido 2 meses nuevos del INE: IRAV de febrero de 2026, IPC de febrero de 2026 (11 meses ya estaban guardados).');
    expect(await findToast('Lectura del INE')).toHaveTextContent('2 meses añadidos');
    await waitFor(() => expect(rowsOf(screen.getByRole('table'))).toHaveLength(2));
  });

  it("'Leer del INE' shows the API's Spanish message when the INE fails", async () => {
    global.fetch = routedFetch({
      [LIST]: page([value(1)]),
      'POST /api/index-values/fetch': () => answer(502, { error: 'bad_gateway', message: 'El servicio del INE no ha respondido. Inténtalo más tarde o añade el valor a mano' }),
    });
    renderAt(<IndexValuesScreen user={admin} />, '/index-values');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Leer del INE' }));
    expect(await findToast('Error')).toHaveTextContent('El servicio del INE no ha respondido');
    expect(screen.getByRole('status', { name: 'Lectura del INE' })).toHaveTextContent('');
  });
});

describe("the 'Añadir valor' dialog", () => {
  async function openDialog(post: (init?: RequestInit) => Response) {
    const posted: unknown[] = [];
    global.fetch = routedFetch({
      [LIST]: page([value(1)]),
      'POST /api/index-values': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        return post(init);
      },
    });
    renderAt(<IndexValuesScreen user={admin} />, '/index-values');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Añadir valor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir valor' });
    const fill = async (series: string | null, fields: Record<string, string>) => {
      if (series) {
        fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Serie' }), { key: 'Enter' });
        fireEvent.click(await screen.findByRole('option', { name: series }));
      }
      for (const [label, text] of Object.entries(fields)) fireEvent.change(within(dialog).getByLabelText(label), { target: { value: text } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    };
    return { dialog, fill, posted };
  }

  it('sends the value typed the Spanish way and closes', async () => {
    const { dialog, fill, posted } = await openDialog(() => answer(201, value(5, { month: '2025-05', value: '2.05' })));
    await fill('IRAV', { Mes: '2025-05', 'Variación anual (%)': '2,05', 'Publicado el': '2025-06-13' });
    expect(await findToast('Valor añadido')).toHaveTextContent('2025-05');
    expect(posted).toEqual([{ series: 'IRAV', month: '2025-05', value: 2.05, publishedOn: '2025-06-13' }]);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('says in Spanish what is wrong and sends nothing', async () => {
    const { dialog, fill, posted } = await openDialog(() => answer(201, value(5)));
    const described = (label: string, message: string) => expect(within(dialog).getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    await fill(null, { Mes: '2025-5', 'Variación anual (%)': '', 'Publicado el': '2025-05-01' });
    expect(await within(dialog).findByText('Elige la serie')).toBeVisible();
    described('Mes', 'El mes debe tener el formato AAAA-MM');
    described('Variación anual (%)', 'Indica la variación en %');
    await fill(null, { 'Variación anual (%)': '2,1234' });
    await waitFor(() => described('Variación anual (%)', 'Como mucho tres decimales'));
    // Once the rest is right, a publication date that is not after the month.
    await fill('IRAV', { Mes: '2025-05', 'Variación anual (%)': '2,1' });
    await waitFor(() => described('Publicado el', 'Un índice se publica después del mes al que se refiere'));
    expect(posted).toEqual([]);
  });

  it('shows the 409 of a month already stored under Mes and stays open', async () => {
    const { dialog, fill } = await openDialog(() => answer(409, { error: 'conflict', message: RENT_UPDATE_MESSAGES.indexExists, fields: { month: RENT_UPDATE_MESSAGES.indexExists } }));
    await fill('IPC general (variación anual)', { Mes: '2025-09', 'Variación anual (%)': '3', 'Publicado el': '2025-10-15' });
    expect(await findToast('Error')).toHaveTextContent(RENT_UPDATE_MESSAGES.indexExists);
    expect(within(dialog).getByLabelText('Mes')).toHaveAccessibleDescription(expect.stringContaining(RENT_UPDATE_MESSAGES.indexExists));
    expect(dialog).toBeInTheDocument();
  });
});

describe('the labels', () => {
  it('name a month in Spanish and keep the publisher’s decimals', () => {
    expect(monthLabel('2025-09')).toBe('septiembre de 2025');
    expect(monthLabel('2026-01')).toBe('enero de 2026');
    expect(variationLabel('2.125')).toBe('2,125\u00a0%');
    expect(variationLabel('-1.01')).toBe('-1,01\u00a0%');
    expect(variationLabel('3')).toBe('3,0\u00a0%');
    expect(fetchSummary({ added: [], skipped: 1 })).toBe('No hay meses nuevos en el INE (1 mes ya estaba guardado).');
  });
});
