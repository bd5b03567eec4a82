import { apiRequest, BADGE_COUNTS_KEY, CONVERSATIONS_KEY, getJson, useListPage } from '@arrendia/api-client';
import {
  CONVERSATION_SORTS,
  ContactSchema,
  ConversationDetailSchema,
  ConversationListItemSchema,
  ConversationReadSchema,
  MessageSchema,
  type ConversationListItem,
  type ConversationsCreateData,
  type MessagesCreateData,
  type Message,
} from '@arrendia/api-contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { z } from 'zod';

/** Conversations per page of the list, and messages per page of a thread (newest first, older on demand). */
export const CONVERSATIONS_PAGE_SIZE = 30;
export const MESSAGES_PAGE_SIZE = 30;

const withQuery = (path: string, params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/** The filters of the conversations list, as the API and the URL name them. */
export const CONVERSATION_FILTERS = ['q'] as const;

/**
 * The user's conversations, latest activity first unless sorted, searched by title on the server,
 * a page at a time; page, search and order in the URL beside `?conversation` (issue 33).
 */
export function useConversationList() {
  return useListPage({ path: CONVERSATIONS_KEY[0], schema: z.array(ConversationListItemSchema), filters: CONVERSATION_FILTERS, sorts: CONVERSATION_SORTS, pageSize: CONVERSATIONS_PAGE_SIZE });
}

/** The pages of the conversations list (useListPage's [path, url] keys), not a thread's detail or messages. */
const isConversationList = (query: Query) => typeof query.queryKey[1] === 'string';

/** One conversation and its participants (the thread's header). */
export function useConversation(id: number | null) {
  return useQuery({
    queryKey: [...CONVERSATIONS_KEY, id],
    enabled: id !== null,
    queryFn: async ({ signal }) => (await getJson(`/api/conversations/${id}`, ConversationDetailSchema, signal)).data,
  });
}

/**
 * A thread's messages, fetched newest first a page at a time (each page oldest first, as the API
 * answers it); `fetchNextPage` loads the page before the oldest one shown. Reading marks nothing:
 * the open thread says what it showed with `useMarkConversationRead`.
 */
export function useThread(id: number | null) {
  return useInfiniteQuery({
    queryKey: [...CONVERSATIONS_KEY, id, 'messages'],
    enabled: id !== null,
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam, signal }) =>
      (await getJson(withQuery(`/api/conversations/${id}/messages`, { limit: MESSAGES_PAGE_SIZE, before: pageParam }), z.array(MessageSchema), signal)).data,
    getNextPageParam: (page: Message[]) => (page.length < MESSAGES_PAGE_SIZE ? undefined : page[0]!.id),
  });
}

/** The messages of a thread in reading order (oldest first), from its pages (newest page first). */
export const threadMessages = (pages: readonly Message[][] | undefined): Message[] => (pages ? [...pages].reverse().flat() : []);

/**
 * POST /api/conversations/:id/read: the others' messages are read. When it marked any, the list's
 * unread counts and the sidebar badge refresh (the live stream tells the user's other tabs).
 */
export function useMarkConversationRead(conversationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => ConversationReadSchema.parse(await (await apiRequest('POST', `/api/conversations/${conversationId}/read`)).json()),
    onSuccess: ({ readCount }) => {
      if (readCount === 0) return;
      void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY, predicate: isConversationList });
      void client.invalidateQueries({ queryKey: BADGE_COUNTS_KEY });
    },
  });
}

/** POST /api/messages; the thread, the list and the badges refresh (the live stream tells the others). */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: MessagesCreateData) => MessageSchema.parse(await (await apiRequest('POST', '/api/messages', input)).json()),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      void client.invalidateQueries({ queryKey: BADGE_COUNTS_KEY });
    },
  });
}

/** Who the user may write to (the scope's tenants, owners, agents, agency staff), searched on the server. */
export function useContacts(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/conversations/contacts', q],
    enabled,
    queryFn: async ({ signal }) => (await getJson(withQuery('/api/conversations/contacts', { q, pageSize: 20 }), z.array(ContactSchema), signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/conversations: a new conversation (or, with reuseExisting, the one the two already have). */
export function useStartConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConversationsCreateData) => ConversationListItemSchema.parse(await (await apiRequest('POST', '/api/conversations', input)).json()) as ConversationListItem,
    onSuccess: () => client.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
  });
}
