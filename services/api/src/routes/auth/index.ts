import { AuthLoginSchema, AuthRegisterSchema, AuthTwoFactorSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { route } from '../../middlewares/validate';
import { login, loginRedirect, loginSecondStep, logout, me, register } from './auth';

export function authRoutes({ session }: { session: AppMiddleware }) {
  return new Router<AppState, AppContext>()
    .post('/auth/register', route(AuthRegisterSchema, register))
    .post('/auth/login', session, route(AuthLoginSchema, login))
    .post('/auth/login/two-factor', session, route(AuthTwoFactorSchema, loginSecondStep))
    .post('/auth/logout', session, logout)
    .get('/auth/user', session, authenticate, me)
    .get('/login', loginRedirect);
}
