import type { Knex } from 'knex';

/** What runs once a transaction settles, for the transactions whose runner waits for it. */
const settling = new WeakMap<Knex.Transaction, Promise<void>[]>();

function track(trx: Knex.Transaction, work: Promise<unknown>): void {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  settling.get(trx)?.push(settled);
}

/**
 * Runs `effect` once `trx` commits, never if it rolls back: what the database cannot undo (a
 * stored file removed). A failure of `effect` is left alone: the change itself is committed.
 */
export function afterCommit(trx: Knex.Transaction, effect: () => Promise<unknown>): void {
  track(trx, trx.executionPromise.then(effect));
}

/** Runs `effect` if `trx` rolls back (a file stored for a row that never was). */
export function afterRollback(trx: Knex.Transaction, effect: () => Promise<unknown>): void {
  track(
    trx,
    trx.executionPromise.then(
      () => undefined,
      () => effect(),
    ),
  );
}

/**
 * Runs `work` in a transaction of `knex` and resolves or rejects as it does, once the transaction's
 * afterCommit/afterRollback effects have run too: a request's answer goes out after its files are
 * in their final state.
 */
export async function inTransaction<T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const effects: Promise<void>[] = [];
  try {
    return await knex.transaction(async (trx) => {
      settling.set(trx, effects);
      return work(trx);
    });
  } finally {
    await Promise.all(effects);
  }
}
