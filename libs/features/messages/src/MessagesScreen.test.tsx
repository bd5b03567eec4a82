/** @jest-environment jsdom */
import type { Contact, ConversationDetail, ConversationListItem, CurrentUser, Message } from '@arrendia/api-contract';
import { answer, failsOnce, fakeResponse, findToast, renderAt, routedFetch } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureAxe, toHaveNoViolations } from 'jest-axe';

expect.extend(toHaveNoViolations);
import { useLocation } from 'react-router-dom';
import { MessagesScreen } from './MessagesScreen';

const me: CurrentUser = {
  id: 1, email: 'owner@demo.arrendia.es', firstName: 'Olga', lastName: 'Martín', telefono: null, nifCif: null, direccionFiscal: null, ibanBancaria: null, profileImageUrl: null, agencyId: null,
  role: { roleId: 2, roleName: 'propietario_individual' },
  emailVerified: true,
};
const item = (id: number, title: string, unreadCount = 0, last: string | null = null): ConversationListItem => ({
  conversation: { id, title, relatedEntityType: null, relatedEntityId: null, createdAt: '2026-11-01T09:00:00Z' },
  lastMessage: last ? { content: last, sentAt: '2026-11-20T10:00:00Z' } : null,
  unreadCount,
});
const message = (id: number, senderUserId: number, content: string): Message => ({
  id, conversationId: 5, senderUserId, content, sentAt: `2026-11-20T10:0${id % 10}:00Z`, readAt: null,
  sender: senderUserId === 1 ? { id: 1, firstName: 'Olga', lastName: 'Martín' } : { id: 9, firstName: 'Tomás', lastName: 'Ruiz' },
});
const detail: ConversationDetail = {
  conversation: item(5, 'Contrato CTR-1').conversation,
  participants: [
    { id: 1, firstName: 'Olga', lastName: 'Martín', roleName: 'propietario_individual', online: true },
    { id: 9, firstName: 'Tomás', lastName: 'Ruiz', roleName: 'inquilino', online: false },
  ],
};
const LIST = 'GET /api/conversations?page=1&pageSize=30';
const THREAD = 'GET /api/conversations/5/messages?limit=30';

afterEach(() => act(() => resetToasts()));

