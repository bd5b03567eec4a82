import { test, expect } from '@playwright/test';
import { LandingPage } from '../../pom/LandingPage';
import { ShellPage } from '../../pom/ShellPage';
import { DEMO, DEMO_PASSWORD } from '../../fixtures/accounts';

test.describe('landing page', () => {
  test('is served at / by the public-site remote, loaded at run time', async ({ page }) => {
    const remoteEntry = page.waitForResponse((r) => r.url().includes('/remotes/public-site/') && r.url().endsWith('remoteEntry.js'));
    await page.goto('/');
    expect((await remoteEntry).status()).toBe(200);
    await expect(new ShellPage(page).remote('public-site')).toBeVisible();
    await expect(page).toHaveTitle(/Arrendia/);
  });

  test('/api/login sends the visitor to the login dialog, which signs in to the dashboard', async ({ page }) => {
    await page.goto('/api/login');
    await expect(page).toHaveURL(/\/\?login=1/);
    const landing = new LandingPage(page);
    await expect(landing.loginDialog).toBeVisible();
    await landing.login(DEMO.owner, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard del Propietario' })).toBeVisible();
  });

  test('a wrong password keeps the dialog open with the Spanish error', async ({ page }) => {
    await page.goto('/?login=1');
    const landing = new LandingPage(page);
    await landing.login(DEMO.owner, 'no-es-la-clave');
    await expect(page.getByText('Error de autenticación')).toBeVisible();
    await expect(landing.loginDialog).toBeVisible();
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/esto-no-existe');
    await expect(new ShellPage(page).notFound).toBeVisible();
  });
});
