import type { PropertiesCreateData } from '@arrendia/api-contract';
import { canonicalRole } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { conflict, forbidden, validationError } from '../errors';
import { Agency } from '../models/Agency';
import type { User } from '../models/User';

/**
 * Who owns a new property, which agency (if any) manages it from the start, and which agency is
 * asked to manage it (issue 30): an owner's or a delegate's choice of agency binds that agency only
 * once it accepts, so the property starts unmanaged with a pending request.
 */
export interface PropertyParties {
  ownerUserId: number;
  managerAgencyId: number | null;
  requestedAgencyId: number | null;
}

const CHECK_FIELDS = 'Revisa los campos marcados';
const OWNER_REQUIRED = 'Indica el propietario de la propiedad';
const NOT_AN_OWNER = 'El propietario debe ser un usuario activo con rol de propietario individual';
const NOT_A_PRINCIPAL = 'Solo puedes dar de alta propiedades de los propietarios que te han delegado su cartera';
/** One answer for an id that does not exist, is no owner, or owns nothing the agency manages: ids that are not the agency's stay hidden. */
export const NOT_AN_AGENCY_CLIENT = 'Solo puedes dar de alta propiedades de propietarios de la cartera de tu agencia';

const invalid = (field: string, message: string) => validationError(CHECK_FIELDS, { [field]: message });

type Db = Knex | Knex.Transaction;

/** Active propietario_individual users (their `users.id`): who may own a property. */
function activeOwners(db: Db): Knex.QueryBuilder {
  return db('users').join('roles', 'roles.id', 'users.roleId').where({ 'users.isActive': true, 'roles.roleName': 'propietario_individual' });
}

/** The active owners who delegated their portfolio to `delegateUserId`. */
function principalsOf(db: Db, delegateUserId: number): Knex.QueryBuilder {
  return activeOwners(db).whereIn('users.id', db('owner_delegations').select('ownerUserId').where('delegateUserId', delegateUserId));
}

/**
 * The active owners of an agency's portfolio: owners of a property the agency manages, which the
 * owner agreed to by asking the agency to manage it (consent_requests) or the super admin
 * arranged, and owners who accepted the agency's invitation (owner_invitations, issue 32). A new
 * owner joins a portfolio those ways, never by an agency naming it.
 */
export function agencyClients(db: Db, agencyId: number): Knex.QueryBuilder {
  return activeOwners(db).where((w) =>
    w
      .whereExists(db('main_properties').select(db.raw('1')).where({ 'main_properties.managerAgencyId': agencyId }).whereRaw('main_properties."ownerUserId" = users.id'))
      .orWhereExists(db('owner_invitations').select(db.raw('1')).where({ 'owner_invitations.agencyId': agencyId }).whereRaw('owner_invitations."acceptedByUserId" = users.id')),
  );
}

/**
 * The users `user` may name as `ownerUserId` of a new property (the 'Propietario' select reads
 * them, resolvePropertyParties checks against them): the agency's clients for agency staff, the
 * principals for a delegate, every active owner for the super admin; null for anyone else, who
 * names nobody (an owner's properties are its own).
 */
export function namableOwners(db: Db, user: User): Knex.QueryBuilder | null {
  switch (canonicalRole(user.role?.roleName)) {
    case 'super_admin':
      return activeOwners(db);
    case 'admin_agencia':
    case 'agente':
      return user.agencyId === null ? null : agencyClients(db, user.agencyId);
    case 'propietario_delegado':
      return principalsOf(db, user.id);
    default:
      return null;
  }
}

/** Throws 400 on `ownerUserId` unless it is an active propietario_individual (who delegated to `delegateUserId`, if given). */
async function assertOwner(trx: Knex.Transaction, ownerUserId: number, delegateUserId?: number): Promise<void> {
  const qb = (delegateUserId === undefined ? activeOwners(trx) : principalsOf(trx, delegateUserId)).where('users.id', ownerUserId).first('users.id');
  if (!(await qb)) throw invalid('ownerUserId', delegateUserId === undefined ? NOT_AN_OWNER : NOT_A_PRINCIPAL);
}

async function existingAgency(trx: Knex.Transaction, agencyId: number | undefined): Promise<number | null> {
  if (agencyId === undefined) return null;
  if (!(await Agency.query(trx).findById(agencyId))) throw invalid('managerAgencyId', 'La agencia indicada no existe');
  return agencyId;
}

