import { z } from 'zod';
import { IdSchema, IsoDateSchema, MoneySchema, PositiveMoneyInputSchema, clearable, listQuerySchema, optionalFilter, optionalText, requiredText, shownText } from './common';
import { PAYMENT_METHODS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './enums';

/** Registrar Transacción: amounts are entered positive; `type` says whether it is income or expense. */
export const TransactionsCreateSchema = z.object({
  mainPropertyId: IdSchema,
  rentableUnitId: IdSchema.optional(),
  contractId: IdSchema.optional(),
  categoryId: IdSchema,
  type: z.enum(TRANSACTION_TYPES, { error: 'Elige Ingreso o Gasto' }),
  amount: PositiveMoneyInputSchema.refine((v) => v > 0, 'El importe debe ser mayor que 0'),
  transactionDate: IsoDateSchema,
  description: optionalText(500),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  status: z.enum(TRANSACTION_STATUSES).default('Completado'),
});
export type TransactionsCreateInput = z.input<typeof TransactionsCreateSchema>;
export type TransactionsCreateData = z.output<typeof TransactionsCreateSchema>;

export const TransactionSchema = z.object({
  id: z.number().int(),
  rentableUnitId: z.number().int().nullable(),
  mainPropertyId: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  contractId: z.number().int().nullable(),
  type: z.enum(TRANSACTION_TYPES),
  amount: MoneySchema,
  transactionDate: z.string(),
  description: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  status: z.enum(TRANSACTION_STATUSES),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** Transaction list record (spec §3): transaction and category (categoryName). */
export const TransactionListItemSchema = z.object({
  transaction: TransactionSchema,
  category: z.object({ id: z.number().int(), categoryName: z.string(), isExpense: z.boolean() }).nullable(),
});
export type TransactionListItem = z.infer<typeof TransactionListItemSchema>;

export const TransactionCategorySchema = z.object({ id: z.number().int(), categoryName: z.string(), isExpense: z.boolean() });
export type TransactionCategory = z.infer<typeof TransactionCategorySchema>;

/** The fields the transactions list sorts by (`?sort=-amount`); its own order is the most recent first. */
export const TRANSACTION_SORTS = ['transactionDate', 'amount'] as const;

/**
 * `GET /api/transactions?type=&propertyId=&categoryId=&from=&to=&q=&sort=`: `from` and `to` are
 * inclusive days of the movement's date; `q` searches its description.
 */
export const TransactionsListQuerySchema = listQuerySchema(TRANSACTION_SORTS, {
  type: optionalFilter(z.enum(TRANSACTION_TYPES, { error: 'Elige Ingreso o Gasto' })),
  propertyId: optionalFilter(IdSchema),
  categoryId: optionalFilter(IdSchema),
  from: optionalFilter(IsoDateSchema),
  to: optionalFilter(IsoDateSchema),
  q: optionalText(100),
});

export type TransactionsListQuery = z.output<typeof TransactionsListQuerySchema>;

export const TRANSACTION_MESSAGES = {
  reason: 'Indica el motivo de la corrección',
  chargeIncome: 'Este ingreso es el cobro confirmado de un recibo de renta: no se puede corregir ni eliminar aquí',
  notFound: 'No se ha encontrado el movimiento',
} as const;

/** Why a movement is corrected or deleted: required, kept in the audit row (issue 33). */
const reason = requiredText(500, TRANSACTION_MESSAGES.reason);

const create = TransactionsCreateSchema.shape;

/**
 * 'Editar movimiento' (PATCH /api/transactions/:id): the fields of 'Registrar Transacción' that
 * describe the movement (its property, unit and contract stay), each optional, and the reason.
 */
export const TransactionsUpdateSchema = z
  .object({
    categoryId: create.categoryId.optional(),
    type: create.type.optional(),
    amount: create.amount.optional(),
    transactionDate: create.transactionDate.optional(),
    description: clearable(shownText().max(500, 'Máximo 500 caracteres')),
    paymentMethod: clearable(z.enum(PAYMENT_METHODS, { error: 'Forma de pago no válida' })),
    status: z.enum(TRANSACTION_STATUSES, { error: 'Estado no válido' }).optional(),
    reason,
  })
  .strict()
  .refine(({ reason: _reason, ...change }) => Object.values(change).some((v) => v !== undefined), 'Indica al menos un cambio');
export type TransactionsUpdateInput = z.input<typeof TransactionsUpdateSchema>;
export type TransactionsUpdateData = z.output<typeof TransactionsUpdateSchema>;

/** 'Eliminar movimiento' (DELETE /api/transactions/:id): the reason. */
export const TransactionsDeleteSchema = z.object({ reason }).strict();
export type TransactionsDeleteData = z.output<typeof TransactionsDeleteSchema>;
