import { agencyProblem, roleTakesAgency } from '@arrendia/api-contract';
import { zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import type { z } from 'zod';

/** The agency a form sends: the chosen one (or null) for a role with an agency, nothing for the rest. */
export const agencyPart = (roleName: string, agencyId: string) => (roleTakesAgency(roleName) ? { agencyId: agencyId ? Number(agencyId) : null } : {});

/**
 * The Spanish messages of a user form before any call: its schema's (the API's own), plus the
 * agency rule for the role the user will have, which a form without the role cannot check alone.
 */
export function formErrors(schema: z.ZodType, input: object, roleName: string, agencyId: string): FieldErrors {
  const parsed = schema.safeParse(input);
  const found = parsed.success ? {} : zodFieldErrors(parsed.error);
  const agency = agencyProblem(roleName, agencyId ? Number(agencyId) : null);
  if (agency) found.agencyId ??= agency;
  return found;
}
