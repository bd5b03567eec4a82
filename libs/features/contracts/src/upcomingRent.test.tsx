/** @jest-environment jsdom */
import type { ContractDetail, ContractListItem, RentUpdateClause } from '@arrendia/api-contract';
import { fakeResponse, renderAt, serve } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { screen, within } from '@testing-library/react';
import { ContractsScreen } from './ContractsScreen';
import { MyContractsScreen } from './MyContractsScreen';

/** Issue 36: the update notified and not yet applied, 'Nueva renta … desde …' with its letter, on both sides. */

const item: ContractListItem = {
  contract: {
    id: 3,
    rentableUnitId: 5,
    contractCode: 'ARR-2026-0003',
    startDate: '2026-01-15',
    endDate: '2031-01-14',
    rentAmount: '1000.00',
    paymentDay: 5,
    depositAmount: '1000.00',
    depositStatus: 'Recibida',
    status: 'Activo',
    renewalNoticeDays: 30,
    terminationReason: null,
    notes: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
  },
  unit: { id: 5, unitName: 'Bajo A' },
  property: { id: 1, propertyName: 'Casa Norte' },
};

const clause = (upcoming: RentUpdateClause['upcoming']): RentUpdateClause => ({
  mechanism: 'ipc',
  value: null,
  floorPercent: null,
  monthsBefore: null,
  leaseUse: 'vivienda',
  signedOn: '2026-01-15',
  nextUpdateOn: '2027-01-15',
  upcoming,
});

const detail = (upcoming: RentUpdateClause['upcoming']): ContractDetail => ({
  ...item,
  unit: { ...item.unit, currentStatus: 'Alquilado' },
  property: { ...item.property, addressStreet: 'Calle de Toledo', addressNumber: '41', city: 'Madrid' },
  tenants: [],
  transactions: [],
  documents: [],
  rentUpdate: clause(upcoming),
});

const NOTIFIED = { newRent: '1015.00', effectiveFrom: '2027-01-01', noticeDocumentId: 41 };
const HISTORY = [{ rentAmount: '1000.00', validFrom: '2026-01-15', reason: 'Renta inicial del contrato', rentUpdateId: null }];

beforeEach(() => {
  resetToasts();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe("'Nueva renta … desde …' (the update notified, not yet applied)", () => {
  it("shows the tenant on 'Mi Contrato' the new rent, from when, and the notice letter", async () => {
    serve({
      'GET /api/contracts?pageSize=100': () => fakeResponse(200, [item]),
      'GET /api/contracts/3': () => fakeResponse(200, detail(NOTIFIED)),
      'GET /api/contracts/3/rent-history': () => fakeResponse(200, HISTORY),
    });
    renderAt(<MyContractsScreen user={null} />, '/contracts');
    const card = await screen.findByRole('article', { name: 'Casa Norte · Bajo A' });
    const section = await within(card).findByRole('region', { name: 'Actualización de la renta' });
    expect(within(section).getByRole('note')).toHaveTextContent('Nueva renta: 1.015,00 € desde el 01/01/2027');
    expect(within(section).getByRole('link', { name: 'Carta de aviso de la actualización (PDF)' })).toHaveAttribute('href', '/api/documents/41/download');
  });

  it('shows the landlord the same line on the contract detail', async () => {
    serve({ 'GET /api/contracts/3': () => fakeResponse(200, detail({ ...NOTIFIED, noticeDocumentId: null })), 'GET /api/contracts/3/rent-history': () => fakeResponse(200, HISTORY) });
    renderAt(<ContractsScreen user={null} />, '/contracts/3', '/contracts/*');
    const section = await screen.findByRole('region', { name: 'Actualización de la renta' });
    expect(within(section).getByRole('note')).toHaveTextContent('Nueva renta: 1.015,00 € desde el 01/01/2027');
    expect(within(section).queryByRole('link', { name: /Carta de aviso/ })).toBeNull();
  });

  it('says nothing of a new rent when no update is pending', async () => {
    serve({ 'GET /api/contracts/3': () => fakeResponse(200, detail(null)), 'GET /api/contracts/3/rent-history': () => fakeResponse(200, HISTORY) });
    renderAt(<ContractsScreen user={null} />, '/contracts/3', '/contracts/*');
    const section = await screen.findByRole('region', { name: 'Actualización de la renta' });
    expect(section).toHaveTextContent('Próxima actualización');
    expect(section).not.toHaveTextContent('Nueva renta');
  });
});
