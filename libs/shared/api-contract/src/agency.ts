import { z } from 'zod';
import { MoneyInputSchema, MoneySchema, PositiveMoneyInputSchema } from './common';

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
  team: z.array(
    z.object({
      id: z.number().int(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      properties: z.number().int(),
      leadsThisMonth: z.number().int(),
      visitsThisMonth: z.number().int(),
      /** The agent's monthly commission target (issue 11; 3.500 € unless the manager changes it). */
      monthlyTarget: MoneySchema,
    }),
  ),
});
export type AgencyOverview = z.infer<typeof AgencyOverviewSchema>;

/** An agency's commission rate on collected rent: a percentage from 0 to 100 with up to 2 decimals. */
export const CommissionRateSchema = MoneyInputSchema.refine((v) => v >= 0 && v <= 100, 'La comisión debe estar entre 0 y 100 %');

/** PATCH /api/agency: the agency's commission rate on collected rent, a percentage with up to 2 decimals. */
export const AgencyPatchSchema = z
  .object({
    commissionRate: CommissionRateSchema,
  })
  .strict();
export type AgencyPatchInput = z.input<typeof AgencyPatchSchema>;

/** PATCH /api/agents/:id: an agent's monthly commission target, in euros. */
export const AgentPatchSchema = z.object({ monthlyTarget: PositiveMoneyInputSchema }).strict();
export type AgentPatchInput = z.input<typeof AgentPatchSchema>;

/** What either PATCH answers: the agency or agent id and the stored value (exact text). */
export const AgencySettingsSchema = z.object({ id: z.number().int(), commissionRate: MoneySchema });
export const AgentSettingsSchema = z.object({ id: z.number().int(), monthlyTarget: MoneySchema });
