import type { Locator, Page } from '@playwright/test';

/** The public property page (/property/:id). */
export class PropertyPage {
  readonly title: Locator;
  readonly sendMessage: Locator;
  readonly contactForm: Locator;
  readonly notFound: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole('heading', { level: 1 });
    this.sendMessage = page.getByRole('button', { name: 'Enviar mensaje' });
    this.contactForm = page.getByRole('form', { name: 'Enviar mensaje al anunciante' });
    this.notFound = page.getByRole('heading', { name: 'Propiedad no encontrada' });
  }

  async goto(id: number | string): Promise<void> {
    await this.page.goto(`/property/${id}`);
  }
}
