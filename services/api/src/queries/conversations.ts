import type { Contact, CONVERSATION_SORTS, ListSort } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { validationError } from '../errors';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { isOnline } from '../events/presence';
import type { User } from '../models/User';
import { contactRows, loadConversationInScope } from '../policies/conversation';
import { scopeConversations } from '../policies/scope';
import type { ConversationRow } from '../presenters/conversation';
import type { MessageRow } from '../presenters/message';
import { messageRows } from './messages';
import { whereContains } from './textSearch';

type Db = Knex | Knex.Transaction;

/**
 * The user's conversations with their last message and the messages others sent that nobody read
 * yet, in one query: a lateral subquery per conversation uses the (conversationId, sentAt) index.
 */
function conversationRows(db: Db, user: User): Knex.QueryBuilder {
  const query = db('conversations')
    .select('conversations.*', 'last.content as lastContent', 'last.sentAt as lastSentAt', 'unread.n as unreadCount')
    .joinRaw(
      `left join lateral (select m.content, m."sentAt" from messages m where m."conversationId" = conversations.id order by m."sentAt" desc, m.id desc limit 1) as last on true`,
    )
    .joinRaw(
      `cross join lateral (select count(*) as n from messages m where m."conversationId" = conversations.id and m."readAt" is null and m."senderUserId" is distinct from ?) as unread`,
      [user.id],
    );
  return scopeConversations(db, query, user);
}

type ConversationSort = (typeof CONVERSATION_SORTS)[number];

/**
 * The column of each sortable field of the list (api-contract CONVERSATION_SORTS): the last
 * activity is the list query's own output column (conversationListQuery).
 */
const CONVERSATION_SORT_COLUMNS: Record<ConversationSort, SortColumn> = {
  lastMessageAt: 'lastMessageAt',
  title: { text: 'conversations.title' },
};

/**
 * The user's conversations (searched by title), latest activity first unless sorted, and the query
 * that counts them: on the bare table, since the lateral subqueries would only slow the count down.
 */
export function conversationListQuery(
  db: Db,
  user: User,
  { q, sort }: { q?: string; sort?: ListSort<ConversationSort> | null } = {},
): { query: Knex.QueryBuilder; count: Knex.QueryBuilder } {
  // The last message's time, or the conversation's own for one without messages.
  const query = conversationRows(db, user).select(db.raw('coalesce(last."sentAt", conversations."createdAt") as "lastMessageAt"'));
  const count = scopeConversations(db, db('conversations'), user);
  if (q) {
    whereContains(query, db, ['conversations.title'], q);
    whereContains(count, db, ['conversations.title'], q);
  }
  const latestFirst: PageOrder[] = [
    { column: 'lastMessageAt', order: 'desc' },
    { column: 'conversations.id', order: 'desc' },
  ];
  orderedBy(query, listOrder(sort, CONVERSATION_SORT_COLUMNS, latestFirst, 'conversations.id'));
  return { query, count };
}

/** One of the user's conversations as the list shows it, or undefined. */
export function findConversationRow(db: Db, user: User, id: number): Promise<ConversationRow | undefined> {
  return conversationRows(db, user).where('conversations.id', id).first();
}

/** Who the user may start a conversation with (searched by name or email), by name. */
export function contactListQuery(db: Db, user: User, q?: string): Knex.QueryBuilder {
  const query = contactRows(db, user);
  if (q) whereContains(query, db, ['users.firstName', 'users.lastName', 'users.email'], q);
  return query.orderBy([
    { column: 'users.firstName', order: 'asc' },
    { column: 'users.lastName', order: 'asc' },
    { column: 'users.id', order: 'asc' },
  ]);
}

/** A conversation the user takes part in (404 otherwise), with its participants by name and whether each is online. */
export async function conversationWithParticipants(
  db: Db,
  user: User,
  id: number,
): Promise<{ row: ConversationRow; participants: (Contact & { online: boolean })[] }> {
  await loadConversationInScope(db, user, id);
  const row: ConversationRow = await conversationRows(db, user).where('conversations.id', id).first();
  const participants: (Contact & { online: boolean })[] = await db('conversation_participants')
    .join('users', 'users.id', 'conversation_participants.userId')
    .join('roles', 'roles.id', 'users.roleId')
    .where('conversation_participants.conversationId', id)
    .select('users.id', 'users.firstName', 'users.lastName', 'roles.roleName', isOnline(db, 'users.id').wrap('', ' as "online"'))
    .orderBy(['users.firstName', 'users.id']);
  return { row, participants };
}

/**
 * The `limit` messages of a conversation the user takes part in (404 otherwise) before the message
 * `before` (default: the newest), oldest first, and the conversation's total. 400 on `before`
 * when that message is not in this conversation.
 */
export async function conversationMessages(
  db: Db,
  user: User,
  id: number,
  { before, limit }: { before?: number; limit: number },
): Promise<{ total: number; rows: MessageRow[] }> {
  const conversation = await loadConversationInScope(db, user, id);
  const total = await db('messages').where('conversationId', conversation.id).count({ n: '*' }).first();

  const query = messageRows(db).where('messages.conversationId', conversation.id);
  if (before !== undefined) {
    const anchor = await db('messages').select('id').where({ id: before, conversationId: conversation.id }).first();
    if (!anchor) throw validationError('Revisa los campos marcados', { before: 'El mensaje no pertenece a esta conversación' });
    // Compared in SQL: sentAt has microseconds a JS Date would round away.
    query.whereRaw('(messages."sentAt", messages.id) < (select "sentAt", id from messages where id = ?)', [before]);
  }
  const newestFirst: MessageRow[] = await query
    .orderBy([
      { column: 'messages.sentAt', order: 'desc' },
      { column: 'messages.id', order: 'desc' },
    ])
    .limit(limit);
  return { total: Number(total?.n ?? 0), rows: newestFirst.reverse() };
}
