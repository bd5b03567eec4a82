import type { Knex } from 'knex';
import { failInterruptedImports } from '../commands/importCommitter';
import type { Logger } from '../log';
import { repeatEvery } from './repeat';

/** How often each API process looks for imports whose job stopped with its process. */
export const INTERRUPTED_IMPORTS_EVERY_MS = 60_000;

/** Runs failInterruptedImports every minute in this process (every API process may: each import is claimed). */
export function scheduleInterruptedImports(knex: Knex, log: Logger): { stop(): Promise<void> } {
  return repeatEvery(INTERRUPTED_IMPORTS_EVERY_MS, 'interrupted imports', log, async () => {
    const ended = await failInterruptedImports(knex);
    if (ended > 0) log.warn('interrupted imports ended as failed', { ended });
  });
}
