import { z } from 'zod';

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
