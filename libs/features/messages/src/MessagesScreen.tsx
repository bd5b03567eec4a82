import { useFormDialog } from '@arrendia/api-client';
import { MessagesCreateSchema, type CurrentUser, type Message } from '@arrendia/api-contract';
import { formatDateTime, personName } from '@arrendia/locale-es';
import { Badge, Button, Card, CardDescription, CardTitle, Form, ListSearch, ListSortSelect, MutedText, PagedList, PageHeader, Skeleton, SpreadRow, TextAreaField, useToast, VisuallyHidden } from '@arrendia/ui';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { NewConversationDialog } from './NewConversationDialog';
import { threadMessages, useConversation, useConversationList, useMarkConversationRead, useSendMessage, useThread } from './useMessaging';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(260px, 340px) 1fr;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr;
  }
`;
const Toolbar = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
  & > :first-child { flex: 1; }
`;
const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;
const Item = styled.button<{ $current: boolean }>`
  width: 100%;
  text-align: left;
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme, $current }) => ($current ? theme.colors.primary : 'transparent')};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $current }) => ($current ? theme.colors.surfaceMuted : 'transparent')};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  strong { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;
const Preview = styled.span`
  grid-column: 1 / -1;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;
const Log = styled.ol`
  list-style: none;
  padding: 0;
  margin: ${({ theme }) => theme.space.md} 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  max-height: 60vh;
  overflow-y: auto;
`;
const Bubble = styled.li<{ $mine: boolean }>`
  align-self: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  max-width: min(80%, 560px);
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $mine }) => ($mine ? theme.colors.accentSoft : theme.colors.surfaceMuted)};
  color: ${({ theme, $mine }) => ($mine ? theme.colors.accentSoftText : theme.colors.text)};
  p { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
`;
const Meta = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  opacity: 0.85;
  margin-bottom: ${({ theme }) => theme.space.xxs};
`;
const Composer = styled(Form)`
  gap: ${({ theme }) => theme.space.sm};
  & > button { align-self: flex-end; }
