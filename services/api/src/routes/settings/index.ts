import {
  SettingsPasswordSchema,
  SettingsPreferencesSchema,
  SettingsProfileSchema,
  TwoFactorEnableSchema,
  TwoFactorPasswordSchema,
} from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import * as settings from './settings';

/** Every user's own account (issue 13): profile, photo, preferences, password and sessions. */
export function settingsRoutes({ session }: { session: AppMiddleware }) {
  const own = [session, authenticate, requirePermission('settings:own')];
  return new Router<AppState, AppContext>()
    .get('/settings', ...own, settings.show)
    .put('/settings/profile', ...own, transaction, route(SettingsProfileSchema, settings.saveProfile))
    .delete('/settings/email-change', ...own, transaction, settings.cancelEmailChangeRequest)
    .post('/settings/profile/photo', ...own, settings.receiveProfilePhoto, transaction, settings.uploadPhoto)
    .delete('/settings/profile/photo', ...own, transaction, settings.removePhoto)
    .patch('/settings/preferences', ...own, transaction, route(SettingsPreferencesSchema, settings.savePreferences))
    // Its own transaction: the password is hashed before it opens.
    .post('/settings/password', ...own, route(SettingsPasswordSchema, settings.savePassword))
    .post('/settings/two-factor/setup', ...own, transaction, settings.startTwoFactor)
    // Their own transactions: the password is checked (argon2) before they open.
    .post('/settings/two-factor', ...own, route(TwoFactorEnableSchema, settings.enableTwoFactor))
    .post('/settings/two-factor/disable', ...own, route(TwoFactorPasswordSchema, settings.disableTwoFactor))
    .post('/settings/two-factor/recovery-codes', ...own, route(TwoFactorPasswordSchema, settings.newRecoveryCodes))
    .get('/settings/sessions', ...own, settings.listSessions)
    .delete('/settings/sessions', ...own, transaction, settings.endOthers)
    .delete('/settings/sessions/:id', ...own, transaction, settings.endOne)
    .get('/profile-photos/:name', session, authenticate, settings.servePhoto);
}
