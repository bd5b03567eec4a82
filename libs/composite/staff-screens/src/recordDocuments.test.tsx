/** @jest-environment jsdom */
import type { ContractDetail, DocumentItem } from '@arrendia/api-contract';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, findToast, renderAt, routedFetch, userWithRole } from '@arrendia/testing';
import { ContractsWithCharges } from './ContractsWithCharges';
import { PropertiesWithMovements } from './PropertiesWithMovements';
import { propertyDetailFixture } from './testing/fixtures';

/** Issue 33, point 3: every record's page lists its documents and attaches new ones to it. */

const doc = (id: number, fileName: string, overrides: Partial<DocumentItem> = {}): DocumentItem => ({
  id,
  fileName,
  fileType: 'application/pdf',
  fileSizeKb: 120,
  category: 'contrato',
  description: null,
  relatedEntityType: 'contract',
  relatedEntityId: 3,
  relatedEntityLabel: 'ARR-2026-0003',
  uploadedByUserId: 1,
  uploadedBy: { firstName: 'Olga', lastName: 'Martín' },
  createdAt: '2026-03-05T09:07:00Z',
  canDelete: true,
  ...overrides,
});
const page = (rows: DocumentItem[]) => fakeResponse(200, rows, { 'X-Total-Count': String(rows.length) });

const contract: ContractDetail = {
  contract: {
    id: 3,
    rentableUnitId: 13,
    contractCode: 'ARR-2026-0003',
    startDate: '2026-03-01',
    endDate: '2027-02-28',
    rentAmount: '950.00',
    paymentDay: 5,
    depositAmount: '950.00',
    depositStatus: 'Recibida',
    status: 'Activo',
    renewalNoticeDays: 30,
    terminationReason: null,
    notes: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
  },
  unit: { id: 13, unitName: 'Bajo A', currentStatus: 'Alquilado' },
  property: { id: 4, propertyName: 'Edificio Olivo', addressStreet: 'Calle de Toledo', addressNumber: '41', city: 'Madrid' },
  tenants: [],
  transactions: [],
  documents: [{ id: 77, fileName: 'del-detalle.pdf', fileType: 'application/pdf', fileSizeKb: 120, createdAt: '2026-03-01T09:00:00.000Z' }],
  rentUpdate: { mechanism: 'none', value: null, floorPercent: null, monthsBefore: null, leaseUse: 'vivienda', signedOn: '2026-03-01', nextUpdateOn: null, upcoming: null },
};
const CONTRACT_DOCS = 'GET /api/documents?relatedEntityType=contract&relatedEntityId=3&page=1&pageSize=10';

/** A fake XMLHttpRequest whose upload the test answers. */
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
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  Object.assign(window, { XMLHttpRequest: realXhr });
  FakeXhr.last = null;
  jest.restoreAllMocks();
  act(() => resetToasts());
});

const contractPage = (role = 'propietario_individual') => renderAt(<ContractsWithCharges user={userWithRole(role)} />, '/contracts/3', '/contracts/*');

