import { PROPERTY_AGENT_MESSAGES, type Person } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict, validationError } from '../errors';
import type { User } from '../models/User';
import { notify } from '../notify';
import { agencyAgents } from '../queries/agencies';
import { loadEditableProperty } from './propertyUpdater';

/**
 * 'Agente asignado' (PUT /api/properties/:id/agent): the agency manager puts one of its agency's
 * active agents in charge of a property the agency manages, moves it to another, or leaves it with
 * none (null); the super admin does so for any property an agency manages. A property no agency
 * manages has no agent (409); anyone else than an active agent of that agency is a 400 on
 * agentUserId. The new agent is told. Asking for the agent already in charge writes nothing.
 */
export async function assignAgent(trx: Knex.Transaction, user: User, propertyId: number, agentUserId: number | null): Promise<Person | null> {
  const property = await loadEditableProperty(trx, user, propertyId);
  if (property.managerAgencyId === null) throw conflict(PROPERTY_AGENT_MESSAGES.noAgency, { agentUserId: PROPERTY_AGENT_MESSAGES.noAgency });
  const agent = agentUserId === null ? null : (await agencyAgents(trx, property.managerAgencyId)).find((a) => a.id === agentUserId);
  if (agentUserId !== null && !agent) throw validationError('Revisa los campos marcados', { agentUserId: PROPERTY_AGENT_MESSAGES.notAgent });
  const current: number | null = property.assignedAgentUserId ?? null;
  if (current === agentUserId) return agent ?? null;
  await trx('main_properties').where('id', property.id).update({ assignedAgentUserId: agentUserId, updatedAt: trx.fn.now() });
  await audit(trx, {
    userId: user.id,
    action: 'update',
    tableName: 'main_properties',
    recordId: property.id,
    oldValues: { assignedAgentUserId: current },
    newValues: { assignedAgentUserId: agentUserId },
  });
  if (agent) {
    await notify(trx, [agent.id], {
      title: 'Nueva propiedad asignada',
      message: `Ahora estás a cargo de ${property.propertyName}`,
      notificationType: 'property_assigned',
      relatedEntityType: 'property',
      relatedEntityId: property.id,
    });
  }
  return agent ?? null;
}
