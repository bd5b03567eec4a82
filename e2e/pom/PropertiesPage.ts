import type { Locator, Page } from '@playwright/test';

/** /properties: the card grid, the create dialog and the delete confirmation; /properties/:id the detail. */
export class PropertiesPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly dialog: Locator;
  readonly submitButton: Locator;
  readonly cards: Locator;
  readonly empty: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Propiedades' });
    this.addButton = main.getByRole('button', { name: 'Añadir Propiedad' });
    this.dialog = page.getByRole('dialog', { name: 'Nueva Propiedad' });
    this.submitButton = this.dialog.getByRole('button', { name: /^(Crear Propiedad|Guardando\.\.\.)$/ });
    this.cards = main.getByRole('article');
    this.empty = main.getByRole('heading', { name: 'No tienes propiedades' });
    this.confirmDialog = page.getByRole('alertdialog', { name: '¿Estás seguro de que quieres eliminar esta propiedad?' });
  }

  async goto() {
    await this.page.goto('/properties');
    await this.heading.waitFor();
  }

  /** The card of the property named `name`. */
  card(name: string): Locator {
    return this.page.getByRole('main').getByRole('article', { name });
  }

  async choose(label: string, option: string) {
    await this.dialog.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Fills and sends the property form. */
  async create(input: { name: string; unitType?: string; street: string; number?: string; details?: string; city: string; province: string; postalCode: string; area?: string; year?: string }) {
    await this.addButton.click();
    await this.dialog.getByLabel('Nombre de la propiedad').fill(input.name);
    if (input.unitType) await this.choose('Tipo de unidad', input.unitType);
    await this.dialog.getByLabel('Calle').fill(input.street);
    if (input.number) await this.dialog.getByLabel('Número').fill(input.number);
    if (input.details) await this.dialog.getByLabel('Planta y puerta').fill(input.details);
    await this.dialog.getByLabel('Ciudad').fill(input.city);
    await this.dialog.getByLabel('Provincia').fill(input.province);
    await this.dialog.getByLabel('Código postal').fill(input.postalCode);
    if (input.area) await this.dialog.getByLabel('Superficie total (m²)').fill(input.area);
    if (input.year) await this.dialog.getByLabel('Año de construcción').fill(input.year);
    await this.submitButton.click();
  }

  /** Eliminar on the card, then the confirmation. */
  async remove(name: string) {
    await this.card(name).getByRole('button', { name: `Eliminar ${name}` }).click();
    await this.confirmDialog.getByRole('button', { name: 'Eliminar' }).click();
  }
}
