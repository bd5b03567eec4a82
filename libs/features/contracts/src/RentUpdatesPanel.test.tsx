/** @jest-environment jsdom */
import type { RentUpdate } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { fakeResponse, renderAt, serve, userWithRole } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { ContractsScreen } from './ContractsScreen';

const THIS_MONTH = todayIso().slice(0, 7);

const update = (id: number, over: Partial<RentUpdate> = {}): RentUpdate => ({
  id,
  status: 'propuesta',
  contract: { id: 100 + id, contractCode: `ARR-2025-000${id}`, leaseUse: 'vivienda' },
  unit: { id: 10 + id, unitName: 'Bajo A' },
  property: { id: 1, propertyName: 'Casa Norte' },
  tenants: [
    { id: 7, name: 'Tomás Inquilino' },
    { id: 8, name: 'Teresa Inquilina' },
  ],
  anniversary: '2099-03-10',
  mechanism: 'ipc',
  referenceMonth: '2099-01',
  oldRent: '1000.00',
  clausePercent: '2.4',
  limitPercent: '2',
  limitBasis: 'IRAV de enero de 2099: 2 %',
  allowedPercent: '2',
  percent: '1.5',
  newRent: '1015.00',
  explanation: ['IPC general de enero de 2099: 2,4 %', 'Límite legal: IRAV, 2 %', 'Renta nueva: 1.000,00 € + 1,5 % = 1.015,00 €'],
  waitingFor: null,
  effectiveFrom: null,
  noticeDocumentId: null,
  noticedAt: null,
  appliedAt: null,
  ...over,
});

const MONTH_LIST = `GET /api/rent-updates?month=${THIS_MONTH}&page=1&pageSize=20`;
const CONTRACTS = 'GET /api/contracts?page=1&pageSize=20';
const PROPERTY_OPTIONS = 'GET /api/properties?pageSize=100&sort=propertyName';
const owner = userWithRole('propietario_individual');
const paged = (rows: RentUpdate[]) => () => fakeResponse(200, rows, { 'X-Total-Count': String(rows.length) });
const json = (init?: RequestInit) => JSON.parse(String(init?.body ?? 'null')) as unknown;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

const screenAt = (path: string, user = owner) =>
  renderAt(
    <>
      <ContractsScreen user={user} />
      <Where />
    </>,
    path,
    '/contracts/*',
  );

