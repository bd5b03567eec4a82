import { z } from 'zod';
import { PageQuerySchema, optionalFilter } from './common';

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

/** GET /api/notifications query: paging, and `?unread=true` for the unread ones only. */
export const NotificationsListQuerySchema = PageQuerySchema.extend({
  unread: optionalFilter(z.enum(['true', 'false'], { error: 'Usa true o false' }).transform((v) => v === 'true')),
});

export type NotificationsListQuery = z.input<typeof NotificationsListQuerySchema>;
