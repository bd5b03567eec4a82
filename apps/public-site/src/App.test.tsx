/** @jest-environment jsdom */
import { resetToasts } from '@arrendia/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe, toHaveNoViolations } from 'jest-axe';
import { hardNavigate } from './navigation';
import { findToast } from '@arrendia/testing';
import { answer, renderSite } from './test-utils';

jest.mock('./navigation', () => ({ ...jest.requireActual('./navigation'), hardNavigate: jest.fn() }));

expect.extend(toHaveNoViolations);

const fetchMock = jest.fn();
beforeAll(() => {
  (globalThis as Record<string, unknown>).__ARRENDIA_BUILD_ID__ = 'test-build';
});
beforeEach(() => {
  fetchMock.mockReset();
  (hardNavigate as jest.Mock).mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => act(() => resetToasts()));

const loginDialog = () => screen.getByRole('dialog', { name: 'Iniciar Sesión' });
const body = (call: number) => JSON.parse(fetchMock.mock.calls[call][1].body);

describe('landing page', () => {
  it('is the public-site remote, marked with its name and build', async () => {
    const { container } = await renderSite('/');
    const root = container.querySelector('[data-remote="public-site"]')!;
    expect(root.getAttribute('data-build')).toBe('test-build');
    expect(screen.getByRole('heading', { level: 1, name: 'Gestiona tus alquileres sin complicaciones' })).toBeVisible();
  });

  it('links the header to the catalogue, the rental types and the sections', async () => {
    await renderSite('/');
    const nav = within(screen.getByRole('navigation', { name: 'Navegación del sitio' }));
    expect(nav.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/alquiler', '/rental-types', '#features', '#pricing', '#faq']);
    for (const id of ['features', 'pricing', 'faq']) expect(document.getElementById(id)).not.toBeNull();
    expect(screen.getAllByRole('button', { name: 'Iniciar Sesión' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Registrarse' })).toHaveLength(2);
  });

  it('starts with a skip link to the main content', async () => {
    await renderSite('/');
    const skip = screen.getAllByRole('link')[0]!;
    expect(skip).toHaveTextContent('Saltar al contenido principal');
    expect(skip).toHaveAttribute('href', '#contenido');
    expect(document.getElementById('contenido')?.tagName).toBe('MAIN');
  });

  it.each(['/', '/?login=1'])('has no axe violations on %s', async (path) => {
    await renderSite(path);
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it('shows the three plans of spec §9', async () => {
    await renderSite('/');
    const pricing = within(document.getElementById('pricing')!);
    const plans = pricing.getAllByRole('article');
    expect(plans.map((p) => within(p).getByRole('heading').textContent)).toEqual(['Básico', 'Estándar', 'Premium']);
    expect(plans.map((p) => p.textContent!.match(/\d+,\d+ €/)![0])).toEqual(['19,90 €', '29,90 €', '49,90 €']);
    expect(plans[0].textContent).toContain('Hasta 5 propiedades');
    expect(plans[1].textContent).toContain('Hasta 20 propiedades');
    expect(plans[2].textContent).toContain('Propiedades ilimitadas');
    expect(plans[2].textContent).toContain('Mejor oferta');
  });

  it('opens the login dialog on arrival with ?login=1, with labelled fields', async () => {
    await renderSite('/?login=1');
    const dialog = loginDialog();
    expect(within(dialog).getByLabelText('Correo electrónico').getAttribute('type')).toBe('email');
    expect(within(dialog).getByLabelText('Contraseña').getAttribute('type')).toBe('password');
  });

  it('opens login and registration from the header, each on its own', async () => {
    const user = userEvent.setup();
    await renderSite('/');
    await user.click(screen.getAllByRole('button', { name: 'Registrarse' })[0]);
    // Each dialog's code loads the first time it opens.
    expect(await screen.findByRole('dialog', { name: 'Crear Cuenta' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Iniciar Sesión' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getAllByRole('button', { name: 'Iniciar Sesión' })[0]);
    expect(await screen.findByRole('dialog', { name: 'Iniciar Sesión' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Crear Cuenta' })).toBeNull();
  });
});

describe('login', () => {
  async function submitLogin(path = '/?login=1') {
    const user = userEvent.setup();
    await renderSite(path);
    const dialog = within(loginDialog());
    await user.type(dialog.getByLabelText('Correo electrónico'), 'owner@demo.arrendia.es');
    await user.type(dialog.getByLabelText('Contraseña'), 'demo1234');
    await user.click(dialog.getByRole('button', { name: 'Iniciar Sesión' }));
  }

  it('says Iniciando sesión... while pending, then loads /dashboard', async () => {
    let finish: (v: unknown) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    await submitLogin();
    expect(within(loginDialog()).getByRole('button', { name: 'Iniciando sesión...' })).toBeDisabled();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/login');
    expect(body(0)).toEqual({ email: 'owner@demo.arrendia.es', password: 'demo1234' });
    await act(async () => finish(answer(200, {})));
    expect(hardNavigate).toHaveBeenCalledWith('/dashboard');
  });

  it('goes to a safe next path after signing in, and ignores an unsafe one', async () => {
    fetchMock.mockResolvedValue(answer(200, {}));
    await submitLogin('/?login=1&next=%2Fcontracts');
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/contracts'));
  });

  it('ignores a next path that leaves the site', async () => {
    fetchMock.mockResolvedValue(answer(200, {}));
    await submitLogin('/?login=1&next=%2F%2Fevil.example');
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/dashboard'));
  });

  it("toasts 'Error de autenticación' with the server's message and keeps the dialog open", async () => {
    fetchMock.mockResolvedValue(answer(401, { error: 'invalid_credentials', message: 'Correo o contraseña incorrectos' }));
    await submitLogin();
    expect(await findToast('Error de autenticación')).toHaveTextContent('Correo o contraseña incorrectos');
    expect(loginDialog()).toBeVisible();
    expect(within(loginDialog()).getByLabelText('Correo electrónico')).toHaveValue('owner@demo.arrendia.es');
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it("falls back to 'Error de login' without a server message", async () => {
    fetchMock.mockResolvedValue(answer(502, 'Bad Gateway'));
    await submitLogin();
    const toast = await findToast('Error de autenticación');
    expect(toast).toHaveTextContent('Error de login');
    expect(toast).not.toHaveTextContent('Bad Gateway');
  });
});

describe('login with two-factor authentication', () => {
  const CODE_HINT = 'Introduce el código de 6 cifras de tu aplicación de autenticación o uno de tus códigos de recuperación.';

  /** The password step answered with the request for a code; `second` answers the code step. */
  async function reachCodeStep(second: () => unknown = () => answer(200, {})) {
    fetchMock.mockImplementation(async (url: string) => (url === '/api/auth/login' ? answer(200, { twoFactorRequired: true }) : second()));
    const user = userEvent.setup();
    await renderSite('/?login=1&next=%2Fcontracts');
    const dialog = within(loginDialog());
    await user.type(dialog.getByLabelText('Correo electrónico'), 'owner@demo.arrendia.es');
    await user.type(dialog.getByLabelText('Contraseña'), 'demo1234');
    await user.click(dialog.getByRole('button', { name: 'Iniciar Sesión' }));
    const code = await dialog.findByLabelText('Código de verificación');
    return { user, dialog, code };
  }

  it('asks for the code after the password, without leaving the page', async () => {
    const { dialog, code } = await reachCodeStep();
    expect(loginDialog()).toHaveAccessibleDescription(CODE_HINT);
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(dialog.queryByLabelText('Contraseña')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Verificar' })).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('signs in with the code and loads the next path; a malformed code never reaches the API', async () => {
    let finish: (v: unknown) => void = () => undefined;
    const { user, dialog, code } = await reachCodeStep(() => new Promise((resolve) => (finish = resolve)));
    await user.type(code, '12 34');
    await user.click(dialog.getByRole('button', { name: 'Verificar' }));
    expect(code).toHaveAccessibleDescription('Introduce el código de 6 cifras de tu aplicación o un código de recuperación');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(dialog.getByRole('button', { name: 'Verificar' }));
    expect(dialog.getByRole('button', { name: 'Verificando...' })).toBeDisabled();
    expect(fetchMock.mock.calls[1][0]).toBe('/api/auth/login/two-factor');
    expect(body(1)).toEqual({ code: '123456' });
    await act(async () => finish(answer(200, { id: 1 })));
    expect(hardNavigate).toHaveBeenCalledWith('/contracts');
  });

  it("toasts the server's message for a wrong code and stays on the code step", async () => {
    const { user, dialog, code } = await reachCodeStep(() => answer(401, { error: 'invalid_code', message: 'El código no es correcto o ha caducado', fields: { code: 'El código no es correcto o ha caducado' } }));
    await user.type(code, 'abcde-12345');
    await user.click(dialog.getByRole('button', { name: 'Verificar' }));
    expect(await findToast('Error de autenticación')).toHaveTextContent('El código no es correcto o ha caducado');
    expect(body(1)).toEqual({ code: 'abcde12345' });
    expect(dialog.getByLabelText('Código de verificación')).toBeVisible();
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('goes back to the password step when the verification has expired', async () => {
    const { user, dialog, code } = await reachCodeStep(() => answer(401, { error: 'two_factor_expired', message: 'La verificación ha caducado. Vuelve a iniciar sesión' }));
    await user.type(code, '123456');
    await user.click(dialog.getByRole('button', { name: 'Verificar' }));
    expect(await findToast('Error de autenticación')).toHaveTextContent('La verificación ha caducado. Vuelve a iniciar sesión');
    expect(await dialog.findByLabelText('Contraseña')).toBeVisible();
    expect(dialog.queryByLabelText('Código de verificación')).toBeNull();
    expect(dialog.getByLabelText('Correo electrónico')).toHaveValue('owner@demo.arrendia.es');
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it("'Volver' returns to the email and password, and closing the dialog starts over", async () => {
    const { user, dialog } = await reachCodeStep();
    await user.click(dialog.getByRole('button', { name: 'Volver' }));
    expect(dialog.getByLabelText('Correo electrónico')).toHaveValue('owner@demo.arrendia.es');
    expect(loginDialog()).toHaveAccessibleDescription('Accede a tu cuenta de Arrendia.');
    expect(dialog.queryByLabelText('Código de verificación')).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Iniciar Sesión' }));
    await dialog.findByLabelText('Código de verificación');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getAllByRole('button', { name: 'Iniciar Sesión' })[0]);
    expect(within(await screen.findByRole('dialog', { name: 'Iniciar Sesión' })).getByLabelText('Contraseña')).toBeVisible();
    expect(hardNavigate).not.toHaveBeenCalled();
  });
});

describe('demo access', () => {
  it('is not offered where the installation has no demo accounts (production), and is where it has (issue 33)', async () => {
    await renderSite('/', null, { site: { demoAccounts: false } });
    expect(document.getElementById('demo')).toBeNull();
    expect(screen.queryByText('Prueba Arrendia con una cuenta de demostración')).toBeNull();
  });

  it('asks the API whether the demo accounts exist before showing the block', async () => {
    fetchMock.mockImplementation(async (url: string) => (url === '/api/public/site' ? answer(200, { demoAccounts: true }) : answer(404, {})));
    await renderSite('/', null, { site: null });
    expect(await screen.findByRole('heading', { name: 'Prueba Arrendia con una cuenta de demostración' })).toBeVisible();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/public/site');
  });

  it('signs in with one click as the demo owner, the card saying Accediendo...', async () => {
    let finish: (v: unknown) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    await renderSite('/');
    const demo = within(document.getElementById('demo')!);
    expect(demo.getAllByRole('button').map((b) => b.querySelector('span')!.textContent)).toEqual(['Administrador', 'Propietario', 'Agencia/Agente', 'Inquilino']);
    await user.click(demo.getByRole('button', { name: /owner@demo\.arrendia\.es/ }));
    expect(body(0)).toEqual({ email: 'owner@demo.arrendia.es', password: 'demo1234' });
    expect(demo.getByRole('button', { name: /Accediendo\.\.\./ }).textContent).toContain('owner@demo.arrendia.es');
    expect(demo.getAllByText('Accediendo...')).toHaveLength(1);
    await act(async () => finish(answer(200, {})));
    expect(hardNavigate).toHaveBeenCalledWith('/dashboard');
  });

  it('opens the login dialog with the email when the demo account asks for a code', async () => {
    fetchMock.mockResolvedValue(answer(200, { twoFactorRequired: true }));
    const user = userEvent.setup();
    await renderSite('/');
    await user.click(within(document.getElementById('demo')!).getByRole('button', { name: /owner@demo\.arrendia\.es/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Iniciar Sesión' }));
    expect(dialog.getByLabelText('Correo electrónico')).toHaveValue('owner@demo.arrendia.es');
    expect(hardNavigate).not.toHaveBeenCalled();
  });
});

describe('registration', () => {
  async function fillRegistration() {
    const user = userEvent.setup();
    await renderSite('/');
    await user.click(screen.getAllByRole('button', { name: 'Registrarse' })[1]);
    const dialog = within(screen.getByRole('dialog', { name: 'Crear Cuenta' }));
    await user.type(dialog.getByLabelText('Nombre'), 'Lucía');
    await user.type(dialog.getByLabelText('Apellidos'), 'Ortega');
    await user.type(dialog.getByLabelText('Correo electrónico'), 'lucia@example.es');
    await user.type(dialog.getByLabelText('Contraseña'), 'clave-segura-1');
    return { user, dialog };
  }

  it('creates the account, toasts, closes and opens the login dialog with the email', async () => {
    let finish: (v: unknown) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user, dialog } = await fillRegistration();
    await user.click(dialog.getByRole('button', { name: 'Crear Cuenta' }));
    expect(dialog.getByRole('button', { name: 'Creando cuenta...' })).toBeDisabled();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/register');
    expect(body(0)).toEqual({ firstName: 'Lucía', lastName: 'Ortega', email: 'lucia@example.es', password: 'clave-segura-1' });
    await act(async () => finish(answer(201, { id: 9 })));
    expect(await findToast('Cuenta creada exitosamente')).toHaveTextContent('Ya puedes iniciar sesión con tus credenciales');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crear Cuenta' })).toBeNull());
    expect(within(loginDialog()).getByLabelText('Correo electrónico')).toHaveValue('lucia@example.es');
  });

  it("toasts 'Error en el registro' with the server message and marks the field", async () => {
    fetchMock.mockResolvedValue(answer(409, { error: 'conflict', message: 'Ya existe una cuenta con ese correo', fields: { email: 'Ya existe una cuenta con ese correo' } }));
    const { user, dialog } = await fillRegistration();
    await user.click(dialog.getByRole('button', { name: 'Crear Cuenta' }));
    expect(await findToast('Error en el registro')).toHaveTextContent('Ya existe una cuenta con ese correo');
    const email = dialog.getByLabelText('Correo electrónico');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Ya existe una cuenta con ese correo');
  });

  it("falls back to 'Error de registro' without a server message", async () => {
    fetchMock.mockResolvedValue(answer(500, ''));
    const { user, dialog } = await fillRegistration();
    await user.click(dialog.getByRole('button', { name: 'Crear Cuenta' }));
    expect(await findToast('Error en el registro')).toHaveTextContent('Error de registro');
  });
});

describe('other public pages', () => {
  it.each([
    ['/rental-types', 'Tipos de alquiler'],
    ['/rooms-management', 'Gestión de Habitaciones'],
    ['/apartments-management', 'Gestión de Apartamentos'],
  ])('%s has its title', async (path, title) => {
    await renderSite(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  it('shows 404 for an unknown path inside the remote', async () => {
    await renderSite('/property/7/fotos');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });
});

describe("'¿Olvidaste tu contraseña?' (issue 34)", () => {
  const SENT = 'Si existe una cuenta con ese correo, te hemos enviado un enlace';

  it('asks for the address (the one typed to sign in), sends it and shows the one answer the API gives for any address', async () => {
    let finish: (v: unknown) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    await renderSite('/?login=1');
    await user.type(within(loginDialog()).getByLabelText('Correo electrónico'), 'olvido@example.com');
    await user.click(within(loginDialog()).getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Restablecer contraseña' }));
    const email = dialog.getByLabelText('Correo electrónico');
    expect(email).toHaveValue('olvido@example.com');
    expect(email).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Enviar enlace' }));
    expect(dialog.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/password-reset');
    expect(body(0)).toEqual({ email: 'olvido@example.com' });
    await act(async () => finish(answer(202, { message: SENT })));
    expect(await dialog.findByRole('status')).toHaveTextContent(SENT);
    await user.click(dialog.getByRole('button', { name: 'Volver al inicio de sesión' }));
    expect(within(loginDialog()).getByLabelText('Contraseña')).toBeVisible();
  });

  it('checks the address before sending, and toasts a refusal (too many requests)', async () => {
    fetchMock.mockImplementation(async () => answer(429, { error: 'rate_limited', message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo' }));
    const user = userEvent.setup();
    await renderSite('/?login=1');
    await user.click(within(loginDialog()).getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Restablecer contraseña' }));
    await user.type(dialog.getByLabelText('Correo electrónico'), 'no-es-correo');
    await user.click(dialog.getByRole('button', { name: 'Enviar enlace' }));
    expect(dialog.getByLabelText('Correo electrónico')).toHaveAccessibleDescription('Introduce un correo electrónico válido');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(dialog.getByLabelText('Correo electrónico'));
    await user.type(dialog.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.click(dialog.getByRole('button', { name: 'Enviar enlace' }));
    expect(await findToast('No se pudo enviar el enlace')).toHaveTextContent('Demasiados intentos');
    expect(dialog.queryByRole('status')).toBeNull();
  });
});
