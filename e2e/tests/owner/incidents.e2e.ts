import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { withProperty } from '../../fixtures/property';
import { IncidentsPage } from '../../pom/IncidentsPage';

const openIncidents = async (api: APIRequestContext) => ((await (await api.get('/api/dashboard/metrics')).json()) as { openIncidents: number }).openIncidents;

/** The number on the dashboard's 'Incidencias Abiertas' card (a labelled group or region, or the box holding the label). */
async function dashboardOpenIncidents(page: Page): Promise<number> {
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  const card = main
    .getByRole('group', { name: 'Incidencias Abiertas' })
    .or(main.getByRole('region', { name: 'Incidencias Abiertas' }))
    .or(main.locator('section, article, div').filter({ hasText: /^\s*Incidencias Abiertas\s*\d/ }).last())
    .first();
  await expect(card).toContainText(/Incidencias Abiertas[\s\S]*?\d+/);
  return Number(/Incidencias Abiertas\D*(\d+)/.exec(await card.innerText())![1]);
}

test.describe('incidents (/incidents) as the demo owner', () => {
  test("reporting an incident shows 'Incidencia reportada' and 'Incidencias Abiertas' on /dashboard grows by one", async ({ page }) => {
    await signIn(page.request, 'owner');
    const stamp = Date.now();
    const property = await withProperty(page.request, `Incidencias e2e ${stamp}`);
    try {
      const before = await openIncidents(page.request);
      const incidents = new IncidentsPage(page);
      await incidents.goto();
      const title = `Fuga en el baño ${stamp}`;
      await incidents.report({ property: `Incidencias e2e ${stamp}`, unit: property.unitName, category: 'Fontanería', title, description: 'Gotea el sifón del lavabo.', cost: '85.5' });
      await expect(page.getByText('Incidencia reportada', { exact: true })).toBeVisible();
      await expect(page.getByText('La incidencia ha sido reportada exitosamente')).toBeVisible();
      await expect(incidents.dialog).toBeHidden();

      const card = incidents.card(title);
      await expect(card).toBeVisible();
      await expect(card).toContainText('Abierta');
      await expect(card).toContainText('Media');
      await expect(card).toContainText('Fontanería');
      await expect(card).toContainText(`${property.unitName} · Incidencias e2e ${stamp}`);
      await expect(card).toContainText(/85,50\s€/);
      await expect(card).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      await expect(card).toContainText(/#\d{1,8}(?!\d)/);

      expect(await openIncidents(page.request)).toBe(before + 1);
      expect(await dashboardOpenIncidents(page)).toBe(before + 1);
    } finally {
      await property.cleanUp();
    }
  });

  test('moving an incident to Cerrada through the allowed steps hides Actualizar Estado; Ver Detalles shows its history', async ({ page }) => {
    await signIn(page.request, 'owner');
    const stamp = Date.now();
    const property = await withProperty(page.request, `Estados e2e ${stamp}`);
    try {
      const title = `Persiana rota ${stamp}`;
      const res = await page.request.post('/api/incidents', {
        data: { rentableUnitId: property.unitId, incidentCategory: 'Otros', title, description: 'No sube la persiana del salón.', priority: 'Alta' },
      });
      expect(res.status(), await res.text()).toBe(201);
      const incidents = new IncidentsPage(page);
      await incidents.goto();
      const card = incidents.card(title);
      await expect(card).toBeVisible();

      // Abierta → En Progreso → Resuelta → Cerrada: only the allowed next states are offered.
      await incidents.updateButton(card).click();
      await expect(page.getByRole('menuitem')).toHaveText(['Pasar a En Progreso']);
      await page.getByRole('menuitem', { name: 'Pasar a En Progreso' }).click();
      await expect(card.getByText('En Progreso', { exact: true })).toBeVisible();
      await incidents.updateButton(card).click();
      await expect(page.getByRole('menuitem')).toHaveText(['Pasar a Resuelta']);
      await page.getByRole('menuitem', { name: 'Pasar a Resuelta' }).click();
      await expect(card.getByText('Resuelta', { exact: true })).toBeVisible();
      await incidents.updateButton(card).click();
      await expect(page.getByRole('menuitem')).toHaveText(['Pasar a Cerrada', 'Reabrir (Abierta)']);
      await page.getByRole('menuitem', { name: 'Pasar a Cerrada' }).click();
      await expect(card.getByText('Cerrada', { exact: true })).toBeVisible();
      await expect(incidents.updateButton(card)).toHaveCount(0);

      await card.getByRole('button', { name: /^Ver Detalles/ }).click();
      await expect(page).toHaveURL(/\/incidents\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const history = page.getByRole('region', { name: 'Historial' });
      await expect(history.getByRole('listitem')).toHaveCount(4);
      await expect(history).toContainText('Estado: Resuelta → Cerrada');
      await expect(page.getByRole('button', { name: 'Actualizar Estado' })).toHaveCount(0);
    } finally {
      await property.cleanUp();
    }
  });

  test('the form shows Spanish field errors and sends nothing when incomplete', async ({ page }) => {
    await signIn(page.request, 'owner');
    const incidents = new IncidentsPage(page);
    await incidents.goto();
    const before = (await (await page.request.get('/api/incidents')).json()).length;
    await incidents.newButton.click();
    await incidents.submitButton.click();
    await expect(incidents.dialog.getByText('Elige una propiedad')).toBeVisible();
    await expect(incidents.dialog.getByText('Elige una categoría')).toBeVisible();
    await expect(incidents.dialog.getByText('El título es obligatorio')).toBeVisible();
    expect((await (await page.request.get('/api/incidents')).json()).length).toBe(before);
  });

  test("a second owner sees none of the first owner's incidents", async ({ page, browser, baseURL }) => {
    await signIn(page.request, 'owner');
    const mine = (await (await page.request.get('/api/incidents')).json()) as { incident: { id: number; title: string } }[];
    expect(mine.length).toBeGreaterThan(0);

    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    const email = `segundo-incidencias-${Date.now()}@e2e.arrendia.es`;
    expect((await other.request.post('/api/auth/register', { data: { email, password: 'contraseña-e2e-1', firstName: 'Segundo', lastName: 'Propietario' } })).status()).toBeLessThan(300);
    expect((await other.request.post('/api/auth/login', { data: { email, password: 'contraseña-e2e-1' } })).status()).toBe(200);

    expect(await (await other.request.get('/api/incidents')).json()).toEqual([]);
    expect((await other.request.get(`/api/incidents/${mine[0]!.incident.id}`)).status()).toBe(404);
    expect((await other.request.patch(`/api/incidents/${mine[0]!.incident.id}`, { data: { status: 'En Progreso' } })).status()).toBe(404);
    const theirs = new IncidentsPage(other);
    await theirs.goto();
    await expect(theirs.empty).toBeVisible();
    await expect(theirs.cards).toHaveCount(0);
    await context.close();
  });
});