/** Throws 400 on `ownerUserId` unless it is one of the agency's clients (agencyClients). */
async function assertAgencyClient(trx: Knex.Transaction, ownerUserId: number, agencyId: number): Promise<void> {
  if (!(await agencyClients(trx, agencyId).where('users.id', ownerUserId).first('users.id'))) throw invalid('ownerUserId', NOT_AN_AGENCY_CLIENT);
}

/**
 * Whose property a user creates (POST /api/properties):
 * - propietario_individual: its own; the agency it names is asked to manage it (it accepts or not);
 * - super_admin: the active propietario_individual in `ownerUserId`, or itself; any agency, set at
 *   once (the platform's operator arranges what both parties agreed outside it);
 * - admin_agencia / agente: `ownerUserId` is required and must be an owner of the agency's
 *   portfolio; the property is managed by the user's own agency, so it stays in the user's scope;
 * - propietario_delegado: `ownerUserId` is required and must be one of its principals; the agency
 *   it names is asked, as for the owner.
 * A bad owner or agency is a 400 naming the field: they are form fields, not rows being read.
 */
export async function resolvePropertyParties(trx: Knex.Transaction, user: User, input: PropertiesCreateData): Promise<PropertyParties> {
  const { ownerUserId, managerAgencyId } = input;
  switch (canonicalRole(user.role?.roleName)) {
    case 'propietario_individual':
      if (ownerUserId !== undefined && ownerUserId !== user.id) throw invalid('ownerUserId', 'Solo puedes dar de alta propiedades a tu nombre');
      return { ownerUserId: user.id, managerAgencyId: null, requestedAgencyId: await existingAgency(trx, managerAgencyId) };
    case 'super_admin':
      if (ownerUserId !== undefined && ownerUserId !== user.id) await assertOwner(trx, ownerUserId);
      return { ownerUserId: ownerUserId ?? user.id, managerAgencyId: await existingAgency(trx, managerAgencyId), requestedAgencyId: null };
    case 'admin_agencia':
    case 'agente':
      if (user.agencyId === null) throw forbidden('No perteneces a ninguna agencia: no puedes dar de alta propiedades');
      if (managerAgencyId !== undefined && managerAgencyId !== user.agencyId) throw invalid('managerAgencyId', 'Solo puedes asignar propiedades a tu agencia');
      if (ownerUserId === undefined) throw invalid('ownerUserId', OWNER_REQUIRED);
      await assertAgencyClient(trx, ownerUserId, user.agencyId);
      return { ownerUserId, managerAgencyId: user.agencyId, requestedAgencyId: null };
    case 'propietario_delegado':
      if (ownerUserId === undefined) throw invalid('ownerUserId', OWNER_REQUIRED);
      await assertOwner(trx, ownerUserId, user.id);
      return { ownerUserId, managerAgencyId: null, requestedAgencyId: await existingAgency(trx, managerAgencyId) };
    default:
      throw forbidden();
  }
}

export const ACTIVE_CONTRACT_BLOCKS_DELETE = 'No se puede eliminar una propiedad con un contrato activo';
export const CONTRACT_HISTORY_BLOCKS_DELETE = 'La propiedad tiene contratos en su historial: archívala en lugar de eliminarla';
export const RECORDS_BLOCK_DELETE = 'La propiedad tiene movimientos o incidencias registrados: archívala en lugar de eliminarla';

/**
 * A property may be deleted only while nothing has happened in it: an active contract is the
 * spec's case (409); ended or pending contracts, transactions and incidents are its history,
 * which deleting would erase (contracts block the cascade anyway, transactions and incidents
 * would go with it), so the answer is to archive it instead.
 */
export async function assertPropertyDeletable(trx: Knex.Transaction, propertyId: number): Promise<void> {
  const unitIds = trx('rentable_units').select('id').where('mainPropertyId', propertyId);
  const contracts = await trx('contracts')
    .whereIn('rentableUnitId', unitIds)
    .select(trx.raw('count(*) filter (where "status" = ?) as "active"', ['Activo']), trx.raw('count(*) as "total"'))
    .first();
  if (contracts.active > 0) throw conflict(ACTIVE_CONTRACT_BLOCKS_DELETE);
  if (contracts.total > 0) throw conflict(CONTRACT_HISTORY_BLOCKS_DELETE);

  const transaction = await trx('transactions')
    .select('id')
    .where((w) => w.where('mainPropertyId', propertyId).orWhereIn('rentableUnitId', unitIds))
    .first();
  const incident = await trx('incidents').select('id').whereIn('rentableUnitId', unitIds).first();
  if (transaction || incident) throw conflict(RECORDS_BLOCK_DELETE);
}
