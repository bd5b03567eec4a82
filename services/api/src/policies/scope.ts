import { INCIDENT_PHOTO_TYPES, type DocumentEntityType } from '@arrendia/api-contract';
import { canonicalRole, type RoleName } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { notFound } from '../errors';
import type { User } from '../models/User';

/**
 * Which rows a user may see, in one place (decisions.md "Roles and access"). Every handler narrows
 * its query with these; a row outside the scope is simply not found (404), so ids do not leak.
 *
 * - super_admin: everything;
 * - propietario_individual: the properties it owns and what hangs off them;
 * - admin_agencia / agente: the properties its agency manages;
 * - propietario_delegado: the properties of the owners who delegated their portfolio to it;
 * - inquilino: only its own contracts (tenants_contracts), their units and properties, its
 *   incidents and its transactions.
 */

type Db = Knex | Knex.Transaction;

function roleOf(user: User): RoleName | null {
  return canonicalRole(user.role?.roleName);
}

/** Whether the user's scope is everything (super admin): no narrowing to gain from. */
export function seesEverything(user: User): boolean {
  return roleOf(user) === 'super_admin';
}

/**
 * Whether the user's units, contracts, incidents and transactions are picked by a column of their own
 * rows (an agency's staff: "managerAgencyId"; the super admin: no condition), read in list order by
 * one index. For the other roles they are "the rows of these properties", which a list reads whole
 * to order (paginate's narrow).
 */
export function factsInListOrder(user: User): boolean {
  return seesEverything(user) || directPropertyScope(user)?.column === 'managerAgencyId';
}

/** Ids of the contracts a tenant is party to. */
export function tenantContractIds(db: Db, user: User): Knex.QueryBuilder {
  return db('tenants_contracts').select('contractId').where('tenantUserId', user.id);
}

/**
 * The one main_properties column that picks an individual owner's properties (its own) or an
 * agency user's (those its agency manages); null for the roles whose scope needs a subquery.
 */
function directPropertyScope(user: User): { column: 'ownerUserId' | 'managerAgencyId'; value: number } | null {
  switch (roleOf(user)) {
    case 'propietario_individual':
      return { column: 'ownerUserId', value: user.id };
    case 'admin_agencia':
    case 'agente':
      // An agency user with no agency manages nothing.
      return { column: 'managerAgencyId', value: user.agencyId ?? -1 };
    default:
      return null;
  }
}

/**
 * The properties an agent is in charge of: assigned to it (main_properties.assignedAgentUserId)
 * and managed by its agency, so that an assignment left on a property its agency no longer manages,
 * or from an agency it left, gives it nothing. `agent` holds the values, or column references when
 * a query counts for each member of a team (db.ref('users.id'), db.ref('users.agencyId')).
 */
export function assignedAgentProperties(db: Db, agent: { id: number | Knex.Ref<string, object>; agencyId: number | null | Knex.Ref<string, object> }): Knex.QueryBuilder {
  return db('main_properties')
    .where('main_properties.assignedAgentUserId', agent.id)
    .where('main_properties.managerAgencyId', agent.agencyId ?? -1);
}

/**
 * Ids of the properties a user may see, as a subquery; null means every property (super admin).
 * A tenant sees the properties of its contracts' units.
 */
export function visiblePropertyIds(db: Db, user: User): Knex.QueryBuilder | null {
  if (seesEverything(user)) return null;
  const direct = directPropertyScope(user);
  if (direct) return db('main_properties').select('id').where(direct.column, direct.value);
  switch (roleOf(user)) {
    case 'propietario_delegado':
      return db('main_properties')
        .select('id')
        .whereIn('ownerUserId', db('owner_delegations').select('ownerUserId').where('delegateUserId', user.id));
    case 'inquilino':
      return db('rentable_units')
        .select('rentable_units.mainPropertyId')
        .join('contracts', 'contracts.rentableUnitId', 'rentable_units.id')
        .whereIn('contracts.id', tenantContractIds(db, user));
    default:
      return db('main_properties').select('id').whereRaw('false');
  }
}

