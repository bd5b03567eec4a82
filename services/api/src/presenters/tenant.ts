import type { ContractStatus, TenantInvitation, TenantInvitationPreview, TenantRow, TenantStatus } from '@arrendia/api-contract';
import { isoDay } from './dates';

/** A tenant joined to one of its contracts, the contract's unit and property (queries/tenants). */
export interface TenantListRow {
  tenantId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  telefono: string | null;
  erasedAt: Date | string | null;
  contractId: number;
  contractCode: string;
  status: ContractStatus;
  rentAmount: string;
  startDate: Date | string;
  unitId: number;
  unitName: string;
  propertyId: number;
  propertyName: string;
}

const STATUS_OF: Record<string, TenantStatus> = { Activo: 'Activo', Pendiente: 'Pendiente', Finalizado: 'Inactivo' };

/** A row of /tenants: the tenant, its contract, unit and property, and its status by the contract's. */
export function presentTenantRow(r: TenantListRow): TenantRow {
  return {
    tenant: { id: r.tenantId, firstName: r.firstName, lastName: r.lastName, email: r.email, telefono: r.telefono, erased: r.erasedAt != null },
    contract: { id: r.contractId, contractCode: r.contractCode, status: r.status, rentAmount: r.rentAmount, startDate: isoDay(r.startDate) },
    unit: { id: r.unitId, unitName: r.unitName },
    property: { id: r.propertyId, propertyName: r.propertyName },
    status: STATUS_OF[r.status] ?? 'Inactivo',
  };
}

/** The invitation just created, with the one-time link the inviter hands over. */
export function presentTenantInvitation(invitation: { id: number; email: string; contractId: number; expiresAt: Date; link: string }): TenantInvitation {
  return { id: invitation.id, email: invitation.email, contractId: invitation.contractId, expiresAt: invitation.expiresAt.toISOString(), link: invitation.link };
}

/** What the invitee's page shows before accepting. */
export function presentInvitationPreview(invitation: { email: string; propertyName: string; unitName: string; expiresAt: Date | string }, accountExists: boolean): TenantInvitationPreview {
  return { email: invitation.email, propertyName: invitation.propertyName, unitName: invitation.unitName, expiresAt: new Date(invitation.expiresAt).toISOString(), accountExists };
}
