import { expect, test } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { withProperty } from '../../fixtures/property';
import { ContractsPage } from '../../pom/ContractsPage';

test.describe('contracts (/contracts) as the demo owner', () => {
  test("a new contract shows 'Contrato creado' and its card with dd/MM/yyyy, '€/mes' and 'Pago día N de cada mes'", async ({ page }) => {
    await signIn(page.request, 'owner');
    const name = `Contratos e2e ${Date.now()}`;
    const property = await withProperty(page.request, name);
    try {
      const contracts = new ContractsPage(page);
      await contracts.goto();
      const code = await contracts.fill({ unit: `${name} · Vivienda completa`, startDate: '2026-03-01', endDate: '2027-02-28', rent: '950', paymentDay: '5', deposit: '0' });
      expect(code).toMatch(/^ARR-\d{13}$/);
      // LAU: a dwelling's deposit is one month's rent.
      await expect(contracts.depositWarning).toContainText(/950,00\s€/);
      await contracts.dialog.getByLabel('Fianza (€)').fill('950');
      await expect(contracts.depositWarning).toHaveCount(0);
      await contracts.submitButton.click();

      await expect(page.getByText('Contrato creado', { exact: true })).toBeVisible();
      await expect(page.getByText('El contrato ha sido creado exitosamente')).toBeVisible();
      await expect(contracts.dialog).toBeHidden();
      const card = contracts.card(code);
      await expect(card).toBeVisible();
      await expect(card).toContainText(`Vivienda completa · ${name}`);
      await expect(card.getByText('Activo', { exact: true })).toHaveAttribute('data-tone', 'green');
      await expect(card).toContainText('01/03/2026');
      await expect(card).toContainText('28/02/2027');
      await expect(card).toContainText(/950,00\s€\/mes/);
      await expect(card).toContainText('Pago día 5 de cada mes');

      await card.getByRole('link', { name: `Ver Detalles del contrato ${code}` }).click();
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: `Contrato ${code}` })).toBeVisible();
      await expect(main.getByRole('region', { name: 'Inquilinos', exact: true })).toBeVisible();
      await expect(main.getByRole('region', { name: 'Pagos' })).toBeVisible();
      await expect(main.getByRole('region', { name: 'Documentos', exact: true })).toBeVisible();

      // Editar: Activo → Finalizado asks for the reason.
      await main.getByRole('button', { name: 'Editar' }).click();
      const edit = page.getByRole('dialog', { name: `Editar contrato ${code}` });
      await edit.getByRole('combobox', { name: 'Estado', exact: true }).click();
      await page.getByRole('option', { name: 'Finalizar → Finalizado' }).click();
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(edit.getByText('Indica el motivo de finalización')).toBeVisible();
      await edit.getByLabel('Motivo de finalización').fill('Fin anticipado por acuerdo');
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(edit).toBeHidden();
      await expect(main.getByText('Finalizado', { exact: true }).first()).toHaveAttribute('data-tone', 'grey');
      await expect(main).toContainText('Fin anticipado por acuerdo');
    } finally {
      await property.cleanUp();
    }
  });

  test("a second owner sees none of the first owner's contracts", async ({ page, browser, baseURL }) => {
    await signIn(page.request, 'owner');
    const mine = (await (await page.request.get('/api/contracts')).json()) as { contract: { id: number; contractCode: string } }[];
    expect(mine.length).toBeGreaterThan(0);

    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    const email = `segundo-contratos-${Date.now()}@e2e.arrendia.es`;
    expect((await other.request.post('/api/auth/register', { data: { email, password: 'contraseña-e2e-1', firstName: 'Segundo', lastName: 'Propietario' } })).status()).toBeLessThan(300);
    expect((await other.request.post('/api/auth/login', { data: { email, password: 'contraseña-e2e-1' } })).status()).toBe(200);

    expect(await (await other.request.get('/api/contracts')).json()).toEqual([]);
    expect(await (await other.request.get('/api/units')).json()).toEqual([]);
    expect(await (await other.request.get('/api/tasks')).json()).toEqual([]);
    expect((await other.request.get(`/api/contracts/${mine[0]!.contract.id}`)).status()).toBe(404);
    const theirs = new ContractsPage(other);
    await theirs.goto();
    await expect(theirs.empty).toBeVisible();
    await expect(theirs.cards).toHaveCount(0);
    await expect(other.getByText(mine[0]!.contract.contractCode)).toHaveCount(0);
    await context.close();
  });
});