/**
 * Ids of the properties a user may change: the staff of the property (owner, its agency, the
 * delegated owner, super admin). A tenant changes none; null means every property.
 */
export function manageablePropertyIds(db: Db, user: User): Knex.QueryBuilder | null {
  if (roleOf(user) === 'inquilino') return db('main_properties').select('id').whereRaw('false');
  return visiblePropertyIds(db, user);
}

/**
 * Ids of the properties whose record (the property and its units) a user may edit: those it may
 * change, except that an agent edits only the properties assigned to it (issue 32); its agency's
 * manager edits the agency's whole portfolio. Null means every property.
 */
export function editablePropertyIds(db: Db, user: User): Knex.QueryBuilder | null {
  if (roleOf(user) === 'agente') return assignedAgentProperties(db, user).select('main_properties.id');
  return manageablePropertyIds(db, user);
}

/** Narrows a query to rows whose property column is in `ids` (no-op when `ids` is null). */
function whereIn(qb: Knex.QueryBuilder, column: string, ids: Knex.QueryBuilder | null): Knex.QueryBuilder {
  return ids ? qb.whereIn(column, ids) : qb;
}

/** Properties (alias main_properties) the user may see. */
export function scopeProperties(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  // The same rows as visiblePropertyIds, as a plain predicate where one exists: PostgreSQL then
  // reads the owner or agency index instead of joining the table to itself.
  const direct = directPropertyScope(user);
  return direct ? qb.where(`main_properties.${direct.column}`, direct.value) : whereIn(qb, 'main_properties.id', visiblePropertyIds(db, user));
}

/** Units (joined as rentable_units) the user may see. */
export function scopeUnits(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  return scopeFacts(db, qb, 'rentable_units', user);
}

/** Units (joined as rentable_units) of the properties the user may change (a contract form's choice). */
export function scopeManageableUnits(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  return whereIn(qb, 'rentable_units.mainPropertyId', manageablePropertyIds(db, user));
}

/**
 * Contracts: a tenant only its own, staff those of their properties. By the contract's own
 * "mainPropertyId" or "managerAgencyId" (kept by triggers): no join to rentable_units needed.
 */
export function scopeContracts(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  if (roleOf(user) === 'inquilino') return qb.whereIn('contracts.id', tenantContractIds(db, user));
  return scopeFacts(db, qb, 'contracts', user);
}

/**
 * Units, contracts, incidents or transactions (`table`) of the properties the user sees: an
 * agency's staff by the row's own copy of its property's agency (kept by triggers, migration
 * 20261126190000), anyone else by the row's property.
 */
function scopeFacts(db: Db, qb: Knex.QueryBuilder, table: 'rentable_units' | 'contracts' | 'incidents' | 'transactions', user: User): Knex.QueryBuilder {
  const direct = directPropertyScope(user);
  if (direct?.column === 'managerAgencyId') return qb.where(`${table}.managerAgencyId`, direct.value);
  return whereIn(qb, `${table}.mainPropertyId`, visiblePropertyIds(db, user));
}

/** Incidents: a tenant those it reported or on its contracts, staff those of their properties (as contracts). */
export function scopeIncidents(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  if (roleOf(user) === 'inquilino') {
    return qb.where((w) => w.where('incidents.reportedByUserId', user.id).orWhereIn('incidents.contractId', tenantContractIds(db, user)));
  }
  return scopeFacts(db, qb, 'incidents', user);
}

/** Transactions: a tenant those of its contracts, staff those of their properties. */
export function scopeTransactions(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  if (roleOf(user) === 'inquilino') return qb.whereIn('transactions.contractId', tenantContractIds(db, user));
  return scopeFacts(db, qb, 'transactions', user);
}

