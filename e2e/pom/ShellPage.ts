import type { Locator, Page } from '@playwright/test';

/** What the shell draws around every portal. */
export class ShellPage {
  readonly sidebar: Locator;
  readonly logoutButton: Locator;
  readonly logoutConfirm: Locator;
  readonly remoteFallback: Locator;
  readonly notFound: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Menú principal' });
    this.logoutButton = page.getByRole('button', { name: 'Cerrar Sesión' });
    this.logoutConfirm = page.getByRole('alertdialog');
    this.remoteFallback = page.getByRole('main').getByRole('alert').filter({ hasText: 'No se ha podido cargar esta sección' });
    this.notFound = page.getByText('404 Page Not Found');
  }

  remote(name: string): Locator {
    return this.page.locator(`[data-remote="${name}"]`);
  }

  async logout(): Promise<void> {
    await this.logoutButton.click();
    await this.logoutConfirm.getByText('¿Estás seguro de que quieres cerrar sesión?').waitFor();
    await this.logoutConfirm.getByRole('button', { name: 'Cerrar Sesión' }).click();
  }
}
