import type { Locator, Page } from '@playwright/test';

/** /contracts: the contract cards and the create form; /contracts/:id the detail. */
export class ContractsPage {
  readonly heading: Locator;
  readonly newButton: Locator;
  readonly dialog: Locator;
  readonly submitButton: Locator;
  readonly cards: Locator;
  readonly empty: Locator;
  readonly depositWarning: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Contratos' });
    this.newButton = main.getByRole('button', { name: 'Nuevo Contrato' });
    this.dialog = page.getByRole('dialog', { name: 'Nuevo Contrato' });
    this.submitButton = this.dialog.getByRole('button', { name: /^(Crear Contrato|Guardando\.\.\.)$/ });
    this.cards = main.getByRole('article');
    this.empty = main.getByRole('heading', { name: 'No hay contratos' });
    this.depositWarning = this.dialog.getByRole('status').filter({ hasText: 'La fianza legal (LAU)' });
  }

  async goto() {
    await this.page.goto('/contracts');
    await this.heading.waitFor();
  }

  /** The card of the contract with code `code`. */
  card(code: string): Locator {
    return this.page.getByRole('main').getByRole('article', { name: code });
  }

  async choose(label: string, option: string) {
    await this.dialog.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Opens the form, fills it and returns the generated contract code before sending. */
  async fill(input: { unit: string; startDate: string; endDate?: string; rent: string; paymentDay?: string; deposit?: string }): Promise<string> {
    await this.newButton.click();
    const code = await this.dialog.getByLabel('Código del contrato').inputValue();
    await this.choose('Unidad', input.unit);
    await this.dialog.getByLabel('Fecha de inicio').fill(input.startDate);
    if (input.endDate) await this.dialog.getByLabel('Fecha de fin (opcional)').fill(input.endDate);
    await this.dialog.getByLabel('Renta mensual (€)').fill(input.rent);
    if (input.paymentDay) await this.dialog.getByLabel('Día de pago').fill(input.paymentDay);
    if (input.deposit !== undefined) await this.dialog.getByLabel('Fianza (€)').fill(input.deposit);
    return code;
  }
}
