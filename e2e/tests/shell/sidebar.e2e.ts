import { test, expect } from '@playwright/test';
import type { BadgeCounts } from '@arrendia/api-contract';
import { signIn } from '../../fixtures/api';
import { notifyByMessage } from '../../fixtures/notifications';
import { ShellPage } from '../../pom/ShellPage';

test.describe('sidebar', () => {
  test('shows the user, and the real counts of GET /api/badges on Incidencias and Mensajes', async ({ page }) => {
    await signIn(page.request, 'owner');
    const counts = (await (await page.request.get('/api/badges')).json()) as BadgeCounts;
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await expect(shell.aside.getByText('Arrendia', { exact: true })).toBeVisible();
    await expect(shell.aside.getByText('Gestión de alquileres')).toBeVisible();

    const incidents = shell.menuLink('Incidencias');
    if (counts.openIncidents > 0) await expect(incidents).toHaveAccessibleDescription(`${counts.openIncidents} ${counts.openIncidents === 1 ? 'abierta' : 'abiertas'}`);
    else await expect(incidents).not.toHaveAttribute('aria-describedby');
    const messages = shell.menuLink('Mensajes');
    if (counts.unreadMessages > 0) await expect(messages).toHaveAccessibleDescription(`${counts.unreadMessages} sin leer`);
    else await expect(messages).not.toHaveAttribute('aria-describedby');
  });

  test('the unread-messages count follows a new message on the next navigation', async ({ page, baseURL }) => {
    await signIn(page.request, 'tenant');
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await expect(shell.pageHeading).toBeVisible();
    const before = ((await (await page.request.get('/api/badges')).json()) as BadgeCounts).unreadMessages;

    await notifyByMessage(baseURL!, 'owner', 'tenant');
    await shell.menuLink('Incidencias').click();
    await expect(page).toHaveURL(/\/incidents$/);
    await expect(shell.menuLink('Mensajes')).toHaveAccessibleDescription(`${before + 1} sin leer`);
    await expect(shell.menuLink('Mensajes')).toContainText(String(before + 1));
  });
});
