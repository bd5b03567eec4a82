/** @jest-environment jsdom */
import { DOCUMENT_MAX_BYTES, type DocumentItem } from '@arrendia/api-contract';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { configureAxe } from 'jest-axe';
import { DocumentsScreen } from './DocumentsScreen';
import { failsOnce, fakeResponse, findToast, renderAt, routedFetch } from '@arrendia/testing';
import { validateFile } from './upload';

const doc = (id: number, fileName: string, overrides: Partial<DocumentItem> = {}): DocumentItem => ({
  id, fileName, fileType: 'application/pdf', fileSizeKb: 120, category: 'contrato', description: null, relatedEntityType: null, relatedEntityId: null, relatedEntityLabel: null,
  uploadedByUserId: 1, uploadedBy: { firstName: 'Olga', lastName: 'Martín' }, createdAt: '2026-03-05T09:07:00Z', canDelete: true, ...overrides,
});
const byCategory = { contrato: 2, factura: 0, recibo: 1, seguro: 0, 'certificado energético': 0, inventario: 0, otro: 0 };
const summary = { total: 3, byCategory, storage: { usedKb: 0, quotaKb: 1024 } };
/** The page's first request of the list, and the properties its filter offers. */
const LIST = 'GET /api/documents?page=1&pageSize=20';
const PROPERTIES = { 'GET /api/properties?archived=false&pageSize=100': () => [{ id: 4, propertyName: 'Edificio Olivo' }] };

