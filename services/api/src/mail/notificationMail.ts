import { notificationTarget } from '@arrendia/permissions';
import type { Knex } from 'knex';
import type { NotificationDraft, NotificationType } from '../notify';
import { enqueueMail } from './outbox';
import { renderMail } from './templates';

/**
 * Where links in mail point (PUBLIC_URL): set once per process by createApp (app.ts), which every
 * request and job of the process runs under. Notifications are written deep inside commands, which
 * carry a transaction but not the configuration.
 */
let publicUrl = 'http://localhost:3000';
export function configureMailLinks(url: string): void {
  publicUrl = url;
}
export const mailLinks = () => ({ publicUrl });

/**
 * The notifications that also go by email (issue 34), when the recipient's 'Notificaciones por
 * correo' switch (notificationPrefs.email) is on: incidents, rent (confirmed, overdue), contracts
 * ending and the scheduled reports generated (issue 33, point 6). Security notices go whatever the switch says: a sign-in, a password or two-factor change.
 */
const EMAILED: ReadonlySet<NotificationType> = new Set(['new_incident', 'incident_updated', 'incident_resolved', 'incident_commented', 'payment_confirmed', 'payment_overdue', 'contract_ending', 'report_generated', 'rent_update_notice']);
const SECURITY: ReadonlySet<NotificationType> = new Set(['login', 'password_changed', 'two_factor']);

/** Whether a notification of this kind is ever mailed. */
export const mailedKind = (type: NotificationType) => EMAILED.has(type) || SECURITY.has(type);

/**
 * Queues the email of a notification for each recipient who gets one, in the notification's own
 * transaction. The button leads where the bell does (notificationTarget); the footer says why the
 * mail came and, for a switchable kind, links to the settings (List-Unsubscribe).
 */
export async function mailNotification(trx: Knex.Transaction, recipientUserIds: readonly number[], draft: NotificationDraft): Promise<number> {
  if (!mailedKind(draft.notificationType) || recipientUserIds.length === 0) return 0;
  const security = SECURITY.has(draft.notificationType);
  const query = trx('users')
    .leftJoin('roles', 'roles.id', 'users.roleId')
    .whereIn('users.id', recipientUserIds)
    .where('users.isActive', true)
    .select('users.id', 'users.email', 'users.firstName', 'roles.roleName');
  if (!security) query.whereRaw(`coalesce("notificationPrefs"->>'email', 'true') <> 'false'`);
  const recipients: { id: number; email: string; firstName: string | null; roleName: string | null }[] = await query;
  for (const user of recipients) {
    const target = notificationTarget(draft, user.roleName);
    await enqueueMail(trx, {
      kind: security ? 'security' : 'notification',
      userId: user.id,
      to: { address: user.email, name: user.firstName },
      ...renderMail(
        {
          subject: draft.title,
          greetingName: user.firstName,
          paragraphs: [draft.message, ...(security ? ['Si no has sido tú, cambia tu contraseña cuanto antes y revisa tus sesiones en Configuración.'] : [])],
          action: target ? { label: 'Abrir en Arrendia', href: target } : undefined,
          reason: security
            ? 'Recibes este aviso de seguridad porque afecta a tu cuenta de Arrendia; no se puede desactivar.'
            : 'Recibes este correo porque tienes activadas las notificaciones por correo en Arrendia.',
          unsubscribePath: security ? undefined : '/settings?tab=notificaciones',
        },
        mailLinks(),
      ),
    });
  }
  return recipients.length;
}
