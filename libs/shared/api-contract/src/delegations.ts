import { z } from 'zod';
import { PersonSchema } from './common';
import { PRINCIPAL_REPORT_STATUSES } from './enums';

/** The delegations' address: their list, and the query key a screen that changes a principal's figures refreshes. */
export const DELEGATIONS_PATH = '/api/delegations';

/** `POST /api/delegations`: an owner delegates its whole portfolio to a propietario_delegado, named by email. */
export const DelegationsCreateSchema = z
  .object({
    delegateEmail: z.string({ error: 'Indica el correo electrónico' }).trim().toLowerCase().min(1, 'Indica el correo electrónico').email('Introduce un correo electrónico válido').max(255),
  })
  .strict();
export type DelegationsCreateInput = z.input<typeof DelegationsCreateSchema>;
export type DelegationsCreateData = z.output<typeof DelegationsCreateSchema>;

/** One delegation as either side sees it: the owner (principal), the delegate, and how many properties it covers. */
export const DelegationSchema = z.object({
  owner: PersonSchema.extend({ email: z.string() }),
  delegate: PersonSchema.extend({ email: z.string() }),
  properties: z.number().int(),
  /** Active units of the owner's non-archived properties, and the percentage of them Alquilado (one decimal). */
  units: z.number().int(),
  occupancyRate: z.number(),
  /** Completed income of the owner's properties this Madrid month, exact text with two decimals. */
  monthlyIncome: z.string(),
  /** When the delegate last generated a report of the owner's portfolio (ISO), or null. */
  lastReportAt: z.string().nullable(),
  /** 'Al día' with a report of this Madrid month, 'Pendiente informe' without (spec §3). */
  reportStatus: z.enum(PRINCIPAL_REPORT_STATUSES),
  createdAt: z.string(),
});
export type Delegation = z.infer<typeof DelegationSchema>;
