import { z } from 'zod';
import { AuthTwoFactorSchema } from './auth';

/**
 * The right to erasure (RGPD art. 17, issue 35 point 3): a person deletes their own account
 * (`POST /api/account/erasure`), or the landlord's side erases a former tenant's personal data
 * (`POST /api/tenants/:id/erasure`) once every contract of theirs has ended. What the law requires
 * is kept (contracts, rent charges, payments, documents, the audit trail) with the person's
 * identifying fields replaced by these pseudonyms.
 */

export const ACCOUNT_ERASURE_PATH = '/api/account/erasure';
export const tenantErasurePath = (tenantId: number) => `/api/tenants/${tenantId}/erasure`;

/** The name an erased person has everywhere from then on. */
export const ERASED_FIRST_NAME = 'Persona';
export const ERASED_LAST_NAME = 'eliminada';
export const ERASED_NAME = `${ERASED_FIRST_NAME} ${ERASED_LAST_NAME}`;
/** The address an erased account keeps (unique, and `.invalid` can never receive mail: RFC 2606). */
export const erasedEmail = (userId: number) => `eliminado-${userId}@arrendia.invalid`;
/** What replaces a phone, NIF, IBAN or address found in a text the person wrote or that copied it. */
export const ERASED_DATUM = '[dato eliminado]';

/**
 * Self-erasure: the current password and, when two-factor authentication is on, a code of the app
 * (or a recovery code), as the other sensitive settings ask.
 */
export const AccountErasureSchema = z
  .object({
    currentPassword: z.string({ error: 'Introduce tu contraseña actual' }).min(1, 'Introduce tu contraseña actual').max(200),
    code: AuthTwoFactorSchema.shape.code.optional(),
  })
  .strict();
export type AccountErasureInput = z.input<typeof AccountErasureSchema>;
export type AccountErasureData = z.output<typeof AccountErasureSchema>;

/** What both erasures answer: whose account, and when. */
export const ErasureResultSchema = z.object({ userId: z.number().int(), erasedAt: z.string() });
export type ErasureResult = z.infer<typeof ErasureResultSchema>;

/** Where the public site lands a person whose account was just erased, and the message it shows. */
export const ACCOUNT_ERASED_PARAM = 'cuenta';
export const ACCOUNT_ERASED_VALUE = 'eliminada';
export const ACCOUNT_ERASED_MESSAGE = 'Tu cuenta se ha eliminado. Hemos borrado tus datos personales y solo conservamos, con tu nombre sustituido, lo que la ley obliga a guardar.';

// Refusals (409): erasing would break something another person relies on.
export const ERASURE_LAST_SUPER_ADMIN = 'Eres el último superadministrador activo: nombra a otro antes de eliminar tu cuenta.';
export const ERASURE_OWNER_ACTIVE_CONTRACTS =
  'Tienes propiedades con contratos en vigor. Entrégalas a otro propietario o finaliza esos contratos antes de eliminar tu cuenta.';
export const ERASURE_LAST_AGENCY_MANAGER =
  'Eres el último gestor de tu agencia y la agencia gestiona propiedades: nombra a otro gestor o deja de gestionar esas propiedades antes de eliminar tu cuenta.';
export const ERASURE_OWN_ACTIVE_CONTRACT =
  'Tienes un contrato en vigor: el arrendador necesita poder identificar a la otra parte mientras dure. Podrás eliminar tu cuenta cuando termine.';
export const ERASURE_TENANT_ACTIVE_CONTRACT = 'Esta persona tiene un contrato en vigor: sus datos se podrán eliminar cuando hayan terminado todos sus contratos.';
export const ERASURE_ONLY_TENANTS = 'Desde aquí solo se pueden eliminar los datos de una cuenta de inquilino.';
export const ERASURE_ALREADY_DONE = 'Los datos personales de esta persona ya se han eliminado.';
/** An admin's change (edit, reactivate, role) to an erased account. */
export const ERASED_ACCOUNT_LOCKED = 'Esta cuenta se eliminó por una solicitud de protección de datos: no se puede modificar ni reactivar.';
