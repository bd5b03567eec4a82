import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from '../../fixtures/api';
import { DocumentsPage } from '../../pom/DocumentsPage';

/** A small but real-looking PDF whose body covers every byte value, to catch any re-encoding. */
const pdfBytes = (stamp: number) =>
  Buffer.concat([Buffer.from(`%PDF-1.4\n% e2e ${stamp}\n`), Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 31 + stamp) % 256))]);

test.describe('documents (/documents) as the demo owner', () => {
  test('an uploaded PDF counts in its tile and downloads byte for byte; then it is deleted after the confirmation', async ({ page }) => {
    await signIn(page.request, 'owner');
    const documents = new DocumentsPage(page);
    await documents.goto();
    await expect(documents.limits).toBeVisible();
    const before = await documents.count('contrato');

    const stamp = Date.now();
    const name = `contrato-e2e-${stamp}.pdf`;
    const bytes = pdfBytes(stamp);
    await documents.upload({ name, mimeType: 'application/pdf', buffer: bytes }, 'Contrato');
    await expect(page.getByText('Documento subido', { exact: true })).toBeVisible();
    await expect(documents.row(name)).toBeVisible();
    await expect.poll(() => documents.count('contrato')).toBe(before + 1);

    const [download] = await Promise.all([page.waitForEvent('download'), documents.row(name).getByRole('link', { name: `Descargar ${name}` }).click()]);
    expect(download.suggestedFilename()).toBe(name);
    const downloaded = await readFile((await download.path())!);
    expect(downloaded.equals(bytes)).toBe(true);

    await documents.row(name).getByRole('button', { name: `Eliminar ${name}` }).click();
    await expect(documents.confirmDialog).toBeVisible();
    await documents.confirmDialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Documento eliminado', { exact: true })).toBeVisible();
    await expect(documents.row(name)).toHaveCount(0);
    await expect.poll(() => documents.count('contrato')).toBe(before);
  });

  test("a PDF attached from a contract's page is in the contract's Documentos, and goes after the confirmation", async ({ page }) => {
    await signIn(page.request, 'owner');
    const [first] = (await (await page.request.get('/api/contracts?pageSize=1')).json()) as { contract: { id: number; contractCode: string } }[];
    expect(first, 'the demo owner has a contract').toBeDefined();
    await page.goto(`/contracts/${first!.contract.id}`);
    const section = page.getByRole('main').getByRole('region', { name: 'Documentos', exact: true });
    await section.getByRole('button', { name: 'Adjuntar documento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjuntar documento' });
    const stamp = Date.now();
    const name = `contrato-firmado-${stamp}.pdf`;
    await dialog.getByLabel('Archivo', { exact: true }).setInputFiles({ name, mimeType: 'application/pdf', buffer: pdfBytes(stamp) });
    await dialog.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: 'Contrato', exact: true }).click();
    await dialog.getByRole('button', { name: 'Subir Documento' }).click();
    await expect(page.getByText('Documento subido', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = section.getByTestId('document-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    // Attached to the contract, as the API lists it.
    const attached = (await (await page.request.get(`/api/documents?relatedEntityType=contract&relatedEntityId=${first!.contract.id}&q=${name}`)).json()) as { fileName: string }[];
    expect(attached.map((d) => d.fileName)).toEqual([name]);

    await row.getByRole('button', { name: `Eliminar ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Estás seguro de que quieres eliminar este documento?' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Documento eliminado', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('a file that is not JPG, PNG, GIF or PDF is refused before sending', async ({ page }) => {
    await signIn(page.request, 'owner');
    const documents = new DocumentsPage(page);
    await documents.goto();
    const total = (await (await page.request.get('/api/documents/summary')).json()).total as number;
    await documents.fileInput.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    await expect(page.getByRole('main').getByText('Solo se admiten archivos JPG, GIF, PNG o PDF')).toBeVisible();
    await documents.uploadButton.click();
    expect((await (await page.request.get('/api/documents/summary')).json()).total).toBe(total);
  });

  test("a second owner sees none of the first owner's documents and cannot download them", async ({ page, browser, baseURL }) => {
    await signIn(page.request, 'owner');
    const stamp = Date.now();
    const upload = await page.request.post('/api/documents', {
      multipart: { category: 'recibo', file: { name: `recibo-${stamp}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes(stamp) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { id } = (await upload.json()) as { id: number };
    try {
      const context = await browser.newContext({ baseURL });
      const other = await context.newPage();
      const email = `segundo-documentos-${stamp}@e2e.arrendia.es`;
      expect((await other.request.post('/api/auth/register', { data: { email, password: 'contraseña-e2e-1', firstName: 'Segundo', lastName: 'Propietario' } })).status()).toBeLessThan(300);
      expect((await other.request.post('/api/auth/login', { data: { email, password: 'contraseña-e2e-1' } })).status()).toBe(200);

      expect(await (await other.request.get('/api/documents')).json()).toEqual([]);
      // Nothing of the first owner's counts, nor its storage (issue 30's quota counts each account's own files).
      expect(await (await other.request.get('/api/documents/summary')).json()).toMatchObject({ total: 0, byCategory: { contrato: 0, factura: 0, recibo: 0, seguro: 0, 'certificado energético': 0, inventario: 0, otro: 0 }, storage: { usedKb: 0 } });
      expect((await other.request.get(`/api/documents/${id}/download`)).status()).toBe(404);
      expect((await other.request.delete(`/api/documents/${id}`)).status()).toBe(404);
      const theirs = new DocumentsPage(other);
      await theirs.goto();
      await expect(theirs.empty).toBeVisible();
      expect(await theirs.count('recibo')).toBe(0);
      await context.close();
    } finally {
      expect((await page.request.delete(`/api/documents/${id}`)).status()).toBe(204);
    }
  });
});
