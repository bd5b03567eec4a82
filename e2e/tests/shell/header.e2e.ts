import { test, expect } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { notifyByMessage } from '../../fixtures/notifications';
import { ShellPage } from '../../pom/ShellPage';

test.describe('top header', () => {
  test('tabs Resumen, Análisis, Informes navigate and mark the current page', async ({ page }) => {
    await signIn(page.request, 'owner');
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    const tabs = shell.viewTabs.getByRole('link');
    await expect(tabs).toHaveText(['Resumen', 'Análisis', 'Informes']);
    await expect(shell.viewTabs.getByRole('link', { name: 'Resumen' })).toHaveAttribute('aria-current', 'page');
    await shell.viewTabs.getByRole('link', { name: 'Análisis' }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(shell.viewTabs.getByRole('link', { name: 'Análisis' })).toHaveAttribute('aria-current', 'page');
    await expect(shell.header.getByText('Analíticas')).toBeVisible();
    await shell.viewTabs.getByRole('link', { name: 'Informes' }).click();
    await expect(page).toHaveURL(/\/reports$/);
  });

  test('a tenant only gets the tabs it may open', async ({ page }) => {
    await signIn(page.request, 'tenant');
    await page.goto('/dashboard');
    await expect(new ShellPage(page).viewTabs.getByRole('link')).toHaveText(['Resumen']);
  });

  test('the user menu shows who is signed in, opens Configuración and logs out after asking', async ({ page }) => {
    await signIn(page.request, 'manager');
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await shell.userMenuButton.click();
    await expect(shell.userMenu.getByText('manager@demo.arrendia.es')).toBeVisible();
    await shell.userMenu.getByRole('menuitem', { name: 'Configuración' }).click();
    await expect(page).toHaveURL(/\/settings$/);

    await shell.userMenuButton.click();
    await shell.userMenu.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await expect(shell.logoutConfirm).toHaveAccessibleName('¿Estás seguro de que quieres cerrar sesión?');
    await expect(shell.logoutConfirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await shell.logoutConfirm.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('the search box finds the properties in scope and opens one', async ({ page }) => {
    await signIn(page.request, 'owner');
    const properties = (await (await page.request.get('/api/properties?pageSize=1')).json()) as unknown;
    const first = (Array.isArray(properties) ? properties[0] : (properties as { items: unknown[] }).items[0]) as { id: number; propertyName: string };
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await shell.searchBox.fill(first.propertyName.slice(0, 6));
    await expect(shell.searchResults.getByRole('group', { name: 'Propiedades' })).toBeVisible();
    await shell.searchResults.getByRole('option').filter({ hasText: first.propertyName }).first().click();
    await expect(page).toHaveURL(new RegExp(`/properties/\\d+$`));
    await expect(shell.searchResults).toHaveCount(0);
  });

  test("the search box says 'Sin resultados' and closes with Escape", async ({ page }) => {
    await signIn(page.request, 'owner');
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await shell.searchBox.fill('zzzzqqq');
    await expect(page.getByText('Sin resultados')).toBeVisible();
    await shell.searchBox.press('Escape');
    await expect(page.getByText('Sin resultados')).toHaveCount(0);
  });

  test('the bell counts unread notifications, and opening one marks it read', async ({ page, baseURL }) => {
    const { title, conversationId } = await notifyByMessage(baseURL!, 'owner', 'tenant');
    await signIn(page.request, 'tenant');
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await expect(shell.bell).toHaveAccessibleName(/^Notificaciones: \d+ sin leer$/);
    const before = Number((await shell.bell.getAttribute('aria-label'))!.match(/\d+/)![0]);

    await shell.bell.click();
    const items = shell.notificationsMenu.getByRole('menuitem');
    await expect(items.filter({ hasText: 'Nuevo mensaje' }).filter({ hasText: title })).toHaveCount(1);
    expect(await items.count()).toBeLessThanOrEqual(5 + 1); // at most 5, plus 'Marcar todas como leídas'
    await items.filter({ hasText: title }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?conversation=${conversationId}$`));
    await expect(shell.bell).toHaveAccessibleName(before - 1 > 0 ? `Notificaciones: ${before - 1} sin leer` : 'Notificaciones');
  });

  test('under 768 px the menu folds behind a button; focus goes in, Escape closes and returns it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page.request, 'owner');
    await page.goto('/dashboard');
    const shell = new ShellPage(page);
    await expect(shell.sidebar).toBeHidden();
    await shell.menuButton.click();
    await expect(shell.sidebar).toBeVisible();
    await expect(shell.menuLinks.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(shell.sidebar).toBeHidden();
    await expect(shell.header.getByRole('button', { name: 'Abrir menú' })).toBeFocused();

    await shell.menuButton.click();
    await shell.menuLink('Contratos').click();
    await expect(page).toHaveURL(/\/contracts$/);
    await expect(shell.sidebar).toBeHidden();
  });
});
