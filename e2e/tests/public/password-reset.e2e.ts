import { expect, test } from '@playwright/test';
import { Mailbox } from '../../fixtures/mailbox';
import { LandingPage } from '../../pom/LandingPage';

test.describe('¿Olvidaste tu contraseña? (issue 34)', () => {
  test('a user asks for a link, opens it from the mail, sets a password and signs in with it; the old one fails', async ({ page }) => {
    const mailbox = await Mailbox.open();
    try {
      const account = { firstName: 'Olvido', lastName: 'Prueba E2E', email: `olvido.e2e.${Date.now()}@example.com`, password: 'clave-antigua-123' };
      expect((await page.request.post('/api/auth/register', { data: account })).status()).toBe(201);

      await page.goto('/?login=1');
      const landing = new LandingPage(page);
      await landing.email.fill(account.email);
      await landing.loginDialog.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Restablecer contraseña' });
      await expect(dialog.getByLabel('Correo electrónico')).toHaveValue(account.email);
      await dialog.getByRole('button', { name: 'Enviar enlace' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Si existe una cuenta con ese correo, te hemos enviado un enlace');

      const mail = await mailbox.waitFor(account.email, /Restablece tu contraseña/);
      const link = /https?:\/\/\S+\/restablecer\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
      expect(link, mail.text).toBeTruthy();
      await page.goto(link!);
      await page.getByLabel('Nueva contraseña').fill('clave-nueva-456');
      await page.getByLabel('Repite la contraseña').fill('clave-nueva-456');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();

      await expect(landing.loginDialog).toBeVisible();
      await landing.login(account.email, 'clave-nueva-456');
      await expect(page).toHaveURL(/\/dashboard$/);
      expect((await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(401);
      // The link was for one use.
      await page.goto(link!);
      await expect(page.getByRole('alert')).toHaveText('Este enlace ya se ha usado');
    } finally {
      await mailbox.close();
    }
  });
});
