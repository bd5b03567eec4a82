/** @jest-environment jsdom */
import { VERIFICATION_RESENDS_USED, verificationSentTo, type Settings } from '@arrendia/api-contract';
import { answer, findToast, renderAt, routedFetch } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsScreen } from './SettingsScreen';

const profile: Settings['profile'] = {
  firstName: 'Carlos',
  lastName: 'Rodríguez',
  email: 'owner@demo.arrendia.es',
  telefono: '612345678',
  nifCif: null,
  direccionFiscal: null,
  ibanBancaria: null,
  profileImageUrl: null,
  pendingEmail: null,
};

const settings = (pendingEmail: string | null): Settings => ({
  profile: { ...profile, pendingEmail },
  notifications: { email: true, push: true, sms: false, incidentAlerts: true, paymentReminders: true, contractExpiry: true, monthlyReports: true },
  security: { sessionTimeoutMinutes: 30, loginNotifications: true, lastPasswordChange: null, twoFactorEnabled: false, recoveryCodesLeft: null },
  billing: { plan: { id: 'propietario_individual', name: 'Plan Propietario Individual', monthlyPrice: '29.00', propertyLimit: 10 }, properties: 3 },
});

const RESEND = 'POST /api/auth/verify-email/resend';
const CANCEL = 'DELETE /api/settings/email-change';
const calls = (fetch: jest.Mock, key: string) => fetch.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
const pendingBlock = () => screen.findByRole('region', { name: 'Cambio de correo pendiente' });

afterEach(() => act(() => resetToasts()));

describe('Perfil: a new email waiting for its link (issue 34)', () => {
  it('shows no pending block when nothing waits', async () => {
    global.fetch = routedFetch({ 'GET /api/settings': () => settings(null) });
    renderAt(<SettingsScreen />);
    expect(await screen.findByLabelText('Correo electrónico')).toHaveValue('owner@demo.arrendia.es');
    expect(screen.queryByRole('region', { name: 'Cambio de correo pendiente' })).toBeNull();
  });

  it('shows the pending address beside the current one, which stays in the field', async () => {
    global.fetch = routedFetch({ 'GET /api/settings': () => settings('nueva@example.com') });
    renderAt(<SettingsScreen />);
    const block = await pendingBlock();
    expect(block).toHaveTextContent('Pendiente de confirmar: nueva@example.com. Tu correo no cambiará hasta que abras el enlace que te hemos enviado.');
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('owner@demo.arrendia.es');
  });

  it("'Reenviar correo' asks for a new link and says where it went", async () => {
    const fetch = routedFetch({
      'GET /api/settings': () => settings('nueva@example.com'),
      [RESEND]: () => ({ purpose: 'change', email: 'nueva@example.com', message: verificationSentTo('nueva@example.com') }),
    });
    global.fetch = fetch;
    renderAt(<SettingsScreen />);
    await userEvent.click(within(await pendingBlock()).getByRole('button', { name: 'Reenviar correo' }));
    expect(await findToast('Correo enviado')).toHaveTextContent('Te hemos enviado un enlace a nueva@example.com');
    expect(calls(fetch, RESEND)).toHaveLength(1);
  });

  it("'Reenviar correo' shows the server's Spanish refusal (429)", async () => {
    global.fetch = routedFetch({
      'GET /api/settings': () => settings('nueva@example.com'),
      [RESEND]: () => answer(429, { error: 'rate_limited', message: VERIFICATION_RESENDS_USED }),
    });
    renderAt(<SettingsScreen />);
    await userEvent.click(within(await pendingBlock()).getByRole('button', { name: 'Reenviar correo' }));
    expect(await findToast('Error')).toHaveTextContent(VERIFICATION_RESENDS_USED);
  });

  it("'Cancelar cambio' sends DELETE /api/settings/email-change and the block goes once the settings are read again", async () => {
    let pending: string | null = 'nueva@example.com';
    const fetch = routedFetch({
      'GET /api/settings': () => settings(pending),
      [CANCEL]: () => {
        pending = null;
        return answer(204);
      },
    });
    global.fetch = fetch;
    renderAt(<SettingsScreen />);
    await userEvent.click(within(await pendingBlock()).getByRole('button', { name: 'Cancelar cambio' }));
    expect(await findToast('Cambio de correo cancelado')).toHaveTextContent('Tu correo sigue siendo el de siempre');
    expect(calls(fetch, CANCEL)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cambio de correo pendiente' })).toBeNull());
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('owner@demo.arrendia.es');
  });

  it('saving a new email says a link went to it; the field keeps the current address and the new one shows as pending', async () => {
    let pending: string | null = null;
    const put = jest.fn((init?: RequestInit) => {
      pending = JSON.parse(String(init?.body)).email;
      // The API answers with the account as it is: its address has not changed yet.
      return { id: 1, ...profile, agencyId: null, role: { roleId: 2, roleName: 'propietario_individual' }, emailVerified: true };
    });
    global.fetch = routedFetch({ 'GET /api/settings': () => settings(pending), 'PUT /api/settings/profile': put });
    renderAt(<SettingsScreen />);
    const email = await screen.findByLabelText('Correo electrónico');
    await userEvent.clear(email);
    await userEvent.type(email, 'nueva@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    // One toast at a time (TOAST_LIMIT): this one, which says what happens to the address, is the one left.
    expect(await findToast('Confirma tu nuevo correo')).toHaveTextContent('Te hemos enviado un enlace a nueva@example.com. Tu correo cambiará cuando abras el enlace.');
    expect(JSON.parse(String(put.mock.calls[0]![0]?.body))).toMatchObject({ email: 'nueva@example.com' });
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('owner@demo.arrendia.es');
    expect(await pendingBlock()).toHaveTextContent('Pendiente de confirmar: nueva@example.com');
  });

  it('saving without touching the email says nothing about a link', async () => {
    const put = jest.fn(() => ({ id: 1, ...profile, agencyId: null, role: { roleId: 2, roleName: 'propietario_individual' }, emailVerified: true }));
    global.fetch = routedFetch({ 'GET /api/settings': () => settings(null), 'PUT /api/settings/profile': put });
    renderAt(<SettingsScreen />);
    await screen.findByLabelText('Correo electrónico');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await findToast('Perfil actualizado')).toBeVisible();
    expect(screen.queryByText('Confirma tu nuevo correo')).toBeNull();
  });
});
