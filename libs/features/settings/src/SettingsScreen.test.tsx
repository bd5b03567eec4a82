/** @jest-environment jsdom */
import type { Settings, UserSession } from '@arrendia/api-contract';
import { answer, failsOnce, findToast, renderAt, routedFetch } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsScreen } from './SettingsScreen';

const settings = (overrides: Partial<Settings> = {}): Settings => ({
  profile: { firstName: 'Carlos', lastName: 'Rodríguez', email: 'owner@demo.arrendia.es', telefono: '612345678', nifCif: null, direccionFiscal: null, ibanBancaria: null, profileImageUrl: null, pendingEmail: null },
  notifications: { email: true, push: true, sms: false, incidentAlerts: true, paymentReminders: true, contractExpiry: true, monthlyReports: true },
  security: { sessionTimeoutMinutes: 30, loginNotifications: true, lastPasswordChange: null, twoFactorEnabled: false, recoveryCodesLeft: null },
  billing: { plan: { id: 'propietario_individual', name: 'Plan Propietario Individual', monthlyPrice: '29.00', propertyLimit: 10 }, properties: 3 },
  ...overrides,
});

const sessions: UserSession[] = [
  { id: 'a'.repeat(22), current: true, device: 'Chrome en Linux', ipAddress: '127.0.0.1', createdAt: '2026-11-26T08:00:00.000Z', lastSeenAt: '2026-11-26T09:00:00.000Z' },
  { id: 'b'.repeat(22), current: false, device: 'Safari en iOS', ipAddress: '10.0.0.2', createdAt: '2026-11-25T08:00:00.000Z', lastSeenAt: '2026-11-25T09:30:00.000Z' },
];

const body = (init?: RequestInit) => JSON.parse(String(init?.body));
const openTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });

afterEach(() => act(() => resetToasts()));

