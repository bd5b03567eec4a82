import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { notifyByMessage } from '../../fixtures/notifications';
import { ShellPage } from '../../pom/ShellPage';

/** The unread count the bell announces ('Notificaciones: N sin leer', or none). */
async function unread(page: Page): Promise<number> {
  const label = (await new ShellPage(page).bell.getAttribute('aria-label')) ?? '';
  return Number(label.match(/(\d+) sin leer/)?.[1] ?? 0);
}

test.describe('live messaging between the demo owner and tenant (two browsers)', () => {
  test("the owner writes; the tenant's open thread shows it within 2 s without a reload and the bell counts one more", async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { title, conversationId } = await notifyByMessage(baseURL!, 'owner', 'tenant');

    const tenantContext = await browser.newContext();
    const tenant = await tenantContext.newPage();
    await signIn(tenant.request, 'tenant');
    await tenant.goto(`/messages?conversation=${conversationId}`);
    const tenantThread = tenant.getByRole('region', { name: title });
    await expect(tenantThread.getByRole('list', { name: 'Mensajes' })).toContainText('¿Podemos hablar del contrato?');
    await expect(new ShellPage(tenant).bell).toBeVisible();
    const before = await unread(tenant);
    let reloaded = false;
    tenant.on('framenavigated', (frame) => {
      if (frame === tenant.mainFrame()) reloaded = true;
    });

    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signIn(owner.request, 'owner');
    await owner.goto('/messages');
    await owner.getByLabel('Buscar conversaciones').fill(title);
    await owner.getByRole('list', { name: 'Conversaciones' }).getByRole('button', { name: new RegExp(title) }).click();
    const ownerThread = owner.getByRole('region', { name: title });
    // Each has Arrendia open: the owner's thread says the tenant is 'En línea', and the tenant's
    // open thread says so of the owner as soon as the owner arrives, without a reload.
    await expect(ownerThread.getByText('En línea')).toBeVisible();
    await expect(tenantThread.getByText('En línea')).toBeVisible({ timeout: 5000 });
    const box = ownerThread.getByRole('textbox', { name: 'Mensaje' });
    const text = `La revisión de la caldera es el lunes ${Date.now()}`;
    await box.fill(text);
    await box.press('Enter');
    await expect(ownerThread.getByRole('list', { name: 'Mensajes' })).toContainText(text);

    await expect(tenantThread.getByRole('list', { name: 'Mensajes' })).toContainText(text, { timeout: 2000 });
    await expect.poll(() => unread(tenant), { timeout: 2000 }).toBe(before + 1);
    expect(reloaded).toBe(false);

    // The owner closes Arrendia: the tenant's thread drops its 'En línea'.
    await ownerContext.close();
    await expect(tenantThread.getByText('En línea')).toBeHidden({ timeout: 5000 });
    expect(reloaded).toBe(false);
    await tenantContext.close();
  });
});
