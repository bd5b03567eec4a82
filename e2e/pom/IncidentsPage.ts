import type { Locator, Page } from '@playwright/test';

/** /incidents: the list, the new-incident dialog and the status moves. */
export class IncidentsPage {
  readonly newButton: Locator;
  readonly dialog: Locator;
  readonly submitButton: Locator;
  readonly cards: Locator;
  readonly skeletons: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.newButton = main.getByRole('button', { name: 'Nueva Incidencia' });
    this.dialog = page.getByRole('dialog', { name: 'Reportar Nueva Incidencia' });
    this.submitButton = this.dialog.getByRole('button', { name: /^(Reportar Incidencia|Reportando\.\.\.)$/ });
    this.cards = main.getByRole('article');
    this.skeletons = main.getByTestId('incident-skeleton');
    this.empty = main.getByText('No hay incidencias');
  }

  async goto() {
    await this.page.goto('/incidents');
    await this.page.getByRole('heading', { level: 1, name: 'Incidencias' }).waitFor();
  }

  /** The card of the incident titled `title`. */
  card(title: string): Locator {
    return this.page.getByRole('main').getByRole('article', { name: title });
  }

  updateButton(card: Locator): Locator {
    return card.getByRole('button', { name: 'Actualizar Estado' });
  }

  async choose(label: string, option: string) {
    await this.dialog.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Fills and sends the new-incident form. */
  async report(input: { property: string; unit: string; category: string; title: string; description: string; priority?: string; cost?: string }) {
    await this.newButton.click();
    await this.choose('Propiedad', input.property);
    await this.choose('Unidad', input.unit);
    await this.choose('Categoría', input.category);
    await this.dialog.getByLabel('Título').fill(input.title);
    await this.dialog.getByLabel('Descripción', { exact: true }).fill(input.description);
    if (input.priority) await this.choose('Prioridad', input.priority);
    if (input.cost) await this.dialog.getByLabel('Coste estimado (€, opcional)').fill(input.cost);
    await this.submitButton.click();
  }

  /** Opens Actualizar Estado on a card and picks the move whose label contains `status`. */
  async moveTo(card: Locator, status: string) {
    await this.updateButton(card).click();
    await this.page.getByRole('menuitem', { name: new RegExp(status) }).click();
  }
}
