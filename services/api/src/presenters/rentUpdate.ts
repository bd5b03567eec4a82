import type { RentUpdate } from '@arrendia/api-contract';
import type { RentUpdateMechanism } from '@arrendia/law-es';
import { fromJson } from '../queries/imports';
import type { RentUpdateRow } from '../queries/rentUpdates';
import { isoDay, isoDayOrNull } from './dates';

const iso = (value: string | Date | null) => (value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString());
const money = (value: string | null) => (value === null ? null : Number(value).toFixed(2));
const decimal = (value: string | null) => (value === null ? null : String(Number(value)));

/** A rent update as the screens read it (RentUpdateSchema), with its contract's tenants. */
export function presentRentUpdate(row: RentUpdateRow, tenants: readonly { id: number; name: string }[]): RentUpdate {
  return {
    id: row.id,
    status: row.status,
    contract: { id: row.contractId, contractCode: row.contractCode, leaseUse: row.leaseUse as RentUpdate['contract']['leaseUse'] },
    unit: { id: row.unitId, unitName: row.unitName },
    property: { id: row.propertyId, propertyName: row.propertyName },
    tenants: tenants.map((t) => ({ id: t.id, name: t.name })),
    anniversary: isoDay(row.anniversary),
    mechanism: row.mechanism as RentUpdateMechanism,
    referenceMonth: row.referenceMonth,
    oldRent: money(row.oldRent)!,
    clausePercent: decimal(row.clausePercent),
    limitPercent: decimal(row.limitPercent),
    limitBasis: row.limitBasis,
    allowedPercent: decimal(row.allowedPercent),
    percent: decimal(row.percent),
    newRent: money(row.newRent),
    explanation: fromJson<string[]>(row.explanation),
    waitingFor: row.waitingFor,
    effectiveFrom: isoDayOrNull(row.effectiveFrom),
    noticeDocumentId: row.noticeDocumentId,
    noticedAt: iso(row.noticedAt),
    appliedAt: iso(row.appliedAt),
  };
}
