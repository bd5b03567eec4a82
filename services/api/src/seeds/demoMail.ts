import type { Knex } from 'knex';
import { issuePasswordReset } from '../commands/passwordResetter';
import { inviteTenant } from '../commands/tenantInviter';
import { passwordResetMail, type MailLinks } from '../mail/messages';
import { enqueueMail } from '../mail/outbox';
import { User } from '../models/User';

/** Who the demo's pending invitation goes to: nobody has an account with it. */
export const DEMO_INVITED_EMAIL = 'nuria.blanco@demo.arrendia.es';
/** The demo person who asked for a new password ('¿Olvidaste tu contraseña?'); not one of the six sign-in accounts. */
export const DEMO_RESET_EMAIL = 'sofia.castro@demo.arrendia.es';

/**
 * The mail a demo would have sent (issue 34): without SMTP_URL it waits in the outbox, where the
 * super admin's 'Correo saliente' screen shows it. Made with the product's own commands, so each
 * message has its real record: the agency manager's pending invitation of a new tenant to an
 * active contract of the agency, and a password reset link one of the tenants asked for. Written
 * once, with the portfolio (seedDemoPortfolio).
 */
export async function seedDemoMail(trx: Knex.Transaction, links: MailLinks, now: Date): Promise<void> {
  const manager = await User.query(trx).findOne({ email: 'manager@demo.arrendia.es' }).withGraphFetched('role').throwIfNotFound();
  const contract: { id: number } | undefined = await trx('contracts')
    .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
    .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
    .where({ 'contracts.status': 'Activo', 'main_properties.managerAgencyId': manager.agencyId })
    .orderBy('contracts.id')
    .first('contracts.id');
  if (!contract) throw new Error('Demo seed: the agency has no active contract to invite a tenant to');
  await inviteTenant(trx, manager, { email: DEMO_INVITED_EMAIL, contractId: contract.id }, links, now);

  const tenant = await trx('users').where({ email: DEMO_RESET_EMAIL }).first('id', 'email', 'firstName');
  if (!tenant) throw new Error(`Demo seed: no ${DEMO_RESET_EMAIL}`);
  const { link } = await issuePasswordReset(trx, tenant.id, tenant.id, now, tenant.email);
  await enqueueMail(trx, passwordResetMail(tenant, link, links));
}
