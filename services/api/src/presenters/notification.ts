import type { Notification as NotificationDto } from '@arrendia/api-contract';
import type { Notification } from '../models/Notification';

/** The notification of spec §3 (id, title, message, isRead) with what the bell links to. */
export function presentNotification(notification: Notification): NotificationDto {
  return {
    id: notification.id,
    title: notification.title,
    message: notification.message,
    isRead: notification.isRead,
    notificationType: notification.notificationType,
    relatedEntityType: notification.relatedEntityType,
    relatedEntityId: notification.relatedEntityId,
    createdAt: new Date(notification.createdAt).toISOString(),
  };
}
