import type { ListSort, PageQuery } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Ctx } from './context';
import { runPrepared } from './db/prepared';

const TOTAL = '__total';
const SCOPED = '__scoped';

/** The list's order, as `narrow` needs it to pick the page among the in-scope rows. */
export interface PageOrder {
  column: string;
  order: 'asc' | 'desc';
  /** Text read by people (names, titles): ordered as a reader expects, not by code point. */
  text?: boolean;
}

/**
 * The collation text columns are sorted with: ICU's root order ('agua', 'Ático', 'Caldera'), which
 * both PostgreSQL and the embedded PGlite have ('es-x-icu' is missing from PGlite). The database's
 * own collation is C on PGlite, where 'Ático' would follow 'persiana'.
 */
const READER_COLLATION = 'und-x-icu';

/** Orders `query` by `order`, text columns in the readers' collation. */
export function orderedBy(query: Knex.QueryBuilder, order: readonly PageOrder[]): Knex.QueryBuilder {
  for (const { column, order: direction, text } of order) {
    if (text) query.orderByRaw(`?? collate "${READER_COLLATION}" ${direction === 'desc' ? 'desc' : 'asc'}`, [column]);
    else query.orderBy(column, direction);
  }
  return query;
}

/** A sortable field's column; `{ text }` for one sorted as words (PageOrder.text). */
export type SortColumn = string | { text: string };

/**
 * A list's order for its `sort` parameter (issue 33): the sorted field's column, then `tiebreak`
 * in the same direction so equal values page in a stable order; without a sort, `fallback`.
 * `columns` maps each sortable field of the contract to its column (typed: a field without a
 * column does not compile).
 */
export function listOrder<F extends string>(sort: ListSort<F> | null | undefined, columns: Record<F, SortColumn>, fallback: readonly PageOrder[], tiebreak: string): PageOrder[] {
  if (!sort) return [...fallback];
  const sorted = columns[sort.field];
  const order = sort.direction;
  const first: PageOrder = typeof sorted === 'string' ? { column: sorted, order } : { column: sorted.text, order, text: true };
  return first.column === tiebreak ? [first] : [first, { column: tiebreak, order }];
}

/** How a list is read beyond its query (paginate, pageRows, countRows). */
export interface PageOptions {
  /** Joins and columns only the page's rows need (figures per row): left out of the count. */
  decorate?: (page: Knex.QueryBuilder) => Knex.QueryBuilder;
  /** The same rows on fewer tables, when the list's own joins would only slow the count. */
  count?: Knex.QueryBuilder;
  /**
   * For a user whose rows are a small part of a big table (an agency's contracts among every
   * agency's): the in-scope rows' `key` and `order` columns are read once, from `count` (a
   * MATERIALIZED CTE), to count them and to pick the page's keys, and the list's query reads
   * only those rows. Without it PostgreSQL walks the whole table in list order until the page
   * is full (about 40 rows per row shown for one agency of 40) and then walks the scope again
   * to count. Not for a user who sees everything: there the walk stops at once.
   */
  narrow?: {
    key: string;
    order: readonly PageOrder[];
    /**
     * The page's rows by `key`, with their joins and columns but without the scope or filters,
     * which `count` already applied: only keys picked from it reach this query, and PostgreSQL
     * neither plans nor runs the scope a second time. Without it, `query` is used.
     */
    rows?: Knex.QueryBuilder;
  };
}

/**
 * One page of an ordered list query. The body stays the plain array a screen reads (spec §7); the
 * total of the unpaged query goes in `X-Total-Count`. The count rides along in the page's own
 * query as an uncorrelated subquery (PostgreSQL runs it once): one round trip, not two. Only a
 * page past the end, which has no row to carry it, asks for the count on its own. A total counted
 * lately for the same count query is reused instead (ctx.listTotals, config.listTotalCacheSeconds)
 * until a write commits in any process (db/writeNotices.ts).
 * The page's query is a named prepared statement (db/prepared): planned once per connection, or per
 * instance on PGlite.
 */
export async function paginate<Row>(
  ctx: Ctx,
  query: Knex.QueryBuilder,
  { page, pageSize }: PageQuery,
  options: PageOptions = {},
): Promise<Row[]> {
  const { decorate = (q: Knex.QueryBuilder) => q } = options;
  if (options.narrow) return narrowPage(ctx, query, { page, pageSize }, decorate, options.count ?? query.clone().clearSelect().clearOrder(), options.narrow);
  const counted = (options.count ?? query.clone().clearSelect().clearOrder()).count({ n: '*' });
  // The same count query gives the same total: reused for a few seconds (ctx.listTotals).
  const { sql, bindings } = counted.toSQL();
  const totalKey = `${sql}\u0000${JSON.stringify(bindings)}`;
  const known = ctx.listTotals?.peek(totalKey);
  const mark = ctx.listTotals?.mark();
  // Each compilation of a query costs some 30 µs of CPU (knex was a tenth of a list request's CPU in
  // a profile): the columns are only looked at, by compiling, when the total joins them.
  const listed = known === undefined ? everyColumnKept(query).select(ctx.knex.raw(`(?) as "${TOTAL}"`, [counted])) : query.clone();
  const rows: (Row & { [TOTAL]?: unknown })[] = await runPrepared(decorate(listed.limit(pageSize).offset((page - 1) * pageSize)));
  const total = known ?? (rows.length > 0 ? Number(rows[0]![TOTAL]) : Number((await counted.first())?.n ?? 0));
  // Not held if a write committed while it was counted (the count may predate it).
  if (known === undefined) ctx.listTotals?.set(totalKey, total, mark);
  return withTotal(ctx, rows, total);
}

