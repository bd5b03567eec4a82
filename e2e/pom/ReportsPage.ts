import type { Locator, Page } from '@playwright/test';

/** /reports: the three report cards, Programados and Historial. */
export class ReportsPage {
  readonly generateTab: Locator;
  readonly scheduledTab: Locator;
  readonly historyTab: Locator;
  readonly historyRows: Locator;
  readonly emptyHistory: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.generateTab = main.getByRole('tab', { name: 'Generar Reportes' });
    this.scheduledTab = main.getByRole('tab', { name: 'Programados' });
    this.historyTab = main.getByRole('tab', { name: 'Historial' });
    this.historyRows = main.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell') });
    this.emptyHistory = main.getByText('Todavía no has generado ningún reporte');
  }

  async goto() {
    await this.page.goto('/reports');
    await this.generateTab.waitFor();
  }

  /** The card of one report ('Reporte Financiero', 'Reporte de Ocupación', 'Reporte de Inquilinos'). */
  card(title: string): Locator {
    return this.page.getByRole('main').getByRole('article', { name: title });
  }

  async setPeriod(card: Locator, from: string, to: string) {
    await card.getByLabel('Desde').fill(from);
    await card.getByLabel('Hasta').fill(to);
  }
}
