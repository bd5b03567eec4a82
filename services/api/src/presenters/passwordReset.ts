import type { PasswordResetPreview } from '@arrendia/api-contract';

/** A one-time password link's page (GET /api/password-resets/:token): whose account, until when. */
export function presentPasswordResetPreview(reset: { email: string; expiresAt: Date | string }): PasswordResetPreview {
  return { email: reset.email, expiresAt: new Date(reset.expiresAt).toISOString() };
}
