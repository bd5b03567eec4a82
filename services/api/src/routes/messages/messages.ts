import type { MessagesCreateSchema } from '@arrendia/api-contract';
import type { z } from 'zod';
import { sendMessage } from '../../commands/messageSender';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { presentMessage } from '../../presenters/message';

/** POST /api/messages → 201 with the message (see commands/messageSender). */
export async function create(ctx: Ctx, input: z.output<typeof MessagesCreateSchema>) {
  const message = await sendMessage(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = presentMessage(message);
}
