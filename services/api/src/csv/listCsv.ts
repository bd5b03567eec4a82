import { LIST_CSV_MAX_ROWS, type PageQuery } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Ctx } from '../context';
import { requestScope, type ListScope } from '../listSources';
import { parseInput } from '../middlewares/validate';
import { countRows, pageRows, type ListFilters, type ListSource } from '../pagination';
import { CSV_BATCH_ROWS, sendCsv } from './send';
import { sheetHeader, sheetLines, type CsvSheet } from './sheet';

export { LIST_CSV_MAX_ROWS };

/**
 * The list's rows in its order, batch by batch (its pages of CSV_BATCH_ROWS), presented; at most
 * `maxRows`. `seen` gets each batch's rows as read (the data export keeps the documents' files).
 */
export async function* sheetBatches<Row, Item>(
  knex: Knex,
  list: ListSource<Row, Item>,
  sheet: CsvSheet<Item>,
  maxRows: number,
  seen?: (rows: Row[]) => void,
): AsyncGenerator<string> {
  let written = 0;
  for (let page = 1; written < maxRows; page += 1) {
    const rows = await pageRows<Row>(knex, list.query, { page, pageSize: CSV_BATCH_ROWS }, list.options);
    const kept = rows.slice(0, maxRows - written);
    seen?.(kept);
    if (kept.length) yield sheetLines(sheet, await list.present(kept));
    written += kept.length;
    if (rows.length < CSV_BATCH_ROWS) return;
  }
}

/**
 * GET /api/<list>.csv (issue 35): the list under the filters and order of its screen, every page
 * of it, as a CSV for Spanish Excel. `schema` is the list's own query schema (an invalid filter
 * is the list's 400) and `source` the handler's own ListSource (listSources.ts), with the list's
 * scope (and the request, for a list under a path's record): the file holds exactly the rows the
 * list pages through. `page` and `pageSize` are ignored. Streamed in
 * batches; more than `maxRows` rows are cut there, and `X-Truncated` says so.
 */
export function listCsv<S extends z.ZodType<PageQuery>, Row, Item>(
  schema: S,
  sheet: CsvSheet<Item>,
  source: (scope: ListScope, filters: ListFilters<S>, ctx: Ctx) => ListSource<Row, Item> | Promise<ListSource<Row, Item>>,
  maxRows = LIST_CSV_MAX_ROWS,
) {
  return async function exportCsv(ctx: Ctx): Promise<void> {
    const { page: _page, pageSize: _pageSize, ...query } = ctx.query;
    const { page: _first, pageSize: _size, ...filters } = parseInput(schema, query) as PageQuery & Record<string, unknown>;
    const list = await source(requestScope(ctx), filters as unknown as ListFilters<S>, ctx);
    // The headers leave with the first bytes: whether the file is cut is asked first.
    if ((await countRows(list.query, list.options)) > maxRows) ctx.set('X-Truncated', String(maxRows));
    sendCsv(ctx, sheet.name, sheetHeader(sheet), sheetBatches(ctx.knex, list, sheet, maxRows));
  };
}
