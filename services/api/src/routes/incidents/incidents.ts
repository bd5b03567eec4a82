import { IdSchema, IncidentsListQuerySchema, type IncidentsUpdateSchema, type IncidentsCreateSchema } from '@arrendia/api-contract';
import { can } from '@arrendia/permissions';
import { z } from 'zod';
import { reportIncident } from '../../commands/incidentReporter';
import { changeIncident } from '../../commands/incidentTransitioner';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { INCIDENTS_SHEET } from '../../csv/sheets';
import { listPage } from '../../pagination';
import { incidentsOf, requestScope } from '../../listSources';
import { presentIncidentDetail, presentIncidentListItem } from '../../presenters/incident';
import { findIncidentDetail, findIncidentRow, incidentProviders, incidentStaff, loadIncidentProperty } from '../../queries/incidents';

const incidentIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/** Whether the detail shows the expense the final cost was recorded as: the property's staff, not its tenant. */
const seesMoney = (ctx: Ctx) => can(currentUser(ctx).role?.roleName, 'incidents:manage');

/** GET /api/incidents → the user's incidents, newest first or by ?sort=, paged (X-Total-Count); filters status, priority, propertyId, q, from, to. */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(IncidentsListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, incidentsOf(requestScope(ctx), filters), { page, pageSize });
}

/** GET /api/incidents.csv → the whole list under the same filters and order, as a CSV (csv/listCsv). */
export const exportCsv = listCsv(IncidentsListQuerySchema, INCIDENTS_SHEET, incidentsOf);

/** POST /api/incidents → 201 with the new incident's list record. */
export async function create(ctx: Ctx, input: z.output<typeof IncidentsCreateSchema>) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const id = await reportIncident(trx, user, input);
  ctx.status = 201;
  ctx.body = presentIncidentListItem(await findIncidentRow(trx, user, id));
}

/** GET /api/incidents/:id → the incident with its assignee, its expense and its history. */
export async function show(ctx: Ctx) {
  const { row, history } = await findIncidentDetail(ctx.knex, currentUser(ctx), incidentIdOf(ctx));
  ctx.body = presentIncidentDetail(row, history, { seesMoney: seesMoney(ctx) });
}

/** GET /api/incidents/:id/assignees → whom 'Asignar a' offers for an incident the user manages: the property's staff and its owner's or agency's providers. */
export async function assignees(ctx: Ctx) {
  const property = await loadIncidentProperty(ctx.knex, currentUser(ctx), incidentIdOf(ctx));
  const staff = await incidentStaff(ctx.knex, property);
  const providers = await incidentProviders(ctx.knex, property);
  ctx.body = { staff, providers };
}

/** PATCH /api/incidents/:id → 200 with the changed incident's detail record. */
export async function update(ctx: Ctx, input: z.output<typeof IncidentsUpdateSchema>) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const id = incidentIdOf(ctx);
  await changeIncident(trx, user, id, input);
  const { row, history } = await findIncidentDetail(trx, user, id);
  ctx.body = presentIncidentDetail(row, history, { seesMoney: seesMoney(ctx) });
}
