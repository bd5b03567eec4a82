import { loadManageable } from '../policies/manageable';
import { canMoveIncident, type IncidentsUpdateSchema, type IncidentStatus } from '@arrendia/api-contract';
import { fromCents, toCents } from '@arrendia/locale-es';
import { can } from '@arrendia/permissions';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { audit } from '../audit';
import { HttpError, validationError } from '../errors';
import { Incident } from '../models/Incident';
import { User } from '../models/User';
import { notify } from '../notify';
import { manageablePropertyIds } from '../policies/scope';

type IncidentsUpdateData = z.output<typeof IncidentsUpdateSchema>;
type IncidentChanges = Partial<Pick<Incident, 'status' | 'priority' | 'assignedToUserId' | 'finalCost' | 'resolutionNotes' | 'closedAt'>>;

const BAD_ASSIGNEE = 'Asigna la incidencia a una persona activa del equipo de esta propiedad';

export const invalidTransition = (from: IncidentStatus, to: IncidentStatus) =>
  new HttpError(409, 'invalid_transition', `No se puede pasar una incidencia de ${from} a ${to}`);


/** An assignee must be active, allowed to manage incidents, and able to manage this property. */
async function assertAssignable(trx: Knex.Transaction, userId: number, propertyId: number): Promise<void> {
  const assignee = await User.query(trx).findById(userId).withGraphFetched('role');
  if (!assignee?.isActive || !can(assignee.role?.roleName, 'incidents:manage')) throw validationError(BAD_ASSIGNEE, { assignedToUserId: BAD_ASSIGNEE });
  const manageable = manageablePropertyIds(trx, assignee);
  const query = trx('main_properties').select('id').where('id', propertyId);
  if (manageable) query.whereIn('id', manageable);
  if (!(await query.first())) throw validationError(BAD_ASSIGNEE, { assignedToUserId: BAD_ASSIGNEE });
}

/** What the patch actually changes; a field sent with its current value is no change. */
async function changesOf(trx: Knex.Transaction, incident: Incident & { mainPropertyId: number }, input: IncidentsUpdateData): Promise<IncidentChanges> {
  const changes: IncidentChanges = {};
  if (input.status !== undefined && input.status !== incident.status) {
    if (!canMoveIncident(incident.status, input.status)) throw invalidTransition(incident.status, input.status);
    changes.status = input.status;
    if (input.status === 'Cerrada') changes.closedAt = new Date();
    else if (incident.closedAt !== null) changes.closedAt = null;
  }
  if (input.priority !== undefined && input.priority !== incident.priority) changes.priority = input.priority;
  if (input.assignedToUserId !== undefined && input.assignedToUserId !== incident.assignedToUserId) {
    if (input.assignedToUserId !== null) await assertAssignable(trx, input.assignedToUserId, incident.mainPropertyId);
    changes.assignedToUserId = input.assignedToUserId;
  }
  if (input.finalCost !== undefined) {
    const finalCost = fromCents(toCents(input.finalCost));
    if (finalCost !== incident.finalCost) changes.finalCost = finalCost;
  }
  if (input.resolutionNotes !== undefined && input.resolutionNotes !== incident.resolutionNotes) changes.resolutionNotes = input.resolutionNotes;
  return changes;
}

/**
 * Changes an incident (PATCH /api/incidents/:id) the user manages: status along
 * INCIDENT_TRANSITIONS (Cerrada sets closedAt), priority, assignee, final cost, resolution notes.
 * One audit row with the old and new values of what changed, none when nothing did; the reporter
 * is told of a status change.
 */
export async function changeIncident(trx: Knex.Transaction, user: User, incidentId: number, input: IncidentsUpdateData): Promise<void> {
  const incident = await loadManageable<Incident & { mainPropertyId: number }>(
    trx,
    user,
    trx('incidents').join('rentable_units', 'rentable_units.id', 'incidents.rentableUnitId').select('incidents.*', 'rentable_units.mainPropertyId').where('incidents.id', incidentId),
    { propertyColumn: 'rentable_units.mainPropertyId', lock: 'incidents', notFoundMessage: 'No se ha encontrado la incidencia' },
  );
  const changes = await changesOf(trx, incident, input);
  const fields = Object.keys(changes) as (keyof IncidentChanges)[];
  if (fields.length === 0) return;

  await Incident.query(trx).findById(incident.id).patch(changes);
  await audit(trx, {
    userId: user.id,
    action: 'update',
    tableName: 'incidents',
    recordId: incident.id,
    oldValues: Object.fromEntries(fields.map((field) => [field, incident[field]])),
    newValues: changes,
  });

  if (changes.status && incident.reportedByUserId !== null && incident.reportedByUserId !== user.id) {
    const resolved = changes.status === 'Resuelta';
    await notify(trx, [incident.reportedByUserId], {
      title: resolved ? 'Incidencia resuelta' : 'Incidencia actualizada',
      message: resolved ? `La incidencia «${incident.title}» se ha resuelto` : `La incidencia «${incident.title}» ha pasado a ${changes.status}`,
      notificationType: resolved ? 'incident_resolved' : 'incident_updated',
      relatedEntityType: 'incident',
      relatedEntityId: incident.id,
    });
  }
}