describe('MessagesScreen', () => {
  it("lists the conversations with their unread counts and says 'Selecciona una conversación' until one is chosen", async () => {
    global.fetch = routedFetch({ [LIST]: () => fakeResponse(200, [item(5, 'Contrato CTR-1', 2, 'Hola'), item(6, 'Visita')], { 'X-Total-Count': '2' }) });
    renderAt(<MessagesScreen user={me} />, '/messages');
    const list = await screen.findByRole('list', { name: 'Conversaciones' });
    expect(within(list).getByRole('button', { name: /Contrato CTR-1\s*2 sin leer/ })).toBeVisible();
    expect(within(list).getByRole('button', { name: /^Visita/ })).toHaveTextContent('Sin mensajes');
    expect(screen.getByText('Selecciona una conversación')).toBeVisible();
  });

  it('shows the 5 loading placeholders of a list (spec §9) while the conversations load', () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined));
    renderAt(<MessagesScreen user={me} />, '/messages');
    expect(screen.getByLabelText('Cargando conversaciones').querySelectorAll('[data-skeleton]')).toHaveLength(5);
  });

  it('says when the conversations could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ [LIST]: failsOnce(fakeResponse(200, [item(5, 'Contrato CTR-1', 2, 'Hola')], { 'X-Total-Count': '1' })) });
    renderAt(<MessagesScreen user={me} />, '/messages');
    const section = await screen.findByRole('region', { name: 'Conversaciones' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('No se pudieron cargar las conversaciones');
    fireEvent.click(within(section).getByRole('button', { name: 'Reintentar' }));
    const list = await within(section).findByRole('list', { name: 'Conversaciones' });
    expect(within(list).getByRole('button', { name: /Contrato CTR-1/ })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('searches by title on the server', async () => {
    const fetch = routedFetch({
      [LIST]: () => fakeResponse(200, [item(5, 'Contrato CTR-1')], { 'X-Total-Count': '1' }),
      'GET /api/conversations?q=zz&page=1&pageSize=30': () => fakeResponse(200, [], { 'X-Total-Count': '0' }),
    });
    global.fetch = fetch;
    renderAt(<MessagesScreen user={me} />, '/messages');
    await screen.findByRole('button', { name: /Contrato CTR-1/ });
    await userEvent.type(screen.getByLabelText('Buscar conversaciones'), 'zz');
    expect(await screen.findByText('Ningún resultado con estos filtros')).toBeVisible();
  });

  it('keeps page, search and order in the URL beside the open conversation, and pages with the shared pager (issue 33)', async () => {
    const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => item(from + i, `Conversación ${from + i}`));
    global.fetch = routedFetch({
      'GET /api/conversations?q=contrato&sort=title&page=2&pageSize=30': () => fakeResponse(200, many(31, 30), { 'X-Total-Count': '75' }),
      'GET /api/conversations?q=contrato&sort=title&page=3&pageSize=30': () => fakeResponse(200, many(61, 15), { 'X-Total-Count': '75' }),
      'GET /api/conversations?q=contrato&page=1&pageSize=30': () => fakeResponse(200, many(1, 30), { 'X-Total-Count': '75' }),
      'GET /api/conversations/5': () => detail,
      [THREAD]: () => [message(100, 9, 'Hola')],
    });
    renderAt(
      <>
        <MessagesScreen user={me} />
        <Where />
      </>,
      '/messages?conversation=5&q=contrato&sort=title&page=2',
    );
    const list = await screen.findByRole('list', { name: 'Conversaciones' });
    expect(within(list).getByRole('button', { name: /^Conversación 31/ })).toBeVisible();
    expect(screen.getByLabelText('Buscar conversaciones')).toHaveValue('contrato');
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveTextContent('Título (A–Z)');
    const pages = screen.getByRole('navigation', { name: 'Páginas de conversaciones' });
    expect(pages).toHaveTextContent('Mostrando 31–60 de 75');
    expect(await screen.findByRole('region', { name: 'Contrato CTR-1' })).toBeVisible();

    await userEvent.click(within(pages).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('button', { name: /^Conversación 61/ })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent('/messages?conversation=5&q=contrato&sort=title&page=3');
    // The thread stays open while the list pages.
    expect(screen.getByRole('region', { name: 'Contrato CTR-1' })).toBeVisible();

    await userEvent.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Predeterminado' }));
    expect(await screen.findByRole('button', { name: /^Conversación 1\b/ })).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/messages\?conversation=5&q=contrato$/);
  });

  it('opens the thread of ?conversation, older messages on demand, Enter sends and Shift+Enter makes a new line', async () => {
    const page = Array.from({ length: 30 }, (_, i) => message(100 + i, i % 2 ? 1 : 9, `mensaje ${100 + i}`));
    const posted: unknown[] = [];
    global.fetch = routedFetch({
      [LIST]: () => fakeResponse(200, [item(5, 'Contrato CTR-1')], { 'X-Total-Count': '1' }),
      'GET /api/conversations/5': () => detail,
      [THREAD]: () => page,
      'GET /api/conversations/5/messages?limit=30&before=100': () => [message(99, 9, 'el primero')],
      'POST /api/messages': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        return answer(201, message(200, 1, 'x'));
      },
    });
    renderAt(<MessagesScreen user={me} />, '/messages?conversation=5');
    const thread = await screen.findByRole('region', { name: 'Contrato CTR-1' });
    expect(within(thread).getByText('Con Tomás Ruiz')).toBeVisible();
    const log = within(thread).getByRole('list', { name: 'Mensajes' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(30));
    expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent(/^Tú ·/);

    await userEvent.click(within(thread).getByRole('button', { name: 'Cargar mensajes anteriores' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('el primero'));
    expect(within(thread).queryByRole('button', { name: 'Cargar mensajes anteriores' })).not.toBeInTheDocument();

    const box = within(thread).getByLabelText('Mensaje');
    await userEvent.type(box, 'Primera línea{Shift>}{Enter}{/Shift}segunda');
    expect(box).toHaveValue('Primera línea\nsegunda');
    expect(posted).toEqual([]);
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(posted).toEqual([{ conversationId: 5, content: 'Primera línea\nsegunda' }]));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await findToast('Mensaje enviado')).toHaveTextContent('Tu mensaje ha sido enviado exitosamente');
    // An empty message is not sent.
    await userEvent.type(box, '   {Enter}');
    expect(await within(thread).findByText('Escribe un mensaje')).toBeVisible();
    expect(posted).toHaveLength(1);
  });

  it('marks the thread read when it opens and when an unread message arrives while it is open, and the unread counts clear', async () => {
    let unread = 2;
    let page = [message(1, 9, 'Hola'), message(2, 9, '¿Sigues ahí?')];
    let threadReads = 0;
    const reads: string[] = [];
    global.fetch = routedFetch({
      [LIST]: () => fakeResponse(200, [item(5, 'Contrato CTR-1', unread, page.at(-1)!.content)], { 'X-Total-Count': '1' }),
      'GET /api/conversations/5': () => detail,
      [THREAD]: () => {
        threadReads++;
        return page;
      },
      'POST /api/conversations/5/read': () => {
        reads.push('read');
        const readCount = unread;
        unread = 0;
        page = page.map((m) => (m.senderUserId === 9 ? { ...m, readAt: m.readAt ?? '2026-11-20T11:00:00Z' } : m));
        return { readCount };
      },
    });
    const { client } = renderAt(<MessagesScreen user={me} />, '/messages?conversation=5');
    const list = await screen.findByRole('list', { name: 'Conversaciones' });
    await screen.findByText('¿Sigues ahí?', { selector: 'p' });
    await waitFor(() => expect(reads).toHaveLength(1));
    // Marking read refreshes the list: its badge goes.
    await waitFor(() => expect(within(list).getByRole('button', { name: /Contrato CTR-1/ })).not.toHaveTextContent('sin leer'));

    // Tomás writes while the thread is open: the live stream makes the conversations stale.
    unread = 1;
    page = [...page, message(3, 9, 'Te espero a las diez')];
    await act(() => client.invalidateQueries({ queryKey: ['/api/conversations'] }));
    await screen.findByText('Te espero a las diez', { selector: 'p' });
    await waitFor(() => expect(reads).toHaveLength(2));

    // Reading the thread again with nothing new unread marks nothing.
    const before = threadReads;
    await act(() => client.invalidateQueries({ queryKey: ['/api/conversations'] }));
    await waitFor(() => expect(threadReads).toBeGreaterThan(before));
    expect(reads).toHaveLength(2);
  });

  it("says 'En línea' on the thread while someone else in it has Arrendia open (not the user itself)", async () => {
    const withTomas = (online: boolean): ConversationDetail => ({ ...detail, participants: detail.participants.map((p) => (p.id === 9 ? { ...p, online } : p)) });
    let tomasOnline = false;
    global.fetch = routedFetch({
      [LIST]: () => fakeResponse(200, [item(5, 'Contrato CTR-1')], { 'X-Total-Count': '1' }),
      'GET /api/conversations/5': () => withTomas(tomasOnline),
      [THREAD]: () => [message(100, 9, 'Hola')],
    });
    const { client } = renderAt(<MessagesScreen user={me} />, '/messages?conversation=5');
    const thread = await screen.findByRole('region', { name: 'Contrato CTR-1' });
    expect(within(thread).getByText('Con Tomás Ruiz')).toBeVisible();
    // Olga (the user) is online; that alone says nothing.
    expect(within(thread).queryByText('En línea')).toBeNull();

    // Tomás opens Arrendia: presence.changed makes the conversations stale (useLiveEvents), the detail is read again.
    tomasOnline = true;
    await act(() => client.invalidateQueries({ queryKey: ['/api/conversations'] }));
    expect(await within(thread).findByText('En línea')).toHaveAttribute('data-tone', 'green');
  });

  it("'Nueva' offers only the user's contacts and opens the conversation it starts", async () => {
    const contacts: Contact[] = [{ id: 9, firstName: 'Tomás', lastName: 'Ruiz', roleName: 'inquilino' }];
    const posted: unknown[] = [];
    global.fetch = routedFetch({
      [LIST]: () => fakeResponse(200, [], { 'X-Total-Count': '0' }),
      'GET /api/conversations/contacts?pageSize=20': () => contacts,
      'POST /api/conversations': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        return answer(201, item(7, 'Llaves'));
      },
      'GET /api/conversations/7': () => ({ ...detail, conversation: item(7, 'Llaves').conversation }),
      'GET /api/conversations/7/messages?limit=30': () => [],
    });
    renderAt(<MessagesScreen user={me} />, '/messages');
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva conversación' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Empezar conversación' }));
    expect(await within(dialog).findByText('Elige con quién quieres hablar')).toBeVisible();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Tomás Ruiz · Inquilino/ }));
    await userEvent.type(within(dialog).getByLabelText('Asunto'), 'Llaves');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Empezar conversación' }));
    expect(await screen.findByRole('region', { name: 'Llaves' })).toBeVisible();
    expect(posted).toEqual([{ title: 'Llaves', participantUserIds: [9], reuseExisting: true }]);
    expect(screen.getByText('Todavía no hay mensajes. Escribe el primero.')).toBeVisible();
  });

  it('says when the contacts could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({
      [LIST]: () => fakeResponse(200, [], { 'X-Total-Count': '0' }),
      'GET /api/conversations/contacts?pageSize=20': failsOnce([{ id: 9, firstName: 'Tomás', lastName: 'Ruiz', roleName: 'inquilino' }]),
    });
    renderAt(<MessagesScreen user={me} />, '/messages');
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva conversación' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No se pudieron cargar tus contactos');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByRole('radio', { name: /Tomás Ruiz · Inquilino/ })).toBeVisible();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('has no axe violations with a thread open', async () => {
    global.fetch = routedFetch({
      [LIST]: () => fakeResponse(200, [item(5, 'Contrato CTR-1', 1, 'Hola')], { 'X-Total-Count': '1' }),
      'GET /api/conversations/5': () => detail,
      [THREAD]: () => [message(1, 9, 'Hola'), message(2, 1, 'Buenas')],
    });
    const { container } = renderAt(<MessagesScreen user={me} />, '/messages?conversation=5');
    await screen.findByText('Buenas');
    const axe = configureAxe({ rules: { region: { enabled: false } } });
    expect(await axe(container)).toHaveNoViolations();
  });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}
