import type { PageQuery } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { Ctx } from './context';

/**
 * One page of an ordered list query. The body stays the plain array a screen reads (spec §7); the
 * total of the unpaged query goes in `X-Total-Count`.
 */
export async function paginate<Row>(
  ctx: Ctx,
  query: Knex.QueryBuilder,
  { page, pageSize }: PageQuery,
  /** Joins and columns only the page's rows need (figures per row): left out of the count. */
  decorate: (page: Knex.QueryBuilder) => Knex.QueryBuilder = (q) => q,
): Promise<Row[]> {
  const total = await query.clone().clearSelect().clearOrder().count({ n: '*' }).first();
  ctx.set('X-Total-Count', String(Number(total?.n ?? 0)));
  return decorate(query.limit(pageSize).offset((page - 1) * pageSize));
}
