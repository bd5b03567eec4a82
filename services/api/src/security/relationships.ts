/**
 * The authorization matrix's relationship dimension (issue 30, point 2): every field of a write
 * route's body that names another person or organisation (a user, an agency, a provider, an email)
 * and what stops it from binding that party without its consent.
 *
 * authorizationMatrix.test.ts reads the body schema of every route of the real router (the one its
 * `validate` middleware checks), finds the fields that name a party (PARTY_FIELD) and requires an
 * entry here for each, so a new route or field that names someone fails until it says how it is
 * checked. A `variant` entry is proved by the matrix itself: the route's mass-assignment case for
 * that field sends a party unrelated to the caller, and every caller past the gate must be refused
 * (4xx, nothing written: the case's guard) unless `binds` names it.
 */
import type { z } from 'zod';
import type { ActorKey } from './world';

/** Field names that name a party: user ids, agency and provider ids, email addresses. */
export const PARTY_FIELD = /(^|[a-z])(UserIds?|userIds?|AgencyId|agencyId|ProviderId|providerId|Email|email)$/;

export type Relationship =
  /**
   * Proved by MATRIX[route]'s cases that name an unrelated party: those with that variant (a body
   * field naming one), or on targets ending in `target`, or else on the targets the caller does not
   * see. Each is refused (4xx, the guards unchanged) for every caller past the gate but `binds`.
   */
  | { check: 'refused'; variant?: string; target?: string; binds?: readonly ActorKey[]; why: string }
  /** Proved by MATRIX[route]'s variant cases: the answer is a success, and its `verify` finds the caller's own account stored, not the party named. */
  | { check: 'ignored'; variant: string; why: string }
  /** The field asks the named party for consent and binds nobody until it accepts (proved by the route's own cases). */
  | { check: 'consent'; why: string }
  /** Only the super admin passes the route's gate: the platform's operator administers every account. */
  | { check: 'admin'; why: string }
  /** The field names the caller itself, contact details that bind no account, or is no party at all. */
  | { check: 'self'; why: string };

