import { NotificationSchema, type Notification } from '@arrendia/api-contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getJson } from './getJson';
import { apiRequest } from './http';

export const NOTIFICATIONS_PATH = '/api/notifications';
/** Spec §9: the bell's dropdown lists at most 5. */
export const NOTIFICATIONS_LIMIT = 5;
/** Every notifications query starts with this key: invalidate it after anything that notifies. */
export const NOTIFICATIONS_KEY = [NOTIFICATIONS_PATH] as const;
const BELL_KEY = [NOTIFICATIONS_PATH, { pageSize: NOTIFICATIONS_LIMIT }] as const;

const NotificationListSchema = NotificationSchema.array();

export interface NotificationsSummary {
  /** The newest notifications, read or not, at most NOTIFICATIONS_LIMIT. */
  notifications: Notification[];
  /** All the user's unread notifications (the X-Unread-Count header), not only the listed ones. */
  unreadCount: number;
}

/**
 * The bell: the 5 newest notifications and the unread count. Spec §6: it runs only when a user
 * exists, so pass `enabled: false` while there is none.
 */
export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<NotificationsSummary>({
    queryKey: BELL_KEY,
    enabled,
    queryFn: async ({ signal }) => {
      const { data, response } = await getJson(`${NOTIFICATIONS_PATH}?pageSize=${NOTIFICATIONS_LIMIT}`, NotificationListSchema, signal);
      const notifications = data.slice(0, NOTIFICATIONS_LIMIT);
      const header = Number.parseInt(response.headers.get('X-Unread-Count') ?? '', 10);
      const unreadCount = Number.isFinite(header) && header >= 0 ? header : notifications.filter((n) => !n.isRead).length;
      return { notifications, unreadCount };
    },
  });
}

function updateBell(client: QueryClient, update: (summary: NotificationsSummary) => NotificationsSummary) {
  client.setQueryData<NotificationsSummary>(BELL_KEY, (summary) => (summary ? update(summary) : summary));
}

/** Marks one notification read (PATCH /api/notifications/:id/read); the bell updates at once. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('PATCH', `${NOTIFICATIONS_PATH}/${id}/read`),
    onSuccess: (_res, id) => {
      updateBell(client, ({ notifications, unreadCount }) => {
        const wasUnread = notifications.some((n) => n.id === id && !n.isRead);
        return {
          notifications: notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
          unreadCount: wasUnread ? Math.max(0, unreadCount - 1) : unreadCount,
        };
      });
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}

/** Marks every notification of the user read (POST /api/notifications/read-all). */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', `${NOTIFICATIONS_PATH}/read-all`),
    onSuccess: () => {
      updateBell(client, ({ notifications }) => ({ notifications: notifications.map((n) => ({ ...n, isRead: true })), unreadCount: 0 }));
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}
