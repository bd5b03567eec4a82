import { expect, test } from '@playwright/test';
import type { IncidentListItem } from '@arrendia/api-contract';
import { apiAs, signIn } from '../../fixtures/api';
import { ShellPage } from '../../pom/ShellPage';

/** A real, tiny PNG (1×1), so the browser can show it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('a tenant reports an incident with a photo, and the staff answers', () => {
  test('the tenant reports it from Mi Alquiler with a photo, the owner comments, the tenant is told live and reads it', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signIn(page.request, 'tenant');
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Reportar Incidencia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reportar Nueva Incidencia' });
    await dialog.getByRole('combobox', { name: 'Unidad' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: 'Fontanería' }).click();
    const title = `Gotera e2e ${Date.now()}`;
    await dialog.getByLabel('Título').fill(title);
    await dialog.getByLabel('Descripción').fill('Cae agua del techo del baño cuando llueve.');
    await dialog.getByLabel(/Fotos \(JPG o PNG/).setInputFiles({ name: 'gotera.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Reportar Incidencia' }).click();
    await expect(page.getByText('La incidencia ha sido reportada exitosamente')).toBeVisible();

    const mine = (await (await page.request.get('/api/incidents?pageSize=50')).json()) as IncidentListItem[];
    const incident = mine.find((i) => i.incident.title === title)!.incident;
    const photos = (await (await page.request.get(`/api/incidents/${incident.id}/photos`)).json()) as { url: string }[];
    expect(photos).toHaveLength(1);
    expect((await page.request.get(photos[0]!.url)).headers()['content-type']).toBe('image/png');

    const shell = new ShellPage(page);
    const unread = async () => Number(((await shell.bell.getAttribute('aria-label')) ?? '').match(/(\d+) sin leer/)?.[1] ?? 0);
    const before = await unread();
    const owner = await apiAs(baseURL!, 'owner');
    expect((await owner.post(`/api/incidents/${incident.id}/comments`, { data: { content: 'Mañana pasa el fontanero a las 10.' } })).status()).toBe(201);
    await owner.dispose();
    await expect.poll(unread, { timeout: 2000 }).toBe(before + 1);

    await page.goto(`/incidents/${incident.id}`);
    await expect(page.getByRole('img', { name: 'gotera.png' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Comentarios de la incidencia' })).toContainText('Mañana pasa el fontanero a las 10.');
  });
});
