import {
  ContactsListQuerySchema,
  ConversationsListQuerySchema,
  IdSchema,
  MessagesListQuerySchema,
  type Contact,
  type ConversationRead,
  type ConversationsCreateSchema,
} from '@arrendia/api-contract';
import { z } from 'zod';
import { markConversationRead } from '../../commands/conversationReader';
import { startConversation } from '../../commands/conversationStarter';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentContact, presentConversationDetail, presentConversationListItem, type ConversationRow } from '../../presenters/conversation';
import { presentMessage } from '../../presenters/message';
import { contactListQuery, conversationListQuery, conversationMessages, conversationWithParticipants, findConversationRow } from '../../queries/conversations';

const conversationIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/** GET /api/conversations[?q&sort] → the user's conversations (searched by title), latest activity first or by ?sort=, paged (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { page, pageSize, q, sort } = parseInput(ConversationsListQuerySchema, ctx.query);
  const { query, count } = conversationListQuery(ctx.knex, currentUser(ctx), { q, sort });
  const rows = await paginate<ConversationRow>(ctx, query, { page, pageSize }, { count });
  ctx.body = rows.map(presentConversationListItem);
}

/** GET /api/conversations/contacts[?q] → who the user may start a conversation with (searched by name or email), by name, paged. */
export async function contacts(ctx: Ctx) {
  const page = parseInput(ContactsListQuerySchema, ctx.query);
  const rows = await paginate<Contact>(ctx, contactListQuery(ctx.knex, currentUser(ctx), page.q), page);
  ctx.body = rows.map(presentContact);
}

/** GET /api/conversations/:id → the conversation and its participants; 404 unless the user takes part. */
export async function show(ctx: Ctx) {
  const id = conversationIdOf(ctx);
  ctx.body = presentConversationDetail(await conversationWithParticipants(ctx.knex, currentUser(ctx), id));
}

/** POST /api/conversations → 201 with the new conversation's list record; every other participant must be a contact. */
export async function create(ctx: Ctx, input: z.output<typeof ConversationsCreateSchema>) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const { conversation, created } = await startConversation(trx, user, input);
  if (!created) {
    ctx.status = 200;
    ctx.body = presentConversationListItem((await findConversationRow(trx, user, conversation.id))!);
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
  const id = conversationIdOf(ctx);
  const { before, limit } = parseInput(MessagesListQuerySchema, ctx.query);
  const { total, rows } = await conversationMessages(ctx.knex, currentUser(ctx), id, { before, limit });
  ctx.set('X-Total-Count', String(total));
  ctx.body = rows.map(presentMessage);
}

/**
 * POST /api/conversations/:id/read → 200 `{ readCount }`: what the others sent is read by the user,
 * audited once when it changed anything (commands/conversationReader.ts); 404 unless the user
 * takes part.
 */
export async function markRead(ctx: Ctx) {
  const id = conversationIdOf(ctx);
  const body: ConversationRead = { readCount: await markConversationRead(ctx.state.trx!, currentUser(ctx), id) };
  ctx.body = body;
}
