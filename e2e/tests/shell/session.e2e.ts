import { test, expect } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { deleteServerSession } from '../../fixtures/session';
import { LandingPage } from '../../pom/LandingPage';
import { ShellPage } from '../../pom/ShellPage';

test.describe('a session deleted on the server', () => {
  test('acting shows the Unauthorized notice and ends on the login dialog', async ({ page, baseURL }) => {
    await signIn(page.request, 'owner');
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await expect(shell.pageHeading).toBeVisible();

    await deleteServerSession(page, baseURL!);

    // Open the bell: it asks the API for the newest notifications, which now answers 401.
    await shell.bell.click();
    await expect(page.getByText('Unauthorized', { exact: true })).toBeVisible();
    await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
    await expect(page).toHaveURL(/\/\?login=1/);
    await expect(new LandingPage(page).loginDialog).toBeVisible();
  });

  test('searching after it is gone does the same', async ({ page, baseURL }) => {
    await signIn(page.request, 'manager');
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await expect(shell.pageHeading).toBeVisible();

    await deleteServerSession(page, baseURL!);

    await shell.searchBox.fill('ma');
    await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
    await expect(new LandingPage(page).loginDialog).toBeVisible();
  });
});
