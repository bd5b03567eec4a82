import type { Ctx } from '../../context';
import { serviceUnavailable } from '../../errors';
import { pingDatabase } from '../../queries/health';

/** Liveness for load balancers and `npm start`: answers ok only when the database answers. */
export async function health(ctx: Ctx) {
  ctx.set('Cache-Control', 'no-store');
  try {
    await pingDatabase(ctx.knex, 5000);
  } catch (err) {
    ctx.log.warn('database check failed', { reqId: ctx.state.requestId, err });
    throw serviceUnavailable('La base de datos no está disponible');
  }
  ctx.body = { status: 'ok', database: 'ok' };
}
