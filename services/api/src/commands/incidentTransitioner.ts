import { canMoveIncident, type IncidentsUpdateData, type IncidentStatus } from '@arrendia/api-contract';
import { fromCents, todayIso, toCents } from '@arrendia/locale-es';
import { can } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict, forbidden, HttpError, validationError } from '../errors';
import { Incident } from '../models/Incident';
import type { User } from '../models/User';
import { displayName, notify } from '../notify';
import { lockRows } from '../policies/inScope';
import { loadManageable } from '../policies/manageable';
import { incidentProviders, incidentStaff, INCIDENT_NOT_FOUND } from '../queries/incidents';
import { correctTransaction, recordTransaction } from './transactionRecorder';

type IncidentChanges = Partial<
  Pick<Incident, 'status' | 'priority' | 'assignedToUserId' | 'assignedProviderId' | 'finalCost' | 'resolutionNotes' | 'closedAt' | 'expenseTransactionId'>
>;

/** The incident as a change reads it: its row, its property, and that property's owner and agency. */
type HandledIncident = Incident & { mainPropertyId: number; ownerUserId: number; propertyAgencyId: number | null };

const BAD_ASSIGNEE = 'Asigna la incidencia a una persona activa del equipo de esta propiedad';
const BAD_PROVIDER = 'Elige un proveedor activo del propietario o de la agencia de esta propiedad';
const NO_COST = 'Indica un coste final mayor que 0 para registrarlo como gasto';
const EXPENSE_FORBIDDEN = 'El coste final se registra como gasto de la propiedad: solo quien gestiona sus finanzas puede registrarlo o cambiarlo';
const TASK_FORBIDDEN = 'Solo quien gestiona el mantenimiento puede vincular tareas';
const TASK_ELSEWHERE = 'La tarea no es de esta propiedad';
const TASK_TAKEN = 'La tarea ya está vinculada a otra incidencia';

/** The category every incident expense is written under (seeds/reference.ts TRANSACTION_CATEGORIES). */
export const INCIDENT_EXPENSE_CATEGORY = 'Reparaciones';

export const invalidTransition = (from: IncidentStatus, to: IncidentStatus) =>
  new HttpError(409, 'invalid_transition', `No se puede pasar una incidencia de ${from} a ${to}`);

const property = (incident: HandledIncident) => ({ ownerUserId: incident.ownerUserId, managerAgencyId: incident.propertyAgencyId });

/** What 'Asignar a' may name: a person of the property's staff or a provider of its owner or agency (the lists GET …/assignees offers); 400 otherwise. */
async function assertAssignable(trx: Knex.Transaction, incident: HandledIncident, changes: IncidentChanges): Promise<void> {
  if (changes.assignedToUserId != null && !(await incidentStaff(trx, property(incident)).where('users.id', changes.assignedToUserId).first())) {
    throw validationError(BAD_ASSIGNEE, { assignedToUserId: BAD_ASSIGNEE });
  }
  if (changes.assignedProviderId != null && !(await incidentProviders(trx, property(incident)).where('providers.id', changes.assignedProviderId).first())) {
    throw validationError(BAD_PROVIDER, { assignedProviderId: BAD_PROVIDER });
  }
}

/** What the patch actually changes on the incident; a field sent with its current value is no change. One assignee at a time: naming one clears the other. */
async function changesOf(trx: Knex.Transaction, incident: HandledIncident, input: IncidentsUpdateData): Promise<IncidentChanges> {
  const changes: IncidentChanges = {};
  if (input.status !== undefined && input.status !== incident.status) {
    if (!canMoveIncident(incident.status, input.status)) throw invalidTransition(incident.status, input.status);
    changes.status = input.status;
    if (input.status === 'Cerrada') changes.closedAt = new Date();
    else if (incident.closedAt !== null) changes.closedAt = null;
  }
  if (input.priority !== undefined && input.priority !== incident.priority) changes.priority = input.priority;
  const assignee = {
    assignedToUserId: input.assignedProviderId != null ? null : input.assignedToUserId,
    assignedProviderId: input.assignedToUserId != null ? null : input.assignedProviderId,
  };
  for (const field of ['assignedToUserId', 'assignedProviderId'] as const) {
    if (assignee[field] !== undefined && assignee[field] !== incident[field]) changes[field] = assignee[field];
  }
  await assertAssignable(trx, incident, changes);
  if (input.finalCost !== undefined) {
    const finalCost = fromCents(toCents(input.finalCost));
    if (finalCost !== incident.finalCost) changes.finalCost = finalCost;
  }
  if (input.resolutionNotes !== undefined && input.resolutionNotes !== incident.resolutionNotes) changes.resolutionNotes = input.resolutionNotes;
  return changes;
}

