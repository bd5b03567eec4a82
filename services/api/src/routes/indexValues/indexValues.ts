import { INDEX_VALUE_FETCH_MONTHS, IndexValuesListQuerySchema, type IndexValueCreateData, type IndexValueFetchData } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import { addIndexValue, fetchIndexValues } from '../../commands/indexValueRecorder';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentIndexValue, type IndexValueRow } from '../../presenters/indexValue';
import { indexValueListPage } from '../../queries/rentUpdates';

/** GET /api/index-values?series=&sort=&page=&pageSize= → one page of the values, the newest month first (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(IndexValuesListQuerySchema, ctx.query);
  const rows = await paginate<IndexValueRow>(ctx, indexValueListPage(ctx.knex, filters), { page, pageSize });
  ctx.body = rows.map(presentIndexValue);
}

/** POST /api/index-values → 201 with the value (409 when that month of that series is stored); waiting proposals complete at once. */
export async function create(ctx: Ctx, input: IndexValueCreateData) {
  const row = await addIndexValue(ctx.state.trx!, currentUser(ctx), input, todayIso());
  ctx.status = 201;
  ctx.body = presentIndexValue(row);
}

/** POST /api/index-values/fetch {months?} → {added, skipped}: the months the INE has that were not stored (502 when it fails, nothing written). */
export async function fetchFromIne(ctx: Ctx, input: IndexValueFetchData) {
  const { added, skipped } = await fetchIndexValues(ctx.knex, currentUser(ctx), { baseUrl: ctx.config.ineApiUrl, months: input.months ?? INDEX_VALUE_FETCH_MONTHS.default, today: todayIso() });
  ctx.body = { added: added.map(presentIndexValue), skipped };
}
