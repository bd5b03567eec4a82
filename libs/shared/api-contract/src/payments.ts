import { z } from 'zod';
import { IdSchema, IsoDateSchema, listQuerySchema, MoneySchema, optionalFilter } from './common';

/** A month's rent (issue 12): Pendiente until the tenant marks the transfer, Pagado once the landlord's side confirms it. */
export const RENT_CHARGE_STATUSES = ['Pendiente', 'Transferencia indicada', 'Pagado'] as const;
export type RentChargeStatus = (typeof RENT_CHARGE_STATUSES)[number];

/** How a charge reads to both sides: paid, awaiting payment, or past its due date unpaid. */
export const RENT_STATES = ['Al día', 'Pendiente', 'Vencido'] as const;
export type RentState = (typeof RENT_STATES)[number];

export const ALREADY_CONFIRMED = 'Este pago ya está confirmado';

export const RentChargeSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  contractCode: z.string(),
  propertyName: z.string(),
  unitName: z.string(),
  period: z.string(),
  dueDate: z.string(),
  amount: MoneySchema,
  reference: z.string(),
  status: z.enum(RENT_CHARGE_STATUSES),
  /** Pagado → 'Al día'; otherwise 'Vencido' once the due date has passed, else 'Pendiente'. */
  state: z.enum(RENT_STATES),
  markedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  tenantName: z.string().nullable(),
});
export type RentCharge = z.infer<typeof RentChargeSchema>;

/** The fields the rent charges list sorts by (`?sort=dueDate`); its own order is the latest due date first. */
export const RENT_CHARGE_SORTS = ['dueDate', 'amount'] as const;

/** A charge's month as its `period` says it: 'YYYY-MM'. */
export const RentPeriodSchema = z
  .string({ error: 'Indica el mes como AAAA-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Indica el mes como AAAA-MM');

/**
 * `GET /api/rent-charges?status=&contractId=&propertyId=&period=&from=&to=&sort=`: `period` is the
 * charge's month ('2026-03'); `from` and `to` are inclusive days of its due date.
 */
export const RentChargesListQuerySchema = listQuerySchema(RENT_CHARGE_SORTS, {
  status: optionalFilter(z.enum(RENT_CHARGE_STATUSES, { error: 'Estado no válido' })),
  contractId: optionalFilter(IdSchema),
  propertyId: optionalFilter(IdSchema),
  period: optionalFilter(RentPeriodSchema),
  from: optionalFilter(IsoDateSchema),
  to: optionalFilter(IsoDateSchema),
});
export type RentChargesListQuery = z.input<typeof RentChargesListQuerySchema>;

/** What 'Pagar' shows the tenant: where to transfer, how much and with which reference. */
export const PaymentDetailsSchema = z.object({
  chargeId: z.number().int(),
  amount: MoneySchema,
  reference: z.string(),
  dueDate: z.string(),
  /** The landlord's IBAN with every character but the last 4 masked; null when none is on file. */
  ibanMasked: z.string().nullable(),
  beneficiary: z.string(),
});
export type PaymentDetails = z.infer<typeof PaymentDetailsSchema>;

/** Who a tenant calls when something breaks: the managing agency, else the owner. */
export const EmergencyContactSchema = z.object({
  kind: z.enum(['agencia', 'propietario']),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type EmergencyContact = z.infer<typeof EmergencyContactSchema>;

/** GET /api/tenant/home: 'Mi Alquiler' of the signed-in tenant, its current contract only. */
export const TenantHomeSchema = z.object({
  contract: z
    .object({
      id: z.number().int(),
      contractCode: z.string(),
      status: z.string(),
      startDate: z.string(),
      endDate: z.string().nullable(),
      rentAmount: MoneySchema,
      depositAmount: MoneySchema,
      paymentDay: z.number().int(),
      renewalNoticeDays: z.number().int(),
      propertyName: z.string(),
      address: z.string(),
      unitName: z.string(),
    })
    .nullable(),
  /** The charge to pay next (the oldest unpaid), else the latest one. */
  nextCharge: RentChargeSchema.nullable(),
  /** The last payment made: the charge confirmed last (issue 33: the spec's "last payment"), or null before the first. */
  lastPayment: RentChargeSchema.nullable(),
  /** Al día when nothing is unpaid; Vencido when an unpaid charge is past due; else Pendiente. */
  state: z.enum(RENT_STATES),
  unpaidTotal: MoneySchema,
  emergencyContact: EmergencyContactSchema.nullable(),
  reminders: z.array(z.object({ kind: z.enum(['rent', 'contract_end', 'renewal_notice']), text: z.string(), date: z.string() })),
});
export type TenantHome = z.infer<typeof TenantHomeSchema>;
