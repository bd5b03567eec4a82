import { expect, test } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { OwnerDashboardPage } from '../../pom/OwnerDashboardPage';
import { PropertiesPage } from '../../pom/PropertiesPage';

test.describe('properties (/properties) as the demo owner', () => {
  test("creating a property shows 'Propiedad creada', its card and one more 'Propiedades Activas'; deleting it shows 'Propiedad eliminada'", async ({ page }) => {
    await signIn(page.request, 'owner');
    const dashboard = new OwnerDashboardPage(page);
    await dashboard.goto();
    const before = Number(await dashboard.metricValue('Propiedades Activas'));

    const properties = new PropertiesPage(page);
    await properties.goto();
    const name = `Piso e2e ${Date.now()}`;
    const leftOver = async () => {
      const list = (await (await page.request.get('/api/properties?q=' + encodeURIComponent(name))).json()) as { id: number }[];
      for (const p of list) await page.request.delete(`/api/properties/${p.id}`);
    };
    try {
      await properties.create({ name, unitType: 'Habitación', street: 'Calle de Toledo', number: '41', details: '2º B', city: 'Madrid', province: 'Madrid', postalCode: '28005', area: '72,5', year: '1998' });
      await expect(page.getByText('Propiedad creada', { exact: true })).toBeVisible();
      await expect(page.getByText('La propiedad ha sido creada exitosamente')).toBeVisible();
      await expect(properties.dialog).toBeHidden();
      const card = properties.card(name);
      await expect(card).toBeVisible();
      await expect(card).toContainText('Activa');
      await expect(card).toContainText('Calle de Toledo 41, Madrid');
      await expect(card).toContainText(/72,5\s?m²/);

      await dashboard.goto();
      expect(Number(await dashboard.metricValue('Propiedades Activas'))).toBe(before + 1);
      await expect(dashboard.activityPanel).toContainText(`Propiedad ${name} creada`);

      await properties.goto();
      await properties.remove(name);
      await expect(page.getByText('Propiedad eliminada', { exact: true })).toBeVisible();
      await expect(page.getByText('La propiedad ha sido eliminada exitosamente')).toBeVisible();
      await expect(properties.card(name)).toHaveCount(0);
      await dashboard.goto();
      expect(Number(await dashboard.metricValue('Propiedades Activas'))).toBe(before);
    } finally {
      await leftOver();
    }
  });

  test('the form shows the field errors in Spanish and sends nothing', async ({ page }) => {
    await signIn(page.request, 'owner');
    const properties = new PropertiesPage(page);
    await properties.goto();
    await expect(properties.cards.first()).toBeVisible();
    const count = await properties.cards.count();
    await properties.addButton.click();
    await properties.dialog.getByLabel('Código postal').fill('99999');
    await properties.submitButton.click();
    await expect(properties.dialog.getByText('El nombre de la propiedad es obligatorio')).toBeVisible();
    await expect(properties.dialog.getByText('La calle es obligatoria')).toBeVisible();
    await expect(properties.dialog.getByText('La ciudad es obligatoria')).toBeVisible();
    await expect(properties.dialog.getByLabel('Código postal')).toHaveAttribute('aria-invalid', 'true');
    await properties.dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(properties.cards).toHaveCount(count);
  });

  test('Ver Detalles opens the detail with its units; a unit added there is listed; archive and restore switch Activa / Archivada', async ({ page }) => {
    await signIn(page.request, 'owner');
    const name = `Detalle e2e ${Date.now()}`;
    const res = await page.request.post('/api/properties', {
      data: { propertyName: name, unitType: 'garaje', addressStreet: 'Calle de Alcalá', addressNumber: '10', city: 'Madrid', province: 'Madrid', postalCode: '28014' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    try {
      const properties = new PropertiesPage(page);
      await properties.goto();
      await properties.card(name).getByRole('link', { name: `Ver Detalles de ${name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/properties/${id}$`));
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(main.getByRole('region', { name: 'Unidades', exact: true })).toContainText('Plaza de garaje');
      await expect(main.getByRole('region', { name: 'Unidades', exact: true })).toContainText('Disponible');
      // A second unit, added from the detail (issue 32): it is listed free, with its rent.
      await main.getByRole('button', { name: 'Añadir unidad' }).click();
      const dialog = page.getByRole('dialog', { name: 'Añadir unidad' });
      await dialog.getByLabel('Nombre de la unidad').fill('Vivienda 2º B');
      await dialog.getByLabel('Renta base (€/mes)').fill('850');
      await dialog.getByRole('button', { name: 'Añadir unidad' }).click();
      await expect(page.getByText('Unidad añadida', { exact: true })).toBeVisible();
      await expect(main.getByRole('region', { name: 'Unidades', exact: true })).toContainText('Vivienda 2º B');
      await expect(main.getByRole('region', { name: 'Unidades', exact: true })).toContainText('850,00 €/mes');
      await main.getByRole('button', { name: 'Archivar', exact: true }).click();
      await expect(main.getByText('Archivada', { exact: true })).toBeVisible();
      await main.getByRole('button', { name: 'Restaurar', exact: true }).click();
      await expect(main.getByText('Activa', { exact: true })).toBeVisible();

      await page.goto('/properties/999999');
      await expect(page.getByRole('heading', { name: 'Propiedad no encontrada' })).toBeVisible();
    } finally {
      expect((await page.request.delete(`/api/properties/${id}`)).status()).toBe(204);
    }
  });

  test('a list the server fails to send says so, and «Reintentar» brings it without reloading the page', async ({ page }) => {
    await signIn(page.request, 'owner');
    // The first read of the list fails once, as a server restarting would make it.
    await page.route(
      (url) => url.pathname === '/api/properties',
      (route) => route.fulfill({ status: 500, json: { error: 'internal_error', message: 'Error interno del servidor' } }),
      { times: 1 },
    );
    const properties = new PropertiesPage(page);
    await properties.goto();
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toContainText('No se pudieron cargar las propiedades');
    await expect(properties.cards).toHaveCount(0);
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
    await main.getByRole('button', { name: 'Reintentar' }).click();
    await expect(properties.cards.first()).toBeVisible();
    await expect(main.getByRole('alert')).toHaveCount(0);
    expect(await page.evaluate(() => 'e2eSameDocument' in window)).toBe(true);
  });

  test("a second owner sees none of the first owner's properties", async ({ page, browser, baseURL }) => {
    await signIn(page.request, 'owner');
    const mine = (await (await page.request.get('/api/properties')).json()) as { id: number; propertyName: string }[];
    expect(mine.length).toBeGreaterThan(0);

    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    const email = `segundo-propiedades-${Date.now()}@e2e.arrendia.es`;
    expect((await other.request.post('/api/auth/register', { data: { email, password: 'contraseña-e2e-1', firstName: 'Segundo', lastName: 'Propietario' } })).status()).toBeLessThan(300);
    expect((await other.request.post('/api/auth/login', { data: { email, password: 'contraseña-e2e-1' } })).status()).toBe(200);

    expect(await (await other.request.get('/api/properties')).json()).toEqual([]);
    expect((await other.request.get(`/api/properties/${mine[0]!.id}`)).status()).toBe(404);
    expect(await (await other.request.get('/api/activity')).json()).toEqual([]);
    const theirs = new PropertiesPage(other);
    await theirs.goto();
    await expect(theirs.empty).toBeVisible();
    await expect(theirs.cards).toHaveCount(0);
    await other.goto(`/properties/${mine[0]!.id}`);
    await expect(other.getByRole('heading', { name: 'Propiedad no encontrada' })).toBeVisible();
    await expect(other.getByText(mine[0]!.propertyName)).toHaveCount(0);
    await context.close();
  });
});
