import type { PageQuery } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Ctx } from '../context';
import { parseInput } from '../middlewares/validate';
import { countRows, pageRows, type ListFilters, type ListSource } from '../pagination';
import { CSV_BATCH_ROWS, sendCsv } from './send';
import { sheetHeader, sheetLines, type CsvSheet } from './sheet';

/** The most rows one list CSV holds; a bigger list is cut there and says so in `X-Truncated`. */
export const LIST_CSV_MAX_ROWS = 100_000;

/** The list's rows in its order, batch by batch (its pages of CSV_BATCH_ROWS), presented; at most `maxRows`. */
async function* sheetBatches<Row, Item>(knex: Knex, list: ListSource<Row, Item>, sheet: CsvSheet<Item>, maxRows: number): AsyncGenerator<string> {
  let written = 0;
  for (let page = 1; written < maxRows; page += 1) {
    const rows = await pageRows<Row>(knex, list.query, { page, pageSize: CSV_BATCH_ROWS }, list.options);
    const kept = rows.slice(0, maxRows - written);
    if (kept.length) yield sheetLines(sheet, await list.present(kept));
    written += kept.length;
    if (rows.length < CSV_BATCH_ROWS) return;
  }
}

/**
 * GET /api/<list>.csv (issue 35): the list under the filters and order of its screen, every page
 * of it, as a CSV for Spanish Excel. `schema` is the list's own query schema (an invalid filter
 * is the list's 400) and `source` the handler's own ListSource, with the list's scope: the file
 * holds exactly the rows the list pages through. `page` and `pageSize` are ignored. Streamed in
 * batches; more than `maxRows` rows are cut there, and `X-Truncated` says so.
 */
export function listCsv<S extends z.ZodType<PageQuery>, Row, Item>(
  schema: S,
  sheet: CsvSheet<Item>,
  source: (ctx: Ctx, filters: ListFilters<S>) => ListSource<Row, Item> | Promise<ListSource<Row, Item>>,
  maxRows = LIST_CSV_MAX_ROWS,
) {
  return async function exportCsv(ctx: Ctx): Promise<void> {
    const { page: _page, pageSize: _pageSize, ...query } = ctx.query;
    const { page: _first, pageSize: _size, ...filters } = parseInput(schema, query) as PageQuery & Record<string, unknown>;
    const list = await source(ctx, filters as unknown as ListFilters<S>);
    // The headers leave with the first bytes: whether the file is cut is asked first.
    if ((await countRows(list.query, list.options)) > maxRows) ctx.set('X-Truncated', String(maxRows));
    sendCsv(ctx, sheet.name, sheetHeader(sheet), sheetBatches(ctx.knex, list, sheet, maxRows));
  };
}
