import type { Delegation } from '@arrendia/api-contract';

/** An owner_delegations row with both people and the owner's portfolio figures (see routes/delegations). */
export interface DelegationRow {
  ownerUserId: number;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerEmail: string;
  delegateUserId: number;
  delegateFirstName: string | null;
  delegateLastName: string | null;
  delegateEmail: string;
  properties: number | string;
  units: number | string;
  rentedUnits: number | string;
  monthlyIncome: string;
  lastReportAt: Date | string | null;
  createdAt: Date | string;
}

/** `monthStart`: the instant the current Madrid month began; a report since then makes the principal 'Al día'. */
export function presentDelegation(row: DelegationRow, monthStart: Date): Delegation {
  const lastReportAt = row.lastReportAt == null ? null : new Date(row.lastReportAt);
  return {
    owner: { id: row.ownerUserId, firstName: row.ownerFirstName, lastName: row.ownerLastName, email: row.ownerEmail },
    delegate: { id: row.delegateUserId, firstName: row.delegateFirstName, lastName: row.delegateLastName, email: row.delegateEmail },
    properties: Number(row.properties),
    units: Number(row.units),
    occupancyRate: Number(row.units) === 0 ? 0 : Math.round((1000 * Number(row.rentedUnits)) / Number(row.units)) / 10,
    monthlyIncome: row.monthlyIncome,
    lastReportAt: lastReportAt?.toISOString() ?? null,
    reportStatus: lastReportAt && lastReportAt >= monthStart ? 'Al día' : 'Pendiente informe',
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
