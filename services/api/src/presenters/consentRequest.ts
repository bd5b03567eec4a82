import type { ConsentRequest, ConsentRequestKind } from '@arrendia/api-contract';

const isoInstant = (value: Date | string) => new Date(value).toISOString();

/** A consent_requests row with its owner's name, the agency's and the property's (queries/consentRequests.ts). */
export interface ConsentRequestRow {
  id: number;
  kind: ConsentRequestKind;
  status: ConsentRequest['status'];
  requestedByUserId: number;
  ownerUserId: number;
  email: string | null;
  agencyId: number | null;
  mainPropertyId: number | null;
  createdAt: Date | string;
  respondedAt: Date | string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  nombreAgencia: string | null;
  propertyName: string | null;
  city: string | null;
}

/** A consent request as both sides read it. */
export function presentConsentRequest(row: ConsentRequestRow): ConsentRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    owner: { id: row.ownerUserId, firstName: row.ownerFirstName, lastName: row.ownerLastName },
    email: row.email,
    agency: row.agencyId === null ? null : { id: row.agencyId, nombreAgencia: row.nombreAgencia ?? '' },
    property: row.mainPropertyId === null ? null : { id: row.mainPropertyId, propertyName: row.propertyName ?? '', city: row.city ?? '' },
    createdAt: isoInstant(row.createdAt),
    respondedAt: row.respondedAt === null ? null : isoInstant(row.respondedAt),
  };
}

