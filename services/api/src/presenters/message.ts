import type { Message } from '@arrendia/api-contract';

/** A messages row joined with its sender's name (null sender: the user was deleted). */
export interface MessageRow {
  id: number;
  conversationId: number;
  senderUserId: number | null;
  content: string;
  sentAt: Date;
  readAt: Date | null;
  senderFirstName: string | null;
  senderLastName: string | null;
}

export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderUserId: row.senderUserId,
    content: row.content,
    sentAt: new Date(row.sentAt).toISOString(),
    readAt: row.readAt ? new Date(row.readAt).toISOString() : null,
    sender: row.senderUserId === null ? null : { id: row.senderUserId, firstName: row.senderFirstName, lastName: row.senderLastName },
  };
}
