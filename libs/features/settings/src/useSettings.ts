import { apiRequest, CURRENT_USER_KEY, getQueryFn, uploadFile } from '@arrendia/api-client';
import {
  ACCOUNT_ERASURE_PATH,
  EMAIL_CHANGE_PATH,
  REPORT_SCHEDULES_PATH,
  TWO_FACTOR_PATH,
  type AccountErasureData,
  type CurrentUser,
  type ErasureResult,
  type RecoveryCodes,
  type Settings,
  type SettingsPasswordData,
  type SettingsPreferencesInput,
  type SettingsProfileData,
  type TwoFactorEnableData,
  type TwoFactorPasswordData,
  type TwoFactorSetup,
  type UserSession,
} from '@arrendia/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const SETTINGS_PATH = '/api/settings';
export const SESSIONS_PATH = '/api/settings/sessions';

/** The four tabs' saved values. */
export function useSettings() {
  return useQuery<Settings>({ queryKey: [SETTINGS_PATH], queryFn: getQueryFn<Settings>({ on401: 'throw' }) });
}

/** The user's open sessions, this one first. */
export function useSessions() {
  return useQuery<UserSession[]>({ queryKey: [SESSIONS_PATH], queryFn: getQueryFn<UserSession[]>({ on401: 'throw' }) });
}

/** The signed-in user as the shell holds it: the sidebar's name and avatar follow at once. */
function useCurrentUserUpdate() {
  const client = useQueryClient();
  return (user: CurrentUser) => {
    client.setQueryData(CURRENT_USER_KEY, user);
    return client.invalidateQueries({ queryKey: [SETTINGS_PATH] });
  };
}

export function useSaveProfile() {
  const update = useCurrentUserUpdate();
  return useMutation({
    mutationFn: async (input: SettingsProfileData) => (await apiRequest('PUT', '/api/settings/profile', input)).json() as Promise<CurrentUser>,
    onSuccess: update,
  });
}

/** 'Cancelar cambio': the new address waiting for its link is dropped; the tab reads the settings again. */
export function useCancelEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', EMAIL_CHANGE_PATH);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [SETTINGS_PATH] }),
  });
}

export function useUploadPhoto(onProgress: (percent: number) => void) {
  const update = useCurrentUserUpdate();
  return useMutation({
    mutationFn: (file: File) => uploadFile<CurrentUser>('/api/settings/profile/photo', file, onProgress),
    onSuccess: update,
  });
}

export function useRemovePhoto() {
  const update = useCurrentUserUpdate();
  return useMutation({
    mutationFn: async () => (await apiRequest('DELETE', '/api/settings/profile/photo')).json() as Promise<CurrentUser>,
    onSuccess: update,
  });
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SettingsPreferencesInput) => (await apiRequest('PATCH', '/api/settings/preferences', input)).json() as Promise<Settings>,
    onSuccess: async (settings, input) => {
      client.setQueryData([SETTINGS_PATH], settings);
      // 'Reportes mensuales' creates or deletes the monthly report of Reportes › Programados.
      if (input.notifications?.monthlyReports !== undefined) await client.invalidateQueries({ queryKey: [REPORT_SCHEDULES_PATH] });
    },
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SettingsPasswordData) => {
      await apiRequest('POST', '/api/settings/password', input);
    },
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: [SESSIONS_PATH] }), client.invalidateQueries({ queryKey: [SETTINGS_PATH] })]),
  });
}

/** A new secret and its QR code for the authenticator app; nothing is in force until useEnableTwoFactor. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: async () => (await apiRequest('POST', `${TWO_FACTOR_PATH}/setup`)).json() as Promise<TwoFactorSetup>,
  });
}

/** The settings again once two-factor authentication changed: the switch and the codes left follow. */
function useSettingsRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [SETTINGS_PATH] });
}

/** Turns two-factor authentication on with a code of the app; answers the recovery codes. */
export function useEnableTwoFactor() {
  const refresh = useSettingsRefresh();
  return useMutation({
    mutationFn: async (input: TwoFactorEnableData) => (await apiRequest('POST', TWO_FACTOR_PATH, input)).json() as Promise<RecoveryCodes>,
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useSettingsRefresh();
  return useMutation({
    mutationFn: async (input: TwoFactorPasswordData) => {
      await apiRequest('POST', `${TWO_FACTOR_PATH}/disable`, input);
    },
    onSuccess: refresh,
  });
}

/** New recovery codes in place of the old ones. */
export function useNewRecoveryCodes() {
  const refresh = useSettingsRefresh();
  return useMutation({
    mutationFn: async (input: TwoFactorPasswordData) => (await apiRequest('POST', `${TWO_FACTOR_PATH}/recovery-codes`, input)).json() as Promise<RecoveryCodes>,
    onSuccess: refresh,
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest('DELETE', SESSIONS_PATH)).json() as Promise<{ ended: number }>,
    onSuccess: () => client.invalidateQueries({ queryKey: [SESSIONS_PATH] }),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${SESSIONS_PATH}/${encodeURIComponent(id)}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [SESSIONS_PATH] }),
  });
}

/** 'Eliminar mi cuenta' (issue 35): the password (and the code when two-factor is on); the account and this session end. */
export function useEraseAccount() {
  return useMutation({
    mutationFn: async (input: AccountErasureData) => (await apiRequest('POST', ACCOUNT_ERASURE_PATH, input)).json() as Promise<ErasureResult>,
  });
}
