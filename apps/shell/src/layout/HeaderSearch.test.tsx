/** @jest-environment jsdom */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, renderInShell, routedFetch, type Routes } from '../test-utils';
import { handleQueryError, resetUnauthorizedState } from '../unauthorized';
import { createQueryClient } from '@arrendia/api-client';
import { getToast } from '@arrendia/testing';
import { hardNavigate } from '../navigation';
import { HeaderSearch, SEARCH_DEBOUNCE_MS, SEARCH_PLACEHOLDER } from './HeaderSearch';
import { groupSearchResults } from './searchResults';

jest.mock('../navigation', () => ({ hardNavigate: jest.fn() }));

const RESULTS = {
  properties: [
    { id: 11, propertyName: 'Ático Chamberí', addressStreet: 'Calle Luchana 20', city: 'Madrid' },
    { id: 12, propertyName: 'Chalet Pozuelo', addressStreet: 'Avenida de Europa 3', city: 'Pozuelo de Alarcón' },
  ],
  tenants: [{ id: 21, firstName: 'Sofía', lastName: 'Castro', email: 'sofia@example.es' }],
  contracts: [{ id: 31, contractCode: 'CTR-2025-001', propertyName: 'Ático Chamberí', unitName: 'Piso 3º A' }],
};
const EMPTY = { properties: [], tenants: [], contracts: [] };

let fetchMock: jest.Mock;
function serve(routes: Routes) {
  fetchMock = routedFetch(routes);
  global.fetch = fetchMock as unknown as typeof fetch;
}
const searches = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/search'));

beforeEach(() => {
  serve({ 'GET /api/search?q=ch': () => answer(200, RESULTS), 'GET /api/search?q=zz': () => answer(200, EMPTY) });
  resetUnauthorizedState();
  (hardNavigate as jest.Mock).mockReset();
});

async function setup(path = '/dashboard') {
  const user = userEvent.setup();
  await renderInShell(<HeaderSearch />, { path });
  const box = screen.getByRole('combobox', { name: 'Buscar propiedades, inquilinos y contratos' });
  return { user, box };
}

describe('HeaderSearch', () => {
  it('is a search landmark holding a combobox with the spec placeholder', async () => {
    await setup();
    const box = within(screen.getByRole('search')).getByRole('combobox');
    expect(box).toHaveAttribute('placeholder', 'Buscar propiedades, inquilinos...');
    expect(SEARCH_PLACEHOLDER).toBe('Buscar propiedades, inquilinos...');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks nothing for fewer than 2 characters', async () => {
    const { user, box } = await setup();
    await user.type(box, ' c ');
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100)));
    expect(searches()).toEqual([]);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('waits 250 ms after the last keystroke, then asks once', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await renderInShell(<HeaderSearch />);
      await user.type(screen.getByRole('combobox'), 'ch');
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 20));
      expect(searches()).toEqual([]);
      await act(async () => jest.advanceTimersByTime(40));
      expect(searches()).toEqual(['/api/search?q=ch']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('lists the results grouped as Propiedades, Inquilinos, Contratos', async () => {
    const { user, box } = await setup();
    await user.type(box, 'ch');
    const listbox = await screen.findByRole('listbox', { name: 'Resultados de la búsqueda' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Propiedades',
      'Inquilinos',
      'Contratos',
    ]);
    expect(within(groups[0]).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Ático Chamberí, Calle Luchana 20, Madrid',
      'Chalet Pozuelo, Avenida de Europa 3, Pozuelo de Alarcón',
    ]);
    expect(within(groups[1]).getByRole('option').textContent).toBe('Sofía Castro, sofia@example.es');
    expect(within(groups[2]).getByRole('option').textContent).toBe('CTR-2025-001, Ático Chamberí · Piso 3º A');
    expect(screen.getByRole('status').textContent).toBe('4 resultados');
  });

  it("says 'Sin resultados' when nothing matches", async () => {
    const { user, box } = await setup();
    await user.type(box, 'zz');
    expect((await screen.findByText('Sin resultados')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('moves through the options with the arrow keys (wrapping) and opens one with Enter', async () => {
    const { user, box } = await setup();
    await user.type(box, 'ch');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /Ático Chamberí/, selected: true }).id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Sofía Castro');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Ático Chamberí');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('CTR-2025-001');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/contracts/31');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('opens a property at /properties/:id and a tenant at /tenants?highlight=:id', async () => {
    const { user, box } = await setup();
    await user.type(box, 'ch');
    await user.click(await screen.findByRole('option', { name: /Chalet Pozuelo/ }));
    expect(screen.getByTestId('location').textContent).toBe('/properties/12');

    await user.type(box, 'ch');
    await user.click(await screen.findByRole('option', { name: /Sofía Castro/ }));
    expect(screen.getByTestId('location').textContent).toBe('/tenants');
    expect(screen.getByTestId('location-search').textContent).toBe('?highlight=21');
  });

  it('closes with Escape, and a second Escape clears the box', async () => {
    const { user, box } = await setup();
    await user.type(box, 'ch');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('ch');
    await user.keyboard('{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('reopens on ArrowDown after Escape', async () => {
    const { user, box } = await setup();
    await user.type(box, 'ch');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeVisible();
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes when focus leaves it', async () => {
    const { user, box } = await setup();
    await user.type(box, 'ch');
    await screen.findByRole('listbox');
    await user.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows skeletons, marked busy, while the first answer is on its way', async () => {
    let release: (r: Response) => void = () => undefined;
    serve({ 'GET /api/search?q=ch': () => new Promise<Response>((resolve) => (release = resolve)) });
    const { user, box } = await setup();
    await user.type(box, 'ch');
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(document.querySelectorAll('[data-skeleton]').length).toBeGreaterThan(0);
    expect(screen.getByRole('status').textContent).toBe('Buscando...');
    await act(async () => release(answer(200, RESULTS)));
    await screen.findByRole('listbox');
    expect(document.querySelectorAll('[data-skeleton]')).toHaveLength(0);
  });

  it('sends the Unauthorized notice to the shell when the session is gone', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      serve({ 'GET /api/search?q=ch': () => answer(401, { error: 'unauthorized', message: 'No has iniciado sesión' }) });
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await renderInShell(<HeaderSearch />, { queryClient: createQueryClient({ onError: handleQueryError }) });
      await user.type(screen.getByRole('combobox'), 'ch');
      await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 10));
      await act(async () => jest.advanceTimersByTime(10));
      expect(getToast('Unauthorized')).toHaveTextContent('You are logged out. Logging in again...');
      act(() => jest.advanceTimersByTime(500));
      expect(hardNavigate).toHaveBeenCalledWith('/api/login');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('groupSearchResults', () => {
  it('leaves out empty groups and falls back to the email for a tenant with no name', () => {
    const groups = groupSearchResults({ ...EMPTY, tenants: [{ id: 5, firstName: null, lastName: ' ', email: 'x@y.es' }] }, 'p');
    expect(groups).toEqual([{ key: 'tenants', heading: 'Inquilinos', options: [{ id: 'p-tenant-5', label: 'x@y.es', detail: 'x@y.es', to: '/tenants?highlight=5' }] }]);
  });
});
