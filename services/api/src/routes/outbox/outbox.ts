import { OutboxIdSchema, OutboxListQuerySchema, type OutboxMessage, type OutboxMessageDetail } from '@arrendia/api-contract';
import type { Ctx } from '../../context';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { findOutboxMessage, outboxRows, type OutboxRow } from '../../queries/outbox';

const iso = (d: Date | string) => new Date(d).toISOString();
const present = (r: OutboxRow): OutboxMessage => ({ ...r, nextAttemptAt: iso(r.nextAttemptAt), sentAt: r.sentAt === null ? null : iso(r.sentAt), createdAt: iso(r.createdAt) });

/** GET /api/admin/outbox → the mail outbox, newest first, paged (X-Total-Count); ?state=&kind=&q=&sort=. */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(OutboxListQuerySchema, ctx.query);
  const rows = await paginate<OutboxRow>(ctx, outboxRows(ctx.knex, filters), { page, pageSize });
  ctx.set('Cache-Control', 'no-store');
  ctx.body = rows.map(present);
}

/** GET /api/admin/outbox/:id → one message as it was rendered (HTML, plain text, headers). */
export async function show(ctx: Ctx) {
  const { id } = parseInput(OutboxIdSchema, ctx.params);
  const row = await findOutboxMessage(ctx.knex, id);
  const body: OutboxMessageDetail = { ...present(row), html: row.html, text: row.text, headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers };
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}
