import { z } from 'zod';
import { IdSchema, IsoDateSchema, listQuerySchema, listSearch, MoneySchema, optionalFilter, PositiveMoneyInputSchema, optionalText, requiredText } from './common';
import { CONTRACT_DEFAULTS, CONTRACT_STATUSES, DEPOSIT_STATUSES, UNIT_STATUSES } from './enums';
import { clauseIssues, RentUpdateClauseFields, RentUpdateClauseSchema } from './rentUpdates';
import { TransactionListItemSchema } from './transactions';

const nullableDate = z.preprocess((v) => (v === '' || v === undefined ? null : v), IsoDateSchema.nullable());

/** A lease is signed on or before the day it starts. */
export const SIGNED_AFTER_START = 'La fecha de firma no puede ser posterior a la de inicio';

/**
 * The rent update clause on the contract form (issue 36): every field optional. On a new contract
 * the mechanism defaults to 'none', the use to its unit's type (a home for a vivienda or habitación)
 * and the signature date to the start date (the API fills the last two).
 */
const clauseFields = {
  rentUpdateMechanism: RentUpdateClauseFields.rentUpdateMechanism.optional(),
  rentUpdateValue: RentUpdateClauseFields.rentUpdateValue.optional(),
  rentUpdateFloor: RentUpdateClauseFields.rentUpdateFloor.optional(),
  rentUpdateMonthsBefore: RentUpdateClauseFields.rentUpdateMonthsBefore.optional(),
  leaseUse: RentUpdateClauseFields.leaseUse.optional(),
  signedOn: RentUpdateClauseFields.signedOn.optional(),
};

/** The contract form (spec §3 "Forms", §5, §9 defaults). */
export const ContractsCreateSchema = z
  .object({
    contractCode: requiredText(50, 'El código del contrato es obligatorio'),
    rentableUnitId: IdSchema,
    startDate: IsoDateSchema,
    endDate: nullableDate.default(null),
    rentAmount: PositiveMoneyInputSchema.refine((v) => v > 0, 'La renta debe ser mayor que 0'),
    paymentDay: z.coerce.number({ error: 'El día de pago debe estar entre 1 y 31' }).int('El día de pago debe estar entre 1 y 31').min(1, 'El día de pago debe estar entre 1 y 31').max(31, 'El día de pago debe estar entre 1 y 31').default(CONTRACT_DEFAULTS.paymentDay),
    depositAmount: PositiveMoneyInputSchema.default(CONTRACT_DEFAULTS.depositAmount),
    depositStatus: z.enum(DEPOSIT_STATUSES, { error: 'Estado de fianza no válido' }).default(CONTRACT_DEFAULTS.depositStatus),
    status: z.enum(CONTRACT_STATUSES, { error: 'Estado no válido' }).default(CONTRACT_DEFAULTS.status),
    renewalNoticeDays: z.coerce.number().int().min(0, 'El preaviso no puede ser negativo').max(365, 'El preaviso no puede superar 365 días').default(CONTRACT_DEFAULTS.renewalNoticeDays),
    terminationReason: optionalText(2000),
    notes: optionalText(5000),
    tenantUserIds: z.array(IdSchema).max(10).optional(),
    ...clauseFields,
    rentUpdateMechanism: RentUpdateClauseFields.rentUpdateMechanism.default('none'),
  })
  .superRefine((v, ctx) => {
    for (const issue of clauseIssues(v)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    if (v.signedOn && v.signedOn > v.startDate) ctx.addIssue({ code: 'custom', path: ['signedOn'], message: SIGNED_AFTER_START });
    if (v.endDate && v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'La fecha de fin no puede ser anterior a la de inicio' });
    }
    if (v.status === 'Finalizado' && !v.terminationReason) {
      ctx.addIssue({ code: 'custom', path: ['terminationReason'], message: 'Indica el motivo de finalización' });
    }
  });
export type ContractsCreateInput = z.input<typeof ContractsCreateSchema>;
export type ContractsCreateData = z.output<typeof ContractsCreateSchema>;

