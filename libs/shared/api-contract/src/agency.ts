import { z } from 'zod';
import { MoneySchema } from './common';

export const AGENCY_ALERT_KINDS = ['contract_ending', 'rent_overdue', 'incident_stale'] as const;
/** Incidents open longer than this many days raise a management alert (issue 11). */
export const STALE_INCIDENT_DAYS = 7;

/** `GET /api/agency/overview`: the 'Dashboard del Gestor de Agencia' figures over the agency's portfolio. */
export const AgencyOverviewSchema = z.object({
  properties: z.number().int(),
  units: z.number().int(),
  occupancyRate: z.number(),
  collectedThisMonth: MoneySchema,
  commissionRate: MoneySchema,
  /** commissionRate % of the rent collected this month, rounded to the cent. */
  monthlyCommissions: MoneySchema,
  activeIncidents: z.number().int(),
  alerts: z.array(z.object({ kind: z.enum(AGENCY_ALERT_KINDS), title: z.string(), detail: z.string(), href: z.string() })),
  team: z.array(z.object({ id: z.number().int(), firstName: z.string().nullable(), lastName: z.string().nullable(), properties: z.number().int(), leadsThisMonth: z.number().int(), visitsThisMonth: z.number().int() })),
});
export type AgencyOverview = z.infer<typeof AgencyOverviewSchema>;
