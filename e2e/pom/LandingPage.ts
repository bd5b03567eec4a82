import type { Locator, Page } from '@playwright/test';

/** The public landing page (public-site remote). */
export class LandingPage {
  readonly loginDialog: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.loginDialog = page.getByRole('dialog', { name: /Iniciar Sesión/i });
    this.email = this.loginDialog.getByLabel('Correo electrónico');
    this.password = this.loginDialog.getByLabel('Contraseña');
    this.submit = this.loginDialog.getByRole('button', { name: 'Iniciar Sesión' });
  }

  async login(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
