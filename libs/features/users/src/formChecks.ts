import { agencyProblem, roleTakesAgency } from '@arrendia/api-contract';
import type { FieldErrors } from '@arrendia/api-client';

/** The agency a form sends: the chosen one (or null) for a role with an agency, nothing for the rest. */
export const agencyPart = (roleName: string, agencyId: string) => (roleTakesAgency(roleName) ? { agencyId: agencyId ? Number(agencyId) : null } : {});

/**
 * The agency rule for the role the user will have, as a form's own check (useFormDialog's
 * `validate`): the edit and role forms send no role, or not the one the rule needs, so their
 * schemas cannot check it alone.
 */
export const agencyCheck = (roleName: string, agencyId: string): FieldErrors => ({ agencyId: agencyProblem(roleName, agencyId ? Number(agencyId) : null) ?? undefined });
