import { z } from 'zod';
import { IdSchema, PageQuerySchema, PersonSchema, listQuerySchema, optionalFilter, requiredText } from './common';

/** Message (spec §3 "Forms"): sent only when its text is non-empty after trimming (spec §5). */
export const MessagesCreateSchema = z.object({
  conversationId: IdSchema,
  content: z.string({ error: 'Escribe un mensaje' }).trim().min(1, 'Escribe un mensaje').max(5000, 'Máximo 5000 caracteres'),
});

export type MessagesCreateInput = z.input<typeof MessagesCreateSchema>;
export type MessagesCreateData = z.output<typeof MessagesCreateSchema>;

export const MessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderUserId: z.number().int().nullable(),
  content: z.string(),
  sentAt: z.string(),
  readAt: z.string().nullable(),
  sender: z.object({ id: z.number().int(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable().optional(),
});

export type Message = z.infer<typeof MessageSchema>;

/** GET /api/conversations/:id/messages query: the `limit` messages before `before` (default: the newest). */
export const MessagesListQuerySchema = z.object({
  before: optionalFilter(IdSchema),
  limit: z.coerce.number({ error: 'Indica un número entre 1 y 100' }).int('Indica un número entre 1 y 100').min(1, 'Indica un número entre 1 y 100').max(100, 'Indica un número entre 1 y 100').default(50),
});

export type MessagesListQuery = z.input<typeof MessagesListQuerySchema>;

/**
 * POST /api/conversations/:id/read (no body): how many of the others' messages it marked read. The
 * open thread calls it; reading the messages (a GET) marks nothing.
 */
export const ConversationReadSchema = z.object({ readCount: z.number().int() });

export type ConversationRead = z.infer<typeof ConversationReadSchema>;

/** Conversation list record (spec §3): conversation (id, title), lastMessage (content, sentAt). */
export const ConversationListItemSchema = z.object({
  conversation: z.object({ id: z.number().int(), title: z.string().nullable(), relatedEntityType: z.string().nullable(), relatedEntityId: z.number().int().nullable(), createdAt: z.string() }),
  lastMessage: z.object({ content: z.string(), sentAt: z.string() }).nullable(),
  unreadCount: z.number().int(),
});

export type ConversationListItem = z.infer<typeof ConversationListItemSchema>;

/**
 * POST /api/conversations: a conversation between the caller and users it may talk to. With
 * `reuseExisting` and one other participant, the conversation the two already have alone (if any)
 * is answered (200) instead of a new one (201): 'Mensaje' on a tenant opens the thread with them.
 */
export const ConversationsCreateSchema = z.object({
  title: requiredText(255, 'El título es obligatorio'),
  participantUserIds: z
    .array(IdSchema, { error: 'Elige al menos un participante' })
    .min(1, 'Elige al menos un participante')
    .max(20, 'Como máximo 20 participantes'),
  reuseExisting: z.boolean({ error: 'Indica true o false' }).optional(),
});

export type ConversationsCreateInput = z.input<typeof ConversationsCreateSchema>;
export type ConversationsCreateData = z.output<typeof ConversationsCreateSchema>;

/** GET /api/conversations/contacts: someone the caller may start a conversation with. */
export const ContactSchema = PersonSchema.extend({ roleName: z.string() });

export type Contact = z.infer<typeof ContactSchema>;

/** A search box's text as a query parameter: trimmed, at most 100 characters, empty means none. */
const SearchTextSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string({ error: 'Texto de búsqueda no válido' })
    .trim()
    .max(100, 'Máximo 100 caracteres')
    .refine((v) => !v.includes('\u0000'), 'Texto de búsqueda no válido')
    .optional(),
);

/**
 * The fields the conversations list sorts by: `lastMessageAt` is the last message's time (its
 * creation for a conversation without messages); the list's own order is the latest activity first.
 */
export const CONVERSATION_SORTS = ['lastMessageAt', 'title'] as const;

/** GET /api/conversations: a page, optionally searched by title and sorted (`?sort=title`). */
export const ConversationsListQuerySchema = listQuerySchema(CONVERSATION_SORTS, { q: SearchTextSchema });
export type ConversationsListQuery = z.input<typeof ConversationsListQuerySchema>;

/** GET /api/conversations/contacts: a page, optionally searched by name or email. */
export const ContactsListQuerySchema = PageQuerySchema.extend({ q: SearchTextSchema });
export type ContactsListQuery = z.input<typeof ContactsListQuerySchema>;

/** GET /api/conversations/:id: the conversation and who takes part in it (the thread's header). */
/** A participant of a conversation; `online` while it has Arrendia open (a live stream, issue 12) anywhere. */
export const ParticipantSchema = ContactSchema.extend({ online: z.boolean() });
export type Participant = z.infer<typeof ParticipantSchema>;

export const ConversationDetailSchema = z.object({
  conversation: ConversationListItemSchema.shape.conversation,
  participants: z.array(ParticipantSchema),
});
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;
