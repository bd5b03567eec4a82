import type { PaymentDetails, RentCharge, RentChargeStatus, RentState } from '@arrendia/api-contract';
import { isoDay } from './dates';

/** A rent_charges row with its contract, home and first tenant (routes/rentCharges). */
export interface RentChargeRow {
  id: number;
  contractId: number;
  contractCode: string;
  propertyName: string;
  unitName: string;
  period: string;
  dueDate: string | Date;
  amount: string;
  reference: string;
  status: RentChargeStatus;
  markedAt: Date | string | null;
  confirmedAt: Date | string | null;
  tenantName: string | null;
}

/** Paid is 'Al día'; unpaid is 'Vencido' once its due date has passed (`today`, Madrid), else 'Pendiente'. */
export function rentState(status: RentChargeStatus, dueDate: string, today: string): RentState {
  if (status === 'Pagado') return 'Al día';
  return dueDate < today ? 'Vencido' : 'Pendiente';
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function presentRentCharge(row: RentChargeRow, today: string): RentCharge {
  const dueDate = isoDay(row.dueDate);
  return {
    id: row.id,
    contractId: row.contractId,
    contractCode: row.contractCode,
    propertyName: row.propertyName,
    unitName: row.unitName,
    period: row.period,
    dueDate,
    amount: String(row.amount),
    reference: row.reference,
    status: row.status,
    state: rentState(row.status, dueDate, today),
    markedAt: iso(row.markedAt),
    confirmedAt: iso(row.confirmedAt),
    tenantName: row.tenantName || null,
  };
}

/** An IBAN with every character but the last 4 hidden, in groups of 4: '•••• •••• … 1234'. */
export function maskIban(iban: string | null): string | null {
  const plain = (iban ?? '').replace(/\s+/g, '').toUpperCase();
  if (plain.length < 8) return null;
  const masked = '•'.repeat(plain.length - 4) + plain.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** A charge with its landlord's name and IBAN (queries/rentCharges.ts paymentDetails). */
export interface PaymentDetailsRow extends RentChargeRow {
  ownerIban: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
}

/** How to pay a charge: the landlord's masked IBAN, the amount and the reference. */
export function presentPaymentDetails(row: PaymentDetailsRow): PaymentDetails {
  return {
    chargeId: row.id,
    amount: String(row.amount),
    reference: row.reference,
    dueDate: isoDay(row.dueDate),
    ibanMasked: maskIban(row.ownerIban),
    beneficiary: [row.ownerFirstName, row.ownerLastName].filter(Boolean).join(' ') || 'Propietario',
  };
}
