import type { RoleName } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { Role } from '../models/Role';
import { User } from '../models/User';

/**
 * Self-registration always creates an individual owner: the landing page sells the product to
 * owners; tenants, agents and agency staff are invited by whoever manages them, and no caller may
 * pick its own role.
 */
const SELF_REGISTERED_ROLE: RoleName = 'propietario_individual';

/** Creates a self-registered account (POST /api/auth/register); `passwordHash` is hashed already (outside the transaction: argon2 is slow on purpose). */
export async function registerUser(trx: Knex.Transaction, input: { email: string; passwordHash: string; firstName: string; lastName: string }): Promise<User> {
  const role = await Role.query(trx).findOne({ roleName: SELF_REGISTERED_ROLE }).throwIfNotFound();
  const created = await User.query(trx).insertAndFetch({
    roleId: role.id,
    email: input.email,
    password: input.passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
  });
  await audit(trx, { userId: created.id, action: 'register', tableName: 'users', recordId: created.id, newValues: created });
  created.role = role;
  return created;
}

/** Stamps a successful login on the user, audited with the previous one. */
export async function recordLogin(trx: Knex.Transaction, user: User): Promise<void> {
  const lastLogin = new Date();
  await User.query(trx).findById(user.id).patch({ lastLogin });
  await audit(trx, { userId: user.id, action: 'login', tableName: 'users', recordId: user.id, oldValues: { lastLogin: user.lastLogin }, newValues: { lastLogin } });
}
