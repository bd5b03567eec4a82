import { z } from 'zod';
import { MoneySchema } from './common';

/** Dashboard metrics (spec §7), computed in SQL over the user's scope. */
export const DashboardMetricsSchema = z.object({
  activeProperties: z.number().int(),
  /** This calendar month's completed income, exact decimal text. */
  monthlyIncome: z.string(),
  /** Rented units over active units, as a percentage with one decimal. */
  occupancyRate: z.number(),
  openIncidents: z.number().int(),
});
export type DashboardMetrics = z.infer<typeof DashboardMetricsSchema>;

/**
 * `GET /api/dashboard/trends`: what the metric cards' trend captions compare against (decisions.md:
 * "fixed trend captions become real changes"), over the user's scope, Madrid calendar months.
 */
export const DashboardTrendsSchema = z.object({
  /** Completed income of this month and of the previous one, exact decimal text. */
  monthlyIncome: MoneySchema,
  previousMonthIncome: MoneySchema,
  /** (this − previous) / previous × 100, one decimal; null when the previous month had no income. */
  incomeChangePercent: z.number().nullable(),
  /** Non-archived properties in scope created this month. */
  propertiesAddedThisMonth: z.number().int(),
  /** Active units of non-archived properties in scope, and how many of them are Alquilado. */
  rentedUnits: z.number().int(),
  totalUnits: z.number().int(),
  /** Incidents in scope reported this month, and open ones (Abierta, En Progreso) that are Urgente. */
  incidentsReportedThisMonth: z.number().int(),
  urgentOpenIncidents: z.number().int(),
});

export type DashboardTrends = z.infer<typeof DashboardTrendsSchema>;
