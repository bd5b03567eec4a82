import type { Logger } from '../log';

/**
 * Runs `round` every `everyMs` in this process, never two rounds at once (a slow round makes the
 * next tick wait for the one after it). A round that fails is logged as `name` and the next one
 * runs as usual. `stop` waits for a round under way, so the database can close after it.
 * For work every API process may share: each round claims its rows (policies/inScope claimRows).
 */
export function repeatEvery(everyMs: number, name: string, log: Logger, round: () => Promise<void>): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = round()
      .catch((err) => log.error(`${name} failed`, { err }))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
