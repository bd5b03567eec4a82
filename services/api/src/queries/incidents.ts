import { INCIDENT_PHOTO_TYPES, type INCIDENT_SORTS, type IncidentPriority, type IncidentStatus, type ListSort } from '@arrendia/api-contract';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { listOrder, orderedBy, type PageOrder, type SortColumn } from '../pagination';
import { loadInScope } from '../policies/inScope';
import { factsInListOrder, scopeIncidents } from '../policies/scope';
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

/** The incident's detail record (with its assignee) and its audited history, oldest first; 404 outside the user's scope. */
export async function findIncidentDetail(db: Db, user: User, id: number): Promise<{ row: IncidentRow; history: IncidentAuditRow[] }> {
  const row = await loadInScope<IncidentRow>(
    incidentRows(db, user)
      .leftJoin('users as assignee', 'assignee.id', 'incidents.assignedToUserId')
      .select('assignee.firstName as assigneeFirstName', 'assignee.lastName as assigneeLastName')
      .where('incidents.id', id),
    { notFound: INCIDENT_NOT_FOUND },
  );
  const history: IncidentAuditRow[] = await db('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.userId')
    .select('audit_log.id', 'audit_log.action', 'audit_log.changedAt', 'audit_log.userId', 'audit_log.oldValues', 'audit_log.newValues', 'users.firstName', 'users.lastName')
    .where({ 'audit_log.tableName': 'incidents', 'audit_log.recordId': String(id) })
    .orderBy([
      { column: 'audit_log.changedAt', order: 'asc' },
      { column: 'audit_log.id', order: 'asc' },
    ]);
  return { row, history };
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
