import type { PageQuery } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { Ctx } from './context';

/**
 * One page of an ordered list query. The body stays the plain array a screen reads (spec §7); the
 * total of the unpaged query goes in `X-Total-Count`, counted only when the page cannot tell it
 * (a full page, or one past the end).
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
  const countQuery = options.count ?? query.clone().clearSelect().clearOrder();
  const rows: Row[] = await decorate(query.limit(pageSize).offset((page - 1) * pageSize));
  // A page that is neither full nor past the end is the last one: it tells the total itself.
  const total =
    rows.length > 0 && rows.length < pageSize ? (page - 1) * pageSize + rows.length : Number((await countQuery.count({ n: '*' }).first())?.n ?? 0);
  ctx.set('X-Total-Count', String(total));
  return rows;
}