/** A fake XMLHttpRequest whose upload the test drives: progress events, then the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const realXhr = window.XMLHttpRequest;
afterEach(() => {
  Object.assign(window, { XMLHttpRequest: realXhr });
  FakeXhr.last = null; // or the next test would wait on this test's request
  jest.restoreAllMocks();
  act(() => resetToasts());
});

describe('validateFile', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });
  it('accepts JPG, PNG, GIF and PDF up to 10 MB', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif', 'a.pdf']) expect(validateFile(file(name, '', 10))).toBeNull();
    expect(validateFile(file('a.pdf', 'application/pdf', DOCUMENT_MAX_BYTES))).toBeNull();
  });
  it('refuses other types, files over 10 MB and empty files, in Spanish', () => {
    expect(validateFile(file('a.txt', 'text/plain', 10))).toBe('Solo se admiten archivos JPG, GIF, PNG o PDF');
    expect(validateFile(file('a.docx', '', 10))).toBe('Solo se admiten archivos JPG, GIF, PNG o PDF');
    expect(validateFile(file('a.pdf', 'application/pdf', DOCUMENT_MAX_BYTES + 1))).toBe('El archivo supera el máximo de 10 MB');
    expect(validateFile(file('a.pdf', 'application/pdf', 0))).toBe('El archivo está vacío');
  });
});

describe('DocumentsScreen', () => {
  it('shows the limits, the category tiles with the real counts and the list with download links', async () => {
    global.fetch = routedFetch({ ...PROPERTIES, 'GET /api/documents/summary': () => summary, [LIST]: () => [doc(1, 'contrato.pdf'), doc(2, 'recibo.png', { fileType: 'image/png', category: 'recibo', canDelete: false, relatedEntityType: 'contract', relatedEntityId: 3, relatedEntityLabel: 'MTX-3' })] });
    renderAt(<DocumentsScreen user={null} />);
    expect(screen.getByLabelText('Archivo')).toHaveAccessibleDescription('JPG, GIF, PNG o PDF. 10 MB máximo.');
    await waitFor(() => expect(screen.getByTestId('count-contrato')).toHaveTextContent(/^2$/));
    expect(screen.getByTestId('count-recibo')).toHaveTextContent(/^1$/);
    expect(screen.getByTestId('count-certificado energético')).toHaveTextContent(/^0$/);
    expect(screen.getByRole('button', { name: /Certificado energético/ })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByRole('link', { name: 'Descargar contrato.pdf' })).toHaveAttribute('href', '/api/documents/1/download');
    expect(screen.getByRole('link', { name: 'Descargar recibo.png' })).toHaveAttribute('href', '/api/documents/2/download');
    expect(screen.getByRole('button', { name: 'Eliminar contrato.pdf' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Eliminar recibo.png' })).toBeNull();
    // What each document hangs off, linked to its page; the category as a user reads it.
    const [first, second] = screen.getAllByTestId('document-row');
    expect(within(first!).getByText('Sin vincular')).toBeVisible();
    expect(within(second!).getByRole('link', { name: 'Contrato · MTX-3' })).toHaveAttribute('href', '/contracts/3');
    expect(within(second!).getByText('Recibo')).toBeVisible();
  });

  it('filters by category when a tile is pressed', async () => {
    const fetchMock = routedFetch({ ...PROPERTIES, 'GET /api/documents/summary': () => summary, [LIST]: () => [doc(1, 'contrato.pdf')], 'GET /api/documents?category=recibo&page=1&pageSize=20': () => [doc(2, 'recibo.pdf', { category: 'recibo' })] });
    global.fetch = fetchMock;
    renderAt(<DocumentsScreen user={null} />);
    await screen.findByText('contrato.pdf');
    await userEvent.click(screen.getByRole('button', { name: /Recibo/ }));
    expect(await screen.findByText('recibo.pdf')).toBeVisible();
    expect(screen.queryByText('contrato.pdf')).toBeNull();
    expect(screen.getByRole('button', { name: /Recibo/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /Contrato/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('heading', { name: 'Documentos: Recibo' })).toBeVisible();
  });

  it('says when the documents could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ ...PROPERTIES, 'GET /api/documents/summary': () => summary, [LIST]: failsOnce([doc(1, 'contrato.pdf')]) });
    renderAt(<DocumentsScreen user={null} />);
    const list = screen.getByRole('region', { name: 'Todos los documentos' });
    expect(await within(list).findByRole('alert')).toHaveTextContent('No se pudieron cargar los documentos');
    await userEvent.click(within(list).getByRole('button', { name: 'Reintentar' }));
    expect(await within(list).findByRole('link', { name: 'Descargar contrato.pdf' })).toHaveAttribute('href', '/api/documents/1/download');
    expect(within(list).queryByRole('alert')).toBeNull();
  });

  it('refuses a file of another type before sending anything', async () => {
    const xhr = jest.fn();
    Object.assign(window, { XMLHttpRequest: xhr });
    global.fetch = routedFetch({ ...PROPERTIES, 'GET /api/documents/summary': () => summary, [LIST]: () => [] });
    renderAt(<DocumentsScreen user={null} />);
    const input = screen.getByLabelText('Archivo');
    fireEvent.change(input, { target: { files: [new File(['hola'], 'notas.txt', { type: 'text/plain' })] } });
    await screen.findByText('Solo se admiten archivos JPG, GIF, PNG o PDF');
    expect(input).toHaveAccessibleDescription('JPG, GIF, PNG o PDF. 10 MB máximo. Solo se admiten archivos JPG, GIF, PNG o PDF');
    expect(input).toBeInvalid();
    fireEvent.click(screen.getByRole('button', { name: 'Subir Documento' }));
    await screen.findByText('Elige una categoría');
    expect(screen.getByRole('combobox', { name: 'Categoría' })).toHaveAccessibleDescription('Elige una categoría');
    expect(xhr).not.toHaveBeenCalled();
  });

  it('uploads with XMLHttpRequest, shows the progress bar, then the toast, and refreshes the counts', async () => {
    Object.assign(window, { XMLHttpRequest: FakeXhr });
    let counts = summary;
    global.fetch = routedFetch({ ...PROPERTIES, 'GET /api/documents/summary': () => counts, [LIST]: () => [] });
    renderAt(<DocumentsScreen user={null} />);
    fireEvent.change(screen.getByLabelText('Archivo'), { target: { files: [new File(['%PDF-1.4'], 'contrato.pdf', { type: 'application/pdf' })] } });
    await userEvent.click(screen.getByRole('combobox', { name: 'Categoría' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Contrato' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Descripción (opcional)' }), { target: { value: 'Firmado por ambas partes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir Documento' }));
    await waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(FormData));
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/api/documents', true]);
    expect(xhr.body!.get('category')).toBe('contrato');
    expect(xhr.body!.get('description')).toBe('Firmado por ambas partes');
    // From /documents the document is attached to nothing.
    expect(xhr.body!.get('relatedEntityType')).toBeNull();
    expect((xhr.body!.get('file') as File).name).toBe('contrato.pdf');
    act(() => xhr.upload.onprogress!({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Subiendo: 40 %' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Subiendo...' })).toBeDisabled();
    counts = { ...summary, total: 4, byCategory: { ...byCategory, contrato: 3 } };
    act(() => xhr.respond(201, doc(9, 'contrato.pdf')));
    expect(await findToast('Documento subido')).toHaveTextContent('contrato.pdf se ha subido correctamente');
    await waitFor(() => expect(screen.getByTestId('count-contrato')).toHaveTextContent(/^3$/));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("shows the server's refusal under the field and an 'Error' toast", async () => {
    Object.assign(window, { XMLHttpRequest: FakeXhr });
    global.fetch = routedFetch({ ...PROPERTIES, 'GET /api/documents/summary': () => summary, [LIST]: () => [] });
    renderAt(<DocumentsScreen user={null} />);
    fireEvent.change(screen.getByLabelText('Archivo'), { target: { files: [new File(['x'], 'falso.pdf', { type: 'application/pdf' })] } });
    await userEvent.click(screen.getByRole('combobox', { name: 'Categoría' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Recibo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Subir Documento' }));
    await waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(FormData));
    act(() => FakeXhr.last!.respond(400, { error: 'validation_error', message: 'Solo se admiten archivos JPG, GIF, PNG o PDF', fields: { file: 'Solo se admiten archivos JPG, GIF, PNG o PDF' } }));
    expect(await findToast('Error')).toHaveTextContent('Solo se admiten archivos JPG, GIF, PNG o PDF');
    expect(screen.getByLabelText('Archivo')).toHaveAccessibleDescription('JPG, GIF, PNG o PDF. 10 MB máximo. Solo se admiten archivos JPG, GIF, PNG o PDF');
  });

  it('deletes after the confirmation', async () => {
    const fetchMock = routedFetch({ ...PROPERTIES, 'GET /api/documents/summary': () => summary, [LIST]: () => [doc(1, 'contrato.pdf')], 'DELETE /api/documents/1': () => '' });
    global.fetch = fetchMock;
    renderAt(<DocumentsScreen user={null} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar contrato.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Estás seguro de que quieres eliminar este documento?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await findToast('Documento eliminado')).toHaveTextContent('El documento ha sido eliminado exitosamente');
    expect(fetchMock).toHaveBeenCalledWith('/api/documents/1', expect.objectContaining({ method: 'DELETE' }));
  });
});

describe('DocumentsScreen paging, filters and order (issue 33: the state in the URL)', () => {
  const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => doc(from + i, `doc-${from + i}.pdf`));
  const paged = (rows: DocumentItem[], total: number) => () => fakeResponse(200, rows, { 'X-Total-Count': String(total) });
  const where = () => screen.getByTestId('where').textContent;

  it('reads page, search, category and order from the URL, and every change writes the URL back', async () => {
    const fetchMock = routedFetch({
      ...PROPERTIES,
      'GET /api/documents/summary': () => summary,
      'GET /api/documents?q=agua&category=recibo&sort=-fileSizeKb&page=2&pageSize=20': paged(many(21, 20), 45),
      'GET /api/documents?q=agua&category=recibo&sort=fileName&page=1&pageSize=20': paged(many(1, 20), 45),
      'GET /api/documents?q=agua&category=recibo&relatedEntityType=contract&sort=fileName&page=1&pageSize=20': paged(many(90, 2), 2),
    });
    global.fetch = fetchMock;
    renderAt(
      <Routes>
        <Route path="documents" element={<><DocumentsScreen user={null} /><Where /></>} />
      </Routes>,
      '/documents?category=recibo&q=agua&sort=-fileSizeKb&page=2',
    );
    expect(await screen.findByText('doc-21.pdf')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Páginas de documentos' })).toHaveTextContent('Mostrando 21–40 de 45');
    expect(screen.getByRole('searchbox', { name: 'Buscar documentos' })).toHaveValue('agua');
    expect(screen.getByRole('button', { name: /Recibo/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('columnheader', { name: /Tamaño/ })).toHaveAttribute('aria-sort', 'descending');

    // Sorting goes back to the first page.
    await userEvent.click(screen.getByRole('button', { name: /Nombre/ }));
    expect(await screen.findByText('doc-1.pdf')).toBeVisible();
    expect(where()).toBe('/documents?category=recibo&q=agua&sort=fileName');
    expect(screen.getByRole('columnheader', { name: /Nombre/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(screen.getByRole('combobox', { name: 'Vinculado a' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Contrato' }));
    expect(await screen.findByText('doc-90.pdf')).toBeVisible();
    expect(where()).toBe('/documents?category=recibo&q=agua&sort=fileName&relatedEntityType=contract');
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

describe('DocumentsScreen accessibility', () => {
  it('has no axe violations', async () => {
    global.fetch = routedFetch({ ...PROPERTIES, 'GET /api/documents/summary': () => summary, [LIST]: () => [doc(1, 'contrato.pdf')] });
    renderAt(<DocumentsScreen user={null} />);
    await screen.findByText('contrato.pdf');
    const results = await configureAxe({ rules: { region: { enabled: false } } })(document.body);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
