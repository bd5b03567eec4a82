import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { LandingPage } from '../../pom/LandingPage';
import { ShellPage } from '../../pom/ShellPage';

/** What the user's authenticator app shows for `secret` (as typed from the dialog, spaces and all). */
const appCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

/** Serious or critical axe violations inside the open dialog. */
async function dialogViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('two-factor authentication', () => {
  test('turned on in Seguridad with the QR code, a code of the app and the password, the next sign-in asks for a code; a recovery code gets in once', async ({ page }) => {
    test.setTimeout(90_000);
    const account = { firstName: 'Teresa', lastName: 'Doble Paso', email: `dos.pasos.${Date.now()}@prueba.arrendia.es`, password: 'clave-segura-2fa' };
    expect((await page.request.post('/api/auth/register', { data: account })).status()).toBe(201);
    await page.context().clearCookies();

    const landing = new LandingPage(page);
    await page.goto('/?login=1');
    await landing.login(account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    // Seguridad: off by default (spec §2); turning it on shows the QR code and the key.
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Seguridad' }).click();
    const toggle = page.getByRole('switch', { name: 'Autenticación de dos factores' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Activar la verificación en dos pasos' });
    await expect(dialog.getByRole('img', { name: 'Código QR para tu aplicación de autenticación' })).toBeVisible();
    const secret = (await dialog.locator('code').innerText()).trim();
    expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    expect(await dialogViolations(page)).toEqual([]);

    // A wrong code is said under the field; the app's code turns it on and shows the recovery codes.
    const wrong = appCode(secret) === '000000' ? '111111' : '000000';
    await dialog.getByLabel('Contraseña actual').fill(account.password);
    await dialog.getByLabel('Código de verificación').fill(wrong);
    await dialog.getByRole('button', { name: 'Activar' }).click();
    await expect(dialog.getByText('El código no es correcto o ha caducado')).toBeVisible();
    await dialog.getByLabel('Código de verificación').fill(appCode(secret));
    await dialog.getByRole('button', { name: 'Activar' }).click();
    const codes = dialog.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.allInnerTexts()).map((code) => code.trim());
    expect(await dialogViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Listo' }).click();
    await expect(dialog).toBeHidden();
    await expect(toggle).toBeChecked();
    await expect(page.getByText('Te quedan 10 códigos de recuperación')).toBeVisible();

    // Signed out, the password alone no longer signs in: the dialog asks for a code.
    await new ShellPage(page).logout();
    await page.goto('/?login=1');
    await landing.login(account.email, account.password);
    const codeField = landing.loginDialog.getByLabel('Código de verificación');
    await expect(codeField).toBeFocused();
    expect(await dialogViolations(page)).toEqual([]);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    // A recovery code gets in, typed in capitals; then it is spent.
    await codeField.fill(recovery[0]!.toUpperCase());
    await landing.loginDialog.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Seguridad' }).click();
    await expect(page.getByText('Te quedan 9 códigos de recuperación')).toBeVisible();

    await new ShellPage(page).logout();
    await page.goto('/?login=1');
    await landing.login(account.email, account.password);
    await landing.loginDialog.getByLabel('Código de verificación').fill(recovery[0]!);
    await landing.loginDialog.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText('Error de autenticación')).toBeVisible();
    await expect(page.getByText('El código no es correcto o ha caducado').first()).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});
