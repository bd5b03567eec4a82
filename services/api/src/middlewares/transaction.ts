import type { AppMiddleware } from '../context';

/**
 * Runs the rest of the handler in one transaction (`ctx.state.trx`): committed when it returns,
 * rolled back when it throws. Every query of the handler must use that trx: on PGlite, with one
 * connection, a query on `ctx.knex` would wait for the transaction forever.
 */
export const transaction: AppMiddleware = async (ctx, next) => {
  await ctx.knex.transaction(async (trx) => {
    ctx.state.trx = trx;
    try {
      await next();
    } finally {
      ctx.state.trx = undefined;
    }
  });
};