/** Conversations the user takes part in: messages are private to their participants, whatever the role. */
export function scopeConversations(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  return qb.whereIn('conversations.id', db('conversation_participants').select('conversationId').where('userId', user.id));
}

/** Throws 404 unless the user may see the property. */
export async function assertPropertyVisible(db: Db, user: User, propertyId: number): Promise<void> {
  const row = await scopeProperties(db, db('main_properties').select('main_properties.id').where('main_properties.id', propertyId), user).first();
  if (!row) throw notFound('No se ha encontrado la propiedad');
}

/**
 * The unit with its property id, if the user may act on it: staff for units of their properties;
 * a tenant (reporting an incident) only for units of its own contracts. Otherwise 404.
 */
export async function loadUnitInScope(db: Db, user: User, unitId: number): Promise<{ id: number; mainPropertyId: number; unitName: string }> {
  const qb = db('rentable_units').select('rentable_units.id', 'rentable_units.mainPropertyId', 'rentable_units.unitName').where('rentable_units.id', unitId);
  // scopeUnits lets a tenant see every unit of its buildings; acting is narrower: only its own units.
  const scoped =
    roleOf(user) === 'inquilino'
      ? qb.whereIn('rentable_units.id', db('contracts').select('rentableUnitId').whereIn('id', tenantContractIds(db, user)))
      : scopeUnits(db, qb, user);
  const row = await scoped.first();
  if (!row) throw notFound('No se ha encontrado la unidad');
  return row;
}

/** The column of documentEntityIds(type) that holds the record's id (a tenant's is its user id). */
export const DOCUMENT_ENTITY_ID: Readonly<Record<DocumentEntityType, string>> = {
  property: 'main_properties.id',
  unit: 'rentable_units.id',
  contract: 'contracts.id',
  incident: 'incidents.id',
  tenant: 'tenants_contracts.tenantUserId',
};

/**
 * Ids of the records of one type a document may hang off (property, unit, contract, incident, or
 * tenant: one with a contract there) of the properties `propertyIds` (null: every property).
 */
export function documentEntityIds(db: Db, type: DocumentEntityType, propertyIds: Knex.QueryBuilder | null): Knex.QueryBuilder {
  const of = (column: string) => (w: Knex.QueryBuilder) => (propertyIds ? w.whereIn(column, propertyIds) : w);
  switch (type) {
    case 'property':
      return db('main_properties').select('main_properties.id as id').where(of('main_properties.id'));
    case 'unit':
      return db('rentable_units').select('rentable_units.id as id').where(of('rentable_units.mainPropertyId'));
    case 'tenant':
      return db('tenants_contracts').join('contracts', 'contracts.id', 'tenants_contracts.contractId').select('tenants_contracts.tenantUserId as id').where(of('contracts.mainPropertyId'));
    default: {
      const table = type === 'contract' ? 'contracts' : 'incidents';
      return db(table).select(`${table}.id as id`).where(of(`${table}.mainPropertyId`));
    }
  }
}

/**
 * A document about a tenant is the business of one landlord side, not of everyone the tenant ever
 * rented from: it is in scope when the tenant has a contract on one of `propertyIds` whose owner
 * uploaded it, or whose managing agency the uploader works for (a correlated condition on
 * `documents`). Another owner who lets to the same tenant later does not read it.
 */
function tenantDocumentInScope(db: Db, w: Knex.QueryBuilder, propertyIds: Knex.QueryBuilder | null) {
  w.whereExists((x) => {
    x.select(db.raw('1'))
      .from('tenants_contracts')
      .join('contracts', 'contracts.id', 'tenants_contracts.contractId')
      .join('main_properties', 'main_properties.id', 'contracts.mainPropertyId')
      .leftJoin('users as uploader', 'uploader.id', 'documents.uploadedByUserId')
      .whereRaw('?? = ??', ['tenants_contracts.tenantUserId', 'documents.relatedEntityId'])
      .where((side) => side.whereRaw('?? = ??', ['main_properties.ownerUserId', 'documents.uploadedByUserId']).orWhereRaw('?? = ??', ['main_properties.managerAgencyId', 'uploader.agencyId']));
    if (propertyIds) x.whereIn('contracts.mainPropertyId', propertyIds);
  });
}

