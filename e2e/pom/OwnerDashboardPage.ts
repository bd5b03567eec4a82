import { expect, type Locator, type Page } from '@playwright/test';

/** /dashboard for the owner: the metric cards and the dashboard panels. */
export class OwnerDashboardPage {
  readonly heading: Locator;
  readonly propertiesPanel: Locator;
  readonly activityPanel: Locator;
  readonly tasksPanel: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Dashboard del Propietario' });
    this.propertiesPanel = main.getByRole('region', { name: 'Mis Propiedades' });
    this.activityPanel = main.getByRole('region', { name: 'Actividad Reciente' });
    this.tasksPanel = main.getByRole('region', { name: 'Próximas Tareas' });
  }

  async goto() {
    await this.page.goto('/dashboard');
    await this.heading.waitFor();
  }

  /** The metric card labelled `label` ('Propiedades Activas', 'Ingresos Mensuales'…). */
  metric(label: string): Locator {
    return this.page.getByRole('main').getByRole('group', { name: label });
  }

  /** The figure of a metric card, once loaded. */
  async metricValue(label: string): Promise<string> {
    const value = this.metric(label).getByRole('definition');
    await expect(value).not.toHaveText('');
    await expect(this.metric(label)).not.toHaveAttribute('aria-busy', 'true');
    return (await value.innerText()).trim();
  }
}
