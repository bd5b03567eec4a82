import type { CurrentUser, Person } from '@arrendia/api-contract';
import type { User } from '../models/User';

/** The current-user shape of spec §3 (CurrentUserSchema); never the password hash. */
export function presentCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    telefono: user.telefono,
    nifCif: user.nifCif,
    direccionFiscal: user.direccionFiscal,
    ibanBancaria: user.ibanBancaria,
    profileImageUrl: user.profileImageUrl,
    agencyId: user.agencyId,
    role: user.role ? { roleId: user.role.id, roleName: user.role.roleName } : null,
    emailVerified: user.emailVerifiedAt != null,
  };
}

/** A person as a screen names it (PersonSchema): id and name only. */
export function presentPerson(person: Person): Person {
  return { id: person.id, firstName: person.firstName, lastName: person.lastName };
}
