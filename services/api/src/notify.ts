import type { Knex } from 'knex';
import type { NotificationPreferenceKey } from '@arrendia/api-contract';
import { Notification } from './models/Notification';
import { publishEvent } from './events/publish';
import { mailNotification } from './mail/notificationMail';

/** The kinds of notification the API writes (spec §3 activity types, plus the ones messaging needs). */
export type NotificationType = 'new_incident' | 'incident_updated' | 'incident_resolved' | 'new_message' | 'tenant_invitation' | 'invitation_accepted' | 'new_lead' | 'contract_created' | 'contract_ending' | 'payment_marked' | 'payment_confirmed' | 'payment_overdue' | 'incident_commented' | 'login' | 'password_changed' | 'two_factor' | 'consent_requested' | 'consent_answered' | 'property_assigned' | 'agency_changed' | 'listing_withdrawn' | 'unit_available' | 'owner_invitation' | 'report_generated' | 'data_export_ready' | 'rent_update_notice';

export interface NotificationDraft {
  title: string;
  message: string;
  notificationType: NotificationType;
  relatedEntityType: 'incident' | 'conversation' | 'contract' | 'tenant_invitation' | 'owner_invitation' | 'listing' | 'settings' | 'consent_request' | 'property' | 'lead' | 'report';
  relatedEntityId: number;
}

/**
 * Writes one notification per recipient inside the caller's transaction, so it exists exactly when
 * the change it announces does. Notifications are system rows derived from an audited change, so
 * they get no audit row of their own. Some kinds also go by email (issue 34). Returns how many were
 * written.
 */
export async function notify(trx: Knex.Transaction, recipientUserIds: readonly number[], draft: NotificationDraft): Promise<number> {
  const recipients = await wantedBy(trx, [...new Set(recipientUserIds)], draft.notificationType);
  if (recipients.length === 0) return 0;
  await Notification.query(trx).insert(recipients.map((recipientUserId) => ({ recipientUserId, ...draft })));
  // Their bells update live when this transaction commits; the kinds that also go by email are
  // queued in the same transaction (mail/notificationMail.ts).
  await publishEvent(trx, recipients, 'notification.created');
  await mailNotification(trx, recipients, draft);
  return recipients.length;
}

/**
 * The notification switch of the settings screen (issue 13) that governs each kind; kinds without
 * one (messages, leads, invitations, sign-ins, which has its own switch) always go out.
 */
const PREFERENCE_OF: Partial<Record<NotificationType, NotificationPreferenceKey>> = {
  new_incident: 'incidentAlerts',
  incident_updated: 'incidentAlerts',
  incident_resolved: 'incidentAlerts',
  incident_commented: 'incidentAlerts',
  payment_marked: 'paymentReminders',
  payment_confirmed: 'paymentReminders',
  payment_overdue: 'paymentReminders',
  contract_ending: 'contractExpiry',
};

/** The recipients who have not switched this kind of notification off. */
async function wantedBy(trx: Knex.Transaction, recipients: number[], type: NotificationType): Promise<number[]> {
  const preference = PREFERENCE_OF[type];
  if (!preference || recipients.length === 0) return recipients;
  const optedOut: { id: number }[] = await trx('users')
    .select('id')
    .whereIn('id', recipients)
    .whereRaw(`("notificationPrefs"->>?) = 'false'`, [preference]);
  const out = new Set(optedOut.map((row) => row.id));
  return recipients.filter((id) => !out.has(id));
}

/** "Nombre Apellidos", or a neutral word when the user has no name on file. */
export function displayName(person: { firstName: string | null; lastName: string | null } | null | undefined): string {
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
  return name || 'Un usuario';
}

/** A message shortened for a notification: at most `max` characters, cut at a word when it can. */
export function preview(text: string, max = 120): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
