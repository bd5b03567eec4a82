import type { Locator, Page } from '@playwright/test';

/** The public landing page (public-site remote). */
export class LandingPage {
  readonly loginDialog: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly registerDialog: Locator;
  readonly headerRegister: Locator;
  readonly demoSection: Locator;

  constructor(readonly page: Page) {
    this.loginDialog = page.getByRole('dialog', { name: /Iniciar Sesión/i });
    this.email = this.loginDialog.getByLabel('Correo electrónico');
    this.password = this.loginDialog.getByLabel('Contraseña');
    this.submit = this.loginDialog.getByRole('button', { name: 'Iniciar Sesión' });
    this.registerDialog = page.getByRole('dialog', { name: 'Crear Cuenta' });
    this.headerRegister = page.getByRole('banner').getByRole('button', { name: 'Registrarse' });
    this.demoSection = page.getByRole('region', { name: /cuenta de demostración/ });
  }

  async login(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Opens the registration dialog from the header and submits it. */
  async register(account: { firstName: string; lastName: string; email: string; password: string }): Promise<void> {
    await this.headerRegister.click();
    await this.registerDialog.getByLabel('Nombre').fill(account.firstName);
    await this.registerDialog.getByLabel('Apellidos').fill(account.lastName);
    await this.registerDialog.getByLabel('Correo electrónico').fill(account.email);
    await this.registerDialog.getByLabel('Contraseña').fill(account.password);
    await this.registerDialog.getByRole('button', { name: 'Crear Cuenta' }).click();
  }

  /** The demo card of a role label: 'Administrador', 'Propietario', 'Agencia/Agente', 'Inquilino'. */
  demoCard(label: string): Locator {
    return this.demoSection.getByRole('button', { name: new RegExp(`^${label.replace(/[/]/g, '\\/')}`) });
  }
}
