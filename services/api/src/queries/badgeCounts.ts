import type { BadgeCounts } from '@arrendia/api-contract';
import { can } from '@arrendia/permissions';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeConversations, scopeIncidents } from '../policies/scope';
import { OPEN_INCIDENT_STATUSES } from './dashboardMetrics';

type Db = Knex | Knex.Transaction;

/**
 * The sidebar's live counts: open incidents in the user's scope (the same definition as the
 * dashboard's 'Incidencias Abiertas') and messages from others, unread, in the user's conversations.
 * A count the role's menu does not show is 0.
 */
export async function badgeCounts(db: Db, user: User): Promise<BadgeCounts> {
  const role = user.role?.roleName;
  const incidents = can(role, 'incidents:read')
    ? scopeIncidents(db, db('incidents').whereIn('incidents.status', OPEN_INCIDENT_STATUSES), user)
        .count({ n: '*' })
        .first()
    : Promise.resolve({ n: 0 });
  const messages = can(role, 'messages:use')
    ? db('messages')
        .whereIn('messages.conversationId', scopeConversations(db, db('conversations').select('conversations.id'), user))
        .whereNull('messages.readAt')
        .where((w) => w.whereNot('messages.senderUserId', user.id).orWhereNull('messages.senderUserId'))
        .count({ n: '*' })
        .first()
    : Promise.resolve({ n: 0 });
  const [i, m] = await Promise.all([incidents, messages]);
  return { openIncidents: Number(i?.n ?? 0), unreadMessages: Number(m?.n ?? 0) };
}
