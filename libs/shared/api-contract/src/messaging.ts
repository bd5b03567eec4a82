import { z } from 'zod';
import { IdSchema } from './common';

/** Message (spec §3 "Forms"): sent only when its text is non-empty after trimming (spec §5). */
export const MessagesCreateSchema = z.object({
  conversationId: IdSchema,
  content: z.string({ error: 'Escribe un mensaje' }).trim().min(1, 'Escribe un mensaje').max(5000, 'Máximo 5000 caracteres'),
});
export type MessagesCreateInput = z.input<typeof MessagesCreateSchema>;

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

/** Conversation list record (spec §3): conversation (id, title), lastMessage (content, sentAt). */
export const ConversationListItemSchema = z.object({
  conversation: z.object({ id: z.number().int(), title: z.string().nullable(), relatedEntityType: z.string().nullable(), relatedEntityId: z.number().int().nullable(), createdAt: z.string() }),
  lastMessage: z.object({ content: z.string(), sentAt: z.string() }).nullable(),
  unreadCount: z.number().int(),
});
export type ConversationListItem = z.infer<typeof ConversationListItemSchema>;

/** Notification (spec §3): id, title, message, isRead. */
export const NotificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  notificationType: z.string().nullable(),
  relatedEntityType: z.string().nullable(),
  relatedEntityId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;
