import { test, expect } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { ShellPage } from '../../pom/ShellPage';

test.describe('an unknown signed-in path', () => {
  test("shows '404 Page Not Found' in the content area, the layout around it", async ({ page }) => {
    await signIn(page.request, 'owner');
    await page.goto('/esta-ruta-no-existe');
    const shell = new ShellPage(page);
    await expect(shell.main.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveURL(/\/esta-ruta-no-existe$/);
    await expect(shell.sidebar).toBeVisible();
    await expect(shell.header).toBeVisible();
    await shell.main.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
