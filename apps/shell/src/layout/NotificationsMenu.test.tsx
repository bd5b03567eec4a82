/** @jest-environment jsdom */
import { notificationTarget } from '@arrendia/permissions';
import type { Notification } from '@arrendia/api-contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureAxe, toHaveNoViolations } from 'jest-axe';
import { failsOnce } from '@arrendia/testing';
import { answer, renderInShell, routedFetch, type Routes } from '../test-utils';
import { MARK_ALL_READ_LABEL, NO_NEW_NOTIFICATIONS, NotificationsMenu } from './NotificationsMenu';

const n = (id: number, isRead: boolean, related: Partial<Notification> = {}): Notification => ({
  id,
  title: `Aviso ${id}`,
  message: `Detalle del aviso ${id}`,
  isRead,
  notificationType: 'new_incident',
  relatedEntityType: 'incident',
  relatedEntityId: 40 + id,
  createdAt: '2025-03-01T10:00:00.000Z',
  ...related,
});

let fetchMock: jest.Mock;
function serve(routes: Routes) {
  fetchMock = routedFetch(routes);
  global.fetch = fetchMock as unknown as typeof fetch;
}
const calls = (prefix: string) => fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`.startsWith(prefix));

async function openBell(user: ReturnType<typeof userEvent.setup>) {
  const bell = await screen.findByRole('button', { name: /^Notificaciones/ });
  await user.click(bell);
  return screen.findByRole('menu', { name: 'Notificaciones' });
}

expect.extend(toHaveNoViolations);

describe('NotificationsMenu', () => {
  it('shows the unread count (from X-Unread-Count) on the bell and in its name', async () => {
    serve({ 'GET /api/notifications?pageSize=5': () => answer(200, [n(1, false)], { 'X-Unread-Count': '7' }) });
    await renderInShell(<NotificationsMenu roleName="propietario_individual" />);
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 7 sin leer' });
    expect(within(bell).getByText('7')).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws no count at 0', async () => {
    serve({ 'GET /api/notifications?pageSize=5': () => answer(200, [n(1, true)], { 'X-Unread-Count': '0' }) });
    await renderInShell(<NotificationsMenu roleName="propietario_individual" />);
    await waitFor(() => expect(calls('GET /api/notifications')).toHaveLength(1));
    const bell = screen.getByRole('button', { name: 'Notificaciones' });
    expect(bell.textContent).toBe('');
  });

  it('lists at most 5, newest first, refreshing when it opens', async () => {
    const seven = [1, 2, 3, 4, 5, 6, 7].map((id) => n(id, false));
    serve({ 'GET /api/notifications?pageSize=5': () => answer(200, seven, { 'X-Unread-Count': '7' }) });
    const user = userEvent.setup();
    await renderInShell(<NotificationsMenu roleName="propietario_individual" />);
    const menu = await openBell(user);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.slice(0, -1).map((i) => i.textContent?.match(/Aviso \d/)?.[0])).toEqual(['Aviso 1', 'Aviso 2', 'Aviso 3', 'Aviso 4', 'Aviso 5']);
    expect(within(menu).queryByText(NO_NEW_NOTIFICATIONS)).toBeNull();
    expect(within(menu).getAllByText('01/03/2025 11:00')).toHaveLength(5);
    expect(calls('GET /api/notifications')).toHaveLength(2); // on mount, and again on opening
  });

  it("says 'No hay notificaciones nuevas' when none is unread, and 'Marcar todas' is disabled", async () => {
    serve({ 'GET /api/notifications?pageSize=5': () => answer(200, [n(1, true)], { 'X-Unread-Count': '0' }) });
    const user = userEvent.setup();
    await renderInShell(<NotificationsMenu roleName="propietario_individual" />);
    const menu = await openBell(user);
    expect(within(menu).getByText('No hay notificaciones nuevas')).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: MARK_ALL_READ_LABEL })).toHaveAttribute('aria-disabled', 'true');
  });

  it('also says it for an empty list', async () => {
    serve({ 'GET /api/notifications?pageSize=5': () => answer(200, [], { 'X-Unread-Count': '0' }) });
    const user = userEvent.setup();
    await renderInShell(<NotificationsMenu roleName="inquilino" />);
    const menu = await openBell(user);
    expect(within(menu).getByText(NO_NEW_NOTIFICATIONS)).toBeVisible();
  });

  it('marks an unread one read when opened and goes to what it is about', async () => {
    let read = false;
    serve({
      'GET /api/notifications?pageSize=5': () => answer(200, [n(1, read), n(2, true)], { 'X-Unread-Count': read ? '0' : '1' }),
      'PATCH /api/notifications/1/read': () => {
        read = true;
        return answer(200, n(1, true));
      },
    });
    const user = userEvent.setup();
    await renderInShell(<NotificationsMenu roleName="propietario_individual" />);
    const menu = await openBell(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Aviso 1/ }));
    await waitFor(() => expect(calls('PATCH /api/notifications/1/read')).toHaveLength(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/incidents/41');
    // The bell drops its count once the list is read again.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Notificaciones/ })).toHaveAccessibleName('Notificaciones'));
  });

  it('does not mark again one that is already read', async () => {
    serve({ 'GET /api/notifications?pageSize=5': () => answer(200, [n(2, true)], { 'X-Unread-Count': '0' }) });
    const user = userEvent.setup();
    await renderInShell(<NotificationsMenu roleName="propietario_individual" />);
    const menu = await openBell(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Aviso 2/ }));
    expect(calls('PATCH')).toHaveLength(0);
  });

  it("works from the keyboard: Enter opens the bell, arrows move, Enter reads one", async () => {
    serve({
      'GET /api/notifications?pageSize=5': () => answer(200, [n(1, false), n(2, false)], { 'X-Unread-Count': '2' }),
      'PATCH /api/notifications/2/read': () => answer(200, n(2, true)),
    });
    const user = userEvent.setup();
    await renderInShell(<NotificationsMenu roleName="inquilino" />);
    (await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' })).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(calls('PATCH /api/notifications/2/read')).toHaveLength(1));
  });

  it("'Marcar todas como leídas' reads them all and the list stays open", async () => {
    let unread = 2;
    serve({
      'GET /api/notifications?pageSize=5': () => answer(200, [n(1, unread === 0), n(2, unread === 0)], { 'X-Unread-Count': String(unread) }),
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return answer(204);
      },
    });
    const user = userEvent.setup();
    await renderInShell(<NotificationsMenu roleName="propietario_individual" />);
    const menu = await openBell(user);
    await user.click(within(menu).getByRole('menuitem', { name: MARK_ALL_READ_LABEL }));
    expect(calls('POST /api/notifications/read-all')).toHaveLength(1);
    expect(await within(menu).findByText(NO_NEW_NOTIFICATIONS)).toBeVisible();
    expect(screen.getByRole('menu', { name: 'Notificaciones' })).toBe(menu);
    expect(menu).toBeVisible();
    expect(screen.getByRole('button', { name: /^Notificaciones/ })).toHaveAccessibleName('Notificaciones');
  });

  it('says when the notifications could not be loaded, and «Reintentar» loads them', async () => {
    const list = answer(200, [n(1, false)], { 'X-Unread-Count': '1' });
    serve({ 'GET /api/notifications?pageSize=5': failsOnce(list) });
    const user = userEvent.setup();
    await renderInShell(<NotificationsMenu roleName="propietario_individual" />);
    await waitFor(() => expect(calls('GET /api/notifications')).toHaveLength(1));
    // Opening the bell asks again (and that fails too): what the menu then shows.
    serve({ 'GET /api/notifications?pageSize=5': failsOnce(list) });
    const menu = await openBell(user);
    const retry = await within(menu).findByRole('menuitem', { name: 'Reintentar' });
    expect(within(menu).getByText('No se han podido cargar las notificaciones.')).toBeVisible();
    // Inside a menu only items take focus, and a menu may hold nothing else with a role: the item
    // is reached with the arrow keys and reads the failure as its description.
    expect(retry).toHaveAccessibleDescription('No se han podido cargar las notificaciones.');
    // (The menu is portalled outside every landmark, as every Radix menu: no region rule here.)
    expect(await configureAxe({ rules: { region: { enabled: false } } })(menu)).toHaveNoViolations();
    await user.keyboard('{ArrowDown}');
    expect(retry).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(menu).findByRole('menuitem', { name: /Aviso 1/ })).toBeVisible();
    expect(within(menu).queryByText('No se han podido cargar las notificaciones.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Notificaciones: 1 sin leer' })).toBeVisible();
  });

  it('shows skeletons while the first answer is on its way', async () => {
    serve({ 'GET /api/notifications?pageSize=5': () => new Promise<Response>(() => undefined) });
    const user = userEvent.setup();
    await renderInShell(<NotificationsMenu roleName="propietario_individual" />);
    const menu = await openBell(user);
    expect(menu.querySelectorAll('[data-skeleton]').length).toBeGreaterThan(0);
    expect(within(menu).getByText('Cargando notificaciones...')).toBeVisible();
  });
});

describe('notificationTarget', () => {
  it('goes to the related incident, contract, property or conversation the role may open', () => {
    expect(notificationTarget({ relatedEntityType: 'incident', relatedEntityId: 4 }, 'inquilino')).toBe('/incidents/4');
    expect(notificationTarget({ relatedEntityType: 'contract', relatedEntityId: 5 }, 'owner')).toBe('/contracts/5');
    expect(notificationTarget({ relatedEntityType: 'property', relatedEntityId: 6 }, 'agente')).toBe('/properties/6');
    expect(notificationTarget({ relatedEntityType: 'conversation', relatedEntityId: 7 }, 'inquilino')).toBe('/messages?conversation=7');
  });

  it("opens a lead on /leads/:id, or on the agent's dashboard (its pipeline) for the agent, who has no /leads", () => {
    expect(notificationTarget({ relatedEntityType: 'lead', relatedEntityId: 8 }, 'propietario_individual')).toBe('/leads/8');
    expect(notificationTarget({ relatedEntityType: 'lead', relatedEntityId: 8 }, 'admin_agencia')).toBe('/leads/8');
    expect(notificationTarget({ relatedEntityType: 'lead', relatedEntityId: 8 }, 'propietario_delegado')).toBe('/leads/8');
    expect(notificationTarget({ relatedEntityType: 'lead', relatedEntityId: 8 }, 'agente')).toBe('/dashboard');
    expect(notificationTarget({ relatedEntityType: 'lead', relatedEntityId: 8 }, null)).toBeNull();
  });

  it('goes nowhere for a page the role may not open, an unknown kind or no id', () => {
    expect(notificationTarget({ relatedEntityType: 'property', relatedEntityId: 6 }, 'inquilino')).toBeNull();
    expect(notificationTarget({ relatedEntityType: 'payment', relatedEntityId: 6 }, 'owner')).toBeNull();
    expect(notificationTarget({ relatedEntityType: 'toString', relatedEntityId: 6 }, 'owner')).toBeNull();
    expect(notificationTarget({ relatedEntityType: 'incident', relatedEntityId: null }, 'owner')).toBeNull();
  });
});
