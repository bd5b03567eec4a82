import { roleLabel, roleNamesOf, type RoleName } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict, validationError } from '../errors';
import { hashPassword } from '../passwords';
import { Role } from '../models/Role';
import { User } from '../models/User';

/**
 * The account that accepts an invitation link (a tenant's to a contract, an owner's to an agency's
 * portfolio), the same way for both:
 * - an account already holds the invited email: it accepts only signed in as itself, and only if it
 *   has the invited role (an owner, an agent… is never turned into a tenant by a link, nor a tenant
 *   into an owner: one account per email, so the inviter must use another address); the emailed
 *   link confirms its address if it was not yet (issue 34);
 * - no account does: one is created with that role, the name and the password (hashed beforehand)
 *   the person typed, its email verified by the link itself, audited as a registration.
 */
export async function invitedAccount(
  trx: Knex.Transaction,
  invitation: { id: number; email: string },
  roleName: RoleName,
  wrongRole: (role: string) => string,
  input: { firstName?: string; lastName?: string; passwordHash?: string },
  sessionUser: User | null,
): Promise<User> {
  const existing = await User.query(trx).findOne({ email: invitation.email }).withGraphFetched('role');
  if (existing) {
    if (!sessionUser || sessionUser.id !== existing.id) throw conflict('Ya tienes una cuenta con este correo: inicia sesión y vuelve a abrir el enlace');
    if (!roleNamesOf(roleName).includes(existing.role?.roleName ?? '')) throw conflict(wrongRole(roleLabel(existing.role?.roleName).toLowerCase()));
    if (!existing.emailVerifiedAt) {
      existing.emailVerifiedAt = new Date();
      await User.query(trx).findById(existing.id).patch({ emailVerifiedAt: existing.emailVerifiedAt });
      await audit(trx, { userId: existing.id, action: 'update', tableName: 'users', recordId: existing.id, oldValues: { emailVerifiedAt: null }, newValues: { emailVerifiedAt: existing.emailVerifiedAt, invitationId: invitation.id } });
    }
    return existing;
  }
  const fields: Record<string, string> = {};
  if (!input.firstName) fields.firstName = 'El nombre es obligatorio';
  if (!input.lastName) fields.lastName = 'Los apellidos son obligatorios';
  if (!input.passwordHash) fields.password = 'La contraseña debe tener al menos 8 caracteres';
  if (Object.keys(fields).length) throw validationError('Revisa los campos marcados', fields);
  const role = await Role.query(trx).findOne({ roleName }).throwIfNotFound();
  const account = await User.query(trx).insertAndFetch({ roleId: role.id, email: invitation.email, password: input.passwordHash!, firstName: input.firstName!, lastName: input.lastName!, emailVerifiedAt: new Date() });
  account.role = role;
  await audit(trx, { userId: account.id, action: 'register', tableName: 'users', recordId: account.id, newValues: { email: account.email, role: roleName, invitationId: invitation.id } });
  return account;
}

/**
 * What accepting a link needs before its transaction opens: the password typed, hashed (argon2,
 * slow on purpose: PGlite has one connection), and the session's own account, if active.
 */
export async function acceptanceInput(
  knex: Knex,
  input: { firstName?: string; lastName?: string; password?: string },
  sessionUserId: number | undefined,
): Promise<{ account: { firstName?: string; lastName?: string; passwordHash?: string }; sessionUser: User | null }> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const sessionUser = sessionUserId ? ((await User.query(knex).findById(sessionUserId).where('isActive', true)) ?? null) : null;
  return { account: { firstName: input.firstName, lastName: input.lastName, passwordHash }, sessionUser };
}
