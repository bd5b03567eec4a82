import { z } from 'zod';
import { PersonSchema } from './common';

/** `POST /api/delegations`: an owner delegates its whole portfolio to a propietario_delegado, named by email. */
export const DelegationsCreateSchema = z
  .object({
    delegateEmail: z.string({ error: 'Indica el correo electrónico' }).trim().toLowerCase().min(1, 'Indica el correo electrónico').email('Introduce un correo electrónico válido').max(255),
  })
  .strict();
export type DelegationsCreateInput = z.input<typeof DelegationsCreateSchema>;

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
  createdAt: z.string(),
});
export type Delegation = z.infer<typeof DelegationSchema>;
