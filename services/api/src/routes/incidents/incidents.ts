import { IdSchema, IncidentsListQuerySchema, type IncidentsUpdateSchema, type IncidentsCreateSchema } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { z } from 'zod';
import { reportIncident } from '../../commands/incidentReporter';
import { changeIncident } from '../../commands/incidentTransitioner';
import type { Ctx } from '../../context';
import { incidentRecords, incidentRows } from '../../queries/portfolioRows';
import { notFound } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import type { User } from '../../models/User';
import { paginate, type PageOrder } from '../../pagination';
import { factsInListOrder, scopeIncidents } from '../../policies/scope';
import { presentIncidentDetail, presentIncidentListItem, type IncidentAuditRow, type IncidentRow } from '../../presenters/incident';

type Db = Knex | Knex.Transaction;

const incidentIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/** The incident's detail record, or 404 when it is outside the user's scope. */
async function loadDetail(db: Db, user: User, id: number) {
  const row: IncidentRow | undefined = await incidentRows(db, user)
    .leftJoin('users as assignee', 'assignee.id', 'incidents.assignedToUserId')
    .select('assignee.firstName as assigneeFirstName', 'assignee.lastName as assigneeLastName')
    .where('incidents.id', id)
    .first();
  if (!row) throw notFound('No se ha encontrado la incidencia');
  const history: IncidentAuditRow[] = await db('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.userId')
    .select('audit_log.id', 'audit_log.action', 'audit_log.changedAt', 'audit_log.userId', 'audit_log.oldValues', 'audit_log.newValues', 'users.firstName', 'users.lastName')
    .where({ 'audit_log.tableName': 'incidents', 'audit_log.recordId': String(id) })
    .orderBy([
      { column: 'audit_log.changedAt', order: 'asc' },
      { column: 'audit_log.id', order: 'asc' },
    ]);
  return presentIncidentDetail(row, history);
}

/** GET /api/incidents → the user's incidents, newest first, paged (X-Total-Count); filters status, priority, propertyId. */
export async function list(ctx: Ctx) {
  const { status, priority, propertyId, ...page } = parseInput(IncidentsListQuerySchema, ctx.query);
  const db = ctx.knex;
  const user = currentUser(ctx);
  const filtered = (qb: Knex.QueryBuilder) => {
    if (status) qb.where('incidents.status', status);
    if (priority) qb.where('incidents.priority', priority);
    if (propertyId) qb.where('incidents.mainPropertyId', propertyId);
    return qb;
  };
  const query = filtered(incidentRows(db, user));
  // Counted on incidents alone: scope and filters read its own columns.
  const count = filtered(scopeIncidents(db, db('incidents'), user));
  const order: PageOrder[] = [
    { column: 'incidents.createdAt', order: 'desc' },
    { column: 'incidents.id', order: 'desc' },
  ];
  query.orderBy(order);
  const narrow = factsInListOrder(user) ? undefined : { key: 'incidents.id', order, rows: incidentRecords(db) };
  const rows = await paginate<IncidentRow>(ctx, query, page, { count, narrow });
  ctx.body = rows.map(presentIncidentListItem);
}

/** POST /api/incidents → 201 with the new incident's list record. */
export async function create(ctx: Ctx, input: z.output<typeof IncidentsCreateSchema>) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const id = await reportIncident(trx, user, input);
  const row: IncidentRow = await incidentRows(trx, user).where('incidents.id', id).first();
  ctx.status = 201;
  ctx.body = presentIncidentListItem(row);
}

/** GET /api/incidents/:id → the incident with its assignee and history. */
export async function show(ctx: Ctx) {
  ctx.body = await loadDetail(ctx.knex, currentUser(ctx), incidentIdOf(ctx));
}

/** PATCH /api/incidents/:id → 200 with the changed incident's detail record. */
export async function update(ctx: Ctx, input: z.output<typeof IncidentsUpdateSchema>) {
  const trx = ctx.state.trx!;
  const user = currentUser(ctx);
  const id = incidentIdOf(ctx);
  await changeIncident(trx, user, id, input);
  ctx.body = await loadDetail(trx, user, id);
}
