import nodemailer from 'nodemailer';
import type { Knex } from 'knex';
import type { Database } from '../db';
import { listenChannel } from '../db/listen';
import type { Logger } from '../log';
import { NO_MAIL_SERVER, outboxChannel } from './outbox';

/** Attempts before a message is given up ('fallido'), its last error kept: about 4 hours of retries. */
export const MAX_ATTEMPTS = 8;
/** How long a claimed message is reserved for its sender: longer than an SMTP exchange can last. */
const CLAIM_MS = 2 * 60_000;
/** Messages claimed at a time. */
const BATCH = 20;
/** The wait after the n-th failed attempt: 30 s, 1, 2, 4… minutes, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** A message as the outbox holds it. */
export interface OutboxRow {
  id: number;
  toAddress: string;
  toName: string | null;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string> | string;
  attempts: number;
}

/** A failed send: `temporary` ones (4xx replies, a server that cannot be reached) are tried again. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
  ) {
    super(message);
  }
}

/** Sends one message or throws MailSendError. */
export interface MailTransport {
  send(message: OutboxRow, from: string): Promise<void>;
  close(): void;
}

/** Network failures worth another try (the server down, slow or gone mid-exchange). */
const TEMPORARY_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'ECONNREFUSED', 'ECONNRESET', 'EDNS', 'EAUTH', 'EPROTOCOL', 'ETLS']);

/**
 * SMTP through nodemailer: smtp:// upgrades with STARTTLS when the server offers it, smtps:// is
 * TLS from the start. A 4xx reply or a network failure is temporary; a 5xx reply is final.
 */
export function smtpTransport(url: string): MailTransport {
  const { protocol, hostname, port, username, password } = new URL(url);
  const secure = protocol === 'smtps:';
  const transporter = nodemailer.createTransport({
    host: hostname,
    port: Number(port) || (secure ? 465 : 587),
    secure,
    auth: username ? { user: decodeURIComponent(username), pass: decodeURIComponent(password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message, from) {
      try {
        await transporter.sendMail({
          from,
          to: message.toName ? { name: message.toName, address: message.toAddress } : message.toAddress,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: typeof message.headers === 'string' ? JSON.parse(message.headers) : message.headers,
        });
      } catch (err) {
        const { responseCode, code, message: text } = err as { responseCode?: number; code?: string; message?: string };
        const temporary = typeof responseCode === 'number' ? responseCode >= 400 && responseCode < 500 : code === undefined || TEMPORARY_CODES.has(code);
        throw new MailSendError(oneLineError(text ?? String(err)), temporary);
      }
    },
    close: () => transporter.close(),
  };
}

const oneLineError = (text: string) => text.replace(/\s+/g, ' ').slice(0, 1000);

/**
 * Sends the messages due at `now`, a batch at a time, until none is left; returns how many it
 * handled. Each batch is claimed in its own short transaction (`FOR UPDATE SKIP LOCKED`, then a
 * `claimedUntil` reservation), so any number of processes can run this on one database and a
 * message goes out once. Without a transport every pending message is marked NO_MAIL_SERVER.
 */
export async function deliverDue(knex: Knex, transport: MailTransport | null, { from, now = () => new Date() }: { from: string; now?: () => Date }): Promise<number> {
  if (!transport) {
    return knex('outbox_messages').where('state', 'pendiente').update({ state: 'no_enviado', lastError: NO_MAIL_SERVER });
  }
  let handled = 0;
  for (;;) {
    const at = now();
    const claimed: OutboxRow[] = (
      await knex.raw(
        `update outbox_messages o set "claimedUntil" = ?, attempts = o.attempts + 1
         from (select id from outbox_messages
               where state = 'pendiente' and "nextAttemptAt" <= ? and ("claimedUntil" is null or "claimedUntil" <= ?)
               order by "nextAttemptAt", id limit ? for update skip locked) due
         where o.id = due.id
         returning o.id, o."toAddress", o."toName", o.subject, o.html, o.text, o.headers, o.attempts`,
        [new Date(at.getTime() + CLAIM_MS), at, at, BATCH],
      )
    ).rows;
    if (claimed.length === 0) return handled;
    for (const message of claimed) {
      try {
        await transport.send(message, from);
        await knex('outbox_messages').where('id', message.id).update({ state: 'enviado', sentAt: now(), claimedUntil: null, lastError: null });
      } catch (err) {
        const error = err instanceof MailSendError ? err : new MailSendError(String(err), true);
        const giveUp = !error.temporary || message.attempts >= MAX_ATTEMPTS;
        await knex('outbox_messages')
          .where('id', message.id)
          .update({
            state: giveUp ? 'fallido' : 'pendiente',
            lastError: error.message,
            claimedUntil: null,
            nextAttemptAt: new Date(now().getTime() + retryDelayMs(message.attempts)),
          });
      }
      handled++;
    }
  }
}

/** When the next pending message falls due, if any. */
async function nextDue(knex: Knex): Promise<Date | null> {
  const row = await knex('outbox_messages').where('state', 'pendiente').min({ at: 'nextAttemptAt' }).first();
  return row?.at ? new Date(row.at) : null;
}

export interface Mailer {
  /** Runs a delivery round now (and after the one running, if any). */
  wake(): void;
  /** Resolves once no round is running or asked for. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The sender of one process: a delivery round when a message is committed (NOTIFY on the outbox
 * channel), when a retry falls due (a timer set to the earliest `nextAttemptAt`) and at start.
 * Every process of a cluster may run one: the claim keeps each message to one sender.
 */
export async function startMailer(db: Database, log: Logger, { transport, from }: { transport: MailTransport | null; from: string }): Promise<Mailer> {
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const round = async () => {
    try {
      const handled = await deliverDue(db.knex, transport, { from });
      if (handled > 0) log.info('mail delivered', { handled });
      if (transport && !closed) schedule(await nextDue(db.knex));
    } catch (err) {
      log.error('mail delivery failed', { err });
      schedule(new Date(Date.now() + 30_000));
    }
  };
  const schedule = (at: Date | null) => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!at || closed) return;
    timer = setTimeout(wake, Math.max(0, Math.min(at.getTime() - Date.now(), 3_600_000)) + 50);
    timer.unref();
  };
  const wake = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await round();
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
  };

  const schema: string = (await db.knex.raw('select current_schema() as s')).rows[0].s;
  const stop = await listenChannel(db, outboxChannel(schema), { onNotify: wake, onResume: wake }, log, 'outbox');
  wake();
  return {
    wake,
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await stop();
      while (running) await running;
      transport?.close();
    },
  };
}
