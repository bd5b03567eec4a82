import type { RoleName } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { Role } from '../models/Role';
import { User } from '../models/User';
import { hashPassword } from '../passwords';

export const FACTORY_PASSWORD = 'contraseña-de-prueba';

/** Hashes are slow on purpose: one per distinct password per test file is enough. */
const hashes = new Map<string, Promise<string>>();
const hashed = (plain: string) => {
  if (!hashes.has(plain)) hashes.set(plain, hashPassword(plain));
  return hashes.get(plain)!;
};

let sequence = 0;

export interface UserFactoryInput {
  roleName?: RoleName;
  email?: string;
  password?: string;
  isActive?: boolean;
  firstName?: string;
  lastName?: string;
}

/** Inserts a user (default: an active propietario_individual) and returns it with its role. */
export async function buildUser(knex: Knex, input: UserFactoryInput = {}): Promise<User> {
  const n = ++sequence;
  const role = await Role.query(knex).findOne({ roleName: input.roleName ?? 'propietario_individual' }).throwIfNotFound();
  const user = await User.query(knex).insertAndFetch({
    roleId: role.id,
    email: input.email ?? `usuario${n}.${Date.now()}@prueba.arrendia.es`,
    password: await hashed(input.password ?? FACTORY_PASSWORD),
    firstName: input.firstName ?? 'Ana',
    lastName: input.lastName ?? `García ${n}`,
    isActive: input.isActive ?? true,
  });
  user.role = role;
  return user;
}