/** A clone of `query` that still selects every column when a total is selected next to them. */
function everyColumnKept(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return /^select \*/i.test(query.toSQL().sql) ? query.clone().select('*') : query.clone();
}

/** The page's rows without the total they carried; the total in X-Total-Count. */
function withTotal<Row>(ctx: Ctx, rows: (Row & { [TOTAL]?: unknown })[], total: number): Row[] {
  for (const row of rows) delete row[TOTAL];
  ctx.set('X-Total-Count', String(total));
  return rows;
}

async function narrowPage<Row>(
  ctx: Ctx,
  query: Knex.QueryBuilder,
  page: PageQuery,
  decorate: (page: Knex.QueryBuilder) => Knex.QueryBuilder,
  base: Knex.QueryBuilder,
  narrow: NonNullable<PageOptions['narrow']>,
): Promise<Row[]> {
  const { knex } = ctx;
  const { listed, scoped } = narrowed(knex, query, page, base, narrow);
  const rows: (Row & { [TOTAL]?: unknown })[] = await runPrepared(decorate(listed.select(knex.raw(`(select count(*) from "${SCOPED}") as "${TOTAL}"`))));
  const total = rows.length > 0 ? Number(rows[0]![TOTAL]) : Number((await knex.from(scoped.as('s')).count({ n: '*' }).first())?.n ?? 0);
  return withTotal(ctx, rows, total);
}

/** The page's rows of a narrowed list (PageOptions.narrow): its keys picked among the in-scope rows, read by key. */
function narrowed(
  knex: Knex,
  query: Knex.QueryBuilder,
  { page, pageSize }: PageQuery,
  base: Knex.QueryBuilder,
  { key, order, rows: byKey = query }: NonNullable<PageOptions['narrow']>,
): { listed: Knex.QueryBuilder; scoped: Knex.QueryBuilder } {
  const columns = [key, ...order.map((o) => o.column).filter((c) => c !== key)];
  const alias = (column: string) => `k${columns.indexOf(column)}`;
  const scoped = base
    .clone()
    .clearSelect()
    .clearOrder()
    .select(columns.map((c) => `${c} as ${alias(c)}`));
  const pageKeys = orderedBy(
    knex(SCOPED).select(alias(key)),
    order.map((o) => ({ ...o, column: alias(o.column) })),
  )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const listed = orderedBy(everyColumnKept(byKey).clearOrder(), order).withMaterialized(SCOPED, scoped).whereIn(key, pageKeys);
  return { listed, scoped };
}

/**
 * Page `page` of a list as paginate reads it, in the same order and with the same options, but
 * without the total a screen shows: an export reads the list this way, batch after batch.
 */
export async function pageRows<Row>(knex: Knex, query: Knex.QueryBuilder, page: PageQuery, options: PageOptions = {}): Promise<Row[]> {
  const { decorate = (q: Knex.QueryBuilder) => q } = options;
  if (options.narrow) return runPrepared(decorate(narrowed(knex, query, page, options.count ?? query.clone().clearSelect().clearOrder(), options.narrow).listed));
  return runPrepared(decorate(query.clone().limit(page.pageSize).offset((page.page - 1) * page.pageSize)));
}

/** How many rows the list holds: the total paginate puts in X-Total-Count, counted on its own. */
export async function countRows(query: Knex.QueryBuilder, options: PageOptions = {}): Promise<number> {
  const counted = (options.count?.clone() ?? query.clone().clearSelect().clearOrder()).count({ n: '*' });
  return Number((await counted.first())?.n ?? 0);
}

/**
 * A list as its handler builds it once for the filters asked: the scoped, filtered and ordered
 * query, how paginate reads it, and how a page of its rows becomes what the screen reads. The
 * screen's page (listPage) and the list's CSV (csv/listCsv.ts) both read it, so the export holds
 * exactly the list's rows.
 */
export interface ListSource<Row, Item> {
  query: Knex.QueryBuilder;
  options?: PageOptions;
  present: (rows: Row[]) => Item[] | Promise<Item[]>;
}

/** A list's filters as its handler reads them: its query schema's output without the page. */
export type ListFilters<S extends z.ZodType> = Omit<z.output<S>, 'page' | 'pageSize'>;

/** A ListSource, its row type taken from `present`. */
export const listSource = <Row, Item>(query: Knex.QueryBuilder, present: (rows: Row[]) => Item[] | Promise<Item[]>, options?: PageOptions): ListSource<Row, Item> => ({ query, present, options });

/** The page of a list a screen asked for, presented; its total in X-Total-Count (paginate). */
export async function listPage<Row, Item>(ctx: Ctx, source: ListSource<Row, Item>, page: PageQuery): Promise<Item[]> {
  return source.present(await paginate<Row>(ctx, source.query, page, source.options));
}
