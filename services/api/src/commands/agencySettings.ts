import type { Knex } from 'knex';
import { audit } from '../audit';
import { notFound } from '../errors';
import type { User } from '../models/User';
import { loadInScope } from '../policies/inScope';

/** The agency manager sets its agency's commission rate on collected rent (PATCH /api/agency). */
export async function updateCommissionRate(trx: Knex.Transaction, manager: User, commissionRate: number): Promise<{ id: number; commissionRate: string }> {
  if (!manager.agencyId) throw notFound('No perteneces a ninguna agencia');
  const before = await loadInScope<{ id: number; commissionRate: string }>(trx('agencies').select('id', 'commissionRate').where('id', manager.agencyId), {
    lock: true,
    notFound: 'No perteneces a ninguna agencia',
  });
  const [after] = await trx('agencies').where('id', manager.agencyId).update({ commissionRate: commissionRate.toFixed(2), updatedAt: trx.fn.now() }).returning(['id', 'commissionRate']);
  await audit(trx, { userId: manager.id, action: 'update', tableName: 'agencies', recordId: after.id, oldValues: { commissionRate: before.commissionRate }, newValues: { commissionRate: after.commissionRate } });
  return { id: after.id, commissionRate: String(after.commissionRate) };
}

/**
 * The agency manager sets one of its agents' monthly target (PATCH /api/agents/:id); an id that is
 * not an active agent of the manager's agency is not found.
 */
export async function updateAgentTarget(trx: Knex.Transaction, manager: User, agentId: number, monthlyTarget: number): Promise<{ id: number; monthlyTarget: string }> {
  const agent = await loadInScope<{ id: number; monthlyTarget: string }>(
    trx('users')
      .join('roles', 'roles.id', 'users.roleId')
      .where({ 'users.id': agentId, 'users.agencyId': manager.agencyId ?? -1, 'users.isActive': true, 'roles.roleName': 'agente' })
      .select('users.id', 'users.monthlyTarget'),
    { lock: 'users', notFound: 'No se ha encontrado el agente' },
  );
  const [after] = await trx('users').where('id', agentId).update({ monthlyTarget: monthlyTarget.toFixed(2), updatedAt: trx.fn.now() }).returning(['id', 'monthlyTarget']);
  await audit(trx, { userId: manager.id, action: 'update', tableName: 'users', recordId: agentId, oldValues: { monthlyTarget: agent.monthlyTarget }, newValues: { monthlyTarget: after.monthlyTarget } });
  return { id: after.id, monthlyTarget: String(after.monthlyTarget) };
}
