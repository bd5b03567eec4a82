/** @jest-environment jsdom */
import type { OutboxMessage } from '@arrendia/api-contract';
import { fakeResponse, renderAt, routedFetch, userWithRole } from '@arrendia/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OutboxScreen } from './OutboxScreen';

const message = (id: number, overrides: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id,
  kind: 'password_reset',
  userId: 3,
  toAddress: `ana${id}@example.com`,
  toName: 'Ana',
  subject: 'Restablece tu contraseña de Arrendia',
  state: 'no_enviado',
  attempts: 0,
  lastError: 'no enviado: sin servidor de correo',
  nextAttemptAt: '2026-12-04T10:00:00Z',
  sentAt: null,
  createdAt: '2026-12-04T10:00:00Z',
  ...overrides,
});

const admin = userWithRole('super_admin');

describe('OutboxScreen (issue 34)', () => {
  it('lists the messages with their state, attempts and last error, and shows one as it was rendered', async () => {
    global.fetch = routedFetch({
      'GET /api/admin/outbox?page=1&pageSize=20': () => fakeResponse(200, [message(1), message(2, { state: 'enviado', attempts: 1, lastError: null, sentAt: '2026-12-04T10:01:00Z', kind: 'tenant_invitation', subject: 'Te invitan' })], { 'X-Total-Count': '2' }),
      'GET /api/admin/outbox/1': () => ({ ...message(1), html: '<p>Hola</p>', text: 'Hola, Ana:\n\nElegir una contraseña nueva: https://arrendia.test/restablecer/x', headers: {} }),
    });
    renderAt(<OutboxScreen user={admin} />, '/outbox');
    const table = await screen.findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('No enviado');
    expect(first).toHaveTextContent('no enviado: sin servidor de correo');
    expect(first).toHaveTextContent('Restablecer contraseña');
    expect(second).toHaveTextContent('Enviado');
    expect(second).toHaveTextContent('Invitación de inquilino');
    expect(screen.getByRole('navigation', { name: 'Páginas de correos' })).toHaveTextContent('Mostrando 1–2 de 2');

    await userEvent.click(within(first!).getByRole('button', { name: 'Ver el correo Restablece tu contraseña de Arrendia a ana1@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restablece tu contraseña de Arrendia' });
    expect(await within(dialog).findByText(/Elegir una contraseña nueva: https:\/\/arrendia.test\/restablecer\/x/)).toBeVisible();
    const preview = within(dialog).getByTitle('Vista HTML de Restablece tu contraseña de Arrendia');
    expect(preview).toHaveAttribute('sandbox', '');
    expect(preview).toHaveAttribute('srcdoc', '<p>Hola</p>');
  });
});
