import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { apiAs, signIn } from '../../fixtures/api';
import { withProperty } from '../../fixtures/property';
import { eurosToCents, FinancesPage } from '../../pom/FinancesPage';

test.describe('finances (/finances) as the demo owner', () => {
  test("registering an expense through the form changes this month's net by exactly its amount", async ({ page }) => {
    await signIn(page.request, 'owner');
    const stamp = Date.now();
    const property = await withProperty(page.request, `Finanzas e2e ${stamp}`);
    try {
      const finances = new FinancesPage(page);
      await finances.goto();
      const before = await finances.netCents();
      const incomeBefore = eurosToCents(await finances.income.innerText());

      await finances.register({ property: `Finanzas e2e ${stamp}`, type: 'Gasto', category: 'Reparaciones', amount: '123,45', description: `Fontanero ${stamp}`, paymentMethod: 'Bizum' });

      await expect(page.getByText('Transacción registrada', { exact: true })).toBeVisible();
      await expect(finances.dialog).toBeHidden();
      await expect.poll(() => finances.netCents()).toBe(before - 12345);
      expect(eurosToCents(await finances.income.innerText())).toBe(incomeBefore);
      const row = finances.transactions.filter({ hasText: `Fontanero ${stamp}` });
      await expect(row).toContainText('−123,45');
      await expect(row).toContainText('Reparaciones');
    } finally {
      await property.cleanUp();
    }
  });

  test('the form shows field errors in Spanish and sends nothing when incomplete', async ({ page }) => {
    await signIn(page.request, 'owner');
    const finances = new FinancesPage(page);
    await finances.goto();
    await finances.registerButton.click();
    await finances.submitButton.click();
    await expect(finances.dialog.getByText('Elige una propiedad')).toBeVisible();
    await expect(finances.dialog.getByText('El importe es obligatorio')).toBeVisible();
  });

  test("a second owner sees none of the first owner's transactions", async ({ page, browser, baseURL }) => {
    await signIn(page.request, 'owner');
    const finances = new FinancesPage(page);
    await finances.goto();
    await expect(finances.transactions.first()).toBeVisible();
    const firstOwnerRows = await finances.transactions.allInnerTexts();

    const email = `segundo-${Date.now()}@e2e.arrendia.es`;
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    const reg = await other.request.post('/api/auth/register', { data: { email, password: 'contraseña-e2e-1', firstName: 'Segundo', lastName: 'Propietario' } });
    expect(reg.status(), await reg.text()).toBeLessThan(300);
    const login = await other.request.post('/api/auth/login', { data: { email, password: 'contraseña-e2e-1' } });
    expect(login.status()).toBe(200);

    expect(await (await other.request.get('/api/transactions')).json()).toEqual([]);
    const summary = await (await other.request.get('/api/finances/summary')).json();
    expect(summary).toMatchObject({ income: '0.00', expenses: '0.00', net: '0.00' });

    const theirs = new FinancesPage(other);
    await theirs.goto();
    await expect(theirs.emptyTransactions).toBeVisible();
    await expect(theirs.net).toContainText('0,00');
    for (const text of firstOwnerRows) await expect(other.getByText(text.split('\n')[0]!, { exact: true })).toHaveCount(0);
    await context.close();
  });

  test('the dashboard monthly evolution exports a CSV of the last 12 months', async ({ page }) => {
    await signIn(page.request, 'owner');
    await page.goto('/dashboard');
    const card = page.getByRole('main').getByRole('region', { name: 'Evolución Mensual' });
    const exportButton = card.getByRole('button', { name: 'Exportar' });
    await expect(exportButton).toBeEnabled();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^evolucion-mensual-\d{4}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('month;income;expenses;net');
    expect(lines).toHaveLength(13);
    const monthly = (await (await page.request.get('/api/finances/monthly?months=12')).json()) as { month: string; income: string }[];
    expect(lines[12]).toContain(`${monthly[11]!.month};${monthly[11]!.income.replace('.', ',')};`);
  });
});

test.describe('correcting a movement (issue 33)', () => {
  test("the owner corrects an expense's amount with a reason: the net follows, and the super admin reads the reason in the audit log", async ({ page, baseURL }) => {
    await signIn(page.request, 'owner');
    const stamp = Date.now();
    const property = await withProperty(page.request, `Corrección e2e ${stamp}`);
    try {
      const finances = new FinancesPage(page);
      await finances.goto();
      await finances.register({ property: `Corrección e2e ${stamp}`, type: 'Gasto', category: 'Reparaciones', amount: '100,00', description: `Cerrajero ${stamp}`, paymentMethod: 'Bizum' });
      await expect(finances.dialog).toBeHidden();
      const before = await finances.netCents();

      const row = finances.transactions.filter({ hasText: `Cerrajero ${stamp}` });
      await row.getByRole('button', { name: new RegExp(`^Editar el movimiento Cerrajero ${stamp}`) }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar movimiento' });
      await dialog.getByLabel('Importe (€)').fill('80,50');
      await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(dialog.getByText('Indica el motivo de la corrección')).toBeVisible();
      await dialog.getByLabel('Motivo de la corrección').fill('La factura era de 80,50 €');
      await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('−80,50');
      await expect.poll(() => finances.netCents()).toBe(before + 1950);

      const admin = await apiAs(baseURL!, 'admin');
      const rows = (await (await admin.get('/api/admin/audit-log?tableName=transactions&action=update&pageSize=20')).json()) as { newValues: Record<string, unknown> | null }[];
      expect(rows.map((r) => r.newValues)).toContainEqual({ amount: '80.50', reason: 'La factura era de 80,50 €' });
      await admin.dispose();
    } finally {
      await property.cleanUp();
    }
  });
});