/** Documents attached to a record hanging off the properties `ids` returns for the user. */
function attachedInScope(db: Db, w: Knex.QueryBuilder, user: User, ids: (db: Db, user: User) => Knex.QueryBuilder | null) {
  for (const type of ['property', 'unit', 'contract', 'incident'] as const) {
    w.orWhere((x) => x.where('documents.relatedEntityType', type).whereIn('documents.relatedEntityId', documentEntityIds(db, type, ids(db, user))));
  }
  // The super admin reads every tenant's documents, like every other record's.
  if (seesEverything(user)) w.orWhere('documents.relatedEntityType', 'tenant');
  else w.orWhere((x) => tenantDocumentInScope(db, x.where('documents.relatedEntityType', 'tenant'), ids(db, user)));
}

/**
 * Documents the user sees: those it uploaded and attached to nothing, and those attached to a
 * record in its scope. An attached document goes with its record: its uploader loses it with the
 * record (an agent gone to another agency, an agency that no longer manages the property).
 */
export function scopeDocuments(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  if (roleOf(user) === 'inquilino') return scopeTenantDocuments(db, qb, user);
  return qb.where((w) => {
    w.where((x) => x.where('documents.uploadedByUserId', user.id).whereNull('documents.relatedEntityType'));
    attachedInScope(db, w, user, visiblePropertyIds);
  });
}

/**
 * Documents a tenant sees, as its portal shows them: those of its own contracts (the contract's
 * page, its rent update notices) and the photos of the incidents it sees; never another tenant's
 * contract in the same building.
 */
export function scopeTenantDocuments(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  const incidents = scopeIncidents(db, db('incidents').select('incidents.id'), user);
  return qb.where((w) =>
    w
      .where((x) => x.where('documents.relatedEntityType', 'contract').whereIn('documents.relatedEntityId', tenantContractIds(db, user)))
      .orWhere((x) => x.where('documents.relatedEntityType', 'incident').whereIn('documents.relatedEntityId', incidents).whereIn('documents.fileType', [...INCIDENT_PHOTO_TYPES])),
  );
}

/** Documents the user may delete: attached to a record it may manage, or uploaded by it and attached to nothing. */
export function scopeDeletableDocuments(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  return qb.where((w) => {
    w.where((x) => x.where('documents.uploadedByUserId', user.id).whereNull('documents.relatedEntityType'));
    attachedInScope(db, w, user, manageablePropertyIds);
  });
}

/** The audited tables whose rows 'Actividad Reciente' shows. */
export const ACTIVITY_TABLES = ['main_properties', 'contracts', 'incidents', 'transactions'] as const;
export type ActivityTable = (typeof ACTIVITY_TABLES)[number];

/**
 * Audit-log rows (table audit_log) about properties, contracts, incidents and transactions the user
 * may see now, plus the properties it deleted itself (they no longer exist to be scoped).
 */
export function scopeAuditLog(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  const asText = (column: string) => db.raw('??::text', [column]);
  const ids: Record<ActivityTable, Knex.QueryBuilder> = {
    main_properties: scopeProperties(db, db('main_properties').select(asText('main_properties.id')), user),
    contracts: scopeContracts(db, db('contracts').select(asText('contracts.id')), user),
    incidents: scopeIncidents(db, db('incidents').select(asText('incidents.id')), user),
    transactions: scopeTransactions(db, db('transactions').select(asText('transactions.id')), user),
  };
  return qb.whereIn('audit_log.tableName', ACTIVITY_TABLES).where((w) => {
    for (const table of ACTIVITY_TABLES) w.orWhere((t) => t.where('audit_log.tableName', table).whereIn('audit_log.recordId', ids[table]));
    w.orWhere((t) => t.where({ 'audit_log.tableName': 'main_properties', 'audit_log.action': 'delete', 'audit_log.userId': user.id }));
  });
}