describe('SettingsScreen', () => {
  it('shows the four tabs of spec §2 and any tab the portal adds', async () => {
    global.fetch = routedFetch({ 'GET /api/settings': () => settings() });
    renderAt(<SettingsScreen extraTabs={[{ value: 'delegacion', label: 'Delegación', content: <p>Panel de delegación</p> }]} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Perfil', 'Notificaciones', 'Seguridad', 'Facturación', 'Delegación']);
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Carlos');
    expect(screen.getByText('JPG, GIF o PNG. 1MB máximo.')).toBeVisible();
  });

  it('says when the settings could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ 'GET /api/settings': failsOnce(settings()) });
    renderAt(<SettingsScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar tu configuración');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Carlos');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the open sessions could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ 'GET /api/settings': () => settings(), 'GET /api/settings/sessions': failsOnce(sessions) });
    renderAt(<SettingsScreen />, '/?tab=seguridad');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar tus sesiones');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const list = await screen.findByRole('list', { name: 'Sesiones abiertas' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an invalid IBAN with the Spanish message without calling the API', async () => {
    const put = jest.fn();
    global.fetch = routedFetch({ 'GET /api/settings': () => settings(), 'PUT /api/settings/profile': put });
    renderAt(<SettingsScreen />);
    await userEvent.type(await screen.findByLabelText('IBAN'), 'ES91 2100 0418 4502 0005 1333');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El IBAN no es válido')).toBeVisible();
    expect(screen.getByLabelText('IBAN')).toHaveAttribute('aria-invalid', 'true');
    expect(await findToast('Error')).toHaveTextContent('No se pudo actualizar el perfil');
    expect(put).not.toHaveBeenCalled();
  });

  it("saves the profile and says 'Perfil actualizado'; a server field error lands on its field", async () => {
    let calls = 0;
    const put = jest.fn((init?: RequestInit) => {
      calls += 1;
      if (calls === 1) return answer(409, { error: 'conflict', message: 'Ya existe una cuenta con ese correo electrónico', fields: { email: 'Ya existe una cuenta con ese correo electrónico' } });
      return { id: 1, ...settings().profile, ...body(init), agencyId: null, role: { roleId: 2, roleName: 'propietario_individual' } };
    });
    global.fetch = routedFetch({ 'GET /api/settings': () => settings(), 'PUT /api/settings/profile': put });
    renderAt(<SettingsScreen />);
    const nif = await screen.findByLabelText('NIF/NIE/CIF');
    await userEvent.type(nif, 'K1234567L');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Ya existe una cuenta con ese correo electrónico')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await findToast('Perfil actualizado')).toHaveTextContent('Tu información personal ha sido actualizada exitosamente');
    expect(body(put.mock.calls[1][0])).toMatchObject({ nifCif: 'K1234567L', firstName: 'Carlos', email: 'owner@demo.arrendia.es' });
  });

  it('saves a notification switch at once', async () => {
    const patch = jest.fn((init?: RequestInit) => settings({ notifications: { ...settings().notifications, ...body(init).notifications } }));
    global.fetch = routedFetch({ 'GET /api/settings': () => settings(), 'PATCH /api/settings/preferences': patch });
    renderAt(<SettingsScreen />);
    await screen.findByLabelText('Nombre');
    openTab('Notificaciones');
    const sms = await screen.findByRole('switch', { name: /Notificaciones por SMS/ });
    expect(sms).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: /Alertas de incidencias/ })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('switch', { name: /Alertas de incidencias/ }));
    expect(await findToast('Preferencias actualizadas')).toBeVisible();
    expect(body(patch.mock.calls[0][0])).toEqual({ notifications: { incidentAlerts: false } });
    await waitFor(() => expect(screen.getByRole('switch', { name: /Alertas de incidencias/ })).toHaveAttribute('aria-checked', 'false'));
  });

  it("'Reportes mensuales' saves at once and refreshes Reportes › Programados, whose monthly report it creates or deletes", async () => {
    const patch = jest.fn((init?: RequestInit) => settings({ notifications: { ...settings().notifications, ...body(init).notifications } }));
    global.fetch = routedFetch({ 'GET /api/settings': () => settings(), 'PATCH /api/settings/preferences': patch });
    const { client } = renderAt(<SettingsScreen />);
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    await screen.findByLabelText('Nombre');
    openTab('Notificaciones');
    await userEvent.click(await screen.findByRole('switch', { name: /Reportes mensuales/ }));
    expect(await findToast('Preferencias actualizadas')).toBeVisible();
    expect(body(patch.mock.calls[0][0])).toEqual({ notifications: { monthlyReports: false } });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/report-schedules'] });
    // Another switch leaves the scheduled reports alone.
    invalidate.mockClear();
    await userEvent.click(screen.getByRole('switch', { name: /Notificaciones por SMS/ }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Notificaciones por SMS/ })).toHaveAttribute('aria-checked', 'true'));
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['/api/report-schedules'] });
  });

  it('changes the password only when the confirmation matches, and lists and closes the other sessions', async () => {
    const post = jest.fn(() => answer(204));
    const endOthers = jest.fn(() => ({ ended: 1 }));
    global.fetch = routedFetch({
      'GET /api/settings': () => settings(),
      'GET /api/settings/sessions': () => sessions,
      'POST /api/settings/password': post,
      'DELETE /api/settings/sessions': endOthers,
    });
    renderAt(<SettingsScreen />, '/?tab=seguridad');
    const form = await screen.findByRole('form', { name: 'Cambiar contraseña' });
    await userEvent.type(within(form).getByLabelText('Contraseña actual'), 'contraseña-vieja');
    await userEvent.type(within(form).getByLabelText('Nueva contraseña'), 'contraseña-nueva');
    await userEvent.type(within(form).getByLabelText('Confirmar nueva contraseña'), 'otra-distinta');
    await userEvent.click(within(form).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(form).findByText('Las contraseñas no coinciden')).toBeVisible();
    expect(post).not.toHaveBeenCalled();
    await userEvent.clear(within(form).getByLabelText('Confirmar nueva contraseña'));
    await userEvent.type(within(form).getByLabelText('Confirmar nueva contraseña'), 'contraseña-nueva');
    await userEvent.click(within(form).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await findToast('Contraseña actualizada')).toBeVisible();

    const list = await screen.findByRole('list', { name: 'Sesiones abiertas' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Chrome en Linux (esta sesión)IP 127.0.0.1 · Última actividad 26/11/2026 10:00', expect.stringContaining('Safari en iOS')]);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar otras sesiones' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesiones' }));
    expect(await findToast('Sesiones cerradas')).toHaveTextContent('Se ha cerrado 1 sesión');
    expect(endOthers).toHaveBeenCalledTimes(1);
  });

  describe('two-factor authentication', () => {
    const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const twoFactorOn = (recoveryCodesLeft = 10) => settings({ security: { ...settings().security, twoFactorEnabled: true, recoveryCodesLeft } });
    const twoFactorSwitch = () => screen.findByRole('switch', { name: 'Autenticación de dos factores' });
    const dialog = (name: string) => screen.findByRole('dialog', { name });

    it('is off by default, with no recovery codes to speak of', async () => {
      global.fetch = routedFetch({ 'GET /api/settings': () => settings() });
      renderAt(<SettingsScreen />, '/?tab=seguridad');
      expect(await twoFactorSwitch()).toHaveAttribute('aria-checked', 'false');
      expect(screen.getByText('Verificación en dos pasos')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Generar nuevos códigos de recuperación' })).toBeNull();
    });

    it('turns on with the QR code, a code of the app and the password: a wrong code is said under the field, a right one shows the ten recovery codes', async () => {
      let enabled = false;
      const get = jest.fn(() => (enabled ? twoFactorOn() : settings()));
      const setup = jest.fn(() => ({ secret: SECRET, otpauthUrl: `otpauth://totp/Arrendia:owner?secret=${SECRET}`, qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>' }));
      const enable = jest.fn((init?: RequestInit) => {
        if (body(init).currentPassword !== 'mi-contraseña') return answer(400, { error: 'validation_error', message: 'La contraseña actual no es correcta', fields: { currentPassword: 'La contraseña actual no es correcta' } });
        if (body(init).code !== '123456') return answer(400, { error: 'validation_error', message: 'El código no es correcto o ha caducado', fields: { code: 'El código no es correcto o ha caducado' } });
        enabled = true;
        return { recoveryCodes: CODES };
      });
      const writeText = jest.fn(async () => undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      global.fetch = routedFetch({ 'GET /api/settings': get, 'POST /api/settings/two-factor/setup': setup, 'POST /api/settings/two-factor': enable });
      renderAt(<SettingsScreen />, '/?tab=seguridad');
      await userEvent.click(await twoFactorSwitch());

      const on = within(await dialog('Activar la verificación en dos pasos'));
      const qr = await on.findByRole('img', { name: 'Código QR para tu aplicación de autenticación' });
      expect(qr).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')}`);
      expect(on.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
      expect(setup).toHaveBeenCalledTimes(1);

      // Checked here first: a five-digit code, or no password, never reaches the API.
      const code = on.getByLabelText('Código de verificación');
      const password = on.getByLabelText('Contraseña actual');
      expect(code).toHaveFocus();
      await userEvent.type(code, '12345');
      await userEvent.click(on.getByRole('button', { name: 'Activar' }));
      expect(await on.findByText('Introduce el código de 6 cifras de tu aplicación')).toBeVisible();
      expect(on.getByText('Introduce tu contraseña actual')).toBeVisible();
      expect(enable).not.toHaveBeenCalled();

      await userEvent.clear(code);
      await userEvent.type(code, '654321');
      await userEvent.type(password, 'otra');
      await userEvent.click(on.getByRole('button', { name: 'Activar' }));
      expect(await on.findByText('La contraseña actual no es correcta')).toBeVisible();
      expect(body(enable.mock.calls[0][0])).toEqual({ code: '654321', currentPassword: 'otra' });

      await userEvent.clear(password);
      await userEvent.type(password, 'mi-contraseña');
      await userEvent.click(on.getByRole('button', { name: 'Activar' }));
      expect(await on.findByText('El código no es correcto o ha caducado')).toBeVisible();
      expect(code).toHaveAttribute('aria-invalid', 'true');
      expect(body(enable.mock.calls[1][0])).toEqual({ code: '654321', currentPassword: 'mi-contraseña' });
      expect(screen.getByRole('switch', { name: 'Autenticación de dos factores', hidden: true })).toHaveAttribute('aria-checked', 'false');

      await userEvent.clear(code);
      await userEvent.type(code, '123 456');
      await userEvent.click(on.getByRole('button', { name: 'Activar' }));
      expect(await findToast('Verificación en dos pasos activada')).toBeVisible();
      expect(body(enable.mock.calls[2][0])).toEqual({ code: '123456', currentPassword: 'mi-contraseña' });
      const list = on.getByRole('list', { name: 'Códigos de recuperación' });
      expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
      // The settings were read again: the switch is on, ten codes left.
      expect(get).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('switch', { name: 'Autenticación de dos factores', hidden: true })).toHaveAttribute('aria-checked', 'true');

      await userEvent.click(on.getByRole('button', { name: 'Copiar códigos' }));
      expect(await findToast('Códigos copiados')).toBeVisible();
      expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
      await userEvent.click(on.getByRole('button', { name: 'Listo' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByText('Te quedan 10 códigos de recuperación')).toBeVisible();
    });

    it('turns off with the password: a wrong one is said under the field, the right one toasts and reads the settings again', async () => {
      let enabled = true;
      const get = jest.fn(() => (enabled ? twoFactorOn(1) : settings()));
      const disable = jest.fn((init?: RequestInit) => {
        if (body(init).currentPassword !== 'demo1234') return answer(400, { error: 'validation_error', message: 'La contraseña actual no es correcta', fields: { currentPassword: 'La contraseña actual no es correcta' } });
        enabled = false;
        return answer(204);
      });
      global.fetch = routedFetch({ 'GET /api/settings': get, 'POST /api/settings/two-factor/disable': disable });
      renderAt(<SettingsScreen />, '/?tab=seguridad');
      const toggle = await twoFactorSwitch();
      expect(toggle).toHaveAttribute('aria-checked', 'true');
      expect(screen.getByText('Te queda 1 código de recuperación')).toBeVisible();
      await userEvent.click(toggle);

      const off = within(await dialog('Desactivar la verificación en dos pasos'));
      const password = off.getByLabelText('Contraseña actual');
      expect(password).toHaveAttribute('type', 'password');
      await userEvent.click(off.getByRole('button', { name: 'Desactivar' }));
      expect(await off.findByText('Introduce tu contraseña actual')).toBeVisible();
      expect(disable).not.toHaveBeenCalled();

      await userEvent.type(password, 'otra-cosa');
      await userEvent.click(off.getByRole('button', { name: 'Desactivar' }));
      expect(await off.findByText('La contraseña actual no es correcta')).toBeVisible();
      expect(password).toHaveAccessibleDescription('La contraseña actual no es correcta');
      expect(body(disable.mock.calls[0][0])).toEqual({ currentPassword: 'otra-cosa' });

      await userEvent.clear(password);
      await userEvent.type(password, 'demo1234');
      await userEvent.click(off.getByRole('button', { name: 'Desactivar' }));
      expect(await findToast('Verificación en dos pasos desactivada')).toBeVisible();
      expect(body(disable.mock.calls[1][0])).toEqual({ currentPassword: 'demo1234' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(get).toHaveBeenCalledTimes(2);
      expect(await twoFactorSwitch()).toHaveAttribute('aria-checked', 'false');
      expect(screen.queryByText(/códigos? de recuperación$/)).toBeNull();
    });

    it('makes new recovery codes after the password, and shows them once', async () => {
      let left = 2;
      const get = jest.fn(() => twoFactorOn(left));
      const renew = jest.fn((init?: RequestInit) => {
        if (body(init).currentPassword !== 'demo1234') return answer(400, { error: 'validation_error', message: 'La contraseña actual no es correcta', fields: { currentPassword: 'La contraseña actual no es correcta' } });
        left = 10;
        return { recoveryCodes: CODES };
      });
      global.fetch = routedFetch({ 'GET /api/settings': get, 'POST /api/settings/two-factor/recovery-codes': renew });
      renderAt(<SettingsScreen />, '/?tab=seguridad');
      expect(await screen.findByText('Te quedan 2 códigos de recuperación')).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Generar nuevos códigos de recuperación' }));

      const renewal = within(await dialog('Generar nuevos códigos de recuperación'));
      await userEvent.type(renewal.getByLabelText('Contraseña actual'), 'mal');
      await userEvent.click(renewal.getByRole('button', { name: 'Generar códigos' }));
      expect(await renewal.findByText('La contraseña actual no es correcta')).toBeVisible();
      expect(renewal.queryByRole('list', { name: 'Códigos de recuperación' })).toBeNull();

      await userEvent.clear(renewal.getByLabelText('Contraseña actual'));
      await userEvent.type(renewal.getByLabelText('Contraseña actual'), 'demo1234');
      await userEvent.click(renewal.getByRole('button', { name: 'Generar códigos' }));
      const list = await renewal.findByRole('list', { name: 'Códigos de recuperación' });
      expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
      expect(renew.mock.calls.map(([init]) => body(init))).toEqual([{ currentPassword: 'mal' }, { currentPassword: 'demo1234' }]);
      expect(get).toHaveBeenCalledTimes(2);

      // Without a clipboard the copy says it failed.
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      await userEvent.click(renewal.getByRole('button', { name: 'Copiar códigos' }));
      expect(await findToast('Error')).toHaveTextContent('No se pudieron copiar');
      await userEvent.click(renewal.getByRole('button', { name: 'Listo' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByText('Te quedan 10 códigos de recuperación')).toBeVisible();
    });
  });

  it('shows the plan and how much of its limit is used', async () => {
    global.fetch = routedFetch({ 'GET /api/settings': () => settings() });
    renderAt(<SettingsScreen />, '/?tab=facturacion');
    expect(await screen.findByText('Plan Propietario Individual')).toBeVisible();
    expect(screen.getByText('29,00 € al mes')).toBeVisible();
    expect(screen.getByText('Hasta 10 propiedades')).toBeVisible();
    expect(screen.getByText('3 de 10 propiedades')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Propiedades usadas: 3 de 10' })).toHaveAttribute('value', '3');
  });
});
