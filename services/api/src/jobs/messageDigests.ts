import { notificationTarget } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { isOnline } from '../events/presence';
import type { Logger } from '../log';
import { mailLinks } from '../mail/notificationMail';
import { claimRows } from '../policies/inScope';
import { enqueueMail } from '../mail/outbox';
import { renderMail } from '../mail/templates';
import { repeatEvery } from './repeat';
import { displayName, preview } from '../notify';

/** How long a message waits unread, its recipient away, before the conversation's digest goes by email (issue 34, point 6). */
export const DIGEST_AFTER_MINUTES = 15;

/** How often each API process looks for digests to send. */
export const DIGEST_EVERY_MS = 60_000;

/** Digests claimed and queued per transaction. */
const BATCH = 50;

interface DueDigest {
  conversationId: number;
  userId: number;
  email: string;
  firstName: string | null;
  roleName: string | null;
  title: string | null;
}

/**
 * The (conversation, recipient) pairs owed a digest at `cutoff` (DIGEST_AFTER_MINUTES before the
 * run): the recipient, active, with email notifications on and not online now, has unread messages
 * from others there, the oldest sent by `cutoff`, and no digest since that oldest one. Claimed
 * FOR UPDATE SKIP LOCKED, so a pair another process is handling is left to it.
 */
function claimDue(trx: Knex.Transaction, cutoff: Date): Promise<DueDigest[]> {
  const due = trx('conversation_participants as cp')
    .join('users', 'users.id', 'cp.userId')
    .leftJoin('roles', 'roles.id', 'users.roleId')
    .join('conversations', 'conversations.id', 'cp.conversationId')
    .joinRaw(
      `cross join lateral (
         select min(m."sentAt") as "oldestUnreadAt" from messages m
          where m."conversationId" = cp."conversationId" and m."readAt" is null and m."senderUserId" is distinct from cp."userId"
       ) unread`,
    )
    // Narrows the pairs to conversations with something unread for long enough (messages_unread_index).
    .whereIn('cp.conversationId', trx('messages').distinct('conversationId').whereNull('readAt').where('sentAt', '<=', cutoff))
    .where('unread.oldestUnreadAt', '<=', cutoff)
    .where((w) => w.whereNull('cp.digestSentAt').orWhereRaw('cp."digestSentAt" < unread."oldestUnreadAt"'))
    .where('users.isActive', true)
    .whereRaw(`coalesce(users."notificationPrefs"->>'email', 'true') <> 'false'`)
    .whereRaw('not ?', [isOnline(trx, 'cp.userId')])
    .orderBy([{ column: 'cp.conversationId' }, { column: 'cp.userId' }])
    .limit(BATCH)
    .select('cp.conversationId', 'cp.userId', 'users.email', 'users.firstName', 'roles.roleName', 'conversations.title');
  return claimRows<DueDigest>(due, 'cp');
}

/** "Ana", "Ana y Luis", "Ana, Luis y Marta". */
const spanishList = (names: string[]) => new Intl.ListFormat('es', { style: 'long', type: 'conjunction' }).format(names);

/**
 * Queues the digest of one conversation for one recipient, marks it sent and audits it; false when
 * the recipient read it between the claim and now (a read does not wait for the claim's lock).
 */
async function sendDigest(trx: Knex.Transaction, due: DueDigest, now: Date): Promise<boolean> {
  const unread = () =>
    trx('messages')
      .leftJoin('users', 'users.id', 'messages.senderUserId')
      .where('messages.conversationId', due.conversationId)
      .whereNull('messages.readAt')
      .whereRaw('messages."senderUserId" is distinct from ?', [due.userId]);
  const senders: { firstName: string | null; lastName: string | null; n: string | number }[] = await unread()
    .groupBy('messages.senderUserId', 'users.firstName', 'users.lastName')
    .orderByRaw('min(messages."sentAt")')
    .select('users.firstName', 'users.lastName', trx.raw('count(*) as n'));
  const latest: { content: string; firstName: string | null; lastName: string | null } | undefined = await unread()
    .orderBy([
      { column: 'messages.sentAt', order: 'desc' },
      { column: 'messages.id', order: 'desc' },
    ])
    .first('messages.content', 'users.firstName', 'users.lastName');
  const count = senders.reduce((sum, s) => sum + Number(s.n), 0);
  if (!latest || count === 0) return false;

  const names = spanishList([...new Set(senders.map(displayName))]);
  const where = due.title ? ` en «${due.title}»` : '';
  const messages = count === 1 ? 'un mensaje' : `${count} mensajes`;
  const target = notificationTarget({ relatedEntityType: 'conversation', relatedEntityId: due.conversationId }, due.roleName);
  await enqueueMail(trx, {
    kind: 'message_digest',
    userId: due.userId,
    to: { address: due.email, name: due.firstName },
    ...renderMail(
      {
        subject: `${count === 1 ? 'Un mensaje sin leer' : `${count} mensajes sin leer`}${where}`,
        greetingName: due.firstName,
        paragraphs: [`${names} te ${senders.length === 1 ? 'ha' : 'han'} escrito ${messages}${where} que aún no has leído.`, `Último mensaje, de ${displayName(latest)}: «${preview(latest.content, 500)}»`],
        action: target ? { label: 'Abrir la conversación', href: target } : undefined,
        reason: 'Recibes este correo porque tienes mensajes sin leer en Arrendia y las notificaciones por correo activadas. No te enviaremos otro de esta conversación hasta que la leas.',
        unsubscribePath: '/settings?tab=notificaciones',
      },
      mailLinks(),
    ),
  });
  await trx('conversation_participants').where({ conversationId: due.conversationId, userId: due.userId }).update({ digestSentAt: now });
  await audit(trx, { userId: null, action: 'update', tableName: 'conversation_participants', recordId: due.conversationId, newValues: { userId: due.userId, digestSent: true, unreadMessages: count } });
  return true;
}

/**
 * Mails each recipient away for DIGEST_AFTER_MINUTES one digest per conversation with unread
 * messages (issue 34, point 6): who wrote, how many, the latest message and a button to the
 * conversation. A pair gets no second digest until the recipient has read the conversation and
 * new messages have waited again. Each batch is claimed, queued and marked in one transaction, so
 * any number of processes may run this at once. Returns how many digests were queued.
 */
export async function sendMessageDigests(knex: Knex, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DIGEST_AFTER_MINUTES * 60_000);
  let queued = 0;
  for (;;) {
    const claimed = await knex.transaction(async (trx) => {
      const due = await claimDue(trx, cutoff);
      for (const digest of due) if (await sendDigest(trx, digest, now)) queued++;
      return due.length;
    });
    if (claimed < BATCH) return queued;
  }
}

/**
 * Runs sendMessageDigests every DIGEST_EVERY_MS in this process (every API process may: the claim
 * keeps each digest to one). `stop` waits for a round under way, so the database can close after.
 */
export function scheduleMessageDigests(knex: Knex, log: Logger): { stop(): Promise<void> } {
  return repeatEvery(DIGEST_EVERY_MS, 'message digests', log, async () => {
    const queued = await sendMessageDigests(knex);
    if (queued > 0) log.info('message digests queued', { queued });
  });
}
