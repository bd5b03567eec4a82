import { test, expect } from '@playwright/test';
import { LandingPage } from '../../pom/LandingPage';

test.describe('landing page accounts, signed out', () => {
  const cards: [string, string][] = [
    ['Administrador', 'Dashboard Administrativo'],
    ['Propietario', 'Dashboard del Propietario'],
    ['Agencia/Agente', 'Dashboard del Gestor de Agencia'],
    ['Inquilino', 'Mi Alquiler'],
  ];
  for (const [label, heading] of cards) {
    test(`the ${label} demo card logs in as its role`, async ({ page }) => {
      await page.goto('/');
      const landing = new LandingPage(page);
      await landing.demoCard(label).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    });
  }

  test('registering a new account opens the login dialog, and logging in with it works; the same email again is refused', async ({ page }) => {
    const account = { firstName: 'Nuria', lastName: 'Prueba E2E', email: `nuria.e2e.${Date.now()}@example.com`, password: 'clave-segura-123' };
    await page.goto('/');
    const landing = new LandingPage(page);
    await landing.register(account);
    await expect(page.getByText('Cuenta creada exitosamente')).toBeVisible();
    await expect(landing.registerDialog).toBeHidden();
    await expect(landing.loginDialog).toBeVisible();
    await expect(landing.email).toHaveValue(account.email);

    await landing.password.fill(account.password);
    await landing.submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Signed out again (a new context), the same email is taken.
    await page.context().clearCookies();
    await page.goto('/');
    await landing.register(account);
    await expect(page.getByText('Error en el registro')).toBeVisible();
    const res = await page.request.post('/api/auth/register', { data: account });
    const { message } = (await res.json()) as { message: string };
    await expect(page.getByText(message).first()).toBeVisible();
    await expect(landing.registerDialog).toBeVisible();
  });
});
