import { TasksQuerySchema } from '@arrendia/api-contract';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { presentTasks } from '../../presenters/task';
import { upcomingTaskRows } from '../../queries/tasks';

/** GET /api/tasks?limit= → the user's upcoming tasks, by date. */
export async function list(ctx: Ctx) {
  const { limit } = parseInput(TasksQuerySchema, ctx.query);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = presentTasks(await upcomingTaskRows(ctx.knex, currentUser(ctx), limit), limit);
}
