import { INDEX_SERIES, INDEX_VALUE_INE_SOURCE, INDEX_VALUE_MESSAGES, RENT_UPDATE_MESSAGES, type IndexSeries, type IndexValueCreateData } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict, HttpError } from '../errors';
import { INE_SERIES_CODES, IneError, readIneSeries, type IneReading } from '../indexValues/ineClient';
import type { User } from '../models/User';
import type { IndexValueRow } from '../presenters/indexValue';
import { refreshWaitingRentUpdates } from './rentUpdater';

/**
 * The index values the rent updates read (issue 36): the super admin adds a month of a series by
 * hand, or reads the latest months from the INE. Each write completes at once the proposals that
 * were waiting for a value now stored.
 */

const valueText = (value: number) => value.toFixed(3);

/** The row a value is stored as. */
const rowOf = (series: IndexSeries, month: string, value: number, publishedOn: string, source: string, userId: number) => ({ series, month, value: valueText(value), publishedOn, source, createdByUserId: userId });

/**
 * POST /api/index-values: one month of one series (409 when that month is stored already), audited,
 * and the waiting proposals computed again in the same transaction. Returns the stored row.
 */
export async function addIndexValue(trx: Knex.Transaction, user: User, input: IndexValueCreateData, today: string): Promise<IndexValueRow> {
  const source = input.source ?? `Introducido a mano por ${user.email}`;
  // Ignored on conflict rather than failing: a failed statement would abort the request's transaction.
  const [row]: IndexValueRow[] = await trx('index_values').insert(rowOf(input.series, input.month, input.value, input.publishedOn, source, user.id)).onConflict(['series', 'month']).ignore().returning('*');
  if (!row) throw conflict(RENT_UPDATE_MESSAGES.indexExists, { month: RENT_UPDATE_MESSAGES.indexExists });
  await audit(trx, { userId: user.id, action: 'create', tableName: 'index_values', recordId: row.id, newValues: { series: row.series, month: row.month, value: row.value, publishedOn: input.publishedOn, source } });
  await refreshWaitingRentUpdates(trx, today);
  return row;
}

const INE_FAILURES: Record<IneError['kind'], string> = {
  not_configured: INDEX_VALUE_MESSAGES.ineNotConfigured,
  unreachable: INDEX_VALUE_MESSAGES.ineUnreachable,
  bad_answer: INDEX_VALUE_MESSAGES.ineBadAnswer,
};

/** A failed read of the INE as the client is told it: 502, in Spanish. */
const badGateway = (err: IneError) => new HttpError(502, 'bad_gateway', INE_FAILURES[err.kind]);

/**
 * POST /api/index-values/fetch: reads the last `months` months of the three series from the INE
 * first (slow, outside any transaction), then, in one transaction, stores the months not stored yet
 * (published on `today`: the answer gives each period's date, not its publication's), audits each
 * and completes the waiting proposals. Any series failing, or a month that cannot have been
 * published yet, is a 502 and nothing is written.
 */
export async function fetchIndexValues(knex: Knex, user: User, { baseUrl, months, today }: { baseUrl: string | null | undefined; months: number; today: string }): Promise<{ added: IndexValueRow[]; skipped: number }> {
  let read: (readonly [IndexSeries, IneReading[]])[];
  try {
    read = await Promise.all(INDEX_SERIES.map(async (series) => [series, await readIneSeries(baseUrl, INE_SERIES_CODES[series], months)] as const));
  } catch (err) {
    if (err instanceof IneError) throw badGateway(err);
    throw err;
  }
  const rows = read.flatMap(([series, readings]) => readings.map((r) => rowOf(series, r.month, r.value, today, INDEX_VALUE_INE_SOURCE, user.id)));
  if (rows.some((r) => r.month >= today.slice(0, 7))) throw badGateway(new IneError('bad_answer', 'un mes que aún no ha terminado'));
  return knex.transaction(async (trx) => {
    const added: IndexValueRow[] = rows.length ? await trx('index_values').insert(rows).onConflict(['series', 'month']).ignore().returning('*') : [];
    added.sort((a, b) => a.series.localeCompare(b.series) || a.month.localeCompare(b.month));
    for (const row of added) {
      await audit(trx, { userId: user.id, action: 'create', tableName: 'index_values', recordId: row.id, newValues: { series: row.series, month: row.month, value: row.value, publishedOn: today, source: INDEX_VALUE_INE_SOURCE } });
    }
    if (added.length) await refreshWaitingRentUpdates(trx, today);
    return { added, skipped: rows.length - added.length };
  });
}
