import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { signIn } from '../../fixtures/api';
import { FinancesPage } from '../../pom/FinancesPage';
import { ReportsPage } from '../../pom/ReportsPage';

/** Text of a PDF with non-breaking spaces as plain ones, as a reader compares them. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\u00a0/g, ' ');
}
const plain = (s: string) => s.replace(/\u00a0/g, ' ').trim();

test.describe('reports (/reports) as the demo owner', () => {
  test("the financial report PDF of this month holds the income total the finances screen shows, and Historial lists it", async ({ page }) => {
    await signIn(page.request, 'owner');
    const finances = new FinancesPage(page);
    await finances.goto();
    const value = finances.income.getByTestId('figure-value');
    await expect(value).toHaveText(/\d,\d{2}/);
    const income = plain(await value.innerText());

    const reports = new ReportsPage(page);
    await reports.goto();
    const card = reports.card('Reporte Financiero');
    await card.getByRole('button', { name: 'Generar PDF' }).click();
    await expect(page.getByText('Reporte generado', { exact: true })).toBeVisible();
    const link = card.getByRole('link', { name: /^Descargar reporte-financiero_/ });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^reporte-financiero_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Reporte Financiero');
    expect(text).toContain(`Ingresos totales: ${income}`);

    await reports.historyTab.click();
    const row = reports.historyRows.first();
    await expect(row).toContainText('Reporte Financiero');
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} - \d{2}\/\d{2}\/\d{4}/);
    await expect(row.getByRole('link', { name: /^Descargar / })).toBeVisible();
  });

  test('Programados schedules a quarterly report of the whole portfolio, lists it with its next run, and deletes it once confirmed', async ({ page }) => {
    await signIn(page.request, 'owner');
    // A schedule left by an earlier run of this test would be a 409.
    const existing = (await (await page.request.get('/api/report-schedules?pageSize=100')).json()) as { id: number; reportType: string; frequency: string; property: unknown }[];
    for (const s of existing.filter((s) => s.reportType === 'occupancy' && s.frequency === 'trimestral' && s.property === null)) await page.request.delete(`/api/report-schedules/${s.id}`);

    const reports = new ReportsPage(page);
    await reports.goto();
    await reports.scheduledTab.click();
    const panel = page.getByRole('tabpanel', { name: 'Programados' });
    await panel.getByRole('button', { name: 'Programar reporte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Programar reporte' });
    await dialog.getByRole('combobox', { name: 'Tipo de reporte' }).click();
    await page.getByRole('option', { name: 'Reporte de Ocupación' }).click();
    await dialog.getByRole('combobox', { name: 'Frecuencia' }).click();
    await page.getByRole('option', { name: 'Trimestral' }).click();
    await dialog.getByRole('button', { name: 'Programar reporte' }).click();
    await expect(page.getByText('Reporte programado', { exact: true })).toBeVisible();

    const row = panel.getByRole('row').filter({ hasText: 'Reporte de Ocupación' }).filter({ hasText: 'Trimestral' });
    await expect(row).toContainText('Toda la cartera');
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await row.getByRole('button', { name: 'Eliminar Reporte de Ocupación trimestral de toda la cartera' }).click();
    await page.getByRole('alertdialog', { name: '¿Eliminar el reporte programado?' }).getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Reporte programado eliminado', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('the occupancy and tenants reports are real PDFs', async ({ page }) => {
    await signIn(page.request, 'owner');
    for (const [reportType, title] of [
      ['occupancy', 'Reporte de Ocupación'],
      ['tenants', 'Reporte de Inquilinos'],
    ] as const) {
      const res = await page.request.post('/api/reports', { data: { reportType, from: '2026-01-01', to: '2026-12-31' } });
      expect(res.status(), await res.text()).toBe(201);
      const { id } = (await res.json()) as { id: number };
      const pdf = await page.request.get(`/api/reports/${id}/download`);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect(await pdfText(await pdf.body())).toContain(title);
    }
  });

  test("a second owner sees none of the first owner's reports and cannot download them", async ({ page, browser, baseURL }) => {
    await signIn(page.request, 'owner');
    const res = await page.request.post('/api/reports', { data: { reportType: 'financial', from: '2026-01-01', to: '2026-01-31' } });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: number };

    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    const email = `segundo-reportes-${Date.now()}@e2e.arrendia.es`;
    expect((await other.request.post('/api/auth/register', { data: { email, password: 'contraseña-e2e-1', firstName: 'Segundo', lastName: 'Propietario' } })).status()).toBeLessThan(300);
    expect((await other.request.post('/api/auth/login', { data: { email, password: 'contraseña-e2e-1' } })).status()).toBe(200);
    expect(await (await other.request.get('/api/reports')).json()).toEqual([]);
    expect((await other.request.get(`/api/reports/${id}/download`)).status()).toBe(404);
    const theirs = new ReportsPage(other);
    await theirs.goto();
    await theirs.historyTab.click();
    await expect(theirs.emptyHistory).toBeVisible();
    await context.close();
  });
});