export const RELATIONSHIPS: Readonly<Record<string, Readonly<Record<string, Relationship>>>> = {
  'POST /api/auth/register': { email: { check: 'self', why: 'the new account’s own address' } },
  'POST /api/auth/login': { email: { check: 'self', why: 'the caller’s own account' } },
  'POST /api/auth/password-reset': { email: { check: 'self', why: 'the account of whoever asks: the link goes only to that address, and the answer is the same for any address' } },
  'POST /api/contracts': {
    tenantUserIds: { check: 'refused', variant: 'tenantUserIds', binds: ['super'], why: 'only tenants of the landlord side’s own contracts; anyone else through an invitation they accept' },
  },
  'POST /api/conversations': {
    participantUserIds: { check: 'refused', why: 'only the caller’s contacts (policies/conversation.ts): the targets it has no relationship with' },
  },
  'POST /api/delegations': { delegateEmail: { check: 'consent', why: 'a consent request to that email; owner_delegations is written when the delegate accepts' } },
  'PATCH /api/incidents/:id': {
    assignedToUserId: { check: 'refused', variant: 'assignedToUserId', why: 'the assignee is the property’s staff, never someone else' },
    assignedProviderId: { check: 'refused', variant: 'assignedProviderId', why: 'a provider of the property’s owner or agency, never another account’s' },
  },
  'PATCH /api/leads/:id': { assignedAgentUserId: { check: 'refused', variant: 'assignedAgentUserId', why: 'an agent of the lead’s own agency' } },
  'POST /api/imports': {
    forUserId: { check: 'refused', variant: 'forUserId', binds: ['super'], why: 'the account the rows go to: the caller’s own; only the super admin names an owner or agency manager' },
    agencyId: { check: 'refused', variant: 'agencyId', binds: ['super'], why: 'the caller’s own agency; only the super admin imports into another agency' },
  },
  'POST /api/maintenance/tasks': { providerId: { check: 'refused', target: '+foreignProvider', binds: ['super'], why: 'a provider of the caller’s own account' } },
  'POST /api/maintenance/plans': { providerId: { check: 'refused', target: '+foreignProvider', binds: ['super'], why: 'a provider of the caller’s own account' } },
  'PATCH /api/maintenance/plans/:id': { providerId: { check: 'refused', target: '+foreignProvider', binds: ['super'], why: 'a provider of the caller’s own account' } },
  'PATCH /api/providers/:id': { email: { check: 'self', why: 'the provider’s contact address; binds no account' } },
  'PUT /api/properties/:id/agent': { agentUserId: { check: 'refused', variant: 'agentUserId', why: 'an active agent of the agency that manages the property: the manager assigns its own staff' } },
  'PUT /api/properties/:id/agency': {
    managerAgencyId: { check: 'consent', why: 'the owner’s or delegate’s choice is a request the agency accepts; the super admin binds it (units.test.ts proves both)' },
  },
  'POST /api/properties': {
    ownerUserId: { check: 'refused', variant: 'ownerUserId', binds: ['super'], why: 'an owner its own, a delegate its principals, an agency the owners of its portfolio' },
    managerAgencyId: { check: 'consent', why: 'an owner’s or a delegate’s choice is a request the agency accepts; agency staff only their own agency (variant managerAgencyId)' },
  },
  'POST /api/providers': {
    agencyId: { check: 'ignored', variant: 'agencyId', why: 'a provider belongs to the caller’s own account; only the super admin names another' },
    ownerUserId: { check: 'ignored', variant: 'ownerUserId', why: 'a provider belongs to the caller’s own account; only the super admin names another' },
    email: { check: 'self', why: 'the provider’s contact address; binds no account' },
  },
  'POST /api/units/:id/listing': { contactEmail: { check: 'self', why: 'the address the advert shows for contact (the publisher’s by default); binds no account' } },
  'PATCH /api/listings/:id': { contactEmail: { check: 'self', why: 'the address the advert shows for contact; binds no account' } },
  'POST /api/owner-invitations': { email: { check: 'consent', why: 'the invitation itself: the owner joins the agency’s portfolio only when that person accepts' } },
  'POST /api/public/leads': { email: { check: 'self', why: 'the visitor’s own contact address; binds no account' } },
  'POST /api/reports': { ownerUserId: { check: 'refused', target: 'principal B', binds: ['super', 'ownerB'], why: 'whose portfolio: the caller’s own or a principal’s (reportableOwnerIds)' } },
  'POST /api/tenant-invitations': { email: { check: 'consent', why: 'the invitation itself: the contract gains a tenant only when that person accepts' } },
  'POST /api/users': {
    email: { check: 'admin', why: 'the super admin creates the account that address belongs to' },
    agencyId: { check: 'admin', why: 'the super admin places agency staff in their agency' },
  },
  'PATCH /api/users/:id': { agencyId: { check: 'admin', why: 'the super admin moves staff between agencies' } },
  'PATCH /api/users/:id/role': { agencyId: { check: 'admin', why: 'the super admin places staff in their agency with their role' } },
  'PATCH /api/settings/preferences': { 'notifications.email': { check: 'self', why: 'a notification channel switch of the caller’s own; names nobody' } },
  'PUT /api/settings/profile': { email: { check: 'self', why: 'the caller’s own address' } },
  'POST /api/visits': {
    agentUserId: { check: 'refused', variant: 'agentUserId', why: 'an agent of the visit’s agency' },
    contactEmail: { check: 'self', why: 'the visitor’s contact address; binds no account' },
  },
};

/** The top-level and nested field paths of a zod body schema (objects, unions, pipes and wrappers unwrapped). */
export function fieldPaths(schema: z.ZodType, prefix = ''): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(shape).flatMap(([key, child]) => [`${prefix}${key}`, ...fieldPaths(child, `${prefix}${key}.`)]);
    }
    case 'pipe':
      return [...new Set([...fieldPaths(def.in as z.ZodType, prefix), ...fieldPaths(def.out as z.ZodType, prefix)])];
    case 'union':
      return [...new Set((def.options as z.ZodType[]).flatMap((option) => fieldPaths(option, prefix)))];
    case 'intersection':
      return [...new Set([...fieldPaths(def.left as z.ZodType, prefix), ...fieldPaths(def.right as z.ZodType, prefix)])];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fieldPaths(def.innerType as z.ZodType, prefix);
    case 'array':
      return fieldPaths(def.element as z.ZodType, prefix);
    default:
      return [];
  }
}

/** The fields of a body schema that name a party (the last segment of the path decides). */
export const partyFields = (schema: z.ZodType): string[] => fieldPaths(schema).filter((path) => PARTY_FIELD.test(path.split('.').pop()!));
