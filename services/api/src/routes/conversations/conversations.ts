import {
  ConversationsListQuerySchema,
  IdSchema,
  MessagesListQuerySchema,
  type Contact,
  type ConversationRead,
  type ConversationsCreateSchema,
} from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { z } from 'zod';
import { markConversationRead } from '../../commands/conversationReader';
import { startConversation } from '../../commands/conversationStarter';
import type { Ctx } from '../../context';
import { validationError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import type { User } from '../../models/User';
import { paginate } from '../../pagination';
import { contactRows, loadConversationInScope } from '../../policies/conversation';
import { scopeConversations } from '../../policies/scope';
import { isOnline } from '../../events/presence';
import { presentContact, presentConversationListItem, presentParticipant, type ConversationRow } from '../../presenters/conversation';
import { presentMessage, type MessageRow } from '../../presenters/message';
import { messageRows } from '../../queries/messages';
import { whereContains } from '../../queries/textSearch';

/**
 * The user's conversations with their last message and the messages others sent that nobody read
 * yet, in one query: a lateral subquery per conversation uses the (conversationId, sentAt) index.
 */
function conversationRows(db: Knex | Knex.Transaction, user: User): Knex.QueryBuilder {
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

/** GET /api/conversations[?q] → the user's conversations (searched by title), latest activity first, paged (X-Total-Count). */
export async function list(ctx: Ctx) {
  const page = parseInput(ConversationsListQuerySchema, ctx.query);
  const user = currentUser(ctx);
  const query = conversationRows(ctx.knex, user).orderByRaw('coalesce(last."sentAt", conversations."createdAt") desc, conversations.id desc');
  // Counted on the bare table: the lateral subqueries would only slow the count down.
  const counted = scopeConversations(ctx.knex, ctx.knex('conversations'), user);
  if (page.q) {
    whereContains(query, ctx.knex, ['conversations.title'], page.q);
    whereContains(counted, ctx.knex, ['conversations.title'], page.q);
  }
  const rows = await paginate<ConversationRow>(ctx, query, page, { count: counted });
  ctx.body = rows.map(presentConversationListItem);
}

/** GET /api/conversations/contacts[?q] → who the user may start a conversation with (searched by name or email), by name, paged. */
export async function contacts(ctx: Ctx) {
  const page = parseInput(ConversationsListQuerySchema, ctx.query);
  const query = contactRows(ctx.knex, currentUser(ctx));
  if (page.q) whereContains(query, ctx.knex, ['users.firstName', 'users.lastName', 'users.email'], page.q);
  query.orderBy([
    { column: 'users.firstName', order: 'asc' },
    { column: 'users.lastName', order: 'asc' },
    { column: 'users.id', order: 'asc' },
  ]);
  const rows = await paginate<Contact>(ctx, query, page);
  ctx.body = rows.map(presentContact);
}

/** GET /api/conversations/:id → the conversation and its participants; 404 unless the user takes part. */
export async function show(ctx: Ctx) {
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  const user = currentUser(ctx);
  await loadConversationInScope(ctx.knex, user, id);
  const row: ConversationRow = await conversationRows(ctx.knex, user).where('conversations.id', id).first();
  const participants: (Contact & { online: boolean })[] = await ctx.knex('conversation_participants')
    .join('users', 'users.id', 'conversation_participants.userId')
    .join('roles', 'roles.id', 'users.roleId')
    .where('conversation_participants.conversationId', id)
    .select('users.id', 'users.firstName', 'users.lastName', 'roles.roleName', isOnline(ctx.knex, 'users.id').wrap('', ' as "online"'))
    .orderBy(['users.firstName', 'users.id']);
  ctx.body = { conversation: presentConversationListItem(row).conversation, participants: participants.map(presentParticipant) };
}

/** POST /api/conversations → 201 with the new conversation's list record; every other participant must be a contact. */
export async function create(ctx: Ctx, input: z.output<typeof ConversationsCreateSchema>) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const { conversation, created } = await startConversation(trx, user, input);
  if (!created) {
    ctx.status = 200;
    ctx.body = presentConversationListItem(await conversationRows(trx, user).where('conversations.id', conversation.id).first());
    return;
  }
  ctx.status = 201;
  ctx.body = presentConversationListItem({ ...conversation, lastContent: null, lastSentAt: null, unreadCount: 0 });
}

/**
 * GET /api/conversations/:id/messages → the `limit` messages before `before` (default: the newest),
 * oldest first, X-Total-Count the conversation's total. A pure read: the thread's screen marks what
 * it shows read with POST /api/conversations/:id/read.
 */
export async function messages(ctx: Ctx) {
  const db = ctx.knex;
  const user = currentUser(ctx);
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  const { before, limit } = parseInput(MessagesListQuerySchema, ctx.query);
  const conversation = await loadConversationInScope(db, user, id);

  const total = await db('messages').where('conversationId', conversation.id).count({ n: '*' }).first();
  ctx.set('X-Total-Count', String(Number(total?.n ?? 0)));

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
  ctx.body = newestFirst.reverse().map(presentMessage);
}

/**
 * POST /api/conversations/:id/read → 200 `{ readCount }`: what the others sent is read by the user,
 * audited once when it changed anything (commands/conversationReader.ts); 404 unless the user
 * takes part.
 */
export async function markRead(ctx: Ctx) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  const conversation = await loadConversationInScope(trx, user, id);
  const body: ConversationRead = { readCount: await markConversationRead(trx, user, conversation.id) };
  ctx.body = body;
}
