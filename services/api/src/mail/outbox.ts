import type { Knex } from 'knex';

/** A message's life in the outbox (migration 20261205140000_outbox). */
export type OutboxState = 'pendiente' | 'enviado' | 'fallido' | 'no_enviado';

/** Why a message kept while no SMTP server is configured was not sent (issue 34). */
export const NO_MAIL_SERVER = 'no enviado: sin servidor de correo';

/** Where a committed message is announced, so a sender picks it up at once (PostgreSQL NOTIFY). */
export const outboxChannel = (schema: string) => `arrendia_outbox_${schema}`;

/** One message to send: rendered (mail/templates.ts), addressed, and what it is. */
export interface MailMessage {
  /** What it is ('password_reset', 'tenant_invitation', 'notification'…): the outbox screen groups by it. */
  kind: string;
  /** The account it is for, when it is for one. */
  userId?: number | null;
  to: { address: string; name?: string | null };
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

/**
 * A header value on one line: CR, LF and the other control characters become spaces, so a name or a
 * subject a user typed can never start a header of its own (header injection).
 */
export function oneLine(value: string, max = 255): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, max);
}

/** An address fit for a To header: one mailbox, no spaces, separators or line breaks. */
const MAILBOX = /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+\.[^\s@,;<>"()[\]\\]+$/;

/**
 * Puts `message` in the outbox inside `trx`: it goes out if and only if the change it belongs to
 * commits, and the NOTIFY, which PostgreSQL delivers at commit, wakes the senders. Returns its id.
 */
export async function enqueueMail(trx: Knex.Transaction, message: MailMessage): Promise<number> {
  const address = message.to.address.trim();
  if (!MAILBOX.test(address)) throw new Error(`Dirección de correo no válida para el envío: ${JSON.stringify(address)}`);
  const [{ id }] = await trx('outbox_messages')
    .insert({
      kind: message.kind,
      userId: message.userId ?? null,
      toAddress: address,
      toName: message.to.name ? oneLine(message.to.name, 200) : null,
      subject: oneLine(message.subject),
      html: message.html,
      text: message.text,
      headers: JSON.stringify(Object.fromEntries(Object.entries(message.headers ?? {}).map(([name, value]) => [name, oneLine(value, 2000)]))),
      state: 'pendiente',
    })
    .returning('id');
  const schema: string = (await trx.raw('select current_schema() as s')).rows[0].s;
  await trx.raw('select pg_notify(?, ?)', [outboxChannel(schema), String(id)]);
  return id;
}
