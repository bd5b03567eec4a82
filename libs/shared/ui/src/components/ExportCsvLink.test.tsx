/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { ExportCsvLink } from './ExportCsvLink';
import { PagedList, type PagedListState } from './PagedList';

expect.extend(toHaveNoViolations);

const HREF = '/api/incidents.csv?status=Abierta&sort=-createdAt';

const state = (over: Partial<PagedListState<string>> = {}): PagedListState<string> => ({
  read: { refetch: jest.fn(), isFetching: false, isPending: false, isError: false, data: ['Fuga', 'Persiana'] },
  page: 2,
  pageSize: 2,
  total: 5,
  setPage: jest.fn(),
  filtered: true,
  clearFilters: jest.fn(),
  sort: { field: 'createdAt', direction: 'desc' },
  toggleSort: jest.fn(),
  csvHref: HREF,
  ...over,
});

const incidents = (list: PagedListState<string>, exportCsv?: boolean) => (
  <PagedList list={list} exportCsv={exportCsv} noun="incidencias" loading="Cargando incidencias" error="No se pudieron cargar las incidencias" whenEmpty={<p>No hay incidencias</p>}>
    {(rows) => (
      <ul aria-label="Incidencias">
        {rows.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    )}
  </PagedList>
);

describe("'Exportar CSV' (issue 35)", () => {
  it("is a download link to the list's CSV under its filters and order, whatever page is shown", () => {
    renderWithTheme(incidents(state(), true));
    const link = screen.getByRole('link', { name: 'Exportar CSV' });
    expect(link).toHaveAttribute('href', HREF);
    expect(link).toHaveAttribute('download');
    expect(screen.getByRole('list', { name: 'Incidencias' })).toBeVisible();
  });

  it('is offered only by the lists that ask for it and have a CSV', () => {
    const { unmount } = renderWithTheme(incidents(state()));
    expect(screen.queryByRole('link', { name: 'Exportar CSV' })).toBeNull();
    unmount();
    renderWithTheme(incidents(state({ csvHref: undefined }), true));
    expect(screen.queryByRole('link', { name: 'Exportar CSV' })).toBeNull();
  });

  it('is a disabled button while the filters are invalid (no href)', () => {
    renderWithTheme(<ExportCsvLink href={null} />);
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says beside the link when the list is longer than the CSV holds, and not before', () => {
    const { unmount } = renderWithTheme(incidents(state({ total: 100_000, csvMaxRows: 100_000 }), true));
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(/primeras/)).toBeNull();
    unmount();
    renderWithTheme(incidents(state({ total: 137_512, csvMaxRows: 100_000 }), true));
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAccessibleDescription('El CSV incluye las primeras 100.000 filas de 137.512: filtra la lista para exportar el resto.');
  });

  it('passes axe in both themes, with and without the note', async () => {
    await expectAccessibleInBothThemes(incidents(state(), true));
    await expectAccessibleInBothThemes(incidents(state({ total: 137_512, csvMaxRows: 100_000 }), true));
  });
});
