import { VISIT_OVERLAP_MESSAGE, type VisitStatus } from '@arrendia/api-contract';
import { canonicalRole } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict, forbidden, HttpError, validationError } from '../errors';
import type { User } from '../models/User';
import { loadInScope } from '../policies/inScope';
import { loadManageable } from '../policies/manageable';
import type { VisitRow } from '../presenters/visit';
import { visitRows } from '../queries/pipelineRows';
import { lockUserRow } from '../queries/userRows';
import { assertAgencyAgent, lockLead } from './leadUpdater';

export interface VisitInput {
  leadId?: number;
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
  rentableUnitId: number;
  agentUserId?: number;
  startsAt: string;
  durationMinutes: number;
  notes?: string;
}

const CHECK_FIELDS = 'Revisa los campos marcados';

/**
 * Books a visit ('Programar Visita', POST /api/visits) of a unit the user's agency manages, for a
 * lead or a named contact. An agent books its own; a manager books one of the agency's agents. No
 * two visits of one agent overlap: the agent's users row is locked first, so two requests for the
 * same agent cannot both find the slot free. Booking for a lead moves it to 'Visita programada'.
 */
export async function scheduleVisit(trx: Knex.Transaction, user: User, input: VisitInput, now = new Date()): Promise<VisitRow> {
  const unit = await loadManageable<{ id: number; managerAgencyId: number | null }>(
    trx,
    user,
    trx('rentable_units').join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId').select('rentable_units.id', 'main_properties.managerAgencyId').where('rentable_units.id', input.rentableUnitId),
    { propertyColumn: 'rentable_units.mainPropertyId', notFoundMessage: 'No se ha encontrado la unidad', field: 'rentableUnitId' },
  );

  let agentUserId: number;
  if (canonicalRole(user.role?.roleName) === 'agente') {
    if (input.agentUserId !== undefined && input.agentUserId !== user.id) throw validationError(CHECK_FIELDS, { agentUserId: 'Solo puedes programar tus propias visitas' });
    agentUserId = user.id;
  } else {
    if (input.agentUserId === undefined) throw validationError(CHECK_FIELDS, { agentUserId: 'Elige el agente que hará la visita' });
    agentUserId = input.agentUserId;
  }
  await assertAgencyAgent(trx, unit.managerAgencyId, agentUserId, 'agentUserId');

  const lead = input.leadId !== undefined ? await lockLead(trx, user, input.leadId, 'leadId') : null;
  if (lead && (lead.status === 'Cerrado' || lead.status === 'Descartado')) throw conflict(`Este cliente potencial está ${lead.status === 'Cerrado' ? 'cerrado' : 'descartado'}`);

  const startsAt = new Date(input.startsAt);
  if (startsAt.getTime() < now.getTime()) throw validationError(CHECK_FIELDS, { startsAt: 'La visita no puede ser en el pasado' });
  const endsAt = new Date(startsAt.getTime() + input.durationMinutes * 60_000);

  await lockUserRow(trx, agentUserId);
  const clash = await trx('visits')
    .select('id')
    .where('agentUserId', agentUserId)
    .whereNot('status', 'Cancelada')
    .where('startsAt', '<', endsAt)
    .where('endsAt', '>', startsAt)
    .first();
  if (clash) throw conflict(VISIT_OVERLAP_MESSAGE, { startsAt: VISIT_OVERLAP_MESSAGE });

  const values = {
    leadId: lead?.id ?? null,
    contactName: input.contactName ?? lead!.name,
    contactPhone: input.contactPhone ?? lead?.phone ?? null,
    contactEmail: input.contactEmail ?? lead?.email ?? null,
    rentableUnitId: unit.id,
    agentUserId,
    startsAt,
    endsAt,
    notes: input.notes ?? null,
  };
  const [{ id }] = await trx('visits').insert(values).returning('id');
  await audit(trx, { userId: user.id, action: 'create', tableName: 'visits', recordId: id, newValues: values });

  if (lead && lead.status !== 'Visita programada') {
    await trx('leads').where('id', lead.id).update({ status: 'Visita programada', updatedAt: trx.fn.now() });
    await audit(trx, { userId: user.id, action: 'update', tableName: 'leads', recordId: lead.id, oldValues: { status: lead.status }, newValues: { status: 'Visita programada' } });
  }
  return visitRows(trx, user).where('visits.id', id).first();
}

/** What a visit can become: a booked visit is held or cancelled; then it stays as it is. */
const VISIT_MOVES: Readonly<Record<VisitStatus, readonly VisitStatus[]>> = { Programada: ['Realizada', 'Cancelada'], Realizada: [], Cancelada: [] };

/** Records how a visit went (PATCH /api/visits/:id): an agent its own visits, the manager any of the agency's. */
export async function updateVisit(trx: Knex.Transaction, user: User, id: number, input: { status?: VisitStatus; notes?: string | null }): Promise<VisitRow> {
  const visit = await loadInScope<VisitRow>(visitRows(trx, user).where('visits.id', id), { lock: 'visits', notFound: 'No se ha encontrado la visita' });
  if (canonicalRole(user.role?.roleName) === 'agente' && visit.agentUserId !== user.id) throw forbidden('Solo puedes cambiar tus propias visitas');
  const changes: Record<string, unknown> = {};
  if (input.status !== undefined && input.status !== visit.status) {
    if (!VISIT_MOVES[visit.status].includes(input.status)) throw new HttpError(409, 'invalid_transition', `No se puede pasar una visita de ${visit.status} a ${input.status}`);
    changes.status = input.status;
  }
  if (input.notes !== undefined && input.notes !== visit.notes) changes.notes = input.notes;
  if (Object.keys(changes).length > 0) {
    await trx('visits').where('id', id).update({ ...changes, updatedAt: trx.fn.now() });
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, visit[k as keyof VisitRow]]));
    await audit(trx, { userId: user.id, action: 'update', tableName: 'visits', recordId: id, oldValues: before, newValues: changes });
  }
  return visitRows(trx, user).where('visits.id', id).first();
}
