import { expect, test } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { OwnerDashboardPage } from '../../pom/OwnerDashboardPage';

test.describe('owner dashboard cards (/dashboard) as the demo owner', () => {
  test('shows the four metrics from the API, the first 3 properties with their units, activity and tasks', async ({ page }) => {
    await signIn(page.request, 'owner');
    const metrics = (await (await page.request.get('/api/dashboard/metrics')).json()) as { activeProperties: number; openIncidents: number };
    const total = Number((await page.request.get('/api/properties?pageSize=1')).headers()['x-total-count']);
    const dashboard = new OwnerDashboardPage(page);
    await dashboard.goto();

    expect(await dashboard.metricValue('Propiedades Activas')).toBe(String(metrics.activeProperties));
    expect(await dashboard.metricValue('Incidencias Abiertas')).toBe(String(metrics.openIncidents));
    expect(await dashboard.metricValue('Ingresos Mensuales')).toMatch(/^[\d.]+,\d{2}\s€$/);
    expect(await dashboard.metricValue('Tasa de Ocupación')).toMatch(/^\d+(,\d)?\s%$/);
    await expect(dashboard.metric('Tasa de Ocupación')).toContainText(/\d+ de \d+ unidades alquiladas/);
    await expect(dashboard.metric('Ingresos Mensuales')).toContainText(/respecto al mes anterior|Sin ingresos el mes anterior/);

    await expect(dashboard.propertiesPanel.getByRole('listitem').filter({ has: page.getByRole('link') })).toHaveCount(3);
    await expect(dashboard.propertiesPanel).not.toContainText('Alquilado 1,200');
    if (total > 3) await expect(dashboard.propertiesPanel.getByRole('link', { name: `Ver ${total - 3} propiedades más` })).toBeVisible();
    await expect(dashboard.tasksPanel).toBeVisible();
    await expect(dashboard.tasksPanel.getByRole('link').first()).toBeVisible();
    await expect(dashboard.activityPanel).toBeVisible();
  });

  test('recent activity lists a change of the owner; a new owner sees the empty states', async ({ page, browser, baseURL }) => {
    await signIn(page.request, 'owner');
    const name = `Actividad e2e ${Date.now()}`;
    const res = await page.request.post('/api/properties', {
      data: { propertyName: name, addressStreet: 'Calle Mayor', addressNumber: '1', city: 'Madrid', province: 'Madrid', postalCode: '28013' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    try {
      const dashboard = new OwnerDashboardPage(page);
      await dashboard.goto();
      await expect(dashboard.activityPanel.getByRole('link', { name: `Propiedad ${name} creada` })).toBeVisible();
    } finally {
      expect((await page.request.delete(`/api/properties/${id}`)).status()).toBe(204);
    }

    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    const email = `segundo-dashboard-${Date.now()}@e2e.arrendia.es`;
    expect((await other.request.post('/api/auth/register', { data: { email, password: 'contraseña-e2e-1', firstName: 'Segundo', lastName: 'Propietario' } })).status()).toBeLessThan(300);
    expect((await other.request.post('/api/auth/login', { data: { email, password: 'contraseña-e2e-1' } })).status()).toBe(200);
    const theirs = new OwnerDashboardPage(other);
    await theirs.goto();
    expect(await theirs.metricValue('Propiedades Activas')).toBe('0');
    await expect(theirs.propertiesPanel).toContainText('No tienes propiedades');
    await expect(theirs.propertiesPanel.getByRole('link', { name: 'Añadir Propiedad' })).toHaveAttribute('href', /\/properties$/);
    await expect(theirs.activityPanel).toContainText('Sin actividad reciente');
    await expect(theirs.activityPanel).not.toContainText(name);
    await context.close();
  });
});
