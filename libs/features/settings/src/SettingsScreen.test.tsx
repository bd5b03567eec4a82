/** @jest-environment jsdom */
import type { Settings, UserSession } from '@arrendia/api-contract';
import { answer, failsOnce, findToast, renderAt, routedFetch } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsScreen } from './SettingsScreen';

const settings = (overrides: Partial<Settings> = {}): Settings => ({
  profile: { firstName: 'Carlos', lastName: 'Rodríguez', email: 'owner@demo.arrendia.es', telefono: '612345678', nifCif: null, direccionFiscal: null, ibanBancaria: null, profileImageUrl: null },
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
