import { Readable } from 'node:stream';
import type { Ctx } from '../context';
import { csvFileName, csvHead } from './format';

/** Rows read per query while a CSV streams out: memory stays flat whatever the file's size. */
export const CSV_BATCH_ROWS = 1000;

async function* withHead(head: string, lines: AsyncIterable<string>): AsyncGenerator<string> {
  yield head;
  yield* lines;
}

/**
 * Answers with a CSV for Spanish Excel, saved as '<name>-<yyyy-mm-dd>.csv': the BOM and `header`
 * first, then `lines` as they are read (a batch of rows at a time), streamed so that neither the
 * rows nor the file are held in memory. Headers the caller set before (X-Truncated) go out with it.
 */
export function sendCsv(ctx: Ctx, name: string, header: readonly string[], lines: AsyncIterable<string>): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Disposition', `attachment; filename="${csvFileName(name)}"`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = Readable.from(withHead(csvHead(header), lines));
}
