import { z } from 'zod';
import { IdSchema, IsoDateSchema, PageQuerySchema } from './common';
import { ContractListItemSchema, type ContractsUpdateSchema } from './contracts';
import { CONTRACT_STATUSES, TRANSACTION_TYPES, UNIT_STATUSES } from './enums';
import { TransactionListItemSchema } from './transactions';

/** A contract edit as the API receives it, once parsed (money as numbers, empty texts dropped). */
export type ContractsUpdateData = z.output<typeof ContractsUpdateSchema>;

/** `GET /api/contracts?page=&pageSize=&status=&propertyId=`; other parameters are ignored. */
export const ContractsListQuerySchema = PageQuerySchema.extend({
  status: z.enum(CONTRACT_STATUSES, { error: 'Estado no válido' }).optional(),
  propertyId: IdSchema.optional(),
});
export type ContractsListQuery = z.output<typeof ContractsListQuerySchema>;

/** `GET /api/transactions?page=&pageSize=&type=&propertyId=&from=&to=`; `from` and `to` are inclusive. */
export const TransactionsListQuerySchema = PageQuerySchema.extend({
  type: z.enum(TRANSACTION_TYPES, { error: 'Elige Ingreso o Gasto' }).optional(),
  propertyId: IdSchema.optional(),
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
}).refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'La fecha final no puede ser anterior a la inicial' });
export type TransactionsListQuery = z.output<typeof TransactionsListQuerySchema>;

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
});
export type ContractDetail = z.infer<typeof ContractDetailSchema>;