/**
 * Leads (table leads): an agency's staff see the agency's; an owner those about its own properties,
 * whoever manages them, and a delegate those of its principals (issue 32: every lead reaches a
 * person); the super admin every one; a tenant none.
 */
export function scopeLeads(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  switch (roleOf(user)) {
    case 'super_admin':
      return qb;
    case 'admin_agencia':
    case 'agente':
      return qb.where('leads.agencyId', user.agencyId ?? -1);
    case 'propietario_individual':
    case 'propietario_delegado':
      return qb.whereIn(
        'leads.listingId',
        db('unit_listings')
          .join('rentable_units', 'rentable_units.id', 'unit_listings.rentableUnitId')
          .select('unit_listings.id')
          .whereIn('rentable_units.mainPropertyId', visiblePropertyIds(db, user) ?? db('main_properties').select('id')),
      );
    default:
      return qb.whereRaw('false');
  }
}

/** Visits (joined with rentable_units): those on the agency's properties for its staff, every one for the super admin. */
export function scopeVisits(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  const role = roleOf(user);
  if (role === 'super_admin') return qb;
  if (role !== 'admin_agencia' && role !== 'agente') return qb.whereRaw('false');
  return whereIn(qb, 'rentable_units.mainPropertyId', visiblePropertyIds(db, user));
}

/**
 * Owners whose whole portfolio the user may report on, as a subquery of user ids (column `id`); null means any
 * owner (super admin). A delegate reports on its principals, an owner on itself; an agency sees
 * only the properties it manages of an owner, so it gets none.
 */
export function reportableOwnerIds(db: Db, user: User): Knex.QueryBuilder | null {
  switch (roleOf(user)) {
    case 'super_admin':
      return null;
    case 'propietario_delegado':
      return db('owner_delegations').select('ownerUserId as id').where('delegateUserId', user.id);
    case 'propietario_individual':
      return db('users').select('id').where('id', user.id);
    default:
      return db('users').select('id').whereRaw('false');
  }
}

/** Delegations (table owner_delegations): an owner sees those it granted, a delegate those it holds, the super admin all. */
export function scopeDelegations(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  switch (roleOf(user)) {
    case 'super_admin':
      return qb;
    case 'propietario_individual':
      return qb.where('owner_delegations.ownerUserId', user.id);
    case 'propietario_delegado':
      return qb.where('owner_delegations.delegateUserId', user.id);
    default:
      return qb.whereRaw('false');
  }
}

/** Maintenance tasks or plans (table `table`): those on properties the user may see. */
export function scopeMaintenance(db: Db, qb: Knex.QueryBuilder, user: User, table: 'maintenance_tasks' | 'maintenance_plans'): Knex.QueryBuilder {
  return whereIn(qb, `${table}.mainPropertyId`, visiblePropertyIds(db, user));
}

/** Providers: an owner's own, an agency's for its staff, every one for the super admin. */
export function scopeProviders(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  switch (roleOf(user)) {
    case 'super_admin':
      return qb;
    case 'propietario_individual':
      return qb.where('providers.ownerUserId', user.id);
    case 'admin_agencia':
    case 'agente':
      return qb.where('providers.agencyId', user.agencyId ?? -1);
    default:
      return qb.whereRaw('false');
  }
}

/** Agencies (table agencies): every one for the super admin, its own for the agency manager, none for anyone else. */
export function scopeAgencies(db: Db, qb: Knex.QueryBuilder, user: User): Knex.QueryBuilder {
  switch (roleOf(user)) {
    case 'super_admin':
      return qb;
    case 'admin_agencia':
      return qb.where('agencies.id', user.agencyId ?? -1);
    default:
      return qb.whereRaw('false');
  }
}
