import type { Contact, ConversationDetail, ConversationListItem, Participant } from '@arrendia/api-contract';

/** A conversations row with its last message and the user's unread count (the list query). */
export interface ConversationRow {
  id: number;
  title: string | null;
  relatedEntityType: string | null;
  relatedEntityId: number | null;
  createdAt: Date;
  lastContent: string | null;
  lastSentAt: Date | null;
  unreadCount: number;
}

/** The conversation list record of spec §3: conversation, lastMessage (or null), unreadCount. */
export function presentConversationListItem(row: ConversationRow): ConversationListItem {
  return {
    conversation: {
      id: row.id,
      title: row.title,
      relatedEntityType: row.relatedEntityType,
      relatedEntityId: row.relatedEntityId,
      createdAt: new Date(row.createdAt).toISOString(),
    },
    lastMessage: row.lastSentAt === null || row.lastContent === null ? null : { content: row.lastContent, sentAt: new Date(row.lastSentAt).toISOString() },
    unreadCount: Number(row.unreadCount),
  };
}

export function presentContact(row: Contact): Contact {
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, roleName: row.roleName };
}

/** A conversation's participant: a contact, and whether it has Arrendia open now (events/presence.ts). */
export function presentParticipant(row: Contact & { online: boolean }): Participant {
  return { ...presentContact(row), online: row.online === true };
}

/** A conversation's page (GET /api/conversations/:id): the conversation and who takes part. */
export function presentConversationDetail({ row, participants }: { row: ConversationRow; participants: (Contact & { online: boolean })[] }): ConversationDetail {
  return { conversation: presentConversationListItem(row).conversation, participants: participants.map(presentParticipant) };
}
