import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '../log';
import { publishEvent } from './publish';

/**
 * How often an instance refreshes "seenAt" of its presence rows, and how long a row not refreshed
 * still counts: past that, the instance that wrote it is gone (a crash leaves its rows behind).
 */
export const PRESENCE_REFRESH_SECONDS = 30;
export const PRESENCE_STALE_SECONDS = 75;

/** SQL: whether the user in `userIdColumn` has Arrendia open on some instance (a fresh presence row). */
export function isOnline(knex: Knex, userIdColumn: string): Knex.Raw {
  return knex.raw(`exists (select 1 from user_presence p where p."userId" = ?? and p."seenAt" > now() - make_interval(secs => ?))`, [userIdColumn, PRESENCE_STALE_SECONDS]);
}

/** This instance's share of user_presence: told when a user's first live stream opens here and when its last one closes. */
export interface Presence {
  arrived(userId: number): void;
  left(userId: number): void;
  /** Resolves once every change told so far is written (for the tests). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps the rows of this instance in user_presence (one per user with a live stream here), and
 * tells each user's conversation partners when that user arrives or leaves (presence.changed), so
 * an open thread shows or drops its 'En línea' at once. Changes are written one at a time, in the
 * order they happened; a failure is logged and the stream itself goes on.
 */
export function startPresence(knex: Knex, log: Logger, instanceId: string = randomUUID()): Presence {
  let chain = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((err) => log.warn('presence update failed', { err }));
  };

  const announce = async (trx: Knex.Transaction, userId: number) => {
    const partners: { userId: number }[] = await trx('conversation_participants as mine')
      .join('conversation_participants as theirs', 'theirs.conversationId', 'mine.conversationId')
      .where('mine.userId', userId)
      .whereNot('theirs.userId', userId)
      .distinct('theirs.userId');
    await publishEvent(
      trx,
      partners.map((p) => p.userId),
      'presence.changed',
      { userId },
    );
  };

  const refresh = setInterval(
    () =>
      enqueue(async () => {
        await knex('user_presence').where({ instanceId }).update({ seenAt: knex.fn.now() });
        // Rows of instances long gone: nobody refreshes them any more.
        await knex('user_presence').where('seenAt', '<', knex.raw('now() - make_interval(secs => ?)', [4 * PRESENCE_STALE_SECONDS])).delete();
      }),
    PRESENCE_REFRESH_SECONDS * 1000,
  );
  refresh.unref();

  return {
    arrived(userId) {
      enqueue(() =>
        knex.transaction(async (trx) => {
          await trx('user_presence').insert({ instanceId, userId, seenAt: trx.fn.now() }).onConflict(['instanceId', 'userId']).merge(['seenAt']);
          await announce(trx, userId);
        }),
      );
    },
    left(userId) {
      enqueue(() =>
        knex.transaction(async (trx) => {
          await trx('user_presence').where({ instanceId, userId }).delete();
          await announce(trx, userId);
        }),
      );
    },
    settled: () => chain,
    async close() {
      clearInterval(refresh);
      await chain;
      await knex('user_presence')
        .where({ instanceId })
        .delete()
        .catch((err) => log.warn('presence cleanup failed', { err }));
    },
  };
}