/**
 * The final cost as the property's expense (issue 33): written once, under 'Reparaciones', on the
 * incident's property and unit, dated today; a later final cost corrects that same expense (with
 * the reason in its audit row) instead of adding one. Either is the property's money: only a role
 * that writes transactions may do it (403). Returns the new expense's id when one was written.
 */
async function recordExpense(trx: Knex.Transaction, user: User, incident: HandledIncident, input: IncidentsUpdateData, changes: IncidentChanges): Promise<number | null> {
  const finalCost = changes.finalCost ?? incident.finalCost;
  const correcting = incident.expenseTransactionId !== null && changes.finalCost !== undefined;
  const writing = input.recordAsExpense === true && incident.expenseTransactionId === null;
  if (!correcting && !writing) return null;
  if (!can(user.role?.roleName, 'transactions:write')) throw forbidden(EXPENSE_FORBIDDEN);
  if (finalCost === null || toCents(finalCost) <= 0) throw validationError(NO_COST, { finalCost: NO_COST });
  const amount = toCents(finalCost) / 100;
  if (correcting) {
    await correctTransaction(trx, user, incident.expenseTransactionId!, { amount, reason: `Coste final de la incidencia «${incident.title}»` });
    return null;
  }
  const category = await trx('transaction_categories').where({ categoryName: INCIDENT_EXPENSE_CATEGORY, isExpense: true }).first('id');
  if (!category) throw conflict(`Falta la categoría de gasto «${INCIDENT_EXPENSE_CATEGORY}»`);
  const expense = await recordTransaction(trx, user, {
    mainPropertyId: incident.mainPropertyId,
    rentableUnitId: incident.rentableUnitId,
    categoryId: category.id,
    type: 'Gasto',
    amount,
    transactionDate: todayIso(),
    description: `Incidencia «${incident.title}»`.slice(0, 500),
    status: 'Completado',
  });
  return expense.id;
}

/**
 * 'Vincular tarea de mantenimiento': a task of the incident's property, not linked to another
 * incident (409), now answers this one; its own audit row says so. Only for whoever writes
 * maintenance (403). Returns the task, or null when it was linked to this incident already.
 */
async function taskToLink(trx: Knex.Transaction, user: User, incident: HandledIncident, taskId: number): Promise<{ id: number; title: string } | null> {
  if (!can(user.role?.roleName, 'maintenance:write')) throw forbidden(TASK_FORBIDDEN);
  const [task] = await lockRows<{ id: number; title: string; incidentId: number | null }>(trx('maintenance_tasks').where({ id: taskId, mainPropertyId: incident.mainPropertyId }).select('id', 'title', 'incidentId'), true);
  if (!task) throw validationError(TASK_ELSEWHERE, { maintenanceTaskId: TASK_ELSEWHERE });
  if (task.incidentId === incident.id) return null;
  if (task.incidentId !== null) throw conflict(TASK_TAKEN, { maintenanceTaskId: TASK_TAKEN });
  return { id: task.id, title: task.title };
}

/** What the reporter is told of a change other than a status move: the changes in a few words. */
function changeSummary(changes: IncidentChanges, assigneeName: string | null, task: { title: string } | null): string[] {
  const parts: string[] = [];
  if (changes.priority) parts.push(`prioridad ${changes.priority}`);
  if (changes.assignedToUserId !== undefined || changes.assignedProviderId !== undefined) parts.push(assigneeName ? `asignada a ${assigneeName}` : 'sin asignar');
  if (changes.finalCost !== undefined) parts.push('coste final');
  if (changes.resolutionNotes !== undefined) parts.push('notas de resolución');
  if (task) parts.push(`tarea de mantenimiento «${task.title}» vinculada`);
  return parts;
}

