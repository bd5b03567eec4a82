import { nextRentUpdateOn, RENT_HISTORY_INITIAL_REASON, type Contract, type ContractDetail, type ContractDocument, type ContractListItem, type ContractTenant, type RentHistoryEntry, type RentUpdateClause } from '@arrendia/api-contract';
import { todayIso } from '@arrendia/locale-es';
import type { Contract as ContractModel } from '../models/Contract';
import type { RentableUnit } from '../models/RentableUnit';
import type { MainProperty } from '../models/MainProperty';
import { isoDay, isoDayOrNull } from './dates';
import { presentTransactionListItem, type TransactionListRow } from './transaction';

/** The contract columns, from a model or a plain row. */
export type ContractColumns = Pick<
  ContractModel,
  | 'id'
  | 'rentableUnitId'
  | 'contractCode'
  | 'startDate'
  | 'endDate'
  | 'rentAmount'
  | 'paymentDay'
  | 'depositAmount'
  | 'depositStatus'
  | 'status'
  | 'renewalNoticeDays'
  | 'terminationReason'
  | 'notes'
  | 'createdAt'
  | 'updatedAt'
>;

/** A contract row joined with the names of its unit and property (see `contractListColumns`). */
export interface ContractListRow extends ContractColumns {
  unitName: string;
  propertyId: number;
  propertyName: string;
}

export function presentContract(contract: ContractColumns): Contract {
  return {
    id: contract.id,
    rentableUnitId: contract.rentableUnitId,
    contractCode: contract.contractCode,
    startDate: contract.startDate,
    endDate: contract.endDate,
    rentAmount: contract.rentAmount,
    paymentDay: contract.paymentDay,
    depositAmount: contract.depositAmount,
    depositStatus: contract.depositStatus,
    status: contract.status,
    renewalNoticeDays: contract.renewalNoticeDays,
    terminationReason: contract.terminationReason,
    notes: contract.notes,
    createdAt: new Date(contract.createdAt).toISOString(),
    updatedAt: new Date(contract.updatedAt).toISOString(),
  };
}

/** The contract list record of spec §3: contract, unit (unitName), property (propertyName). */
export function presentContractListItem(row: ContractListRow): ContractListItem {
  return {
    contract: presentContract(row),
    unit: { id: row.rentableUnitId, unitName: row.unitName },
    property: { id: row.propertyId, propertyName: row.propertyName },
  };
}

/** A contract's rent update clause columns (issue 36). */
export type ContractClauseColumns = Pick<ContractModel, 'rentUpdateMechanism' | 'rentUpdateValue' | 'rentUpdateFloor' | 'rentUpdateMonthsBefore' | 'leaseUse' | 'signedOn'>;

/** NUMERIC text without its trailing zeros ('2.500' → '2.5'). */
const plainNumber = (value: string | null) => (value === null ? null : String(Number(value)));

/** The clause as the contract's detail shows it, with the next anniversary it may update the rent on (after `today`). */
/** The update notified and not yet applied, as contractDetail reads it (queries/contracts.ts). */
export interface UpcomingRentRow {
  newRent: string;
  effectiveFrom: string | Date;
  noticeDocumentId: number | null;
}

export function presentRentUpdateClause(
  contract: ContractClauseColumns & Pick<ContractColumns, 'startDate' | 'endDate' | 'status'>,
  today: string = todayIso(),
  upcoming: UpcomingRentRow | null = null,
): RentUpdateClause {
  const startDate = isoDay(contract.startDate);
  return {
    mechanism: contract.rentUpdateMechanism,
    value: plainNumber(contract.rentUpdateValue),
    floorPercent: plainNumber(contract.rentUpdateFloor),
    monthsBefore: contract.rentUpdateMonthsBefore,
    leaseUse: contract.leaseUse,
    // A contract made before the clause existed was signed, as far as we know, on its start.
    signedOn: isoDayOrNull(contract.signedOn) ?? startDate,
    nextUpdateOn: nextRentUpdateOn({ rentUpdateMechanism: contract.rentUpdateMechanism, startDate, endDate: isoDayOrNull(contract.endDate), status: contract.status }, today),
    upcoming: upcoming && { newRent: Number(upcoming.newRent).toFixed(2), effectiveFrom: isoDay(upcoming.effectiveFrom), noticeDocumentId: upcoming.noticeDocumentId },
  };
}

/**
 * GET /api/contracts/:id/rent-history: the initial rent from the start (the first change's
 * previous rent, or the current one when it never changed), then every change, oldest first.
 */
export function presentRentHistory(
  contract: Pick<ContractColumns, 'startDate' | 'rentAmount'>,
  changes: readonly { rentAmount: string; previousRent: string; validFrom: string | Date; reason: string; rentUpdateId: number | null }[],
): RentHistoryEntry[] {
  const initial: RentHistoryEntry = { rentAmount: changes[0]?.previousRent ?? contract.rentAmount, validFrom: isoDay(contract.startDate), reason: RENT_HISTORY_INITIAL_REASON, rentUpdateId: null };
  return [initial, ...changes.map((c) => ({ rentAmount: c.rentAmount, validFrom: isoDay(c.validFrom), reason: c.reason, rentUpdateId: c.rentUpdateId }))];
}

/** A contract's list row with its unit's status and its property's address (queries/contracts.ts). */
export interface ContractDetailRow extends ContractListRow, ContractClauseColumns {
  currentStatus: RentableUnit['currentStatus'];
  addressStreet: MainProperty['addressStreet'];
  addressNumber: MainProperty['addressNumber'];
  city: MainProperty['city'];
}

/** What GET /api/contracts/:id reads (queries/contracts.ts contractDetail). */
export interface ContractDetailRows {
  contract: ContractDetailRow;
  tenants: ContractTenant[];
  transactions: TransactionListRow[];
  documents: { id: number; fileName: string; fileType: string; fileSizeKb: number; createdAt: Date }[];
  /** The rent update notified and not yet applied, if any (issue 36). */
  upcomingRent?: UpcomingRentRow | null;
}

export function presentContractDetail({ contract, tenants, transactions, documents, upcomingRent = null }: ContractDetailRows): ContractDetail {
  return {
    contract: presentContract(contract),
    unit: { id: contract.rentableUnitId, unitName: contract.unitName, currentStatus: contract.currentStatus },
    property: {
      id: contract.propertyId,
      propertyName: contract.propertyName,
      addressStreet: contract.addressStreet,
      addressNumber: contract.addressNumber,
      city: contract.city,
    },
    tenants: tenants.map((t) => ({
      id: t.id,
      firstName: t.firstName,
      lastName: t.lastName,
      email: t.email,
      telefono: t.telefono,
      isPrimaryTenant: t.isPrimaryTenant,
    })),
    transactions: transactions.map(presentTransactionListItem),
    documents: documents.map(
      (d): ContractDocument => ({ id: d.id, fileName: d.fileName, fileType: d.fileType, fileSizeKb: d.fileSizeKb, createdAt: new Date(d.createdAt).toISOString() }),
    ),
    rentUpdate: presentRentUpdateClause(contract, todayIso(), upcomingRent),
  };
}
