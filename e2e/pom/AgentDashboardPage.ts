import type { Locator, Page } from '@playwright/test';

/** The agent's /dashboard: the four tabs, the lead and visit cards, and the 'Programar Visita' dialog. */
export class AgentDashboardPage {
  readonly heading: Locator;
  readonly leadsTab: Locator;
  readonly visitsTab: Locator;
  readonly scheduleButton: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Dashboard del Agente' });
    this.leadsTab = main.getByRole('tab', { name: 'Clientes Potenciales' });
    this.visitsTab = main.getByRole('tab', { name: 'Visitas Programadas' });
    this.scheduleButton = page.getByRole('main').getByRole('button', { name: 'Programar Visita', exact: true });
    this.dialog = page.getByRole('dialog', { name: 'Programar Visita' });
  }

  async goto() {
    await this.page.goto('/dashboard');
    await this.heading.waitFor();
  }

  /** A lead's card (Clientes Potenciales) or a visit's (Visitas Programadas), by the person's name. */
  card(name: string | RegExp): Locator {
    return this.page.getByRole('main').getByRole('article', { name });
  }

  /** Fills date and time in the open dialog and submits it. */
  async book({ date, time, unit, contact }: { date: string; time: string; unit?: string; contact?: string }) {
    if (unit) {
      await this.dialog.getByRole('combobox', { name: 'Unidad' }).click();
      await this.page.getByRole('option', { name: unit }).click();
    }
    if (contact) await this.dialog.getByLabel('Persona que visita').fill(contact);
    await this.dialog.getByLabel('Fecha').fill(date);
    await this.dialog.getByLabel('Hora').fill(time);
    await this.dialog.getByRole('button', { name: 'Programar Visita' }).click();
  }
}
