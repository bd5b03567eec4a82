import { INCIDENT_PHOTO_TYPES, type INCIDENT_SORTS, type IncidentPriority, type IncidentStatus, type ListSort } from '@arrendia/api-contract';
import { roleNamesOf } from '@arrendia/permissions';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { loadInScope } from '../policies/inScope';
import { factsInListOrder, manageablePropertyIds, scopeIncidents } from '../policies/scope';
import type { IncidentAuditRow, IncidentCommentRow, IncidentRow } from '../presenters/incident';
import { madridDayBounds } from './dashboardMetrics';
import { incidentRecords, incidentRows } from './portfolioRows';
import { whereContains } from './textSearch';

type IncidentSort = (typeof INCIDENT_SORTS)[number];

type Db = Knex | Knex.Transaction;

export const INCIDENT_NOT_FOUND = 'No se ha encontrado la incidencia';

export interface IncidentInScope {
  id: number;
  title: string;
  contractId: number | null;
  reportedByUserId: number | null;
  propertyId: number;
}

/** The incident if the user sees it (its reporter or a tenant of its contract; the property's staff); otherwise 404. */
export async function loadIncidentInScope(db: Db, user: User, id: number, lock = false): Promise<IncidentInScope> {
  const query = db('incidents')
    .join('rentable_units', 'rentable_units.id', 'incidents.rentableUnitId')
    .where('incidents.id', id)
    .select('incidents.id', 'incidents.title', 'incidents.contractId', 'incidents.reportedByUserId', 'rentable_units.mainPropertyId as propertyId');
  return loadInScope<IncidentInScope>(query, {
    scope: (q) => scopeIncidents(db, q, user),
    lock: lock ? 'incidents' : undefined,
    notFound: INCIDENT_NOT_FOUND,
  });
}

export interface IncidentFilters {
  status?: IncidentStatus;
  priority?: IncidentPriority;
  propertyId?: number;
  /** Words of the title or description. */
  q?: string;
  /** Reported on or after / on or before these Madrid days. */
  from?: string;
  to?: string;
  sort?: ListSort<IncidentSort> | null;
}

/** The column of each sortable field of the list (api-contract INCIDENT_SORTS). */
const INCIDENT_SORT_COLUMNS: Record<IncidentSort, SortColumn> = {
  createdAt: 'incidents.createdAt',
  title: { text: 'incidents.title' },
  updatedAt: 'incidents.updatedAt',
};

/**
 * The incidents list, newest first unless sorted, as paginate reads it: the rows, their count
 * and, for the roles whose scope is not read in list order, the narrow by id.
 */
export function incidentListPage(db: Db, user: User, { status, priority, propertyId, q, from, to, sort }: IncidentFilters) {
  const filtered = (qb: Knex.QueryBuilder) => {
    if (status) qb.where('incidents.status', status);
    if (priority) qb.where('incidents.priority', priority);
    if (propertyId) qb.where('incidents.mainPropertyId', propertyId);
    if (q) whereContains(qb, db, ['incidents.title', 'incidents.description'], q);
    if (from) qb.where('incidents.createdAt', '>=', madridDayBounds(from).start);
    if (to) qb.where('incidents.createdAt', '<', madridDayBounds(to).end);
    return qb;
  };
  const query = filtered(incidentRows(db, user));
  // Counted on incidents alone: scope and filters read its own columns.
  const count = filtered(scopeIncidents(db, db('incidents'), user));
  const newestFirst: PageOrder[] = [
    { column: 'incidents.createdAt', order: 'desc' },
    { column: 'incidents.id', order: 'desc' },
  ];
  const order = listOrder(sort, INCIDENT_SORT_COLUMNS, newestFirst, 'incidents.id');
  orderedBy(query, order);
  const narrow = factsInListOrder(user) ? undefined : { key: 'incidents.id', order, rows: incidentRecords(db) };
  return { query, count, narrow };
}

/** One incident's list record, if the user sees it. */
export function findIncidentRow(db: Db, user: User, id: number): Promise<IncidentRow> {
  return loadInScope<IncidentRow>(incidentRows(db, user).where('incidents.id', id), { notFound: INCIDENT_NOT_FOUND });
}

/**
 * The incident's detail record (with its assignee, person or provider, and the expense its final
 * cost was recorded as) and its history, oldest first: its own audited changes and the creation of
 * the maintenance tasks made for it. 404 outside the user's scope.
 */
export async function findIncidentDetail(db: Db, user: User, id: number): Promise<{ row: IncidentRow; history: IncidentAuditRow[] }> {
  const row = await loadInScope<IncidentRow>(
    incidentRows(db, user)
      .leftJoin('users as assignee', 'assignee.id', 'incidents.assignedToUserId')
      .leftJoin('providers as assignedProvider', 'assignedProvider.id', 'incidents.assignedProviderId')
      .leftJoin('transactions as expense', 'expense.id', 'incidents.expenseTransactionId')
      .select(
        'assignee.firstName as assigneeFirstName',
        'assignee.lastName as assigneeLastName',
        'assignedProvider.name as providerName',
        'assignedProvider.trade as providerTrade',
        'expense.amount as expenseAmount',
        'expense.transactionDate as expenseDate',
      )
      .where('incidents.id', id),
    { notFound: INCIDENT_NOT_FOUND },
  );
  // A task created for the incident (POST /api/maintenance/tasks with its incidentId): its creation row, read by the record index.
  const tasksOf = db('maintenance_tasks').where('incidentId', id).select(db.raw('cast("id" as varchar)'));
  const history: IncidentAuditRow[] = await db('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.userId')
    .select('audit_log.id', 'audit_log.tableName', 'audit_log.recordId', 'audit_log.action', 'audit_log.changedAt', 'audit_log.userId', 'audit_log.oldValues', 'audit_log.newValues', 'users.firstName', 'users.lastName')
    .where((q) =>
      q
        .where({ 'audit_log.tableName': 'incidents', 'audit_log.recordId': String(id) })
        .orWhere((task) =>
          task
            .where({ 'audit_log.tableName': 'maintenance_tasks', 'audit_log.action': 'create' })
            .whereIn('audit_log.recordId', tasksOf)
            .whereRaw(`"audit_log"."newValues"->>'incidentId' = ?`, [String(id)]),
        ),
    )
    .orderBy([
      { column: 'audit_log.changedAt', order: 'asc' },
      { column: 'audit_log.id', order: 'asc' },
    ]);
  return { row, history };
}