async function assigneeName(trx: Knex.Transaction, changes: IncidentChanges): Promise<string | null> {
  if (changes.assignedToUserId) return displayName(await trx('users').where('id', changes.assignedToUserId).first('firstName', 'lastName'));
  if (changes.assignedProviderId) return (await trx('providers').where('id', changes.assignedProviderId).first('name')).name as string;
  return null;
}

/**
 * Changes an incident (PATCH /api/incidents/:id) the user manages: status along
 * INCIDENT_TRANSITIONS (Cerrada sets closedAt), priority, assignee (a person of the property's staff
 * or a provider of its owner or agency), final cost (optionally recorded once as the property's
 * expense), resolution notes, and a maintenance task of the property linked to it. Everything is
 * checked before anything is written. One audit row on the incident with the old and new values of
 * what changed (the expense and the linked task by id), none when nothing did; the expense and the
 * task get their own. The reporter is told of every change but the expense (a status move as
 * before); a person newly assigned is told it is theirs.
 */
export async function changeIncident(trx: Knex.Transaction, user: User, incidentId: number, input: IncidentsUpdateData): Promise<void> {
  const incident = await loadManageable<HandledIncident>(
    trx,
    user,
    trx('incidents')
      .join('rentable_units', 'rentable_units.id', 'incidents.rentableUnitId')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .select('incidents.*', 'rentable_units.mainPropertyId', 'main_properties.ownerUserId', 'main_properties.managerAgencyId as propertyAgencyId')
      .where('incidents.id', incidentId),
    { propertyColumn: 'rentable_units.mainPropertyId', lock: 'incidents', notFoundMessage: INCIDENT_NOT_FOUND },
  );
  const changes = await changesOf(trx, incident, input);
  const task = input.maintenanceTaskId === undefined ? null : await taskToLink(trx, user, incident, input.maintenanceTaskId);
  const expenseId = await recordExpense(trx, user, incident, input, changes);
  if (expenseId !== null) changes.expenseTransactionId = expenseId;

  const fields = Object.keys(changes) as (keyof IncidentChanges)[];
  if (fields.length === 0 && !task) return;

  if (fields.length > 0) await Incident.query(trx).findById(incident.id).patch(changes);
  if (task) {
    await trx('maintenance_tasks').where('id', task.id).update({ incidentId: incident.id, updatedAt: trx.fn.now() });
    await audit(trx, { userId: user.id, action: 'update', tableName: 'maintenance_tasks', recordId: task.id, oldValues: { incidentId: null }, newValues: { incidentId: incident.id } });
  }
  await audit(trx, {
    userId: user.id,
    action: 'update',
    tableName: 'incidents',
    recordId: incident.id,
    oldValues: { ...Object.fromEntries(fields.map((field) => [field, incident[field]])), ...(task ? { maintenanceTaskId: null } : {}) },
    newValues: { ...changes, ...(task ? { maintenanceTaskId: task.id } : {}) },
  });

  const reporter = incident.reportedByUserId !== null && incident.reportedByUserId !== user.id ? incident.reportedByUserId : null;
  const newAssignee = changes.assignedToUserId && changes.assignedToUserId !== user.id ? changes.assignedToUserId : null;
  if (newAssignee !== null) {
    await notify(trx, [newAssignee], {
      title: 'Incidencia asignada',
      message: `Se te ha asignado la incidencia «${incident.title}»`,
      notificationType: 'incident_updated',
      relatedEntityType: 'incident',
      relatedEntityId: incident.id,
    });
  }
  if (reporter === null || reporter === newAssignee) return;
  if (changes.status) {
    const resolved = changes.status === 'Resuelta';
    await notify(trx, [reporter], {
      title: resolved ? 'Incidencia resuelta' : 'Incidencia actualizada',
      message: resolved ? `La incidencia «${incident.title}» se ha resuelto` : `La incidencia «${incident.title}» ha pasado a ${changes.status}`,
      notificationType: resolved ? 'incident_resolved' : 'incident_updated',
      relatedEntityType: 'incident',
      relatedEntityId: incident.id,
    });
    return;
  }
  const summary = changeSummary(changes, await assigneeName(trx, changes), task);
  if (summary.length === 0) return;
  await notify(trx, [reporter], {
    title: 'Incidencia actualizada',
    message: `La incidencia «${incident.title}» se ha actualizado: ${summary.join(', ')}`,
    notificationType: 'incident_updated',
    relatedEntityType: 'incident',
    relatedEntityId: incident.id,
  });
}
