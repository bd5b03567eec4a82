import type { Knex } from 'knex';
import { audit } from '../audit';
import { notFound } from '../errors';
import { notify, preview } from '../notify';
import { assertLeadAllowed } from '../policies/leadThrottle';
import { agencyAgents } from '../queries/agencies';
import { listingRows } from '../queries/listings';

export interface LeadInput {
  listingId: number;
  name: string;
  email: string;
  phone?: string | null;
  message: string;
  /** The visitor's address as stored (storedAddress), kept for the per-address limit (policies/leadThrottle). */
  ipAddress: string;
}

/**
 * Keeps a visitor's message about a published listing (POST /api/public/leads) for the owner and,
 * when an agency manages the property, for the agency: the lead goes to the agent in charge of the
 * property (one of the agency's active agents), and the owner, the agency's administrators and that
 * agent are told; the notification opens the lead. An address that
 * already left LEADS_PER_WINDOW leads in the window gets 429 and nothing is written.
 */
export async function recordLead(trx: Knex.Transaction, input: LeadInput): Promise<{ id: number; createdAt: string | Date }> {
  await assertLeadAllowed(trx, input.ipAddress);
  const listing: { id: number; title: string; ownerUserId: number; managerAgencyId: number | null; assignedAgentUserId: number | null } | undefined = await listingRows(trx)
    .where('l.id', input.listingId)
    .first('l.id', 'l.title', 'p.ownerUserId', 'p.managerAgencyId', 'p.assignedAgentUserId');
  if (!listing) throw notFound('La propiedad que buscas no está disponible');
  // The agent in charge, while it is an active agent of the managing agency (as scope.ts counts it).
  const assignedAgentUserId =
    listing.managerAgencyId && listing.assignedAgentUserId
      ? ((await agencyAgents(trx, listing.managerAgencyId)).find((a) => a.id === listing.assignedAgentUserId)?.id ?? null)
      : null;

  const [lead] = await trx('leads')
    .insert({
      listingId: listing.id,
      recipientUserId: listing.ownerUserId,
      agencyId: listing.managerAgencyId,
      assignedAgentUserId,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      message: input.message,
      ipAddress: input.ipAddress,
    })
    .returning(['id', 'createdAt']);
  await audit(trx, {
    userId: null,
    action: 'create',
    tableName: 'leads',
    recordId: lead.id,
    newValues: { listingId: listing.id, assignedAgentUserId, name: input.name, email: input.email, phone: input.phone ?? null, message: input.message },
  });

  const agencyAdmins: number[] = listing.managerAgencyId
    ? await trx('users')
        .join('roles', 'roles.id', 'users.roleId')
        .where({ 'users.agencyId': listing.managerAgencyId, 'users.isActive': true, 'roles.roleName': 'admin_agencia' })
        .pluck('users.id')
    : [];
  // Every lead reaches a person (issue 32): the agent in charge, else the agency's managers, else
  // the owner, who is told in every case; each of them can open it (scopeLeads).
  const recipients = [...new Set([listing.ownerUserId, ...agencyAdmins, ...(assignedAgentUserId ? [assignedAgentUserId] : [])])];
  await notify(trx, recipients, {
    title: 'Nuevo contacto',
    message: `${input.name} sobre «${listing.title}»: ${preview(input.message)}`,
    notificationType: 'new_lead',
    relatedEntityType: 'lead',
    relatedEntityId: lead.id,
  });
  return lead;
}
