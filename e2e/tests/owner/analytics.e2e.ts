import { expect, test } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { AnalyticsPage } from '../../pom/AnalyticsPage';

test.describe('analytics (/analytics) as the demo owner', () => {
  test('Resumen, Financiero and Ocupación show real figures and charts', async ({ page }) => {
    await signIn(page.request, 'owner');
    const metrics = (await (await page.request.get('/api/dashboard/metrics')).json()) as { occupancyRate: number };
    const occupancy = (await (await page.request.get('/api/analytics/occupancy')).json()) as { overall: { rate: number; rented: number; units: number } };
    const percent = `${occupancy.overall.rate.toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
    expect(occupancy.overall.rate).toBe(metrics.occupancyRate);

    const analytics = new AnalyticsPage(page);
    await analytics.goto();
    await expect(analytics.resumen).toHaveAttribute('aria-selected', 'true');
    await expect(analytics.figure('Tasa de Ocupación')).toContainText(percent);
    await expect(analytics.panel.locator('.recharts-surface').first()).toBeVisible();
    await expect(analytics.panel.getByRole('table').first()).toBeAttached();

    await analytics.financiero.click();
    await expect(analytics.panel.getByRole('heading', { name: 'Ingresos frente a gastos' })).toBeVisible();
    await expect(analytics.panel.locator('.recharts-surface').first()).toBeVisible();

    await analytics.ocupacion.click();
    await expect(analytics.figure('Ocupación global')).toContainText(percent);
    await expect(analytics.figure('Unidades alquiladas')).toContainText(`${occupancy.overall.rented} de ${occupancy.overall.units}`);
    await expect(analytics.panel.getByRole('heading', { name: 'Ocupación por propiedad' })).toBeVisible();
  });

  test("the dashboard's financial analysis shows its totals and one ROI bar per property", async ({ page }) => {
    await signIn(page.request, 'owner');
    await page.goto('/dashboard');
    const main = page.getByRole('main').getByRole('region', { name: 'Análisis Financiero' });
    await expect(main.getByRole('heading', { name: 'Análisis Financiero' })).toBeVisible();
    await expect(main.getByRole('group', { name: 'Ingresos Totales' })).toContainText('€');
    const bars = main.getByRole('progressbar');
    await expect(bars.first()).toBeVisible();
    const owned = (await (await page.request.get('/api/finances/by-property')).json()) as unknown[];
    await expect(bars).toHaveCount(owned.length);
  });
});
