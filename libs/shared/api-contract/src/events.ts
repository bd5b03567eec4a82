import { z } from 'zod';

/**
 * What `GET /api/events` (Server-Sent Events, issue 12) tells a signed-in tab. Each event only says
 * what changed; the tab refetches what it shows, through the same scoped calls as ever.
 */
export const LIVE_EVENT_TYPES = ['message.created', 'conversation.read', 'notification.created', 'notification.read', 'presence.changed', 'import.progress', 'export.ready'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const LiveEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(LIVE_EVENT_TYPES),
  /** presence.changed: `userId` opened its first tab or closed its last one (a conversation partner of the recipient). */
  /** import.progress: the import `importId` (issue 35) wrote a batch, or ended; the tab refetches GET /api/imports/:id. */
  /** export.ready: the data export `exportId` (issue 35) is ready or failed; the tab refetches GET /api/exports. */
  data: z.object({
    conversationId: z.number().int().optional(),
    messageId: z.number().int().optional(),
    userId: z.number().int().optional(),
    importId: z.number().int().optional(),
    exportId: z.number().int().optional(),
  }),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/** Seconds between the stream's heartbeats (a comment line), and the reconnect delay it asks for. */
export const LIVE_EVENTS_HEARTBEAT_SECONDS = 25;
export const LIVE_EVENTS_RETRY_MS = 3000;