describe("a contract's 'Documentos'", () => {
  it("attaches a PDF from the contract's page: the form is preset to the contract, and the section lists it once uploaded", async () => {
    Object.assign(window, { XMLHttpRequest: FakeXhr });
    let rows = [doc(1, 'inventario.pdf', { category: 'inventario' })];
    const fetchMock = routedFetch({ 'GET /api/contracts/3': () => contract, [CONTRACT_DOCS]: () => page(rows) });
    global.fetch = fetchMock;
    contractPage();
    const section = await screen.findByRole('region', { name: 'Documentos' });
    expect(await within(section).findByText('inventario.pdf')).toBeVisible();
    expect(within(section).getByText('Inventario')).toBeVisible();
    // The contract detail's own list gives way to the section.
    expect(screen.queryByText('del-detalle.pdf')).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Adjuntar documento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjuntar documento' });
    expect(dialog).toHaveAccessibleDescription('El documento se adjuntará al contrato ARR-2026-0003.');
    fireEvent.change(within(dialog).getByLabelText('Archivo'), { target: { files: [new File(['%PDF-1.4'], 'firmado.pdf', { type: 'application/pdf' })] } });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Categoría' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Contrato' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir Documento' }));

    await waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(FormData));
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/documents']);
    expect(Object.fromEntries(['category', 'relatedEntityType', 'relatedEntityId'].map((k) => [k, xhr.body!.get(k)]))).toEqual({ category: 'contrato', relatedEntityType: 'contract', relatedEntityId: '3' });
    rows = [doc(2, 'firmado.pdf'), ...rows];
    act(() => xhr.respond(201, rows[0]));
    expect(await findToast('Documento subido')).toHaveTextContent('firmado.pdf se ha subido correctamente');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adjuntar documento' })).toBeNull());
    expect(await within(section).findByText('firmado.pdf')).toBeVisible();
  });

  it('deletes a document only after the confirmation, and the section no longer lists it', async () => {
    let rows = [doc(1, 'borrador.pdf'), doc(2, 'firmado.pdf')];
    const fetchMock = routedFetch({
      'GET /api/contracts/3': () => contract,
      [CONTRACT_DOCS]: () => page(rows),
      'DELETE /api/documents/1': () => {
        rows = rows.filter((d) => d.id !== 1);
        return fakeResponse(204);
      },
    });
    global.fetch = fetchMock;
    contractPage();
    const section = await screen.findByRole('region', { name: 'Documentos' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Eliminar borrador.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Estás seguro de que quieres eliminar este documento?' });
    expect(confirm).toHaveTextContent('borrador.pdf');
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes()).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await findToast('Documento eliminado')).toBeVisible();
    expect(deletes().map(([url]) => String(url))).toEqual(['/api/documents/1']);
    await waitFor(() => expect(within(section).queryByText('borrador.pdf')).toBeNull());
    expect(within(section).getByText('firmado.pdf')).toBeVisible();
  });

  it("keeps the detail's own list for a delegated owner, who may not open documents", async () => {
    const fetchMock = routedFetch({ 'GET /api/contracts/3': () => contract });
    global.fetch = fetchMock;
    contractPage('propietario_delegado');
    expect(await screen.findByRole('link', { name: 'Descargar del-detalle.pdf' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Adjuntar documento' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/documents'))).toBe(false);
  });
});

describe("a property's and its units' 'Documentos'", () => {
  const property = propertyDetailFixture();

  it("lists the property's documents in a section and a unit's behind its row's 'Documentos', each list asking only for its record", async () => {
    Object.assign(window, { XMLHttpRequest: FakeXhr });
    const fetchMock = routedFetch({
      'GET /api/properties/4': () => property,
      // 'Unidades' reads its own paged list (issue 33).
      'GET /api/properties/4/units?page=1&pageSize=20': () => property.units,
      'GET /api/documents?relatedEntityType=property&relatedEntityId=4&page=1&pageSize=10': () => page([doc(5, 'escritura.pdf', { relatedEntityType: 'property', relatedEntityId: 4 })]),
      'GET /api/documents?relatedEntityType=unit&relatedEntityId=40&page=1&pageSize=10': () => page([doc(6, 'certificado.pdf', { category: 'certificado energético', relatedEntityType: 'unit', relatedEntityId: 40 })]),
    });
    global.fetch = fetchMock;
    renderAt(<PropertiesWithMovements user={userWithRole('propietario_individual')} />, '/properties/4', '/properties/*');
    const section = await screen.findByRole('region', { name: 'Documentos' });
    expect(await within(section).findByText('escritura.pdf')).toBeVisible();

    const units = within(screen.getByRole('region', { name: 'Unidades' }));
    await userEvent.click(await units.findByRole('button', { name: 'Documentos de Edificio Olivo · Ático A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Documentos de Edificio Olivo · Ático A' });
    expect(await within(dialog).findByText('certificado.pdf')).toBeVisible();
    expect(within(dialog).getByText('Certificado energético')).toBeVisible();

    // Attaching from the unit's dialog attaches to the unit.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjuntar documento' }));
    const attach = await screen.findByRole('dialog', { name: 'Adjuntar documento' });
    expect(attach).toHaveAccessibleDescription('El documento se adjuntará a la unidad Edificio Olivo · Ático A.');
    fireEvent.change(within(attach).getByLabelText('Archivo'), { target: { files: [new File(['%PDF-1.4'], 'seguro.pdf', { type: 'application/pdf' })] } });
    await userEvent.click(within(attach).getByRole('combobox', { name: 'Categoría' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Seguro' }));
    await userEvent.click(within(attach).getByRole('button', { name: 'Subir Documento' }));
    await waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(FormData));
    expect([FakeXhr.last!.body!.get('relatedEntityType'), FakeXhr.last!.body!.get('relatedEntityId'), FakeXhr.last!.body!.get('category')]).toEqual(['unit', '40', 'seguro']);
  });
});
