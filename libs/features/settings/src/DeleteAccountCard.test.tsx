/** @jest-environment jsdom */
import type { Settings } from '@arrendia/api-contract';
import { answer, renderAt, routedFetch } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leaveAfterErasure } from './leaveAccount';
import { SettingsScreen } from './SettingsScreen';

jest.mock('./leaveAccount', () => ({ ...jest.requireActual('./leaveAccount'), leaveAfterErasure: jest.fn() }));

const settings = (twoFactorEnabled = false): Settings => ({
  profile: { firstName: 'Zacarías', lastName: 'Quintanilla', email: 'zq@example.com', telefono: null, nifCif: null, direccionFiscal: null, ibanBancaria: null, profileImageUrl: null, pendingEmail: null },
  notifications: { email: true, push: true, sms: false, incidentAlerts: true, paymentReminders: true, contractExpiry: true, monthlyReports: true },
  security: { sessionTimeoutMinutes: 30, loginNotifications: true, lastPasswordChange: null, twoFactorEnabled, recoveryCodesLeft: twoFactorEnabled ? 10 : null },
  billing: { plan: { id: 'inquilino', name: 'Inquilino', monthlyPrice: '0.00', propertyLimit: 0 }, properties: 0 },
});

const body = (init?: RequestInit) => JSON.parse(String(init?.body));

beforeEach(() => jest.mocked(leaveAfterErasure).mockReset());
afterEach(() => act(() => resetToasts()));

/** Seguridad › 'Eliminar mi cuenta' › the warning's 'Continuar': the password dialog. */
async function openConfirmation(erase: (init?: RequestInit) => unknown, twoFactorEnabled = false) {
  global.fetch = routedFetch({ 'GET /api/settings': () => settings(twoFactorEnabled), 'GET /api/settings/sessions': () => [], 'POST /api/account/erasure': erase });
  renderAt(<SettingsScreen />, '/?tab=seguridad');
  await userEvent.click(await screen.findByRole('button', { name: 'Eliminar mi cuenta' }));
  const warning = await screen.findByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
  expect(warning).toHaveTextContent('Los contratos y pagos se conservan a nombre de «Persona eliminada» durante los plazos legales. No se puede deshacer.');
  await userEvent.click(within(warning).getByRole('button', { name: 'Continuar' }));
  return screen.findByRole('dialog', { name: 'Confirma que quieres eliminar tu cuenta' });
}

describe("'Eliminar mi cuenta' (Configuración › Seguridad)", () => {
  it('asks for the password, erases the account and leaves for the public site', async () => {
    const erase = jest.fn((_init?: RequestInit) => ({ userId: 7, erasedAt: '2026-12-07T18:00:00.000Z' }));
    const dialog = await openConfirmation(erase);
    expect(within(dialog).queryByLabelText('Código de verificación')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), 'mi-contraseña-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }));
    await waitFor(() => expect(leaveAfterErasure).toHaveBeenCalledTimes(1));
    expect(erase).toHaveBeenCalledTimes(1);
    expect(body(erase.mock.calls[0][0])).toEqual({ currentPassword: 'mi-contraseña-1' });
  });

  it('asks for the code of the app too when two-factor authentication is on', async () => {
    const erase = jest.fn((_init?: RequestInit) => ({ userId: 7, erasedAt: '2026-12-07T18:00:00.000Z' }));
    const dialog = await openConfirmation(erase, true);
    await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), 'mi-contraseña-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }));
    expect(await within(dialog).findByText('Introduce el código de 6 cifras de tu aplicación o un código de recuperación')).toBeVisible();
    expect(erase).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('Código de verificación'), '123 456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }));
    await waitFor(() => expect(leaveAfterErasure).toHaveBeenCalledTimes(1));
    expect(body(erase.mock.calls[0][0])).toEqual({ currentPassword: 'mi-contraseña-1', code: '123456' });
  });

  it('says a wrong password under its field and stays', async () => {
    const erase = jest.fn(() => answer(400, { error: 'validation_error', message: 'La contraseña actual no es correcta', fields: { currentPassword: 'La contraseña actual no es correcta' } }));
    const dialog = await openConfirmation(erase);
    await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), 'otra');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }));
    expect(await within(dialog).findByText('La contraseña actual no es correcta')).toBeVisible();
    expect(within(dialog).getByLabelText('Contraseña actual')).toHaveAttribute('aria-invalid', 'true');
    expect(leaveAfterErasure).not.toHaveBeenCalled();
  });

  it("explains a refusal (a contract in force) in the dialog, and the account stays", async () => {
    const message = 'Tienes un contrato en vigor: el arrendador necesita poder identificar a la otra parte mientras dure. Podrás eliminar tu cuenta cuando termine.';
    const dialog = await openConfirmation(() => answer(409, { error: 'contract_in_force', message }));
    await userEvent.type(within(dialog).getByLabelText('Contraseña actual'), 'mi-contraseña-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(leaveAfterErasure).not.toHaveBeenCalled();
  });

  it('sends nothing when the warning is cancelled', async () => {
    const erase = jest.fn();
    global.fetch = routedFetch({ 'GET /api/settings': () => settings(), 'GET /api/settings/sessions': () => [], 'POST /api/account/erasure': erase });
    renderAt(<SettingsScreen />, '/?tab=seguridad');
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar mi cuenta' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(erase).not.toHaveBeenCalled();
  });
});