/** The property an incident hangs off, as its assignees are chosen: its owner and its managing agency. */
export interface IncidentProperty {
  ownerUserId: number;
  managerAgencyId: number | null;
}

/**
 * The people an incident of this property may be assigned to: active users who are its owner, a
 * delegate of its owner, or an admin or agent of its agency (an active one), by name.
 */
export function incidentStaff(db: Db, { ownerUserId, managerAgencyId }: IncidentProperty): Knex.QueryBuilder {
  return db('users')
    .join('roles', 'roles.id', 'users.roleId')
    .where('users.isActive', true)
    .where((q) => {
      q.where((owner) => owner.where('users.id', ownerUserId).whereIn('roles.roleName', roleNamesOf('propietario_individual'))).orWhere((delegate) =>
        delegate.whereIn('users.id', db('owner_delegations').select('delegateUserId').where('ownerUserId', ownerUserId)).whereIn('roles.roleName', roleNamesOf('propietario_delegado')),
      );
      if (managerAgencyId !== null) {
        q.orWhere((staff) =>
          staff
            .where('users.agencyId', managerAgencyId)
            .whereIn('users.agencyId', db('agencies').select('id').where('isActive', true))
            .whereIn('roles.roleName', [...roleNamesOf('admin_agencia'), ...roleNamesOf('agente')]),
        );
      }
    })
    .select('users.id', 'users.firstName', 'users.lastName', 'roles.roleName')
    .orderBy([{ column: 'users.lastName' }, { column: 'users.firstName' }, { column: 'users.id' }]);
}

/** The maintenance providers an incident of this property may be assigned to: the active ones of its owner or of its agency, by name. */
export function incidentProviders(db: Db, { ownerUserId, managerAgencyId }: IncidentProperty): Knex.QueryBuilder {
  return db('providers')
    .where('providers.isActive', true)
    .where((q) => {
      q.where('providers.ownerUserId', ownerUserId);
      if (managerAgencyId !== null) q.orWhere('providers.agencyId', managerAgencyId);
    })
    .select('providers.id', 'providers.name', 'providers.trade')
    .orderBy([{ column: 'providers.name' }, { column: 'providers.id' }]);
}

/** An incident the user manages, with its property's owner and agency (404 otherwise): whom it may be assigned to. */
export function loadIncidentProperty(db: Db, user: User, id: number): Promise<IncidentInScope & IncidentProperty> {
  const manageable = manageablePropertyIds(db, user);
  const query = db('incidents')
    .join('main_properties', 'main_properties.id', 'incidents.mainPropertyId')
    .where('incidents.id', id)
    .select('incidents.id', 'incidents.title', 'incidents.contractId', 'incidents.reportedByUserId', 'main_properties.id as propertyId', 'main_properties.ownerUserId', 'main_properties.managerAgencyId');
  if (manageable) query.whereIn('main_properties.id', manageable);
  return loadInScope(query, { notFound: INCIDENT_NOT_FOUND });
}

/** An incident photo: the documents row the photo list and the image read. */
export interface IncidentPhotoRow {
  id: number;
  fileName: string;
  filePath: string;
  fileType: string;
  fileSizeKb: number;
  createdAt: Date | string;
  relatedEntityId: number;
}

/** The photos (JPG or PNG documents) of an incident whose scope the caller has checked. */
function photos(db: Db, incidentId: number): Knex.QueryBuilder {
  return db('documents').where({ relatedEntityType: 'incident', relatedEntityId: incidentId }).whereIn('fileType', INCIDENT_PHOTO_TYPES as unknown as string[]);
}

/** The photos of an incident the user sees, oldest first; 404 for an incident out of scope. */
export async function incidentPhotos(db: Db, user: User, incidentId: number): Promise<IncidentPhotoRow[]> {
  const incident = await loadIncidentInScope(db, user, incidentId);
  return photos(db, incident.id).orderBy('id');
}

/** One photo of an incident the user sees; 404 for an incident out of scope or any other document. */
export async function findIncidentPhoto(db: Db, user: User, incidentId: number, photoId: number): Promise<IncidentPhotoRow> {
  const incident = await loadIncidentInScope(db, user, incidentId);
  return loadInScope<IncidentPhotoRow>(photos(db, incident.id).where('id', photoId), { notFound: 'No se ha encontrado la foto' });
}

/** The comments of an incident the user sees, oldest first, with their authors; 404 for an incident out of scope. */
export async function incidentComments(db: Db, user: User, incidentId: number): Promise<IncidentCommentRow[]> {
  const incident = await loadIncidentInScope(db, user, incidentId);
  return db('incident_comments')
    .leftJoin('users', 'users.id', 'incident_comments.userId')
    .leftJoin('roles', 'roles.id', 'users.roleId')
    .where('incident_comments.incidentId', incident.id)
    .orderBy([{ column: 'incident_comments.createdAt' }, { column: 'incident_comments.id' }])
    .select('incident_comments.id', 'incident_comments.content', 'incident_comments.createdAt', 'incident_comments.userId', 'users.firstName', 'users.lastName', 'roles.roleName');
}
