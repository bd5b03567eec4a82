import type { Contract, ContractDetail, ContractDocument, ContractListItem, ContractTenant } from '@arrendia/api-contract';
import type { Contract as ContractModel } from '../models/Contract';
import type { RentableUnit } from '../models/RentableUnit';
import type { MainProperty } from '../models/MainProperty';
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

/** A contract's list row with its unit's status and its property's address (queries/contracts.ts). */
export interface ContractDetailRow extends ContractListRow {
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
}

export function presentContractDetail({ contract, tenants, transactions, documents }: ContractDetailRows): ContractDetail {
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
  };
}
