import type { Locator, Page } from '@playwright/test';

/** Spanish euros as the screen writes them ('-1.234,56 €') to cents. */
export function eurosToCents(text: string): number {
  const match = /(-?)([\d.]+),(\d{2})/.exec(text.replace(/\u2212/g, '-'));
  if (!match) throw new Error(`No amount in "${text}"`);
  const [, sign, whole, cents] = match;
  return (sign ? -1 : 1) * (Number(whole!.replace(/\./g, '')) * 100 + Number(cents));
}

/** /finances: this month's figures, the recent transactions and the Registrar Transacción form. */
export class FinancesPage {
  readonly income: Locator;
  readonly expenses: Locator;
  readonly net: Locator;
  readonly transactions: Locator;
  readonly emptyTransactions: Locator;
  readonly registerButton: Locator;
  readonly dialog: Locator;
  readonly submitButton: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.income = main.getByRole('group', { name: 'Ingresos del Mes' });
    this.expenses = main.getByRole('group', { name: 'Gastos del Mes' });
    this.net = main.getByRole('group', { name: 'Beneficio Neto' });
    this.transactions = main.getByRole('list', { name: 'Transacciones recientes' }).getByRole('listitem');
    this.emptyTransactions = main.getByText('No hay transacciones registradas');
    this.registerButton = main.getByRole('button', { name: 'Registrar Transacción' });
    this.dialog = page.getByRole('dialog', { name: 'Registrar Transacción' });
    this.submitButton = this.dialog.getByRole('button', { name: 'Registrar', exact: true });
  }

  async goto() {
    await this.page.goto('/finances');
    await this.registerButton.waitFor();
  }

  /** The net profit shown, in cents, once loaded. */
  async netCents(): Promise<number> {
    await this.net.getByTestId('figure-value').waitFor();
    return eurosToCents(await this.net.getByTestId('figure-value').innerText());
  }

  async choose(label: string, option: string) {
    await this.dialog.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Fills and sends the form. */
  async register(input: { property: string; type: 'Ingreso' | 'Gasto'; category: string; amount: string; description: string; paymentMethod?: string }) {
    await this.registerButton.click();
    await this.choose('Propiedad', input.property);
    await this.choose('Tipo', input.type);
    await this.choose('Categoría', input.category);
    await this.dialog.getByLabel('Importe (€)').fill(input.amount);
    await this.dialog.getByLabel('Descripción').fill(input.description);
    if (input.paymentMethod) await this.choose('Método de pago', input.paymentMethod);
    await this.submitButton.click();
  }
}
