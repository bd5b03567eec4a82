import { z } from 'zod';
import { PageQuerySchema, PersonSchema } from './common';

/**
 * Consent requests (issue 30): a relationship one party asks of another, which binds nobody until
 * that party accepts it: an owner's delegation ('delegation', to a propietario_delegado named by
 * email) and an owner's request that an agency manage a property ('agency_management').
 */
export const CONSENT_REQUESTS_PATH = '/api/consent-requests';

export const CONSENT_REQUEST_KINDS = ['delegation', 'agency_management'] as const;
export type ConsentRequestKind = (typeof CONSENT_REQUEST_KINDS)[number];

export const CONSENT_REQUEST_STATUSES = ['Pendiente', 'Aceptada', 'Rechazada', 'Cancelada'] as const;
export type ConsentRequestStatus = (typeof CONSENT_REQUEST_STATUSES)[number];

/** What a user reads of each kind, from the side that receives it. */
export const CONSENT_REQUEST_LABELS: Readonly<Record<ConsentRequestKind, string>> = {
  delegation: 'Gestión de cartera',
  agency_management: 'Gestión de propiedad',
};

/**
 * `GET /api/consent-requests?direction=&kind=&status=&page=&pageSize=`: those the user must answer
 * (incoming, the default: pending ones only) or those it made (outgoing), narrowed by kind and
 * status, paged.
 */
export const ConsentRequestsListQuerySchema = PageQuerySchema.extend({
  direction: z.enum(['incoming', 'outgoing']).default('incoming'),
  kind: z.enum(CONSENT_REQUEST_KINDS).optional(),
  status: z.enum(CONSENT_REQUEST_STATUSES).optional(),
});

/** One request as either side reads it. `email` is the delegate's as the owner typed it; the agency and property only for 'agency_management'. */
export const ConsentRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONSENT_REQUEST_KINDS),
  status: z.enum(CONSENT_REQUEST_STATUSES),
  owner: PersonSchema,
  email: z.string().nullable(),
  agency: z.object({ id: z.number().int(), nombreAgencia: z.string() }).nullable(),
  property: z.object({ id: z.number().int(), propertyName: z.string(), city: z.string() }).nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type ConsentRequest = z.infer<typeof ConsentRequestSchema>;

export const CONSENT_REQUEST_NOT_PENDING = 'Esta solicitud ya no está pendiente';
