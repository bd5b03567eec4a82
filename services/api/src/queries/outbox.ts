import type { ListSort, OUTBOX_SORTS, OutboxState } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { loadInScope } from '../policies/inScope';
import { listOrder, orderedBy } from '../pagination';
import { whereContains } from './textSearch';

const COLUMNS = ['id', 'kind', 'userId', 'toAddress', 'toName', 'subject', 'state', 'attempts', 'lastError', 'nextAttemptAt', 'sentAt', 'createdAt'] as const;
const SORT_COLUMNS: Record<(typeof OUTBOX_SORTS)[number], string> = { createdAt: 'createdAt', attempts: 'attempts' };

export interface OutboxRow {
  id: number;
  kind: string;
  userId: number | null;
  toAddress: string;
  toName: string | null;
  subject: string;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | string;
  sentAt: Date | string | null;
  createdAt: Date | string;
}

export interface OutboxDetailRow extends OutboxRow {
  html: string;
  text: string;
  headers: Record<string, string> | string;
}

/** The outbox as the super admin's screen lists it, newest first unless sorted (issue 34). */
export function outboxRows(db: Knex, filters: { state?: OutboxState; kind?: string; q?: string; sort?: ListSort<(typeof OUTBOX_SORTS)[number]> | null }): Knex.QueryBuilder {
  const query = db('outbox_messages').select(COLUMNS);
  if (filters.state) query.where('state', filters.state);
  if (filters.kind) query.where('kind', filters.kind);
  if (filters.q) whereContains(query, db, ['toAddress', 'toName', 'subject'], filters.q);
  return orderedBy(
    query,
    listOrder(
      filters.sort,
      SORT_COLUMNS,
      [
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ],
      'id',
    ),
  );
}

/** One message with what was rendered; 404 when there is none. */
export function findOutboxMessage(db: Knex, id: number): Promise<OutboxDetailRow> {
  return loadInScope<OutboxDetailRow>(db('outbox_messages').select([...COLUMNS, 'html', 'text', 'headers']).where({ id }), { notFound: 'No se ha encontrado el mensaje' });
}
