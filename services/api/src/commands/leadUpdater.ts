import { LEAD_TRANSITIONS, type LeadPriority, type LeadStatus } from '@arrendia/api-contract';
import { canonicalRole } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { forbidden, HttpError, validationError } from '../errors';
import type { User } from '../models/User';
import { loadInScope } from '../policies/inScope';
import { scopeLeads } from '../policies/scope';
import type { LeadRow } from '../presenters/lead';
import { LEAD_NOT_FOUND, leadRows } from '../queries/pipelineRows';

/** The lead, row-locked, if the user may work on it (policies/scope scopeLeads); 404 otherwise. */
export async function lockLead(trx: Knex.Transaction, user: User, id: number, field?: string): Promise<{ id: number; agencyId: number | null; status: LeadStatus; priority: LeadPriority; notes: string | null; assignedAgentUserId: number | null; name: string; email: string; phone: string | null }> {
  return loadInScope(trx('leads').select('leads.*').where('leads.id', id), { scope: (q) => scopeLeads(trx, q, user), lock: true, notFound: LEAD_NOT_FOUND, field });
}

/** Throws 409 unless the pipeline allows the move (LEAD_TRANSITIONS). */
export function assertLeadMove(from: LeadStatus, to: LeadStatus): void {
  if (from !== to && !LEAD_TRANSITIONS[from].includes(to)) {
    throw new HttpError(409, 'invalid_transition', `No se puede pasar un cliente potencial de ${from} a ${to}`);
  }
}

/** An active agent or manager of the agency, or a 400 naming the field. */
export async function assertAgencyAgent(trx: Knex.Transaction, agencyId: number | null, agentUserId: number, field: string): Promise<void> {
  const agent = await trx('users')
    .join('roles', 'roles.id', 'users.roleId')
    .where({ 'users.id': agentUserId, 'users.isActive': true, 'users.agencyId': agencyId ?? -1 })
    .whereIn('roles.roleName', ['agente', 'admin_agencia'])
    .first('users.id');
  if (!agent) throw validationError('Revisa los campos marcados', { [field]: 'Elige un agente activo de la agencia que gestiona la propiedad' });
}

/**
 * Moves a lead along the pipeline, sets its priority, keeps the agent's notes, or (the manager, the super admin)
 * gives it to another of the agency's agents (PATCH /api/leads/:id). Audited with what changed.
 */
export async function updateLead(
  trx: Knex.Transaction,
  user: User,
  id: number,
  input: { status?: LeadStatus; priority?: LeadPriority; notes?: string | null; assignedAgentUserId?: number },
): Promise<LeadRow> {
  const lead = await lockLead(trx, user, id);
  const changes: Record<string, unknown> = {};
  if (input.status !== undefined && input.status !== lead.status) {
    assertLeadMove(lead.status, input.status);
    changes.status = input.status;
  }
  if (input.priority !== undefined && input.priority !== lead.priority) changes.priority = input.priority;
  if (input.notes !== undefined && input.notes !== lead.notes) changes.notes = input.notes;
  if (input.assignedAgentUserId !== undefined && input.assignedAgentUserId !== lead.assignedAgentUserId) {
    const role = canonicalRole(user.role?.roleName);
    if (role !== 'admin_agencia' && role !== 'super_admin') throw forbidden('Solo el gestor de la agencia reasigna clientes potenciales');
    await assertAgencyAgent(trx, lead.agencyId, input.assignedAgentUserId, 'assignedAgentUserId');
    changes.assignedAgentUserId = input.assignedAgentUserId;
  }
  if (Object.keys(changes).length > 0) {
    await trx('leads').where('id', id).update({ ...changes, updatedAt: trx.fn.now() });
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, lead[k as keyof typeof lead]]));
    await audit(trx, { userId: user.id, action: 'update', tableName: 'leads', recordId: id, oldValues: before, newValues: changes });
  }
  return leadRows(trx, user).where('leads.id', id).first();
}
