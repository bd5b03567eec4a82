import type { Lead, LeadPriority, LeadStatus } from '@arrendia/api-contract';

/** A leads row with its listing, unit, property and assigned agent (see queries/pipelineRows). */
export interface LeadRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  status: LeadStatus;
  priority: LeadPriority;
  notes: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  listingId: number;
  listingTitle: string;
  unitId: number;
  unitName: string;
  propertyId: number;
  propertyName: string;
  assignedAgentUserId: number | null;
  agentFirstName: string | null;
  agentLastName: string | null;
}

export function presentLead(row: LeadRow): Lead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    status: row.status,
    priority: row.priority,
    notes: row.notes,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    listing: { id: row.listingId, title: row.listingTitle },
    unit: { id: row.unitId, unitName: row.unitName },
    property: { id: row.propertyId, propertyName: row.propertyName },
    assignedAgent: row.assignedAgentUserId === null ? null : { id: row.assignedAgentUserId, firstName: row.agentFirstName, lastName: row.agentLastName },
  };
}