beforeEach(() => {
  resetToasts();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe("/contracts tabs: 'Contratos' | 'Actualizaciones de renta'", () => {
  it('a tenant (no rent-updates:manage) gets the contracts list without tabs', async () => {
    serve({ [PROPERTY_OPTIONS]: () => fakeResponse(200, []), [CONTRACTS]: () => fakeResponse(200, []) });
    screenAt('/contracts?vista=actualizaciones', userWithRole('inquilino'));
    expect(await screen.findByRole('heading', { name: 'No hay contratos' })).toBeVisible();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('an owner opens the contracts tab by default, and the other tab writes ?vista=actualizaciones and lists this month', async () => {
    const fetch = serve({ [PROPERTY_OPTIONS]: () => fakeResponse(200, []), [CONTRACTS]: () => fakeResponse(200, []), [MONTH_LIST]: paged([update(1)]) });
    screenAt('/contracts');
    expect(screen.getByRole('tab', { name: 'Contratos' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'No hay contratos' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Actualizaciones de renta' }));
    expect(await screen.findByRole('article', { name: 'ARR-2025-0001' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/contracts?vista=actualizaciones');
    expect(fetch).toHaveBeenCalledWith(`/api/rent-updates?month=${THIS_MONTH}&page=1&pageSize=20`, expect.anything());
  });
});

describe('RentUpdatesPanel', () => {
  const at = `/contracts?vista=actualizaciones`;

  it('draws each proposal: contract, property · unit, tenants, dd/MM/yyyy anniversary, status, rents, % with the legal maximum, limit, the missing index', async () => {
    serve({
      [MONTH_LIST]: paged([
        update(1),
        update(2, { status: 'pendiente_indice', percent: null, allowedPercent: null, newRent: null, limitBasis: null, explanation: [], waitingFor: 'Falta el índice de enero de 2099' }),
      ]),
    });
    screenAt(at);
    const card = await screen.findByRole('article', { name: 'ARR-2025-0001' });
    expect(within(card).getByText('Casa Norte · Bajo A')).toBeVisible();
    expect(within(card).getByText('Tomás Inquilino, Teresa Inquilina')).toBeVisible();
    expect(within(card).getByText('10/03/2099')).toBeVisible();
    expect(within(card).getByText('Propuesta')).toHaveAttribute('data-tone', 'blue');
    expect(within(card).getByText('1.000,00 € → 1.015,00 €')).toBeVisible();
    expect(within(card).getByText('1,5 % (máximo legal 2 %)')).toBeVisible();
    expect(within(card).getByText('IRAV de enero de 2099: 2 %')).toBeVisible();
    const waiting = screen.getByRole('article', { name: 'ARR-2025-0002' });
    expect(within(waiting).getByText('Falta el índice')).toHaveAttribute('data-tone', 'yellow');
    expect(within(waiting).getByText('Falta el índice de enero de 2099')).toBeVisible();
    expect(within(waiting).getByText('1.000,00 € → —')).toBeVisible();
    expect(within(waiting).queryByText(/máximo legal/)).toBeNull();
    // Only proposals are sent in bulk.
    expect(screen.getByRole('button', { name: 'Enviar avisos (1)' })).toBeVisible();
  });

  it("filters by month ('Todos los meses' drops it) and by status, in the URL", async () => {
    const fetch = serve({
      [MONTH_LIST]: paged([update(1)]),
      'GET /api/rent-updates?page=1&pageSize=20': paged([update(1), update(3, { anniversary: '2099-05-02' })]),
      'GET /api/rent-updates?status=notificada&page=1&pageSize=20': paged([update(4, { status: 'notificada', effectiveFrom: '2099-04-01', noticeDocumentId: 55 })]),
    });
    screenAt(at);
    expect(await screen.findByRole('article', { name: 'ARR-2025-0001' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Mes del aniversario' })).toHaveTextContent(/\w+ de \d{4}/);
    await userEvent.click(screen.getByRole('combobox', { name: 'Mes del aniversario' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Todos los meses' }));
    expect(await screen.findByRole('article', { name: 'ARR-2025-0003' })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/contracts?vista=actualizaciones&act.month=todos');
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Notificada' }));
    const notified = await screen.findByRole('article', { name: 'ARR-2025-0004' });
    expect(within(notified).getByRole('link', { name: 'Descargar la carta de aviso de ARR-2025-0004' })).toHaveAttribute('href', '/api/documents/55/download');
    expect(screen.getByTestId('where')).toHaveTextContent('/contracts?vista=actualizaciones&act.month=todos&act.status=notificada');
    expect(screen.queryByRole('button', { name: /Enviar avisos/ })).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("'Revisar' shows the calculation; 'Guardar' sends the percentage typed with a comma, refuses more than allowed, and shows the server's 409 under the field", async () => {
    const patches: unknown[] = [];
    let refuse = false;
    const fetch = serve({
      [MONTH_LIST]: paged([update(1)]),
      'PATCH /api/rent-updates/1': (init) => {
        patches.push(json(init));
        if (refuse) return fakeResponse(409, { error: 'conflict', message: 'No se puede aplicar más de lo que permite la ley: como mucho 1,1 % (IRAV)', fields: { percent: 'Como mucho 1,1 %' } });
        return fakeResponse(200, update(1, { percent: '1.2', newRent: '1012.00' }));
      },
    });
    screenAt(at);
    await userEvent.click(await screen.findByRole('button', { name: 'Revisar la actualización de ARR-2025-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualización de la renta de ARR-2025-0001' });
    expect(within(within(dialog).getByRole('list', { name: 'Cálculo de la actualización' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(update(1).explanation);
    const field = within(dialog).getByRole('textbox', { name: 'Porcentaje a aplicar' });
    expect(field).toHaveValue('1,5');

    await userEvent.clear(field);
    await userEvent.type(field, '2,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('No se puede aplicar más de lo que permite la ley: como máximo 2 %')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(patches).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '1,2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('1.000,00 € → 1.012,00 €')).toBeVisible();
    expect(patches).toEqual([{ percent: 1.2 }]);

    refuse = true;
    await userEvent.clear(field);
    await userEvent.type(field, '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('No se puede aplicar más de lo que permite la ley: como mucho 1,1 % (IRAV)')).toBeVisible();
    expect(patches).toEqual([{ percent: 1.2 }, { percent: 1 }]);
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("'No actualizar' asks first, then sends {discarded: true}", async () => {
    const patches: unknown[] = [];
    serve({
      [MONTH_LIST]: paged([update(1)]),
      'PATCH /api/rent-updates/1': (init) => {
        patches.push(json(init));
        return fakeResponse(200, update(1, { status: 'descartada', percent: null, newRent: null }));
      },
    });
    screenAt(at);
    await userEvent.click(await screen.findByRole('button', { name: 'Revisar la actualización de ARR-2025-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualización de la renta de ARR-2025-0001' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No actualizar' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿No actualizar la renta este año?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(patches).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'No actualizar' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No actualizar' }));
    await waitFor(() => expect(patches).toEqual([{ discarded: true }]));
    expect(await within(screen.getByRole('dialog')).findByText('Descartada')).toBeVisible();
    expect(within(screen.getByRole('dialog')).queryByRole('textbox', { name: 'Porcentaje a aplicar' })).toBeNull();
  });

  it("'Enviar aviso' says from which month the new rent is charged, posts the notice, then links the letter", async () => {
    const posts: string[] = [];
    serve({
      [MONTH_LIST]: paged([update(1)]),
      'POST /api/rent-updates/1/notice': () => {
        posts.push('notice');
        return fakeResponse(200, update(1, { status: 'notificada', effectiveFrom: '2099-03-01', noticeDocumentId: 77, noticedAt: '2099-01-20T10:00:00.000Z' }));
      },
    });
    screenAt(at);
    await userEvent.click(await screen.findByRole('button', { name: 'Revisar la actualización de ARR-2025-0001' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar aviso' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Enviar el aviso al inquilino?' });
    expect(confirm).toHaveTextContent('Se enviará al inquilino el aviso por escrito con el cálculo; la renta nueva se cobrará desde marzo de 2099.');
    expect(posts).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Enviar aviso' }));
    const letter = await within(dialog).findByRole('link', { name: 'Descargar la carta de aviso de ARR-2025-0001' });
    expect(letter).toHaveAttribute('href', '/api/documents/77/download');
    expect(within(dialog).getByText('Notificada')).toBeVisible();
    expect(within(dialog).getByText('01/03/2099')).toBeVisible();
    expect(posts).toEqual(['notice']);
  });

  it("'Enviar avisos (N)' sends every proposal of the page one after another and says how many went and which failed", async () => {
    const order: number[] = [];
    const notice = (id: number, fail = false) => () => {
      order.push(id);
      return fail ? fakeResponse(409, { error: 'conflict', message: 'No hay cambio de renta que notificar' }) : fakeResponse(200, update(id, { status: 'notificada', effectiveFrom: '2099-03-01', noticeDocumentId: 90 + id }));
    };
    serve({
      [MONTH_LIST]: paged([update(1), update(2), update(3, { status: 'aplicada' }), update(4)]),
      'POST /api/rent-updates/1/notice': notice(1),
      'POST /api/rent-updates/2/notice': notice(2, true),
      'POST /api/rent-updates/4/notice': notice(4),
    });
    screenAt(at);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar avisos (3)' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Enviar los 3 avisos?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Enviar avisos' }));
    expect(await screen.findByText('Avisos enviados: 2 de 3.')).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Avisos no enviados' })).getByRole('listitem')).toHaveTextContent('ARR-2025-0002: No hay cambio de renta que notificar');
    expect(order).toEqual([1, 2, 4]);
  });
});
