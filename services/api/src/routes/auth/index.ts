import { AuthLoginSchema, AuthRegisterSchema, AuthTwoFactorSchema, PasswordResetRequestSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { route } from '../../middlewares/validate';
import { transaction } from '../../middlewares/transaction';
import { login, loginRedirect, loginSecondStep, logout, me, register, requestPasswordReset, resendVerification, verifyEmail } from './auth';

/**
 * How long a reset request takes at least (config.resetRequestFloorMs): more than the work for an
 * existing account (a link, an audit row, a queued mail), so the answer comes as late for an
 * unknown address.
 */
export const RESET_REQUEST_FLOOR_MS = 300;

/** Answers no sooner than the floor after the request came, whatever the path taken. */
const samePace: AppMiddleware = async (ctx, next) => {
  const started = Date.now();
  await next();
  const left = started + (ctx.config.resetRequestFloorMs ?? RESET_REQUEST_FLOOR_MS) - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
};

export function authRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>()
    .post('/auth/register', route(AuthRegisterSchema, register))
    .post('/auth/login', session, route(AuthLoginSchema, login))
    .post('/auth/login/two-factor', session, route(AuthTwoFactorSchema, loginSecondStep))
    .post('/auth/password-reset', samePace, transaction, route(PasswordResetRequestSchema, requestPasswordReset))
    // The fixed path before the token's: 'resend' is no token.
    .post('/auth/verify-email/resend', session, authenticate, transaction, resendVerification)
    .post('/auth/verify-email/:token', transaction, verifyEmail)
    .post('/auth/logout', session, logout)
    .get('/auth/user', session, authenticate, me)
    .get('/login', loginRedirect);
}
