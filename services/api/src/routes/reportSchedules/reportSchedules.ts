import { IdSchema, ReportSchedulesListQuerySchema, type ReportSchedulesCreateSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { createSchedule, removeSchedule } from '../../commands/reportScheduler';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { paginate } from '../../pagination';
import { presentReportSchedule, type ReportScheduleListRow } from '../../presenters/reportSchedule';
import { reportSchedule, reportScheduleListPage } from '../../queries/reportSchedules';

/** GET /api/report-schedules → the user's own schedules, oldest first (?sort=-createdAt: newest), paged (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { page, pageSize, sort } = parseInput(ReportSchedulesListQuerySchema, ctx.query);
  const rows = await paginate<ReportScheduleListRow>(ctx, reportScheduleListPage(ctx.knex, currentUser(ctx), sort), { page, pageSize });
  ctx.body = rows.map((row) => presentReportSchedule(row));
}

/** POST /api/report-schedules {reportType, frequency, propertyId} → 201 with the schedule. */
export async function create(ctx: Ctx, input: z.output<typeof ReportSchedulesCreateSchema>) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const row = await createSchedule(trx, user, input);
  ctx.status = 201;
  ctx.body = presentReportSchedule(await reportSchedule(trx, user, row.id));
}

/** DELETE /api/report-schedules/:id → 204; only the user's own (404 for anyone else's). */
export async function remove(ctx: Ctx) {
  const { id } = parseInput(z.object({ id: IdSchema }), ctx.params);
  await removeSchedule(ctx.state.trx!, currentUser(ctx), id);
  ctx.status = 204;
}
