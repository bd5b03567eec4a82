import type { AppMiddleware } from '../context';
import { inTransaction } from '../db/afterCommit';

/**
 * Runs the rest of the handler in one transaction (`ctx.state.trx`): committed when it returns,
 * rolled back when it throws. Every query of the handler must use that trx: on PGlite, with one
 * connection, a query on `ctx.knex` would wait for the transaction forever. What the handler left
 * for after the commit or the rollback (db/afterCommit: stored files) is done before the answer.
 */
export const transaction: AppMiddleware = async (ctx, next) => {
  await inTransaction(ctx.knex, async (trx) => {
    ctx.state.trx = trx;
    try {
      await next();
    } finally {
      ctx.state.trx = undefined;
    }
  });
};
