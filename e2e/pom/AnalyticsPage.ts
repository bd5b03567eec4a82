import type { Locator, Page } from '@playwright/test';

/** /analytics: tabs Resumen, Financiero and Ocupación. */
export class AnalyticsPage {
  readonly tabs: Locator;
  readonly resumen: Locator;
  readonly financiero: Locator;
  readonly ocupacion: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.tabs = main.getByRole('tablist', { name: 'Secciones de análisis' });
    this.resumen = this.tabs.getByRole('tab', { name: 'Resumen' });
    this.financiero = this.tabs.getByRole('tab', { name: 'Financiero' });
    this.ocupacion = this.tabs.getByRole('tab', { name: 'Ocupación' });
    this.panel = main.getByRole('tabpanel');
  }

  async goto() {
    await this.page.goto('/analytics');
    await this.tabs.waitFor();
  }

  figure(name: string): Locator {
    return this.panel.getByRole('group', { name });
  }
}
