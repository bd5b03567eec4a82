import { expect, test } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { withProperty } from '../../fixtures/property';
import { FinancesPage } from '../../pom/FinancesPage';

test.describe('handling an incident from its page (issue 33)', () => {
  test('the owner assigns an incident to a provider, records the final cost as an expense, closes it, and finds the expense in Finanzas', async ({ page }) => {
    await signIn(page.request, 'owner');
    const stamp = Date.now();
    const property = await withProperty(page.request, `Gestión e2e ${stamp}`);
    const providerName = `Fontanería Ruiz ${stamp}`;
    const provider = await page.request.post('/api/providers', { data: { name: providerName, trade: 'Fontanería', nifCif: '12345678Z' } });
    expect(provider.status(), await provider.text()).toBe(201);
    const providerId = ((await provider.json()) as { id: number }).id;
    const title = `Calentador averiado ${stamp}`;
    const created = await page.request.post('/api/incidents', { data: { rentableUnitId: property.unitId, incidentCategory: 'Fontanería', title, description: 'No sale agua caliente.', priority: 'Alta' } });
    expect(created.status(), await created.text()).toBe(201);
    const incidentId = ((await created.json()) as { incident: { id: number } }).incident.id;
    let expenseId: number | null = null;
    try {
      await page.goto(`/incidents/${incidentId}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const manage = page.getByRole('region', { name: 'Gestionar' });

      await manage.getByRole('button', { name: 'Asignar' }).click();
      const assign = page.getByRole('dialog', { name: 'Asignar incidencia' });
      await assign.getByRole('combobox', { name: 'Asignar a' }).click();
      await page.getByRole('option', { name: new RegExp(providerName) }).click();
      await assign.getByRole('button', { name: 'Asignar' }).click();
      await expect(assign).toBeHidden();
      await expect(page.getByRole('main')).toContainText(providerName);

      await manage.getByRole('button', { name: 'Registrar coste final' }).click();
      const cost = page.getByRole('dialog', { name: 'Coste final' });
      await cost.getByRole('spinbutton', { name: 'Coste final' }).fill('185.40');
      await cost.getByRole('switch', { name: 'Registrar como gasto de la propiedad' }).click();
      await cost.getByRole('button', { name: 'Guardar' }).click();
      await expect(cost).toBeHidden();
      await expect(manage).toContainText('Gasto de la propiedad: 185,40\u00a0€');

      for (const move of ['Pasar a En Progreso', 'Pasar a Resuelta', 'Pasar a Cerrada']) {
        await page.getByRole('button', { name: 'Actualizar Estado' }).click();
        await page.getByRole('menuitem', { name: move }).click();
        await expect(page.getByRole('menuitem')).toHaveCount(0);
      }
      await expect(page.getByRole('button', { name: 'Actualizar Estado' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Historial' })).toContainText('Resuelta → Cerrada');

      // The expense is in Finanzas, once.
      const finances = new FinancesPage(page);
      await page.goto('/finances');
      const expense = finances.transactions.filter({ hasText: `Incidencia «${title}»` });
      await expect(expense).toHaveCount(1);
      await expect(expense).toContainText('185,40');
      const transactions = (await (await page.request.get(`/api/transactions?propertyId=${property.id}&type=Gasto`)).json()) as { transaction: { id: number; amount: string } }[];
      expect(transactions.map((t) => t.transaction.amount)).toEqual(['185.40']);
      expenseId = transactions[0]!.transaction.id;
    } finally {
      // The demo owner's month figures stay as they were for the other journeys.
      if (expenseId !== null) expect((await page.request.delete(`/api/transactions/${expenseId}`, { data: { reason: 'Limpieza e2e' } })).status()).toBe(204);
      expect((await page.request.patch(`/api/providers/${providerId}`, { data: { isActive: false } })).status()).toBe(200);
      await property.cleanUp();
    }
  });
});
