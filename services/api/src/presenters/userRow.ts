import type { UserDetail, UserRow } from '@arrendia/api-contract';
import { roleLabel } from '@arrendia/permissions';
import type { UserRowRecord } from '../queries/userRows';

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A row of the users table (GET /api/users): never the password hash, nor the bank or tax data. */
export function presentUserRow(r: UserRowRecord): UserRow {
  return {
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    telefono: r.telefono,
    role: { roleName: r.roleName, label: roleLabel(r.roleName) },
    agency: r.agencyId === null ? null : { id: r.agencyId, name: r.agencyName ?? '' },
    isActive: r.isActive,
    twoFactorEnabled: r.twoFactorEnabledAt !== null,
    lastLogin: isoOrNull(r.lastLogin),
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** One user as the edit form reads it (GET /api/users/:id). */
export function presentUserDetail(r: UserRowRecord): UserDetail {
  return { ...presentUserRow(r), nifCif: r.nifCif, ibanBancaria: r.ibanBancaria, lastPasswordChange: isoOrNull(r.lastPasswordChange) };
}
