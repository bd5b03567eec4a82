import { test, expect, type Page } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { ShellPage } from '../../pom/ShellPage';

const colorScheme = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('theme', () => {
  test('the switch is stored under "theme" and survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page.request, 'owner');
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const lightBackground = await background(page);

    await shell.header.getByRole('button', { name: 'Activar tema oscuro' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await background(page)).not.toBe(lightBackground);

    await page.reload();
    await expect(shell.pageHeading).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await colorScheme(page)).toBe('dark');
    await expect(shell.header.getByRole('button', { name: 'Activar tema claro' })).toBeVisible();

    await shell.header.getByRole('button', { name: 'Activar tema claro' }).click();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await background(page)).toBe(lightBackground);
  });

  test('with nothing stored, an emulated dark preference starts dark, and nothing is stored', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page.request, 'tenant');
    await page.goto('/dashboard');
    await expect(new ShellPage(page).pageHeading).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await colorScheme(page)).toBe('dark');
  });

  test('a stored choice wins over the system preference', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page.request, 'tenant');
    await page.goto('/dashboard');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(new ShellPage(page).pageHeading).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await colorScheme(page)).toBe('light');
  });
});
