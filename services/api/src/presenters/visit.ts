import type { Visit, VisitStatus, VisitType } from '@arrendia/api-contract';

/** A visits row with its unit, property and agent (see queries/pipelineRows). */
export interface VisitRow {
  id: number;
  leadId: number | null;
  contactName: string;
  contactPhone: string | null;
  contactEmail: string | null;
  startsAt: Date | string;
  endsAt: Date | string;
  status: VisitStatus;
  visitType: VisitType;
  notes: string | null;
  rentableUnitId: number;
  unitName: string;
  propertyId: number;
  propertyName: string;
  addressStreet: string;
  addressNumber: string | null;
  city: string;
  agentUserId: number;
  agentFirstName: string | null;
  agentLastName: string | null;
}

export function presentVisit(row: VisitRow): Visit {
  return {
    id: row.id,
    leadId: row.leadId,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    status: row.status,
    visitType: row.visitType,
    notes: row.notes,
    unit: { id: row.rentableUnitId, unitName: row.unitName },
    property: { id: row.propertyId, propertyName: row.propertyName, address: [`${row.addressStreet} ${row.addressNumber ?? ''}`.trim(), row.city].join(', ') },
    agent: { id: row.agentUserId, firstName: row.agentFirstName, lastName: row.agentLastName },
  };
}