`;

/** The selected conversation: `?conversation=<id>` in the URL, so a link or a notification can open one. */
function useSelected(): [number | null, (id: number | null) => void] {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('conversation');
  const id = raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const select = (next: number | null) => {
    const params = new URLSearchParams(search);
    if (next === null) params.delete('conversation');
    else params.set('conversation', String(next));
    setSearch(params);
  };
  return [id, select];
}

/** The orders the conversations offer (api-contract CONVERSATION_SORTS); their own is the latest activity first. */
const CONVERSATION_ORDERS = [
  { value: 'lastMessageAt', label: 'Actividad más antigua primero' },
  { value: 'title', label: 'Título (A–Z)' },
] as const;

/**
 * The side column: the user's conversations, searched and sorted on the server and paged (the same
 * list and pager as every table, issue 33), with 'Nueva'.
 */
function ConversationList({ selected, onSelect }: { selected: number | null; onSelect: (id: number) => void }) {
  const [creating, setCreating] = useState(false);
  const list = useConversationList();
  const { filters, setFilter } = list;
  return (
    <Card as="section" aria-labelledby="messages-list">
      <CardTitle as="h2" id="messages-list">
        Conversaciones
      </CardTitle>
      <PagedList
        list={list}
        noun="conversaciones"
        variant="inline"
        loading="Cargando conversaciones"
        error="No se pudieron cargar las conversaciones"
        filters={
          <>
            <Toolbar>
              <ListSearch label="Buscar conversaciones" placeholder="Buscar por título" value={filters.q} onChange={(v) => setFilter('q', v)} />
              <Button onClick={() => setCreating(true)}>Nueva</Button>
            </Toolbar>
            <Toolbar>
              <ListSortSelect list={list} options={CONVERSATION_ORDERS} />
            </Toolbar>
          </>
        }
        whenEmpty={<CardDescription>Todavía no tienes conversaciones</CardDescription>}
      >
        {(items) => (
          <List aria-label="Conversaciones">
            {items.map(({ conversation, lastMessage, unreadCount }) => {
              const title = conversation.title || 'Conversación sin título';
              return (
                <li key={conversation.id}>
                  <Item type="button" $current={conversation.id === selected} aria-current={conversation.id === selected ? 'true' : undefined} onClick={() => onSelect(conversation.id)}>
                    <strong>{title}</strong>
                    {unreadCount > 0 ? (
                      <Badge $variant="accent">
                        {unreadCount}
                        <VisuallyHidden> sin leer</VisuallyHidden>
                      </Badge>
                    ) : (
                      <span />
                    )}
                    <Preview>{lastMessage ? `${formatDateTime(lastMessage.sentAt)} · ${lastMessage.content}` : 'Sin mensajes'}</Preview>
                  </Item>
                </li>
              );
            })}
          </List>
        )}
      </PagedList>
      <NewConversationDialog open={creating} onOpenChange={setCreating} onStarted={onSelect} />
    </Card>
  );
}

function MessageBubble({ message, mine }: { message: Message; mine: boolean }) {
  return (
    <Bubble $mine={mine}>
      <Meta>
        {mine ? 'Tú' : personName(message.sender ?? null)} · {formatDateTime(message.sentAt)}
      </Meta>
      <p>{message.content}</p>
    </Bubble>
  );
}

/** The open thread: its header, its messages (older ones on demand), and the composer. */
function Thread({ id, user }: { id: number; user: CurrentUser | null }) {
  const detail = useConversation(id);
  const thread = useThread(id);
  const { toast } = useToast();
  const send = useFormDialog({
    schema: MessagesCreateSchema,
    initialValues: { content: '' },
    toInput: (v) => ({ conversationId: id, content: v.content }),
    mutation: useSendMessage(),
    // Spec §7/§8: the box is cleared (the form resets) and a confirmation is shown.
    onSuccess: () => toast({ title: 'Mensaje enviado', description: 'Tu mensaje ha sido enviado exitosamente' }),
    onFailure: (message) => toast({ variant: 'destructive', title: 'Error', description: message }),
    failureMessage: 'No se pudo enviar el mensaje',
  });
  const logRef = useRef<HTMLOListElement>(null);
  const messages = threadMessages(thread.data?.pages);
  const newest = messages[messages.length - 1]?.id;
  const { mutate: markRead } = useMarkConversationRead(id);
  // The newest message someone else sent that is still unread, as the thread shows it.
  const newestUnread = messages.findLast((m) => m.senderUserId !== user?.id && m.readAt === null)?.id ?? null;
  const markedFor = useRef<number | null | undefined>(undefined);

  // Keep the newest message in view when one arrives (not when older ones are loaded above).
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [newest]);

  // What the thread shows is read: once it opens, and again for each unread message that arrives
  // while it is open (reading the messages marks nothing on the server).
  useEffect(() => {
    if (!thread.isSuccess) return;
    if (markedFor.current !== undefined && (newestUnread === null || newestUnread === markedFor.current)) return;
    markedFor.current = newestUnread;
    markRead();
  }, [thread.isSuccess, newestUnread, markRead]);

  // Enter sends; Shift+Enter makes a new line (spec §2).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!send.pending) send.submit();
    }
  };

  if (detail.isError || thread.isError) {
    return (
      <Card role="alert">
        <CardTitle as="h2">No se pudo abrir la conversación</CardTitle>
        <CardDescription>Puede que ya no formes parte de ella.</CardDescription>
      </Card>
    );
  }
  const title = detail.data ? detail.data.conversation.title || 'Conversación sin título' : null;
  const others = detail.data?.participants.filter((p) => p.id !== user?.id) ?? [];
  // Spec §2: the thread's 'En línea', true here: someone else in it has Arrendia open right now.
  const online = others.some((p) => p.online);
  return (
    <Card as="section" aria-labelledby="messages-thread">
      <SpreadRow>
        <CardTitle as="h2" id="messages-thread">
          {title ?? <Skeleton width="40%" />}
        </CardTitle>
        {online && (
          <Badge $tone="green" data-tone="green">
            En línea
          </Badge>
        )}
      </SpreadRow>
      {others.length > 0 && <MutedText>Con {others.map((p) => personName(p)).join(', ')}</MutedText>}
      {thread.hasNextPage && (
        <Button variant="ghost" size="sm" onClick={() => void thread.fetchNextPage()} disabled={thread.isFetchingNextPage}>
          {thread.isFetchingNextPage ? 'Cargando...' : 'Cargar mensajes anteriores'}
        </Button>
      )}
      {thread.isPending ? (
        <div role="group" aria-busy="true" aria-label="Cargando mensajes">
          <Skeleton height="2.5rem" width="60%" />
          <Skeleton height="2.5rem" width="50%" />
        </div>
      ) : (
        <Log ref={logRef} aria-label="Mensajes" aria-live="polite" tabIndex={0}>
          {messages.length === 0 ? <CardDescription as="li">Todavía no hay mensajes. Escribe el primero.</CardDescription> : null}
          {messages.map((m) => (
            <MessageBubble key={m.id} message={m} mine={m.senderUserId === user?.id} />
          ))}
        </Log>
      )}
      <Composer onSubmit={send.submit} aria-label="Enviar mensaje">
        <TextAreaField
          label="Mensaje"
          hint="Intro envía; Mayús+Intro añade una línea"
          placeholder="Escribe un mensaje..."
          rows={3}
          {...send.field('content')}
          onKeyDown={onKeyDown}
          maxLength={5000}
        />
        <Button type="submit" disabled={send.pending}>
          {send.pending ? 'Enviando...' : 'Enviar'}
        </Button>
      </Composer>
    </Card>
  );
}

/**
 * /messages for every role (spec §2, issue 12): the user's conversations (searched by title, 'Nueva'
 * with someone of its scope) and the selected thread, which updates live through the shell's event
 * stream; 'Selecciona una conversación' until one is chosen.
 */
export function MessagesScreen({ user }: { user: CurrentUser | null }) {
  const [selected, select] = useSelected();
  return (
    <>
      <PageHeader title="Mensajes" description="Habla con inquilinos, propietarios y agencias de tus contratos." />
      <Layout>
        <ConversationList selected={selected} onSelect={select} />
        {selected === null ? (
          <Card as="section" aria-label="Conversación">
            <CardDescription>Selecciona una conversación</CardDescription>
          </Card>
        ) : (
          <Thread key={selected} id={selected} user={user} />
        )}
      </Layout>
    </>
  );
}
