import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './common';

/**
 * Finances and analytics (issue 6). Money is summed in SQL on NUMERIC and travels as exact text
 * with two decimals ('1234.50'); only Completado transactions count.
 */

/** A calendar month 'YYYY-MM'. */
export const YearMonthSchema = z
  .string({ error: 'El mes debe tener el formato AAAA-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'El mes debe tener el formato AAAA-MM')
  .refine((v) => !v.startsWith('0000'), 'El mes no existe');

/** How many months the monthly series may cover. */
export const FINANCE_MAX_MONTHS = 36;
/** Months of the monthly evolution chart (issue 6: the last 12 months). */
export const MONTHLY_EVOLUTION_MONTHS = 12;
/** Spec §9: the financial analysis covers the last 6 months. */
export const FINANCIAL_ANALYSIS_MONTHS = 6;

/** `GET /api/finances/summary?month=YYYY-MM` (default: the current Madrid month). */
export const FinancesSummaryQuerySchema = z.object({ month: YearMonthSchema.optional() });
export type FinancesSummaryQuery = z.output<typeof FinancesSummaryQuerySchema>;

/** One month's completed income and expenses; net = income − expenses. */
export const FinancesMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  income: MoneySchema,
  expenses: MoneySchema,
  net: MoneySchema,
});
export type FinancesMonth = z.infer<typeof FinancesMonthSchema>;
export const FinancesSummarySchema = FinancesMonthSchema;
export type FinancesSummary = FinancesMonth;

/** `GET /api/finances/monthly?months=12`: the last N months including the current one, oldest first. */
export const FinancesMonthlyQuerySchema = z.object({
  months: z.coerce
    .number({ error: 'Indica un número de meses' })
    .int('Indica un número entero de meses')
    .min(1, 'Indica al menos 1 mes')
    .max(FINANCE_MAX_MONTHS, `Como mucho ${FINANCE_MAX_MONTHS} meses`)
    .default(MONTHLY_EVOLUTION_MONTHS),
});
export type FinancesMonthlyQuery = z.output<typeof FinancesMonthlyQuerySchema>;
export const FinancesMonthlySchema = z.array(FinancesMonthSchema);

/** An inclusive date range; each end optional. */
const rangeSchema = z
  .object({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'La fecha final no puede ser anterior a la inicial' });

/**
 * `GET /api/finances/expenses-by-category?from=&to=` (inclusive; default: the current Madrid
 * month): completed expenses per category, largest first.
 */
export const FinancesRangeQuerySchema = rangeSchema;
export type FinancesRangeQuery = z.output<typeof FinancesRangeQuerySchema>;
export const ExpenseByCategorySchema = z.object({ categoryName: z.string(), total: MoneySchema });
export type ExpenseByCategory = z.infer<typeof ExpenseByCategorySchema>;
export const ExpensesByCategorySchema = z.array(ExpenseByCategorySchema);

/**
 * `GET /api/finances/by-property?from=YYYY-MM-DD&to=` (inclusive; `from` defaults to the first
 * day of the month six months ago, spec §9; `to` to today): every property in scope, by name.
 */
export const PropertyFinancesSchema = z.object({
  propertyId: z.number().int(),
  propertyName: z.string(),
  address: z.string(),
  income: MoneySchema,
  expenses: MoneySchema,
  /** income − expenses. */
  profit: MoneySchema,
});
export type PropertyFinances = z.infer<typeof PropertyFinancesSchema>;
export const FinancesByPropertySchema = z.array(PropertyFinancesSchema);

/** Active units, how many are Alquilado, and the rate in percent with one decimal (0 without units). */
export const OccupancyFiguresSchema = z.object({ units: z.number().int(), rented: z.number().int(), rate: z.number() });
export type OccupancyFigures = z.infer<typeof OccupancyFiguresSchema>;

/**
 * `GET /api/analytics/occupancy?months=12`:
 * - `properties`: each non-archived property in scope with its active units' current status;
 * - `overall`: the same over all of them (equal to the dashboard's Tasa de Ocupación);
 * - `monthly`: for the last N months, the active units that had an Activo or Finalizado contract
 *   overlapping the month (startDate ≤ month end, endDate null or ≥ month start), over today's
 *   active units; history is derived from contracts, not from past unit statuses.
 */
export const OccupancySchema = z.object({
  properties: z.array(OccupancyFiguresSchema.extend({ propertyId: z.number().int(), propertyName: z.string() })),
  overall: OccupancyFiguresSchema,
  monthly: z.array(OccupancyFiguresSchema.extend({ month: z.string().regex(/^\d{4}-\d{2}$/) })),
});
export type Occupancy = z.infer<typeof OccupancySchema>;
export type PropertyOccupancy = Occupancy['properties'][number];