/** Editing a contract: its fields and/or a status move (decisions.md transitions). */
export const ContractsUpdateSchema = z
  .object({
    endDate: nullableDate.optional(),
    rentAmount: PositiveMoneyInputSchema.refine((v) => v > 0, 'La renta debe ser mayor que 0').optional(),
    paymentDay: z.coerce.number().int().min(1, 'El día de pago debe estar entre 1 y 31').max(31, 'El día de pago debe estar entre 1 y 31').optional(),
    depositAmount: PositiveMoneyInputSchema.optional(),
    depositStatus: z.enum(DEPOSIT_STATUSES).optional(),
    status: z.enum(CONTRACT_STATUSES, { error: 'Estado no válido' }).optional(),
    renewalNoticeDays: z.coerce.number().int().min(0).max(365).optional(),
    terminationReason: optionalText(2000),
    notes: optionalText(5000),
    ...clauseFields,
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Indica al menos un cambio');
export type ContractsUpdateInput = z.input<typeof ContractsUpdateSchema>;

export const ContractSchema = z.object({
  id: z.number().int(),
  rentableUnitId: z.number().int(),
  contractCode: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  rentAmount: MoneySchema,
  paymentDay: z.number().int(),
  depositAmount: MoneySchema,
  depositStatus: z.enum(DEPOSIT_STATUSES),
  status: z.enum(CONTRACT_STATUSES),
  renewalNoticeDays: z.number().int().nullable(),
  terminationReason: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contract = z.infer<typeof ContractSchema>;

/** Contract list record (spec §3): contract, unit (unitName), property (propertyName). */
export const ContractListItemSchema = z.object({
  contract: ContractSchema,
  unit: z.object({ id: z.number().int(), unitName: z.string() }),
  property: z.object({ id: z.number().int(), propertyName: z.string() }),
});
export type ContractListItem = z.infer<typeof ContractListItemSchema>;

/** Legal deposit under the LAU: one month's rent for a dwelling, two for other uses (decisions.md). */
export function legalDeposit(rentAmount: number, isDwelling: boolean): number {
  return Math.round(rentAmount * (isDwelling ? 1 : 2) * 100) / 100;
}

/** A contract edit as the API receives it, once parsed (money as numbers, empty texts dropped). */
export type ContractsUpdateData = z.output<typeof ContractsUpdateSchema>;

/** The fields the contracts list sorts by (`?sort=-rentAmount`); its own order is the latest start first. */
export const CONTRACT_SORTS = ['startDate', 'endDate', 'rentAmount', 'contractCode'] as const;

/**
 * `GET /api/contracts?status=&propertyId=&q=&from=&to=&sort=&page=&pageSize=`: `q` matches the
 * contract's code, its unit's or property's name, or a tenant's name or email; `from` and `to` are
 * inclusive days of its start. Other parameters are ignored.
 */
export const ContractsListQuerySchema = listQuerySchema(CONTRACT_SORTS, {
  status: optionalFilter(z.enum(CONTRACT_STATUSES, { error: 'Estado no válido' })),
  propertyId: optionalFilter(IdSchema),
  q: listSearch(),
  from: optionalFilter(IsoDateSchema),
  to: optionalFilter(IsoDateSchema),
});

export type ContractsListQuery = z.output<typeof ContractsListQuerySchema>;

/** A tenant party to a contract; the first one linked is the primary tenant. */
export const ContractTenantSchema = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  telefono: z.string().nullable(),
  isPrimaryTenant: z.boolean(),
});

export type ContractTenant = z.infer<typeof ContractTenantSchema>;

/** A document attached to a contract; where it is stored never reaches a client. */
export const ContractDocumentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileType: z.string(),
  fileSizeKb: z.number().int(),
  createdAt: z.string(),
});

export type ContractDocument = z.infer<typeof ContractDocumentSchema>;

/** At most this many transactions come with a contract's detail, the newest first. */
export const CONTRACT_DETAIL_TRANSACTIONS = 50;

/**
 * `GET /api/contracts/:id`: the list record with a little more of the unit and the property,
 * its tenants (primary first), its latest transactions and its documents (newest first).
 */
export const ContractDetailSchema = ContractListItemSchema.extend({
  unit: z.object({ id: z.number().int(), unitName: z.string(), currentStatus: z.enum(UNIT_STATUSES) }),
  property: z.object({
    id: z.number().int(),
    propertyName: z.string(),
    addressStreet: z.string(),
    addressNumber: z.string().nullable(),
    city: z.string(),
  }),
  tenants: z.array(ContractTenantSchema),
  transactions: z.array(TransactionListItemSchema).max(CONTRACT_DETAIL_TRANSACTIONS),
  documents: z.array(ContractDocumentSchema),
  /** Its rent update clause (issue 36) and the next anniversary it may update the rent on. */
  rentUpdate: RentUpdateClauseSchema,
});

export type ContractDetail = z.infer<typeof ContractDetailSchema>;
