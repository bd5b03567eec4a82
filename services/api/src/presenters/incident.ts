import {
  INCIDENT_STATUSES,
  type Incident,
  type IncidentCategory,
  type IncidentComment,
  type IncidentDetail,
  type IncidentHistoryEntry,
  type IncidentListItem,
  type IncidentPhoto,
  type IncidentPriority,
  type IncidentStatus,
  type Person,
} from '@arrendia/api-contract';
import { isoDay } from './dates';

/** An incidents row joined with its unit, property, reporter and (for the detail) assignee. */
export interface IncidentRow {
  id: number;
  rentableUnitId: number;
  contractId: number | null;
  reportedByUserId: number | null;
  assignedToUserId: number | null;
  assignedProviderId: number | null;
  expenseTransactionId: number | null;
  incidentCategory: IncidentCategory;
  title: string;
  description: string;
  status: IncidentStatus;
  priority: IncidentPriority;
  costEstimate: string | null;
  finalCost: string | null;
  resolutionNotes: string | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  unitName: string;
  propertyId: number;
  propertyName: string;
  reporterFirstName: string | null;
  reporterLastName: string | null;
  assigneeFirstName?: string | null;
  assigneeLastName?: string | null;
  providerName?: string | null;
  providerTrade?: string | null;
  expenseAmount?: string | null;
  expenseDate?: Date | string | null;
}

/** An audit_log row of an incident (or of a maintenance task created for it) joined with its author's name. */
export interface IncidentAuditRow {
  id: number;
  tableName: string;
  recordId: string;
  action: string;
  changedAt: Date;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentIncident(row: IncidentRow): Incident {
  return {
    id: row.id,
    rentableUnitId: row.rentableUnitId,
    contractId: row.contractId,
    reportedByUserId: row.reportedByUserId,
    assignedToUserId: row.assignedToUserId,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    incidentCategory: row.incidentCategory,
    costEstimate: row.costEstimate,
    finalCost: row.finalCost,
    resolutionNotes: row.resolutionNotes,
    closedAt: row.closedAt ? iso(row.closedAt) : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The incident list record of spec §3: incident, unit, property, reporter. */
export function presentIncidentListItem(row: IncidentRow): IncidentListItem {
  return {
    incident: presentIncident(row),
    unit: { id: row.rentableUnitId, unitName: row.unitName },
    property: { id: row.propertyId, propertyName: row.propertyName },
    reporter: row.reportedByUserId === null ? null : { firstName: row.reporterFirstName, lastName: row.reporterLastName },
  };
}

const statusIn = (values: Record<string, unknown> | null): IncidentStatus | null =>
  values && (INCIDENT_STATUSES as readonly unknown[]).includes(values.status) ? (values.status as IncidentStatus) : null;

export function presentIncidentHistoryEntry(row: IncidentAuditRow): IncidentHistoryEntry {
  const user: Person | null = row.userId === null ? null : { id: row.userId, firstName: row.firstName, lastName: row.lastName };
  return {
    id: row.id,
    action: row.action,
    changedAt: iso(row.changedAt),
    user,
    oldStatus: statusIn(row.oldValues),
    newStatus: statusIn(row.newValues),
    changedFields: row.action === 'update' ? Object.keys(row.newValues ?? {}) : [],
    task: row.tableName === 'maintenance_tasks' ? { id: Number(row.recordId), title: String(row.newValues?.title ?? '') } : null,
  };
}

/**
 * The list record plus assignee (a person or a provider), the expense and history
 * (IncidentDetailSchema). The expense is the property's money: only for whom `seesMoney`.
 */
export function presentIncidentDetail(row: IncidentRow, history: IncidentAuditRow[], { seesMoney }: { seesMoney: boolean }): IncidentDetail {
  return {
    ...presentIncidentListItem(row),
    assignee:
      row.assignedToUserId === null ? null : { id: row.assignedToUserId, firstName: row.assigneeFirstName ?? null, lastName: row.assigneeLastName ?? null },
    assignedProvider: row.assignedProviderId === null ? null : { id: row.assignedProviderId, name: row.providerName ?? '', trade: row.providerTrade ?? '' },
    expense:
      seesMoney && row.expenseTransactionId !== null && row.expenseAmount != null && row.expenseDate != null
        ? { id: row.expenseTransactionId, amount: row.expenseAmount, transactionDate: isoDay(row.expenseDate) }
        : null,
    history: history.map(presentIncidentHistoryEntry),
  };
}

/** Where an incident photo's image is served (GET /api/incidents/:id/photos/:photoId). */
const incidentPhotoUrl = (incidentId: number, photoId: number) => `/api/incidents/${incidentId}/photos/${photoId}`;

/** An incident photo as the incident's gallery reads it. */
export function presentIncidentPhoto(row: { id: number; fileName: string; fileSizeKb: number; createdAt: Date | string; relatedEntityId: number }): IncidentPhoto {
  return {
    id: row.id,
    fileName: row.fileName,
    fileSizeKb: row.fileSizeKb,
    createdAt: new Date(row.createdAt).toISOString(),
    url: incidentPhotoUrl(row.relatedEntityId, row.id),
  };
}

/** A comment with its author, joined to its author's name and role. */
export interface IncidentCommentRow {
  id: number;
  content: string;
  createdAt: Date | string;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  roleName: string | null;
}

/** A comment with its author (null once the author's account is gone). */
export function presentIncidentComment(row: IncidentCommentRow): IncidentComment {
  return {
    id: row.id,
    content: row.content,
    createdAt: new Date(row.createdAt).toISOString(),
    author: row.userId === null ? null : { id: row.userId, firstName: row.firstName, lastName: row.lastName, roleName: row.roleName },
  };
}
