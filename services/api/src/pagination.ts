import type { PageQuery } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { Ctx } from './context';

const TOTAL = '__total';

/**
 * One page of an ordered list query. The body stays the plain array a screen reads (spec §7); the
 * total of the unpaged query goes in `X-Total-Count`. The count rides along in the page's own
 * query as an uncorrelated subquery (PostgreSQL runs it once): one round trip, not two. Only a
 * page past the end, which has no row to carry it, asks for the count on its own.
 */
export async function paginate<Row>(
  ctx: Ctx,
  query: Knex.QueryBuilder,
  { page, pageSize }: PageQuery,
  options: {
    /** Joins and columns only the page's rows need (figures per row): left out of the count. */
    decorate?: (page: Knex.QueryBuilder) => Knex.QueryBuilder;
    /** The same rows on fewer tables, when the list's own joins would only slow the count. */
    count?: Knex.QueryBuilder;
  } = {},
): Promise<Row[]> {
  const { decorate = (q: Knex.QueryBuilder) => q } = options;
  const counted = (options.count ?? query.clone().clearSelect().clearOrder()).count({ n: '*' });
  // A query that selects nothing in particular means every column: keep it so next to the total.
  const listed = /^select \*/i.test(query.toSQL().sql) ? query.clone().select('*') : query.clone();
  const rows: (Row & { [TOTAL]?: unknown })[] = await decorate(
    listed
      .select(ctx.knex.raw(`(?) as "${TOTAL}"`, [counted]))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  );
  const total = rows.length > 0 ? Number(rows[0]![TOTAL]) : Number((await counted.first())?.n ?? 0);
  for (const row of rows) delete row[TOTAL];
  ctx.set('X-Total-Count', String(total));
  return rows;
}
