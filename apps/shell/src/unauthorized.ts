import { isUnauthorizedError } from '@arrendia/api-client';
import { toast } from '@arrendia/ui';
import { hardNavigate } from './navigation';

/** Where an unauthorized action sends the user (decisions.md: answers with a redirect to /?login=1). */
export const LOGIN_PATH = '/api/login';
/** Spec §9: redirect delay after an unauthorized failure. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

let redirecting = false;

/**
 * The global error handler of the shell's query client: an action or query that fails with a 401
 * shows the spec's notice and, 500 ms later, goes to the login path. Calls that handle their own
 * 401 (the login form) set `meta: { handlesUnauthorized: true }`.
 */
export function handleQueryError(error: unknown, source: { meta?: Record<string, unknown> }): void {
  if (source.meta?.handlesUnauthorized || !isUnauthorizedError(error) || redirecting) return;
  redirecting = true;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => hardNavigate(LOGIN_PATH), UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/** Test helper. */
export function resetUnauthorizedState(): void {
  redirecting = false;
}
