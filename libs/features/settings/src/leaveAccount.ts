import { ACCOUNT_ERASED_PARAM, ACCOUNT_ERASED_VALUE } from '@arrendia/api-contract';

/** Where an erased account's browser lands: the privacy policy, which confirms the erasure and says what was kept. */
export const ERASED_LANDING = `/privacidad?${ACCOUNT_ERASED_PARAM}=${ACCOUNT_ERASED_VALUE}`;

/**
 * A full page load onto the public site: the shell starts again without a session, so nothing of
 * the signed-in app (its cached data, its live stream) outlives the account.
 */
export function leaveAfterErasure(): void {
  window.location.href = ERASED_LANDING;
}
